// One npm package installed into a cache folder atomically: into a private temp folder, checked, then renamed into place,
// so that concurrent callers never see half an install. Plain Node ESM, no dependencies: ensure-node.mjs and
// ensure-claude.mjs install their pinned binaries with it.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { platform } from "node:os";
import { dirname, join } from "node:path";

/**
 * Installs `spec` (name@version) into `dir`. `problem(folder)` says what is wrong with an install in `folder` (null when
 * it works): checked in the temp folder before the rename, and in `dir` when another process renamed its install first.
 * @param {{ dir: string, cacheName: string, spec: string, flags: string[], timeoutMs: number, problem: (folder: string) => string | null }} options
 */
export function npmInstallAtomically({ dir, cacheName, spec, flags, timeoutMs, problem }) {
  const tmpDir = `${dir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(tmpDir, { recursive: true });
  writeFileSync(
    join(tmpDir, "package.json"),
    `${JSON.stringify({ name: cacheName, private: true, version: "0.0.0" }, null, 2)}\n`,
  );
  try {
    const npm = platform() === "win32" ? "npm.cmd" : "npm";
    const args = ["install", "--prefix", tmpDir, "--no-audit", "--no-fund", "--no-save", "--no-package-lock", ...flags, spec];
    execFileSync(npm, args, { cwd: tmpDir, stdio: ["ignore", "inherit", "inherit"], timeout: timeoutMs });
    const wrong = problem(tmpDir);
    if (wrong !== null) throw new Error(wrong);
    mkdirSync(dirname(dir), { recursive: true });
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true }); // a broken earlier install
    try {
      renameSync(tmpDir, dir);
    } catch (error) {
      // Another process finished first; its install is as good as ours.
      if (problem(dir) !== null) throw error;
    }
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }
}
