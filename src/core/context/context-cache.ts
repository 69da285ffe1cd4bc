// What SessionStart printed for a thread, kept in .threadmind/cache/context/ and valid while every input is unchanged.
//
// An entry names every file the context was built from with its stamp (dev, inode, size, mtime, ctime; null for a
// file that was absent), HEAD's commit when stale-path warnings were computed against it, and the build of the hooks
// that wrote it. It is written only when every file is older than the assembly by a margin, so a write racing with the
// assembly can never be recorded as seen (the "racy git" rule; the margin is the file's own, as the conflict-marker
// sweep's: 50 ms on sub-second timestamps, 3 s on whole seconds). One input is left out on purpose: the token-count
// cache. The footer's "~N tokens" is an estimate either way; an entry keeps the count it was assembled with until one of
// its files changes, even if the MCP server has since counted the same text exactly.
import { readRegularFile } from "../store/regular-file.js";
import { assertNoLinksBelow } from "../store/read-strict.js";
import { join, sep } from "node:path";
import { fileStamp, pathStamp, RACY_MARGIN_MS, stampSettledAtMs } from "../store/file-stamp.js";
import { readdirSync } from "node:fs";
import { isValidId } from "../id-pattern.js";
import { threadFileRel } from "../store/thread-file-exists.js";
import { textFingerprint } from "../text-fingerprint.js";
import { unpackStarts, type CachedStart } from "./context-cache-starts.js";
import type { ThreadStatus } from "../types.js";

/** 2: starts that share the assembled context store it once (context-cache-starts.ts); entries of 1 are assembled again. */
export const CONTEXT_CACHE_VERSION = 2;
/** Files changed less than this long before the assembly began are never trusted to a cache entry (less on sub-second timestamps: racyMarginMs). */
export { RACY_MARGIN_MS };
const ENTRY_MAX_BYTES = 512 * 1024;
/** Larger than any thread or project file ThreadMind reads. */
const SOURCE_MAX_BYTES = 1024 * 1024;

export interface ContextCacheEntry {
  version: typeof CONTEXT_CACHE_VERSION;
  /** Stamp of the bundle that assembled it: another build may assemble differently. */
  builtBy: string;
  projectId: string;
  threadId: string;
  threadStatus: ThreadStatus;
  /** Paths relative to the store → stamp when read (null: absent). */
  sources: Record<string, string | null>;
  /** HEAD's commit when the context depends on it (stale-path warnings), else null. */
  head: string | null;
  /** By SessionStart source: startup, clear and compact each have their own header. */
  starts: Record<string, CachedStart>;
  /**
   * Sources changed too recently for their stamp alone to be trusted (the MCP server refreshes an entry right after
   * its own write): the fingerprint of the text the context was built from, checked against the file's text.
   */
  verify?: Record<string, string>;
}

/**
 * Which build of the hooks a cache entry is for: the stamp of hook-core.cjs in the bundles' directory (the hooks and the
 * MCP server, which refreshes entries for them, both ask here). Null without that file: nothing is cached.
 */
export function hooksBuildIn(distDir: string): string | null {
  return fileStamp(join(distDir, "hook-core.cjs"));
}

export function contextCachePath(storeDir: string, projectId: string, threadId: string): string {
  if (!isValidId(projectId) || !isValidId(threadId))
    throw new Error(`invalid id for the context cache: ${projectId}/${threadId}`);
  return join(storeDir, "cache", "context", projectId, `${threadId}.json`);
}

/** A start as saved (a damaged one would print no context, or a wrong one, until a source changed). */
function isCachedStart(v: unknown): v is CachedStart {
  if (typeof v !== "object" || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.text === "string" &&
    typeof s.contentHash === "string" &&
    typeof s.fingerprint === "string" &&
    Number.isSafeInteger(s.tokens) &&
    Number.isSafeInteger(s.omitted) &&
    (s.userMessage === null || typeof s.userMessage === "string")
  );
}

/**
 * Sources as an entry must name them: stamps (or null for an absent file), the thread's own file among them with its
 * stamp. An entry naming no file (or not the thread's) would be valid whatever the thread files say: never trusted.
 */
function namesItsSources(sources: unknown, projectId: string, threadId: string): boolean {
  if (typeof sources !== "object" || sources === null || Array.isArray(sources)) return false;
  const stamps = sources as Record<string, unknown>;
  // The thread's own file: its format-1 file, or its folder (format 2) or the folder's head.
  const legacy = threadFileRel(projectId, threadId);
  const folder = legacy.slice(0, -".md".length);
  const own = [legacy, folder, join(folder, "thread.md")]; // thread-folder-format.ts's HEAD_FILE (not imported: it loads yaml)
  return (
    own.some((rel) => typeof stamps[rel] === "string") && Object.values(stamps).every((v) => v === null || typeof v === "string")
  );
}

function isEntry(d: unknown, projectId: string, threadId: string): d is ContextCacheEntry {
  if (typeof d !== "object" || d === null) return false;
  const e = d as Record<string, unknown>;
  return (
    e.version === CONTEXT_CACHE_VERSION &&
    e.projectId === projectId &&
    e.threadId === threadId &&
    typeof e.builtBy === "string" &&
    (e.threadStatus === "active" || e.threadStatus === "done" || e.threadStatus === "abandoned") &&
    namesItsSources(e.sources, projectId, threadId) &&
    (e.head === null || typeof e.head === "string") &&
    typeof e.starts === "object" &&
    e.starts !== null &&
    Object.values(e.starts).every(isCachedStart) &&
    (e.verify === undefined ||
      (typeof e.verify === "object" && e.verify !== null && Object.values(e.verify).every((v) => typeof v === "string")))
  );
}

