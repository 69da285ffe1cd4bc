// Point-of-action recall's path index on disk, in .threadmind/cache/recall/: head.json (the stamps it is valid for, its
// size), paths-NN.jsonl (the paths by anchor, in shards), heads-NN.jsonl (each thread's title, status, commit and its
// ancestors' keys, in shards by thread) and text-NN.jsonl (the Decisions and Constraints, in shards by thread), each shard
// a file of keyed lines (keyed-lines.ts). A lookup reads the head and the shards of the file's anchors, and parses the
// line of each anchor; a hit, the lines of the threads it names and of the conversation's thread. Every file names the
// full stamp it was built for: a file of another build is not used.
import { readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { readRegularFile } from "../store/regular-file.js";
import { assertNoLinksBelow } from "../store/read-strict.js";
import { makeDir } from "../store/make-dir.js";
import { writeFileAtomic } from "../store/atomic-write.js";
import { allKeyedLines, encodeKeyedLines, keyedLinesHeader, keyedLineValue } from "./keyed-lines.js";
import {
  type AnchorEntries,
  coveringFrom,
  entriesByAnchor,
  excerptKey,
  type HeadRecord,
  headOf,
  headRecords,
  PATH_INDEX_SHARDS,
  PATH_INDEX_VERSION,
  type PathIndex,
  type ReadyIndex,
  shardOf,
} from "./path-index.js";

/** Bounded reads: a shard holds a 64th of the paths, heads or text (~150 KB at 10,000 threads); anything larger is not ours. */
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

type ShardKind = "paths" | "heads" | "text";
const SHARD_KINDS: readonly ShardKind[] = ["paths", "heads", "text"];
/** A shard's file name (".json" was the earlier layout's, one JSON object a shard: EARLIER_LAYOUT_FILE). */
const shardName = (kind: ShardKind, n: number) => `${kind}-${String(n).padStart(2, "0")}.jsonl`;

/** At most FILE_MAX_BYTES of a regular file; null when absent or larger. */
function readBounded(path: string): Buffer | null {
  const bytes = readRegularFile(path, FILE_MAX_BYTES);
  return bytes === null || bytes.length > FILE_MAX_BYTES ? null : bytes;
}

function readJson(path: string): Record<string, unknown> | null {
  const bytes = readBounded(path);
  if (bytes === null) return null;
  try {
    const data: unknown = JSON.parse(bytes.toString("utf8"));
    return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isString = (v: unknown): v is string => typeof v === "string";
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** A shard of the index for `full` (its header checked, its lines not), or null. */
function readShard(storeDir: string, name: string, full: string): Buffer | null {
  const bytes = readBounded(join(recallCacheDir(storeDir), name));
  const header = bytes === null ? null : keyedLinesHeader(bytes);
  return header !== null && header.version === PATH_INDEX_VERSION && header.full === full ? bytes : null;
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

/** The index the head names, read from its files as recall asks (each shard read at most once, only the lines asked for parsed). */
export function readyFromFiles(storeDir: string, head: IndexHead): ReadyIndex {
  const shards = new Map<string, Buffer | null>();
  /** The value of `key` in its shard of `kind`: null when that shard is unusable or the line damaged, undefined when it has no such key. */
  const lineOf = (kind: ShardKind, key: string): { value: unknown } | null | undefined => {
    const name = shardName(kind, shardOf(key));
    let bytes = shards.get(name);
    if (bytes === undefined) {
      bytes = readShard(storeDir, name, head.full);
      shards.set(name, bytes);
    }
    return bytes === null ? null : keyedLineValue(bytes, key);
  };
  /** A thread's head: null when its shard is unusable or the record damaged, undefined when the index has no such thread. */
  const headFor = (key: string): HeadRecord | null | undefined => {
    const found = lineOf("heads", key);
    if (found === null || found === undefined) return found;
    return isHead(found.value) ? found.value : null;
  };
  const entriesOf = (anchor: string): [string, string][] | null => {
    const found = lineOf("paths", anchor);
    if (found === null) return null;
    if (found === undefined) return [];
    const list = found.value;
    return Array.isArray(list) && list.every(isEntry) ? (list as [string, string][]) : null;
  };
  const excerpts = (keys: readonly string[]): Record<string, string> | null => {
    const out: Record<string, string> = {};
    for (const key of keys) {
      const found = lineOf("text", key);
      if (found === null) return null;
      if (found === undefined) continue;
      if (!isString(found.value)) return null;
      out[key] = found.value;
    }
    return out;
  };
  return {
    chainKeys: (projectId, threadId) => {
      const key = excerptKey(projectId, threadId);
      const h = headFor(key);
      if (h === null) return null;
      return h === undefined ? [] : [key, ...h.ancestors];
    },
    head: (key) => {
      const h = headFor(key);
      return h === null || h === undefined ? h : headOf(h);
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

async function writeShard(
  storeDir: string,
  kind: ShardKind,
  n: number,
  full: string,
  entries: readonly (readonly [string, unknown])[],
): Promise<void> {
  const path = join(recallCacheDir(storeDir), shardName(kind, n));
  await writeFileAtomic(path, encodeKeyedLines({ version: PATH_INDEX_VERSION, full }, entries), { durable: false });
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
  const shardsOf = <T>() => Array.from({ length: PATH_INDEX_SHARDS }, () => [] as [string, T][]);
  const pathShards = shardsOf<[string, string][]>();
  for (const [anchor, entries] of byAnchor) pathShards[shardOf(anchor)]!.push([anchor, entries]);
  const headShards = shardsOf<HeadRecord>();
  for (const [key, record] of headRecords(index)) headShards[shardOf(key)]!.push([key, record]);
  const textShards = shardsOf<string>();
  for (const [key, text] of Object.entries(index.excerpts)) textShards[shardOf(key)]!.push([key, text]);
  for (let n = 0; n < PATH_INDEX_SHARDS; n++) {
    await writeShard(storeDir, "paths", n, full, pathShards[n]!);
    await writeShard(storeDir, "heads", n, full, headShards[n]!);
    await writeShard(storeDir, "text", n, full, textShards[n]!);
  }
  const withPaths = index.threads.filter((t) => t.paths.length > 0).length;
  await writePart(storeDir, "head.json", { full, quick, threads: index.threads.length, withPaths });
  // Earlier layouts' files (paths.json, text.json, threads.json; shards of one JSON object each): never read again.
  // Found by one listing of the folder, not by trying each of their 195 names at every save.
  for (const name of readdirSync(recallCacheDir(storeDir))) {
    if (EARLIER_LAYOUT_FILE.test(name)) rmSync(join(recallCacheDir(storeDir), name), { force: true });
  }
}

/** The files of the earlier layouts: paths.json, text.json, threads.json, and shards of one JSON object (`paths-07.json`). */
const EARLIER_LAYOUT_FILE = new RegExp(`^(?:(?:paths|text|threads)|(?:${SHARD_KINDS.join("|")})-\\d{2})\\.json$`);

/** Records that the saved index is current under the quick stamp `quick` (its head rewritten; its parts unchanged). */
export async function saveQuickStamp(storeDir: string, head: IndexHead, quick: string): Promise<void> {
  const headPath = join(recallCacheDir(storeDir), "head.json");
  assertNoLinksBelow(storeDir, headPath);
  await writePart(storeDir, "head.json", { ...head, quick });
}

/** Every line of shard `n` of `kind` for `full`, each of a key of that shard; null when the file or one of its lines is not. */
function shardLines(storeDir: string, kind: ShardKind, n: number, full: string): [string, unknown][] | null {
  const bytes = readShard(storeDir, shardName(kind, n), full);
  const lines = bytes === null ? null : allKeyedLines(bytes);
  return lines?.every(([key]) => shardOf(key) === n) ? lines : null;
}

/** True when every file the head names is there, of this index, and every line of it well formed (the builder's check before it trusts a saved index). */
export function indexFilesComplete(storeDir: string, head: IndexHead): boolean {
  let heads = 0;
  for (let n = 0; n < PATH_INDEX_SHARDS; n++) {
    const paths = shardLines(storeDir, "paths", n, head.full);
    const records = shardLines(storeDir, "heads", n, head.full);
    const text = shardLines(storeDir, "text", n, head.full);
    if (paths === null || records === null || text === null) return false;
    if (!paths.every(([, list]) => Array.isArray(list) && list.every(isEntry))) return false;
    if (!records.every(([, record]) => isHead(record))) return false;
    if (!text.every(([, excerpt]) => isString(excerpt))) return false;
    heads += records.length;
  }
  return heads === head.threads;
}
