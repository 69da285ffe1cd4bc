// Vitest global setup: builds the bundles once (as `npm run build` does) when one in plugin/dist is missing or older than
// its sources. `npm test` (scripts/test.mjs) has already compared plugin/dist with a fresh build, or rebuilt it, and says so
// with TM_BUNDLES_CHECKED=1: then file ages are not consulted (in a fresh clone plugin/dist can look older than src/).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BUNDLES } from "../src/core/bundles.js";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const DIST = join(ROOT, "plugin", "dist");
const ASSETS = ["tiktoken_bg.wasm", "o200k_base.json", "word-vectors.bin"];
/** Inputs of the build besides src/. */
const BUILD_INPUTS = ["package.json", "package-lock.json", "tsup.config.ts", "scripts/copy-assets.mjs", "assets"];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Why the bundles must be rebuilt, or null when they are current. */
export function staleReason(): string | null {
  const sources = Math.max(
    newestMtime(join(ROOT, "src")),
    ...BUILD_INPUTS.filter((p) => existsSync(join(ROOT, p))).map((p) => newestMtime(join(ROOT, p))),
  );
  for (const [name, entry] of Object.entries(BUNDLES)) {
    if (!existsSync(join(ROOT, entry))) continue;
    const bundle = join(DIST, name);
    if (!existsSync(bundle)) return `${name} is missing`;
    if (statSync(bundle).mtimeMs < sources) return `${name} is older than the sources`;
  }
  for (const asset of ASSETS) if (!existsSync(join(DIST, "assets", asset))) return `assets/${asset} is missing`;
  return null;
}

/**
 * Builds into a private directory, then renames each file into plugin/dist: a test run that starts meanwhile (another
 * vitest process) sees either the old bundle or the new one, never a half-written file.
 */
async function build(): Promise<void> {
  // scripts/check-bundles.mjs is plain JS without type declarations: a computed specifier keeps tsc from looking for them.
  const checkBundles = pathToFileURL(join(ROOT, "scripts", "check-bundles.mjs")).href;
  const { buildInto } = (await import(checkBundles)) as { buildInto: (outDir: string) => void };
  const out = join(ROOT, "plugin", `.build-${process.pid}`);
  rmSync(out, { recursive: true, force: true });
  try {
    try {
      buildInto(out);
    } catch (e) {
      throw new Error(
        `building the bundles failed before the tests (tsup and copy-assets errors above):\n${e instanceof Error ? e.message : String(e)}`,
      );
    }
    mkdirSync(join(DIST, "assets"), { recursive: true });
    for (const name of readdirSync(out)) if (/\.[cm]js$/.test(name)) renameSync(join(out, name), join(DIST, name));
    for (const asset of ASSETS) {
      const built = join(out, "assets", asset);
      const target = join(DIST, "assets", asset);
      if (!existsSync(target) || !readFileSync(target).equals(readFileSync(built))) renameSync(built, target);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export default async function setup(): Promise<void> {
  if (process.env.TM_BUNDLES_CHECKED === "1") return; // scripts/test.mjs checked or rebuilt plugin/dist just before
  const reason = staleReason();
  if (reason === null) return;
  process.stderr.write(`Building the bundles (${reason})…\n`);
  await build();
}
