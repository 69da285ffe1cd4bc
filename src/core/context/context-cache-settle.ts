// Dropping a context cache entry's text checks once their sources have settled: a start then checks stamps alone.
//
// The MCP server refreshes an entry right after its own write, when the files it wrote are too recent for their stamps
// alone to be trusted (the racy margin, see context-cache.ts): their texts' fingerprints are kept as `verify`, and every
// start reads those files and folders again to compare. Once a start has found every input unchanged after the last of
// those stamps settled, a later change can no longer share its stamp, so the checks are dropped from the entry, once.
import { assertNoLinksBelow } from "../store/read-strict.js";
import { writeFileAtomicSync } from "../store/atomic-write.js";
import { stampSettledAtMs } from "../store/file-stamp.js";
import { contextCachePath, readEntryData, type ContextCacheEntry } from "./context-cache.js";

/**
 * True when the entry has text checks and every source they are for had settled before `checkedFromMs`, the time the
 * start began comparing the entry's stamps (all found unchanged).
 */
export function checksSettled(entry: ContextCacheEntry, checkedFromMs: number): boolean {
  if (entry.verify === undefined) return false;
  for (const rel of Object.keys(entry.verify)) {
    const stamp = entry.sources[rel];
    // A check for a source the entry does not stamp, or stamps as absent: kept, as written.
    if (stamp === undefined || stamp === null || stampSettledAtMs(stamp) >= checkedFromMs) return false;
  }
  return true;
}

/**
 * Rewrites the entry's file without its text checks, when it still holds the sources and checks that were compared
 * (another process may have replaced it since: then nothing is written). Derived data: not fsynced.
 */
export function dropSettledChecks(storeDir: string, entry: ContextCacheEntry): void {
  const data = readEntryData(storeDir, entry.projectId, entry.threadId);
  if (data === null) return;
  const { verify, ...rest } = data;
  if (JSON.stringify([rest.sources, verify]) !== JSON.stringify([entry.sources, entry.verify])) return;
  const path = contextCachePath(storeDir, entry.projectId, entry.threadId);
  assertNoLinksBelow(storeDir, path); // as every write of the cache: never through a linked cache/
  writeFileAtomicSync(path, `${JSON.stringify(rest)}\n`, undefined, { durable: false });
}
