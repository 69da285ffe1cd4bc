// Builds the bundles into a temp folder and compares them with the committed plugin/dist: stale bundles fail CI.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * What `npm run build` does (`tsup && node scripts/copy-assets.mjs`, from the repository root), with the output in
 * `outDir` (TM_OUT_DIR, read by tsup.config.ts and copy-assets.mjs) and tsup's progress silenced. Throws when a step fails;
 * their errors go to stderr.
 */
export function buildInto(outDir) {
  /** @type {import("node:child_process").ExecFileSyncOptions} */
  const options = {
    cwd: REPO_ROOT,
    env: { ...process.env, TM_OUT_DIR: resolve(outDir) },
    stdio: ["ignore", "ignore", "inherit"],
  };
  execFileSync(process.execPath, ["node_modules/tsup/dist/cli-default.js", "--silent"], options);
  execFileSync(process.execPath, ["scripts/copy-assets.mjs"], options);
}

function listFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full));
    }
  };
  walk(dir);
  return out.sort();
}

/** Names of files that differ between a fresh build and plugin/dist (missing, extra, changed, or with another run bit). */
export function staleBundles(committedDir = "plugin/dist") {
  const fresh = mkdtempSync(join(tmpdir(), "tm-build-"));
  try {
    buildInto(fresh);
    const a = listFiles(fresh);
    const b = listFiles(committedDir);
    const names = [...new Set([...a, ...b])].sort();
    // The run bit counts too: the CLI is the package's bin, and a clone gets the mode git recorded.
    const runnable = (file) => (statSync(file).mode & 0o111) !== 0;
    return names.filter((n) => {
      if (!a.includes(n) || !b.includes(n)) return true;
      if (runnable(join(fresh, n)) !== runnable(join(committedDir, n))) return true;
      return !readFileSync(join(fresh, n)).equals(readFileSync(join(committedDir, n)));
    });
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("check-bundles.mjs")) {
  const stale = staleBundles();
  if (stale.length > 0) {
    console.error(`plugin/dist is not what src builds to (${stale.join(", ")}): run \`npm run build\` and commit plugin/dist.`);
    process.exit(1);
  }
  console.log("plugin/dist matches a fresh build of src.");
}
