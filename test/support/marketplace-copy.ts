// Copies the repository as a clone would hold it (tracked files + the built plugin/dist) to serve as a marketplace dir.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Copies `repoRoot`'s git-tracked files that exist in the working tree, plus plugin/dist, into `dest`. Leaves out
 * node_modules and the cached Claude Code binary, which a marketplace install would otherwise copy (~900 MB here).
 */
export function copyRepoAsClone(repoRoot: string, dest: string): void {
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((path) => path !== "" && existsSync(join(repoRoot, path)));
  for (const path of tracked) {
    mkdirSync(dirname(join(dest, path)), { recursive: true });
    cpSync(join(repoRoot, path), join(dest, path));
  }
  cpSync(join(repoRoot, "plugin", "dist"), join(dest, "plugin", "dist"), { recursive: true });
}
