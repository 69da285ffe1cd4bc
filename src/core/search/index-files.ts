// The search index on disk (derived data in the gitignored cache): one catalog file and one body file per project, validated on load.
import { makeDir } from "../store/make-dir.js";
import { join } from "node:path";
import { writeFileAtomic } from "../store/atomic-write.js";
import { assertNoLinksBelow, readTextStrict } from "../store/read-strict.js";
import { SECTION_KEYS, type SectionKey } from "../types.js";
import type { BodyDoc, BodyEntry, CatalogEntry, CatalogMeta, FileStamp } from "./index-entries.js";
import { messageOf } from "../error-details.js";
import { isRecord } from "../json-record.js";

/** Catalog 2: entries carry createdAt (thread_list orders children by it). */
const CATALOG_VERSION = 2;
const BODIES_VERSION = 1;
const CATALOG_FORMAT = "threadmind-search-catalog";
const BODIES_FORMAT = "threadmind-search-bodies";
/** Far above any real store (10,000 threads take a few MB of catalog and ~20 MB of bodies). */
const MAX_INDEX_FILE_BYTES = 512_000_000;

export function searchCacheDir(storeDir: string): string {
  return join(storeDir, "cache", "search");
}

export function catalogPath(storeDir: string, projectId: string): string {
  return join(searchCacheDir(storeDir), `${projectId}.catalog.json`);
}

export function bodiesPath(storeDir: string, projectId: string): string {
  return join(searchCacheDir(storeDir), `${projectId}.bodies.json`);
}

/** A loaded index file: its entries, or why it could not be used (a damaged index is rebuilt, never trusted). */
export type Loaded<T> = { entries: Map<string, T>; problem: string | null };

export function readCatalogFile(path: string): Loaded<CatalogEntry> {
  return loadFile(path, CATALOG_FORMAT, CATALOG_VERSION, (key, v) => {
    const e = v as Record<string, unknown>;
    if (!isRecord(v) || e.file !== key || typeof e.hash !== "string" || !isStamp(e.stamp)) return null;
    if (e.meta === null)
      return typeof e.problem === "string" ? { file: key, stamp: e.stamp, hash: e.hash, meta: null, problem: e.problem } : null;
    const meta = asMeta(e.meta);
    return meta ? { file: key, stamp: e.stamp, hash: e.hash, meta } : null;
  });
}

export function readBodiesFile(path: string): Loaded<BodyEntry> {
  return loadFile(path, BODIES_FORMAT, BODIES_VERSION, (_key, v) => {
    const e = v as Record<string, unknown>;
    if (!isRecord(v) || typeof e.hash !== "string" || !Array.isArray(e.docs)) return null;
    const docs: BodyDoc[] = [];
    for (const d of e.docs as unknown[]) {
      const doc = asDoc(d);
      if (!doc) return null;
      docs.push(doc);
    }
    return { hash: e.hash, docs };
  });
}

export async function writeCatalogFile(path: string, entries: Iterable<CatalogEntry>): Promise<void> {
  const out: Record<string, CatalogEntry> = {};
  for (const e of entries) out[e.file] = e;
  await save(path, { format: CATALOG_FORMAT, version: CATALOG_VERSION, entries: out });
}

export async function writeBodiesFile(path: string, entries: Map<string, BodyEntry>): Promise<void> {
  await save(path, { format: BODIES_FORMAT, version: BODIES_VERSION, entries: Object.fromEntries(entries) });
}

async function save(path: string, data: unknown): Promise<void> {
  // <store>/cache/search/<file>: a linked cache/ or search/ would take the write out of the repository.
  assertNoLinksBelow(join(path, "..", "..", ".."), path);
  makeDir(join(path, ".."));
  await writeFileAtomic(path, JSON.stringify(data));
}

function loadFile<T>(
  path: string,
  format: string,
  version: number,
  validate: (key: string, value: unknown) => T | null,
): Loaded<T> {
  const entries = new Map<string, T>();
  let text: string | null;
  try {
    text = readTextStrict(path, MAX_INDEX_FILE_BYTES);
  } catch (e) {
    return { entries, problem: messageOf(e) };
  }
  if (text === null) return { entries, problem: null };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { entries, problem: `${path} is not valid JSON (${(e as Error).message})` };
  }
  const d = data as Record<string, unknown>;
  if (!isRecord(data) || d.format !== format || !isRecord(d.entries))
    return { entries, problem: `${path} is not a ${format} file` };
  if (d.version !== version) return { entries, problem: `${path} has format version ${String(d.version)}, expected ${version}` };
  for (const [key, value] of Object.entries(d.entries as Record<string, unknown>)) {
    const entry = validate(key, value);
    if (entry === null) return { entries: new Map(), problem: `${path} has a malformed entry "${key}"` };
    entries.set(key, entry);
  }
  return { entries, problem: null };
}

function isStamp(v: unknown): v is FileStamp {
  if (!isRecord(v)) return false;
  return ["mtimeMs", "ctimeMs", "size", "ino"].every((k) => typeof v[k] === "number");
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const optionalString = (v: unknown) => v === undefined || typeof v === "string";

function asMeta(v: unknown): CatalogMeta | null {
  if (!isRecord(v)) return null;
  if (
    typeof v.id !== "string" ||
    typeof v.title !== "string" ||
    typeof v.createdAt !== "string" ||
    typeof v.updatedAt !== "string"
  )
    return null;
  if (v.parentId !== null && typeof v.parentId !== "string") return null;
  if (!isStringList(v.headings)) return null;
  if (v.status !== undefined && v.status !== "done" && v.status !== "abandoned") return null;
  if (!optionalString(v.branch) || !optionalString(v.mergedInto)) return null;
  if ((v.paths !== undefined && !isStringList(v.paths)) || (v.related !== undefined && !isStringList(v.related))) return null;
  const meta: CatalogMeta = {
    id: v.id,
    title: v.title,
    parentId: v.parentId,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    headings: v.headings,
  };
  if (v.status !== undefined) meta.status = v.status;
  if (typeof v.branch === "string") meta.branch = v.branch;
  if (v.paths !== undefined) meta.paths = v.paths;
  if (typeof v.mergedInto === "string") meta.mergedInto = v.mergedInto;
  if (v.related !== undefined) meta.related = v.related;
  return meta;
}

function asDoc(v: unknown): BodyDoc | null {
  if (!isRecord(v)) return null;
  if ((v.kind !== "section" && v.kind !== "reason") || typeof v.heading !== "string" || typeof v.text !== "string") return null;
  if (v.key !== null && !(SECTION_KEYS as readonly string[]).includes(v.key as string)) return null;
  return { kind: v.kind, key: v.key as SectionKey | null, heading: v.heading, text: v.text };
}
