// Point-of-action recall's path index on disk, in .threadmind/cache/recall/: head.json (the stamps it is valid for, its
// size), paths-NN.json (the paths by anchor, in shards), heads-NN.json (each thread's title, status, commit and its
// ancestors' keys, in shards by thread) and text-NN.json (the Decisions and Constraints, in shards by thread). A lookup
// reads the head and the shards of the file's anchors; a hit, the heads and text of the threads it names and the head of
// the conversation's thread. Every file names the full stamp it was built for: a file of another build is not used.
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { readRegularFile } from "../store/regular-file.js";
import { assertNoLinksBelow } from "../store/read-strict.js";
import { makeDir } from "../store/make-dir.js";
import { writeFileAtomic } from "../store/atomic-write.js";
import {
  type AnchorEntries,
  chainFrom,
  coveringFrom,
  entriesByAnchor,
  excerptKey,
  type HeadRecord,
  headRecords,
  PATH_INDEX_SHARDS,
  PATH_INDEX_VERSION,
  type PathIndex,
  type ReadyIndex,
  shardOf,
} from "./path-index.js";

/** Bounded reads: a shard holds a 64th of the paths, heads or text (~40 KB of heads at 10,000 threads); anything larger is not ours. */
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

const shardName = (kind: "paths" | "heads" | "text", n: number) => `${kind}-${String(n).padStart(2, "0")}.json`;

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

function isHead(v: unknown): v is HeadRecord {
  if (typeof v !== "object" || v === null) return false;
  const t = v as Record<string, unknown>;
  return (
    isString(t.projectId) &&
    isString(t.id) &&
    isString(t.title) &&
    (t.status === "active" || t.status === "done" || t.status === "abandoned") &&
    (t.parentId === null || isString(t.parentId)) &&
    (t.commit === null || isString(t.commit)) &&
    Array.isArray(t.ancestors) &&
    t.ancestors.every(isString)
  );
}

function isEntry(v: unknown): v is [string, string] {
  return Array.isArray(v) && v.length === 2 && isString(v[0]) && isString(v[1]);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The index the head names, read from its files as recall asks (each shard read at most once). */
export function readyFromFiles(storeDir: string, head: IndexHead): ReadyIndex {
  const shards = new Map<string, Record<string, unknown> | null>();
  /** The `field` object of shard `kind` holding `key`, or null when that shard is unusable. */
  const shardFor = (kind: "paths" | "heads" | "text", field: string, key: string): Record<string, unknown> | null => {
    const name = shardName(kind, shardOf(key));
    if (!shards.has(name)) {
      const value = readPart(storeDir, name, head.full)?.[field];
      shards.set(name, isRecord(value) ? value : null);
    }
    return shards.get(name) ?? null;
  };
  /** A thread's head: null when its shard is unusable or the record damaged, undefined when the index has no such thread. */
  const headFor = (key: string): HeadRecord | null | undefined => {
    const shard = shardFor("heads", "heads", key);
    if (shard === null) return null;
    if (!Object.hasOwn(shard, key)) return undefined;
    const record = shard[key];
    return isHead(record) ? record : null;
  };
  const entriesOf = (anchor: string): [string, string][] | null => {
    const shard = shardFor("paths", "anchors", anchor);
    if (shard === null) return null;
    if (!Object.hasOwn(shard, anchor)) return [];
    const list = shard[anchor];
    return Array.isArray(list) && list.every(isEntry) ? (list as [string, string][]) : null;
  };
  const excerpts = (keys: readonly string[]): Record<string, string> | null => {
    const out: Record<string, string> = {};
    for (const key of keys) {
      const shard = shardFor("text", "excerpts", key);
      if (shard === null) return null;
      if (!Object.hasOwn(shard, key)) continue;
      const text = shard[key];
      if (!isString(text)) return null;
      out[key] = text;
    }
    return out;
  };
  return {
    chain: (projectId, threadId) => chainFrom(excerptKey(projectId, threadId), headFor),
    chainKeys: (projectId, threadId) => {
      const key = excerptKey(projectId, threadId);
      const h = headFor(key);
      if (h === null) return null;
      return h === undefined ? [] : [key, ...h.ancestors];
    },
    covering: (file) => coveringFrom(file, entriesOf, headFor),
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
  const byAnchor: AnchorEntries = entriesByAnchor(index);
  // Without a prototype: an anchor or key named "__proto__" (a file of that name) is a key like any other.
  const shardsOf = <T>() => Array.from({ length: PATH_INDEX_SHARDS }, () => Object.create(null) as Record<string, T>);
  const pathShards = shardsOf<[string, string][]>();
  for (const [anchor, entries] of byAnchor) pathShards[shardOf(anchor)]![anchor] = entries;
  const headShards = shardsOf<HeadRecord>();
  for (const [key, record] of headRecords(index)) headShards[shardOf(key)]![key] = record;
  const textShards = shardsOf<string>();
  for (const [key, text] of Object.entries(index.excerpts)) textShards[shardOf(key)]![key] = text;
  for (let n = 0; n < PATH_INDEX_SHARDS; n++) {
    await writePart(storeDir, shardName("paths", n), { full, anchors: pathShards[n] });
    await writePart(storeDir, shardName("heads", n), { full, heads: headShards[n] });
    await writePart(storeDir, shardName("text", n), { full, excerpts: textShards[n] });
  }
  const withPaths = index.threads.filter((t) => t.paths.length > 0).length;
  await writePart(storeDir, "head.json", { full, quick, threads: index.threads.length, withPaths });
  // Earlier layouts' files (paths.json, text.json, threads.json): never read again.
  for (const old of ["paths.json", "text.json", "threads.json"]) rmSync(join(recallCacheDir(storeDir), old), { force: true });
}

/** Records that the saved index is current under the quick stamp `quick` (its head rewritten; its parts unchanged). */
export async function saveQuickStamp(storeDir: string, head: IndexHead, quick: string): Promise<void> {
  const headPath = join(recallCacheDir(storeDir), "head.json");
  assertNoLinksBelow(storeDir, headPath);
  await writePart(storeDir, "head.json", { ...head, quick });
}

/** True when every file the head names is there and of this index (the builder's check before it trusts a saved index). */
export function indexFilesComplete(storeDir: string, head: IndexHead): boolean {
  let heads = 0;
  for (let n = 0; n < PATH_INDEX_SHARDS; n++) {
    const paths = readPart(storeDir, shardName("paths", n), head.full)?.anchors;
    const records = readPart(storeDir, shardName("heads", n), head.full)?.heads;
    const text = readPart(storeDir, shardName("text", n), head.full)?.excerpts;
    if (!isRecord(paths) || !isRecord(records) || !isRecord(text)) return false;
    if (!Object.values(paths).every((list) => Array.isArray(list) && list.every(isEntry))) return false;
    if (!Object.values(records).every(isHead)) return false;
    if (!Object.values(text).every(isString)) return false;
    heads += Object.keys(records).length;
  }
  return heads === head.threads;
}
