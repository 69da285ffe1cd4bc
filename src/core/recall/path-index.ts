// The path index of point-of-action recall as data: every thread's place in the tree and its paths, grouped by anchor
// (the literal directory a path can only cover files below), and its Decisions and Constraints; and how a file is
// looked up in it. Plain data; the builder takes Thread objects from the store (it never parses a thread file itself);
// path-index-files.ts keeps it in .threadmind/cache/recall/ in shards, so that a lookup reads a few small files.
import { ancestorExcerpt } from "../context/summary-sections.js";
import type { Thread, ThreadStatus } from "../types.js";
import { nearestMatch, patternOf } from "./path-match.js";

export const PATH_INDEX_VERSION = 3;
/** Shards of the paths and of the excerpts: a lookup reads one per anchor of the file (its directories), a hit a few more. */
export const PATH_INDEX_SHARDS = 64;

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

/** A thread as the index lists it: everything but its paths (kept by anchor). */
export type IndexedThreadHead = Omit<IndexedThread, "paths">;

/** The whole index in memory, as built. */
export interface PathIndex {
  threads: IndexedThread[];
  /** "<project>/<thread>" → the thread's Decisions and Constraints as a context shows an ancestor's. */
  excerpts: Record<string, string>;
}

/** What recall asks of an index, built here or read from its shards. Each answer null: a shard unreadable or not of this index. */
export interface ReadyIndex {
  /** Every thread (without paths), in the index's order. */
  threads: () => IndexedThreadHead[] | null;
  /** The threads with a path that covers `file` (a repository-relative path), each with only those of its paths that may. */
  covering: (file: string) => IndexedThread[] | null;
  /** The excerpts of these thread keys (a key without one is left out). */
  excerpts: (keys: readonly string[]) => Record<string, string> | null;
  /** How many threads, and how many with paths. */
  size: { threads: number; withPaths: number };
}

export function excerptKey(projectId: string, threadId: string): string {
  return `${projectId}/${threadId}`;
}

const GLOB = /[*?[]/;

/**
 * The directory a path can only cover files at or below: the path itself when literal (the file, or the directory), the
 * segments before the first one with a glob character otherwise ("" for the whole repository).
 */
export function anchorOf(pattern: string): string {
  if (!GLOB.test(pattern)) return pattern;
  const segments = pattern.split("/");
  const literal: string[] = [];
  for (const seg of segments) {
    if (GLOB.test(seg)) break;
    literal.push(seg);
  }
  return literal.join("/");
}

/** The anchors a file may be covered from: "", each of its directories, and the file itself. */
export function anchorsOf(file: string): string[] {
  const out = [""];
  let at = file.indexOf("/");
  while (at !== -1) {
    out.push(file.slice(0, at));
    at = file.indexOf("/", at + 1);
  }
  out.push(file);
  return out;
}

/** FNV-1a of the string's UTF-16 units: a key's shard (the same on every machine). */
export function shardOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % PATH_INDEX_SHARDS;
}

function statusOf(t: Thread): ThreadStatus {
  return t.status ?? "active";
}

/** The index of these threads (by project). */
export function buildPathIndex(byProject: ReadonlyMap<string, Iterable<Thread>>): PathIndex {
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
  return { threads, excerpts };
}

/** Entries of the paths shards: anchor → [thread's position in the index, path]. */
export type AnchorEntries = Map<string, [number, string][]>;

/** The index's paths by anchor. */
export function entriesByAnchor(index: PathIndex): AnchorEntries {
  const byAnchor: AnchorEntries = new Map();
  index.threads.forEach((t, i) => {
    for (const p of t.paths) {
      const anchor = anchorOf(p);
      const list = byAnchor.get(anchor);
      if (list === undefined) byAnchor.set(anchor, [[i, p]]);
      else list.push([i, p]);
    }
  });
  return byAnchor;
}

/**
 * The threads that cover `file`, from the entries of its anchors (`entriesOf`) and the heads (`heads`, asked only when a
 * path covers it). Each thread once, with those of its paths found, in the index's order.
 */
export function coveringFrom(
  file: string,
  entriesOf: (anchor: string) => readonly (readonly [number, string])[] | null,
  heads: () => IndexedThreadHead[] | null,
): IndexedThread[] | null {
  const byThread = new Map<number, string[]>();
  for (const anchor of anchorsOf(file)) {
    const entries = entriesOf(anchor);
    if (entries === null) return null;
    for (const [i, p] of entries) {
      const list = byThread.get(i);
      if (list === undefined) byThread.set(i, [p]);
      else list.push(p);
    }
  }
  const hits = [...byThread].filter(([, paths]) => nearestMatch(paths, file, true) !== null).sort((a, b) => a[0] - b[0]);
  if (hits.length === 0) return [];
  const all = heads();
  if (all === null) return null;
  const out: IndexedThread[] = [];
  for (const [i, paths] of hits) {
    const head = all[i];
    if (head === undefined) return null; // a shard of another index
    out.push({ ...head, paths });
  }
  return out;
}

function headOf(t: IndexedThread): IndexedThreadHead {
  return { projectId: t.projectId, id: t.id, title: t.title, status: t.status, parentId: t.parentId, commit: t.commit };
}

/** An index in memory as recall asks it (the one just built). */
export function readyFromMemory(index: PathIndex): ReadyIndex {
  const byAnchor = entriesByAnchor(index);
  const heads = index.threads.map(headOf);
  return {
    threads: () => heads,
    covering: (file) =>
      coveringFrom(
        file,
        (anchor) => byAnchor.get(anchor) ?? [],
        () => heads,
      ),
    excerpts: (keys) => {
      const out: Record<string, string> = {};
      for (const k of keys) if (Object.hasOwn(index.excerpts, k)) out[k] = index.excerpts[k]!;
      return out;
    },
    size: { threads: index.threads.length, withPaths: index.threads.filter((t) => t.paths.length > 0).length },
  };
}
