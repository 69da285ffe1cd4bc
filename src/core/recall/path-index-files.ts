// Point-of-action recall's path index on disk, in .threadmind/cache/recall/: head.json (the stamps it is valid for, its
// size), threads.json (every thread without its paths), paths-NN.json (the paths by anchor, in shards) and text-NN.json
// (the Decisions and Constraints, in shards by thread). A lookup reads the head and the shards of the file's anchors;
// the threads and text only on a hit. Every file names the full stamp it was built for: a file of another build is not used.
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { readRegularFile } from "../store/regular-file.js";
import { assertNoLinksBelow } from "../store/read-strict.js";
import { makeDir } from "../store/make-dir.js";
import { writeFileAtomic } from "../store/atomic-write.js";
import {
  type AnchorEntries,
  coveringFrom,
  entriesByAnchor,
  type IndexedThreadHead,
  PATH_INDEX_SHARDS,
  PATH_INDEX_VERSION,
  type PathIndex,
  type ReadyIndex,
  shardOf,
} from "./path-index.js";

/** Bounded reads: the threads of 10,000 threads are ~1.5 MB, a shard a 64th of the paths or text; anything larger is not ours. */
const FILE_MAX_BYTES = 16 * 1024 * 1024;

export interface IndexHead {
  /** The full stamp (path-index-stamp.ts threadFilesStamp) the index was built for. */
  full: string;
  /** The quick stamp it was last found current under, or null (then the full stamp decides). */
  quick: string | null;
  threads: number;
  withPaths: number;
}

export function recallCacheDir(storeDir: string): string {
  return join(storeDir, "cache", "recall");
}

const shardName = (kind: "paths" | "text", n: number) => `${kind}-${String(n).padStart(2, "0")}.json`;

