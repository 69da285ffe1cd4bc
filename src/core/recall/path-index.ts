// The path index of point-of-action recall, kept in .threadmind/cache/recall/: every thread's paths and place in the
// tree (paths.json, read on every file-changing tool call) and its Decisions and Constraints (text.json, read only when
// a file matched), both valid while the stamp of the thread files they were built from is unchanged. Plain data; the
// builder takes Thread objects from the store (it never parses a thread file itself).
import { type BigIntStats, lstatSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { readRegularFile } from "../store/regular-file.js";
import { assertNoLinksBelow } from "../store/read-strict.js";
import { makeDir } from "../store/make-dir.js";
import { writeFileAtomic } from "../store/atomic-write.js";
import { changedNsOf, settledAtMs, statStamp } from "../store/file-stamp.js";
import { textFingerprint } from "../text-fingerprint.js";
import { ancestorExcerpt } from "../context/summary-sections.js";
import type { Thread, ThreadStatus } from "../types.js";
import { patternOf } from "./path-match.js";

export const PATH_INDEX_VERSION = 2;
/** Bounded reads: an index of 1,000 threads covering 10,000 files is ~0.5 MB; anything larger is not ours. */
const INDEX_MAX_BYTES = 16 * 1024 * 1024;
/** A threads/ tree with more entries than this is not stamped (and so never cached): the index is built each time. */
const STAMP_MAX_ENTRIES = 200_000;

export interface IndexedThread {
  projectId: string;
  id: string;
  title: string;
  status: ThreadStatus;
  parentId: string | null;
  /** The thread's paths as patternOf gives them (slashes, no "./", no trailing slash). */
  paths: string[];
  /** The commit the summary was written at (stale-path warnings count commits since), or null. */
  commit: string | null;
}

export interface PathIndex {
  version: typeof PATH_INDEX_VERSION;
  stamp: string;
  threads: IndexedThread[];
}

/** "<project>/<thread>" → the thread's Decisions and Constraints as a context shows an ancestor's. */
export interface PathIndexText {
  version: typeof PATH_INDEX_VERSION;
  stamp: string;
  excerpts: Record<string, string>;
}

export function recallCacheDir(storeDir: string): string {
  return join(storeDir, "cache", "recall");
}

export function excerptKey(projectId: string, threadId: string): string {
  return `${projectId}/${threadId}`;
}

/**
 * The stamp of every directory below threads/ (not following links), and when its latest change settled (ms); null: too
 * many. Directories, not files: every ThreadMind write replaces a thread file by a rename, which changes its
 * directory's stamp, and stamping 1,000 files would cost each tool call more than the rest of the hook. A thread file
 * edited in place by hand (without a rename) is seen at the next change of its directory (any ThreadMind write there).
 */
export function threadFilesStamp(storeDir: string): { stamp: string; settledAtMs: number } | null {
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

function statusOf(t: Thread): ThreadStatus {
  return t.status ?? "active";
}

/** The index and its text for these threads (by project), stamped `stamp`. */
export function buildPathIndex(
  byProject: ReadonlyMap<string, Iterable<Thread>>,
  stamp: string,
): { index: PathIndex; text: PathIndexText } {
  const threads: IndexedThread[] = [];
  const excerpts: Record<string, string> = {};
  for (const [projectId, set] of byProject) {
    for (const t of set) {
      threads.push({
        projectId,
        id: t.id,
        title: t.title,
        status: statusOf(t),
        parentId: t.parentId,
        paths: t.paths ? t.paths.map(patternOf) : [],
        commit: t.commit ?? null,
      });
      const excerpt = ancestorExcerpt(t.summary);
      if (excerpt !== "") excerpts[excerptKey(projectId, t.id)] = excerpt;
    }
  }
  return { index: { version: PATH_INDEX_VERSION, stamp, threads }, text: { version: PATH_INDEX_VERSION, stamp, excerpts } };
}

function readJson(path: string): unknown {
  const bytes = readRegularFile(path, INDEX_MAX_BYTES);
  if (bytes === null || bytes.length > INDEX_MAX_BYTES) return null;
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return null;
  }
}

const isString = (v: unknown): v is string => typeof v === "string";

function isIndexedThread(v: unknown): v is IndexedThread {
  if (typeof v !== "object" || v === null) return false;
  const t = v as Record<string, unknown>;
  return (
    isString(t.projectId) &&
    isString(t.id) &&
    isString(t.title) &&
    (t.status === "active" || t.status === "done" || t.status === "abandoned") &&
    (t.parentId === null || isString(t.parentId)) &&
    Array.isArray(t.paths) &&
    t.paths.every(isString) &&
    (t.commit === null || isString(t.commit))
  );
}

/** The saved index when it is for `stamp` and well formed; null otherwise (then it is built again). */
export function readPathIndex(storeDir: string, stamp: string): PathIndex | null {
  const data = readJson(join(recallCacheDir(storeDir), "paths.json"));
  if (typeof data !== "object" || data === null) return null;
  const d = data as Record<string, unknown>;
  if (d.version !== PATH_INDEX_VERSION || d.stamp !== stamp || !Array.isArray(d.threads)) return null;
  return d.threads.every(isIndexedThread) ? (d as unknown as PathIndex) : null;
}

/** The saved excerpts when they are for `stamp`; null otherwise. */
export function readPathIndexText(storeDir: string, stamp: string): PathIndexText | null {
  const data = readJson(join(recallCacheDir(storeDir), "text.json"));
  if (typeof data !== "object" || data === null) return null;
  const d = data as Record<string, unknown>;
  if (d.version !== PATH_INDEX_VERSION || d.stamp !== stamp) return null;
  if (typeof d.excerpts !== "object" || d.excerpts === null || Array.isArray(d.excerpts)) return null;
  return Object.values(d.excerpts).every(isString) ? (d as unknown as PathIndexText) : null;
}

/** Saves both files (text first: an index is never newer than its text). Never through a linked cache/. */
export async function savePathIndex(storeDir: string, index: PathIndex, text: PathIndexText): Promise<void> {
  const dir = recallCacheDir(storeDir);
  const textPath = join(dir, "text.json");
  assertNoLinksBelow(storeDir, textPath);
  makeDir(dirname(textPath));
  await writeFileAtomic(textPath, `${JSON.stringify(text)}\n`, { durable: false });
  await writeFileAtomic(join(dir, "paths.json"), `${JSON.stringify(index)}\n`, { durable: false });
}
