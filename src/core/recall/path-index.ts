// The path index of point-of-action recall as data: every thread's place in the tree and its paths, grouped by anchor
// (the literal directory a path can only cover files below), and its Decisions and Constraints; and how a file is
// looked up in it. Plain data; the builder takes Thread objects from the store (it never parses a thread file itself);
// path-index-files.ts keeps it in .threadmind/cache/recall/ in shards, so that a lookup reads a few small files.
import { ancestorExcerpt } from "../store/summary-sections.js";
import type { Thread, ThreadStatus } from "../types.js";
import { nearestMatch, patternOf } from "./path-match.js";

export const PATH_INDEX_VERSION = 5;
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

/** A thread's head as the index keeps it: with the keys of its ancestors, nearest first (a conversation's chain in one read). */
export interface HeadRecord extends IndexedThreadHead {
  ancestors: string[];
}

/** What recall asks of an index, built here or read from its shards. Each answer null: a shard unreadable or not of this index. */
export interface ReadyIndex {
  /** The keys of the thread and its ancestors, nearest first ([] for a thread the index does not hold; one read: the
   * thread's head names its ancestors). */
  chainKeys: (projectId: string, threadId: string) => string[] | null;
  /** One thread's head by its key: null when the index cannot tell (unusable), undefined when it holds no such thread. */
  head: (key: string) => IndexedThreadHead | null | undefined;
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

/** Entries of the paths shards: anchor → [the thread's key, path]. */
export type AnchorEntries = Map<string, [string, string][]>;

/** The index's paths by anchor. */
export function entriesByAnchor(index: PathIndex): AnchorEntries {
  const byAnchor: AnchorEntries = new Map();
  for (const t of index.threads) {
    const key = excerptKey(t.projectId, t.id);
    for (const p of t.paths) {
      const anchor = anchorOf(p);
      const list = byAnchor.get(anchor);
      if (list === undefined) byAnchor.set(anchor, [[key, p]]);
      else list.push([key, p]);
    }
  }
  return byAnchor;
}

/** Every thread's head with its ancestors' keys (parents followed within its project; a cycle or a missing parent ends it). */
export function headRecords(index: PathIndex): Map<string, HeadRecord> {
  const byKey = new Map<string, IndexedThread>();
  for (const t of index.threads) byKey.set(excerptKey(t.projectId, t.id), t);
  const out = new Map<string, HeadRecord>();
  for (const [key, t] of byKey) {
    const ancestors: string[] = [];
    const seen = new Set([key]);
    for (let p = t.parentId; p !== null; ) {
      const k = excerptKey(t.projectId, p);
      const parent = byKey.get(k);
      if (parent === undefined || seen.has(k)) break;
      seen.add(k);
      ancestors.push(k);
      p = parent.parentId;
    }
    out.set(key, { ...headOf(t), ancestors });
  }
  return out;
}

/**
 * The threads that cover `file`, from the entries of its anchors (`entriesOf`) and the heads (`headFor`, asked only for a
 * thread a path covers). Each thread once, with those of its paths found, in the order of their keys.
 */
export function coveringFrom(
  file: string,
  entriesOf: (anchor: string) => readonly (readonly [string, string])[] | null,
  headFor: (key: string) => IndexedThreadHead | null | undefined,
): IndexedThread[] | null {
  const byThread = new Map<string, string[]>();
  for (const anchor of anchorsOf(file)) {
    const entries = entriesOf(anchor);
    if (entries === null) return null;
    for (const [key, p] of entries) {
      const list = byThread.get(key);
      if (list === undefined) byThread.set(key, [p]);
      else list.push(p);
    }
  }
  const hits = [...byThread]
    .filter(([, paths]) => nearestMatch(paths, file, true) !== null)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: IndexedThread[] = [];
  for (const [key, paths] of hits) {
    const head = headFor(key);
    // Unreadable, or an entry of a thread the index does not hold: not of this index.
    if (head === null || head === undefined) return null;
    out.push({ ...headOf(head), paths });
  }
  return out;
}

/** The head fields alone (of a thread, or of a head record with its ancestors). */
export function headOf(t: IndexedThreadHead): IndexedThreadHead {
  return { projectId: t.projectId, id: t.id, title: t.title, status: t.status, parentId: t.parentId, commit: t.commit };
}

/** An index in memory as recall asks it (the one just built). */
export function readyFromMemory(index: PathIndex): ReadyIndex {
  const byAnchor = entriesByAnchor(index);
  const heads = headRecords(index);
  return {
    chainKeys: (projectId, threadId) => {
      const key = excerptKey(projectId, threadId);
      const head = heads.get(key);
      return head === undefined ? [] : [key, ...head.ancestors];
    },
    head: (key) => {
      const head = heads.get(key);
      return head === undefined ? undefined : headOf(head);
    },
    covering: (file) =>
      coveringFrom(
        file,
        (anchor) => byAnchor.get(anchor) ?? [],
        (k) => heads.get(k),
      ),
    excerpts: (keys) => {
      const out: Record<string, string> = {};
      for (const k of keys) if (Object.hasOwn(index.excerpts, k)) out[k] = index.excerpts[k]!;
      return out;
    },
    size: { threads: index.threads.length, withPaths: index.threads.filter((t) => t.paths.length > 0).length },
  };
}
