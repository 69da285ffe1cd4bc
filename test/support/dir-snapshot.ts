// Snapshots of a directory tree (every entry's kind, bytes and mtime, links not followed) to prove "nothing was touched".
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join, relative } from "node:path";

export type DirSnapshot = Record<string, string>;

/** Relative path → "file <sha256> <mtime>" / "dir <mtime>" / "link -> target"; {} when `dir` does not exist. */
export function snapshotDir(dir: string): DirSnapshot {
  const out: DirSnapshot = {};
  if (!existsSync(dir)) return out;
  out["."] = `dir ${lstatSync(dir).mtimeMs}`;
  const walk = (path: string): void => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      const rel = relative(dir, full);
      const st = lstatSync(full);
      if (st.isSymbolicLink()) out[rel] = `link -> ${readlinkSync(full)}`;
      else if (st.isDirectory()) {
        out[rel] = `dir ${st.mtimeMs}`;
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
