// Snapshots of a directory tree (every entry's kind, bytes and mtime, links not followed) to prove "nothing was touched".
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join, relative } from "node:path";

export type DirSnapshot = Record<string, string>;

/**
 * Relative path → "file <sha256> <mtime>" / "dir <mtime>" / "link -> target"; {} when `dir` does not exist.
 * `dirTimes: false` leaves directory mtimes out (taking and releasing the store lock changes the store directory's).
 */
export function snapshotDir(dir: string, options: { dirTimes?: boolean } = {}): DirSnapshot {
  const dirEntry = (mtimeMs: number) => (options.dirTimes === false ? "dir" : `dir ${mtimeMs}`);
  const out: DirSnapshot = {};
  if (!existsSync(dir)) return out;
  out["."] = dirEntry(lstatSync(dir).mtimeMs);
  const walk = (path: string): void => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      const rel = relative(dir, full);
      const st = lstatSync(full);
      if (st.isSymbolicLink()) out[rel] = `link -> ${readlinkSync(full)}`;
      else if (st.isDirectory()) {
        out[rel] = dirEntry(st.mtimeMs);
        walk(full);
      } else out[rel] = `file ${createHash("sha256").update(readFileSync(full)).digest("hex")} ${st.mtimeMs}`;
    }
  };
  walk(dir);
  return out;
}

/** Files of `dir` (recursively) whose names look like leftovers of atomic writes or locks. */
export function leftoverTempFiles(dir: string): string[] {
  return Object.keys(snapshotDir(dir)).filter((p) => /\.tmp$/.test(p) || /(^|\/)\.lock(\.|$)/.test(p));
}
