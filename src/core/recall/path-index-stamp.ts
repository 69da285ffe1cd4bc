// When point-of-action recall's path index is current: the full stamp (every directory below threads/, what the index is
// built from) and the quick stamp a hook checks on every file-changing tool call (a handful of stats, whatever the store's size).
import { type BigIntStats, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { changedNsOf, settledAtMs, stampOf, statStamp } from "../store/file-stamp.js";
import { threadsChangedPath } from "../store/threads-changed.js";
import { textFingerprint } from "../text-fingerprint.js";
import { gitDir } from "../git/git.js";

/** A threads/ tree with more entries than this is not stamped (and so never cached): the index is built each time. */
const STAMP_MAX_ENTRIES = 200_000;
/** More projects than this: no quick stamp (the full one decides). */
const QUICK_MAX_PROJECTS = 256;

export interface Stamp {
  stamp: string;
  /** When the latest change it covers settled (ms): a stamp is trusted for a cache only after that. */
  settledAtMs: number;
}

/**
 * The stamp of every directory below threads/ (not following links), and when its latest change settled (ms); null: too
 * many. Directories, not files: every ThreadMind write replaces a thread file by a rename, which changes its
 * directory's stamp, and stamping every file would cost more than the rest. A thread file edited in place by hand
 * (without a rename) is seen at the next change of its directory (any ThreadMind write there). For a store of thread
 * folders this is thousands of directories: the builder and the rare hook whose quick stamp changed pay for it.
 */
export function threadFilesStamp(storeDir: string): Stamp | null {
  const parts: string[] = [];
  let latest = 0n;
  const walk = (dir: string, rel: string): boolean => {
    let names: string[];
    try {
      // Only directories are stamped: the listing's types say which (a type the file system does not give is asked).
      names = readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() || (d.isSymbolicLink() === false && !d.isFile()))
        .map((d) => d.name)
        .sort();
    } catch {
      parts.push(`${rel}:unreadable`);
      return true;
    }
    for (const name of names) {
      if (parts.length >= STAMP_MAX_ENTRIES) return false;
      const path = join(dir, name);
      let s: BigIntStats;
      try {
        s = lstatSync(path, { bigint: true });
      } catch {
        continue; // gone since the listing: the next stamp differs anyway
      }
      if (!s.isDirectory()) continue;
      const changed = changedNsOf(s);
      if (changed > latest) latest = changed;
      parts.push(`${rel}/${name}:${statStamp(s)}`);
      if (!walk(path, `${rel}/${name}`)) return false;
    }
    return true;
  };
  const top = join(storeDir, "threads");
  let root: BigIntStats;
  try {
    root = lstatSync(top, { bigint: true });
  } catch {
    return { stamp: "absent", settledAtMs: 0 };
  }
  if (!root.isDirectory()) return { stamp: "not-a-directory", settledAtMs: 0 };
  parts.push(statStamp(root));
  if (changedNsOf(root) > latest) latest = changedNsOf(root);
  if (!walk(top, "")) return null;
  return { stamp: `${parts.length}:${textFingerprint(parts.join("\n"))}`, settledAtMs: settledAtMs(latest) };
}

/**
 * The quick stamp: what changes whenever the thread files may have changed, in a few stats: the signal every ThreadMind
 * write of a thread replaces (threads-changed.ts), git's index and HEAD (every checkout, merge, pull, rebase, reset,
 * stash or commit rewrites the index), threads/ and each project's directory (a thread added or removed by any means).
 * What it does not see: a thread file edited by hand, or copied into an existing thread folder, with no git command and
 * no ThreadMind write since; that is seen at the next of either. null: too many projects, or threads/ unreadable.
 */
export function recallQuickStamp(storeDir: string, gitTop: string | null): Stamp | null {
  const parts: string[] = [];
  let settled = 0;
  const add = (name: string, path: string, kind: "file" | "dir"): void => {
    const s = stampOf(path, kind);
    if (s !== null && s.settledAtMs > settled) settled = s.settledAtMs;
    parts.push(`${name}:${s?.stamp ?? "-"}`);
  };
  add("signal", threadsChangedPath(storeDir), "file");
  if (gitTop !== null) {
    let dir: string | null;
    try {
      dir = gitDir(gitTop);
    } catch {
      dir = null;
    }
    if (dir === null) parts.push("git:-");
    else {
      add("index", join(dir, "index"), "file");
      add("HEAD", join(dir, "HEAD"), "file");
    }
  }
  const top = join(storeDir, "threads");
  add("threads", top, "dir");
  let names: string[];
  try {
    names = readdirSync(top).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { stamp: parts.join("\n"), settledAtMs: 0 };
    return null;
  }
  if (names.length > QUICK_MAX_PROJECTS) return null;
  for (const name of names) add(`p/${name}`, join(top, name), "dir");
  return { stamp: `${parts.length}:${textFingerprint(parts.join("\n"))}`, settledAtMs: settled };
}
