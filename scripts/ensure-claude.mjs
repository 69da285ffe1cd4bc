// Installs the pinned real Claude Code binary from npm into .cache/claude-code/<version>/ (once) and prints its path.
//
// Usage: node scripts/ensure-claude.mjs            → installs when missing, verifies `--version`, prints the path
//        import { ensureClaude, locateClaude } from "./ensure-claude.mjs"
// THREADMIND_CLAUDE_BIN=/path/to/claude overrides the cached install (it is only verified, never installed).
// Plain Node ESM, no dependencies: CI runs it before the test suite.

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { arch, platform } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { npmInstallAtomically } from "./npm-install-atomic.mjs";

/** The one Claude Code version the test suite drives. */
export const CLAUDE_CODE_VERSION = "2.1.332";
const PACKAGE = "@anthropic-ai/claude-code";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Folder holding the npm install of the pinned version. */
export function claudeInstallDir(root = repoRoot) {
  return join(root, ".cache", "claude-code", CLAUDE_CODE_VERSION);
}

/** npm's platform package suffix for this machine (same rule as the package's own install.cjs). */
function platformKey() {
  const os = platform();
  const cpu = arch();
  if (os === "linux") {
    /** @type {any} */
    const report = typeof process.report?.getReport === "function" ? process.report.getReport() : null;
    const musl = report !== null && report.header?.glibcVersionRuntime === undefined;
    return `linux-${cpu}${musl ? "-musl" : ""}`;
  }
  return `${os}-${cpu}`;
}

/** Candidate binaries inside an install dir, best first: the native platform binary, then the wrapper's bin. */
function candidateBinaries(dir) {
  const exe = platform() === "win32" ? "claude.exe" : "claude";
  return [
    join(dir, "node_modules", "@anthropic-ai", `claude-code-${platformKey()}`, exe),
    join(dir, "node_modules", "@anthropic-ai", "claude-code", "bin", "claude.exe"),
  ];
}

/** Runs `<bin> --version`; returns the trimmed output or throws with the reason. */
function versionOf(bin) {
  return execFileSync(bin, ["--version"], {
    encoding: "utf8",
    timeout: 30_000,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", DISABLE_AUTOUPDATER: "1" },
  }).trim();
}

/**
 * The installed binary that answers `--version` with the pinned version, with that answer; or null.
 * @returns {{ bin: string, version: string } | null}
 */
function workingBinaryIn(dir) {
  for (const bin of candidateBinaries(dir)) {
    if (!existsSync(bin)) continue;
    try {
      const version = versionOf(bin);
      if (version.startsWith(CLAUDE_CODE_VERSION)) return { bin, version };
    } catch {
      // A placeholder stub (postinstall not run) or a truncated file: try the next candidate.
    }
  }
  return null;
}

/**
 * Finds the binary without installing anything.
 * @returns {{ path: string, version: string, source: "env" | "cache" } | null}
 */
export function locateClaude(root = repoRoot) {
  const override = process.env.THREADMIND_CLAUDE_BIN;
  if (override) {
    // An explicit override that does not run is an error, not a reason to fall back silently.
    return { path: override, version: versionOf(override), source: "env" };
  }
  const found = workingBinaryIn(claudeInstallDir(root));
  return found === null ? null : { path: found.bin, version: found.version, source: "cache" };
}

function install(root) {
  npmInstallAtomically({
    dir: claudeInstallDir(root),
    cacheName: "threadmind-claude-code-cache",
    spec: `${PACKAGE}@${CLAUDE_CODE_VERSION}`,
    flags: ["--include=optional", "--engine-strict=false"],
    timeoutMs: 15 * 60_000,
    problem: (dir) => {
      const platformPkg = join(dir, "node_modules", "@anthropic-ai", `claude-code-${platformKey()}`);
      if (!existsSync(platformPkg))
        return `npm installed ${PACKAGE} but not its optional platform package ${platformPkg}: check npm's omit/optional settings`;
      return workingBinaryIn(dir) === null
        ? `installed ${PACKAGE}@${CLAUDE_CODE_VERSION} in ${dir} but no binary answers --version`
        : null;
    },
  });
}

/**
 * Returns the working binary, installing the pinned version first when it is missing.
 * @param {{ root?: string, log?: (line: string) => void }} [options]
 * @returns {{ path: string, version: string, source: "env" | "cache" }}
 */
export function ensureClaude(options = {}) {
  const root = options.root ?? repoRoot;
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const found = locateClaude(root);
  if (found !== null) return found;
  log(`ensure-claude: installing ${PACKAGE}@${CLAUDE_CODE_VERSION} (~400 MB) into ${claudeInstallDir(root)}`);
  install(root);
  const installed = locateClaude(root);
  if (installed === null) throw new Error(`ensure-claude: install finished but no working binary in ${claudeInstallDir(root)}`);
  return installed;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  try {
    const found = ensureClaude();
    process.stderr.write(`ensure-claude: ${found.version} (${found.source})\n`);
    process.stdout.write(`${found.path}\n`);
  } catch (error) {
    process.stderr.write(`ensure-claude: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