function readJson(path: string): Record<string, unknown> | null {
  const bytes = readRegularFile(path, FILE_MAX_BYTES);
  if (bytes === null || bytes.length > FILE_MAX_BYTES) return null;
  try {
    const data: unknown = JSON.parse(bytes.toString("utf8"));
    return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isString = (v: unknown): v is string => typeof v === "string";
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** A file of the index for `full`, or null. */
function readPart(storeDir: string, name: string, full: string): Record<string, unknown> | null {
  const d = readJson(join(recallCacheDir(storeDir), name));
  return d !== null && d.version === PATH_INDEX_VERSION && d.full === full ? d : null;
}

/** The saved head when well formed; null otherwise (then the index is built again). */
export function readIndexHead(storeDir: string): IndexHead | null {
  const d = readJson(join(recallCacheDir(storeDir), "head.json"));
  if (d === null || d.version !== PATH_INDEX_VERSION || !isString(d.full)) return null;
  if (!(d.quick === null || isString(d.quick)) || !isCount(d.threads) || !isCount(d.withPaths)) return null;
  return { full: d.full, quick: d.quick, threads: d.threads, withPaths: d.withPaths };
}

function isHead(v: unknown): v is IndexedThreadHead {
  if (typeof v !== "object" || v === null) return false;
  const t = v as Record<string, unknown>;
  return (
    isString(t.projectId) &&
    isString(t.id) &&
    isString(t.title) &&
    (t.status === "active" || t.status === "done" || t.status === "abandoned") &&
    (t.parentId === null || isString(t.parentId)) &&
    (t.commit === null || isString(t.commit))
  );
}

function isEntry(v: unknown, threads: number): v is [number, string] {
  return Array.isArray(v) && v.length === 2 && isCount(v[0]) && v[0] < threads && isString(v[1]);
}

/** The index the head names, read from its files as recall asks (each file read at most once). */
export function readyFromFiles(storeDir: string, head: IndexHead): ReadyIndex {
  let heads: IndexedThreadHead[] | null | undefined;
  const threads = (): IndexedThreadHead[] | null => {
    if (heads !== undefined) return heads;
    const d = readPart(storeDir, "threads.json", head.full);
    const list = d?.threads;
    heads = Array.isArray(list) && list.length === head.threads && list.every(isHead) ? list : null;
    return heads;
  };
  const pathShards = new Map<number, Record<string, unknown> | null>();
  const entriesOf = (anchor: string): [number, string][] | null => {
    const n = shardOf(anchor);
    if (!pathShards.has(n)) {
      const d = readPart(storeDir, shardName("paths", n), head.full);
      const anchors = d?.anchors;
      pathShards.set(
        n,
        typeof anchors === "object" && anchors !== null && !Array.isArray(anchors) ? (anchors as Record<string, unknown>) : null,
      );
    }
    const anchors = pathShards.get(n);
    if (anchors === null || anchors === undefined) return null;
    if (!Object.hasOwn(anchors, anchor)) return [];
    const list = anchors[anchor];
    return Array.isArray(list) && list.every((e) => isEntry(e, head.threads)) ? (list as [number, string][]) : null;
  };
  const excerpts = (keys: readonly string[]): Record<string, string> | null => {
    const out: Record<string, string> = {};
    const shards = new Map<number, Record<string, unknown> | null>();
    for (const key of keys) {
      const n = shardOf(key);
      if (!shards.has(n)) {
        const d = readPart(storeDir, shardName("text", n), head.full);
        const e = d?.excerpts;
        shards.set(n, typeof e === "object" && e !== null && !Array.isArray(e) ? (e as Record<string, unknown>) : null);
      }
      const shard = shards.get(n);
      if (shard === null || shard === undefined) return null;
      if (!Object.hasOwn(shard, key)) continue;
      const text = shard[key];
      if (!isString(text)) return null;
      out[key] = text;
    }
    return out;
  };
  return {
    threads,
    covering: (file) => coveringFrom(file, entriesOf, threads),
    excerpts,
    size: { threads: head.threads, withPaths: head.withPaths },
  };
}

async function writePart(storeDir: string, name: string, data: Record<string, unknown>): Promise<void> {
  const path = join(recallCacheDir(storeDir), name);
  await writeFileAtomic(path, `${JSON.stringify({ version: PATH_INDEX_VERSION, ...data })}\n`, { durable: false });
}

/**
 * Saves the index for the full stamp `full` (and the quick stamp `quick` it is current under, when known): the
 * threads and every shard first, the head last, so that a head is never newer than its parts. Never through a linked cache/.
 */
export async function savePathIndex(storeDir: string, index: PathIndex, full: string, quick: string | null): Promise<void> {
  const headPath = join(recallCacheDir(storeDir), "head.json");
  assertNoLinksBelow(storeDir, headPath);
  makeDir(dirname(headPath));
  await writePart(storeDir, "threads.json", {
    full,
    threads: index.threads.map(({ paths: _paths, ...head }) => head),
  });
  const byAnchor: AnchorEntries = entriesByAnchor(index);
  // Without a prototype: an anchor or key named "__proto__" (a file of that name) is a key like any other.
  const pathShards: Record<string, [number, string][]>[] = Array.from({ length: PATH_INDEX_SHARDS }, () => Object.create(null));
  for (const [anchor, entries] of byAnchor) pathShards[shardOf(anchor)]![anchor] = entries;
  const textShards: Record<string, string>[] = Array.from({ length: PATH_INDEX_SHARDS }, () => Object.create(null));
  for (const [key, text] of Object.entries(index.excerpts)) textShards[shardOf(key)]![key] = text;
  for (let n = 0; n < PATH_INDEX_SHARDS; n++) {
    await writePart(storeDir, shardName("paths", n), { full, anchors: pathShards[n] });
    await writePart(storeDir, shardName("text", n), { full, excerpts: textShards[n] });
  }
  const withPaths = index.threads.filter((t) => t.paths.length > 0).length;
  await writePart(storeDir, "head.json", { full, quick, threads: index.threads.length, withPaths });
  // The previous layout's two files (paths.json, text.json): never read again.
  for (const old of ["paths.json", "text.json"]) rmSync(join(recallCacheDir(storeDir), old), { force: true });
}

/** Records that the saved index is current under the quick stamp `quick` (its head rewritten; its parts unchanged). */
export async function saveQuickStamp(storeDir: string, head: IndexHead, quick: string): Promise<void> {
  const headPath = join(recallCacheDir(storeDir), "head.json");
  assertNoLinksBelow(storeDir, headPath);
  await writePart(storeDir, "head.json", { ...head, quick });
}

/** True when every file the head names is there and of this index (the builder's check before it trusts a saved index). */
export function indexFilesComplete(storeDir: string, head: IndexHead): boolean {
  const ready = readyFromFiles(storeDir, head);
  if (ready.threads() === null) return false;
  for (let n = 0; n < PATH_INDEX_SHARDS; n++) {
    const paths = readPart(storeDir, shardName("paths", n), head.full);
    const text = readPart(storeDir, shardName("text", n), head.full);
    if (paths === null || text === null) return false;
    if (typeof paths.anchors !== "object" || paths.anchors === null || Array.isArray(paths.anchors)) return false;
    for (const list of Object.values(paths.anchors)) {
      if (!Array.isArray(list) || !list.every((e) => isEntry(e, head.threads))) return false;
    }
    if (typeof text.excerpts !== "object" || text.excerpts === null || Array.isArray(text.excerpts)) return false;
    if (!Object.values(text.excerpts).every(isString)) return false;
  }
  return true;
}
