// Installs the pinned real OpenAI Codex CLI from npm into .cache/codex/<version>/ (once) and prints its native binary's path.
//
// Usage: node scripts/ensure-codex.mjs            → installs when missing, verifies `--version`, prints the path
//        import { ensureCodex, locateCodex } from "./ensure-codex.mjs"
// THREADMIND_CODEX_BIN=/path/to/codex overrides the cached install (it is only verified, never installed).
// Plain Node ESM, no dependencies: CI runs it before the test suite (scripts/test.mjs).

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { platform } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { npmInstallAtomically } from "./npm-install-atomic.mjs";

/** The one Codex version the end-to-end tests drive (see ../shared codex-facts: verified offline with it). */
export const CODEX_VERSION = "0.171.0";
const PACKAGE = "@openai/codex";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Folder holding the npm install of the pinned version. */
export function codexInstallDir(root = repoRoot) {
  return join(root, ".cache", "codex", CODEX_VERSION);
}

/** The native binaries the optional platform package holds: node_modules/@openai/codex-<platform>/vendor/<triple>/bin/codex. */
function candidateBinaries(dir) {
  const scope = join(dir, "node_modules", "@openai");
  if (!existsSync(scope)) return [];
  const exe = platform() === "win32" ? "codex.exe" : "codex";
  return readdirSync(scope)
    .filter((name) => name.startsWith("codex-") && name !== "codex-sdk")
    .flatMap((name) => {
      const vendor = join(scope, name, "vendor");
      return existsSync(vendor) ? readdirSync(vendor).map((triple) => join(vendor, triple, "bin", exe)) : [];
    });
}

/** Runs `<bin> --version`; returns the trimmed output or throws with the reason. */
function versionOf(bin) {
  return execFileSync(bin, ["--version"], {
    encoding: "utf8",
    timeout: 30_000,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp" },
  }).trim();
}

/** @returns {{ bin: string, version: string } | null} */
function workingBinaryIn(dir) {
  for (const bin of candidateBinaries(dir)) {
    if (!existsSync(bin)) continue;
    try {
      const version = versionOf(bin);
      if (version === `codex-cli ${CODEX_VERSION}`) return { bin, version };
    } catch {
      // not runnable here: try the next candidate
    }
  }
  return null;
}

/**
 * Finds the binary without installing anything.
 * @returns {{ path: string, version: string, source: "env" | "cache" } | null}
 */
export function locateCodex(root = repoRoot) {
  const override = process.env.THREADMIND_CODEX_BIN;
  // An explicit override that does not run is an error, not a reason to fall back silently.
  if (override) return { path: override, version: versionOf(override), source: "env" };
  const found = workingBinaryIn(codexInstallDir(root));
  return found === null ? null : { path: found.bin, version: found.version, source: "cache" };
}

/**
 * Returns the working binary, installing the pinned version first when it is missing (~315 MB: the static native build).
 * @param {{ root?: string, log?: (line: string) => void }} [options]
 * @returns {{ path: string, version: string, source: "env" | "cache" }}
 */
export function ensureCodex(options = {}) {
  const root = options.root ?? repoRoot;
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const found = locateCodex(root);
  if (found !== null) return found;
  log(`ensure-codex: installing ${PACKAGE}@${CODEX_VERSION} (~315 MB) into ${codexInstallDir(root)}`);
  npmInstallAtomically({
    dir: codexInstallDir(root),
    cacheName: "threadmind-codex-cache",
    spec: `${PACKAGE}@${CODEX_VERSION}`,
    // The package's own install script is not needed: the binary comes in the optional platform package.
    flags: ["--include=optional", "--ignore-scripts"],
    timeoutMs: 15 * 60_000,
    problem: (dir) =>
      workingBinaryIn(dir) === null ? `installed ${PACKAGE}@${CODEX_VERSION} in ${dir} but no binary answers --version` : null,
  });
  const installed = locateCodex(root);
  if (installed === null) throw new Error(`ensure-codex: install finished but no working binary in ${codexInstallDir(root)}`);
  return installed;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  try {
    const found = ensureCodex();
    process.stderr.write(`ensure-codex: ${found.version} (${found.source})\n`);
    process.stdout.write(`${found.path}\n`);
  } catch (error) {
    process.stderr.write(`ensure-codex: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