/**
 * The entry's file as parsed JSON, an object as stored (its starts packed), or null when there is none, or it is not a
 * bounded regular file of the store holding a JSON object (never an error: the cache is derived data).
 */
export function readEntryData(storeDir: string, projectId: string, threadId: string): Record<string, unknown> | null {
  try {
    const path = contextCachePath(storeDir, projectId, threadId);
    if (fileStamp(path) === null) return null;
    assertNoLinksBelow(storeDir, path); // an entry reached through a linked cache/ is not ours: never trusted
    const bytes = readRegularFile(path, ENTRY_MAX_BYTES);
    if (bytes === null || bytes.length > ENTRY_MAX_BYTES) return null;
    const data: unknown = JSON.parse(bytes.toString("utf8"));
    return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The entry as stored, or null when there is none or it is not one (never an error: the cache is derived data). */
export function readContextCacheEntry(storeDir: string, projectId: string, threadId: string): ContextCacheEntry | null {
  const data = readEntryData(storeDir, projectId, threadId);
  if (data === null) return null;
  const starts = unpackStarts(data.starts);
  if (starts === null) return null;
  const entry = { ...data, starts };
  return isEntry(entry, projectId, threadId) ? entry : null;
}

/** True when every source still has the stamp it had, HEAD the commit it had, and the same build reads it. */
export function entryStillValid(
  entry: ContextCacheEntry,
  storeDir: string,
  builtBy: string,
  head: () => string | null | undefined,
): boolean {
  if (entry.builtBy !== builtBy) return false;
  // Concatenated, not join()ed: a start checks hundreds of sources (one per item file in thread folders), and join's
  // normalising cost ~4 µs each; the names are the cache's own (store-relative, "/"-separated, which Windows takes too;
  // a folder's ending with "/", as pathStamp expects).
  const base = storeDir.endsWith(sep) ? storeDir : `${storeDir}${sep}`;
  for (const [rel, stamp] of Object.entries(entry.sources)) {
    if (pathStamp(base + rel) !== stamp) return false;
  }
  for (const [rel, fingerprint] of Object.entries(entry.verify ?? {})) {
    if (sourceFingerprint(storeDir, rel) !== fingerprint) return false;
  }
  return entry.head === null || head() === entry.head;
}

/** A source's path from its name relative to the store; a folder's (ending with "/") keeps the "/". */
function sourcePath(storeDir: string, rel: string): string {
  return rel.endsWith("/") ? `${join(storeDir, rel.slice(0, -1))}/` : join(storeDir, rel);
}

/**
 * The fingerprint of a source file's text now (of a folder's, ending with "/": of its sorted names); null when it is
 * absent, not a regular file, too large or unreadable.
 */
export function sourceFingerprint(storeDir: string, rel: string): string | null {
  const path = join(storeDir, rel);
  if (rel.endsWith("/")) {
    try {
      return textFingerprint(readdirSync(path).sort().join("\n"));
    } catch {
      return null;
    }
  }
  try {
    // A regular file only (a FIFO there must not block the hook), read no further than the bound.
    const bytes = readRegularFile(path, SOURCE_MAX_BYTES);
    return bytes === null || bytes.length > SOURCE_MAX_BYTES ? null : textFingerprint(bytes.toString("utf8"));
  } catch {
    return null;
  }
}

/** Stamps of `paths` (relative to the store) now (null: absent or not a regular file). */
export function stampsOf(storeDir: string, paths: Iterable<string>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const rel of paths) out[rel] = pathStamp(sourcePath(storeDir, rel));
  return out;
}

/**
 * The paths whose stamps changed too recently before an assembly that began at `assemblyStartedAtMs` to be trusted alone
 * (within their racy margin: a later write could still share the stamp).
 */
export function racyPaths(stamps: Record<string, string | null>, assemblyStartedAtMs: number): string[] {
  return Object.entries(stamps)
    .filter(([, stamp]) => stamp !== null && stampSettledAtMs(stamp) >= assemblyStartedAtMs)
    .map(([rel]) => rel);
}

/** Stamps of `paths` (relative to the store) now; null when one of them changed too recently to be trusted. */
export function trustedStamps(
  storeDir: string,
  paths: Iterable<string>,
  assemblyStartedAtMs: number,
): Record<string, string | null> | null {
  const sources = stampsOf(storeDir, paths);
  return racyPaths(sources, assemblyStartedAtMs).length === 0 ? sources : null;
}

/** The same keys with the same values (stamps, fingerprints). */
export function sameRecord(a: Readonly<Record<string, string | null>>, b: Readonly<Record<string, string | null>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}

/** Same inputs (so the entries can share their starts). */
export function sameInputs(a: ContextCacheEntry, b: ContextCacheEntry): boolean {
  return (
    a.builtBy === b.builtBy &&
    a.head === b.head &&
    a.threadStatus === b.threadStatus &&
    sameRecord(a.verify ?? {}, b.verify ?? {}) &&
    sameRecord(a.sources, b.sources)
  );
}
