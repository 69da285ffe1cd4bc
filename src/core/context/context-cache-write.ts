// Writing a SessionStart context cache entry (the full path of the hooks; the fast path only reads, see context-cache.ts).
import { makeDir } from "../store/make-dir.js";
import { dirname } from "node:path";
import { writeFileAtomicSync } from "../store/atomic-write.js";
import { assertNoLinksBelow } from "../store/read-strict.js";
import { threadStatus, type Thread } from "../types.js";
import {
  CONTEXT_CACHE_VERSION,
  contextCachePath,
  readContextCacheEntry,
  sameInputs,
  type ContextCacheEntry,
} from "./context-cache.js";
import { packStarts } from "./context-cache-starts.js";

/** The entry for a thread's context as the bundle `builtBy` assembled it (the hooks at SessionStart, the server after a write). */
export function threadCacheEntry(
  builtBy: string,
  projectId: string,
  thread: Thread,
  read: Pick<ContextCacheEntry, "sources" | "head" | "starts" | "verify">,
): ContextCacheEntry {
  const { verify, ...rest } = read;
  return {
    version: CONTEXT_CACHE_VERSION,
    builtBy,
    projectId,
    threadId: thread.id,
    threadStatus: threadStatus(thread),
    ...rest,
    ...(verify !== undefined ? { verify } : {}),
  };
}

/** Saves the entry, keeping the other sources' starts of an entry built from the same inputs. */
export function saveContextCacheEntry(storeDir: string, entry: ContextCacheEntry): void {
  const path = contextCachePath(storeDir, entry.projectId, entry.threadId);
  const previous = readContextCacheEntry(storeDir, entry.projectId, entry.threadId);
  const merged: ContextCacheEntry =
    previous !== null && sameInputs(previous, entry) ? { ...entry, starts: { ...previous.starts, ...entry.starts } } : entry;
  assertNoLinksBelow(storeDir, path); // a linked cache/ would take the write out of the repository
  makeDir(dirname(path));
  // Derived data, checked against every input when read (an empty or cut entry is not one): not fsynced.
  // The starts share their context: stored once (context-cache-starts.ts), about a third of three whole texts.
  // Written synchronously: a few syscalls, and no load of node:fs's promises (~3 ms of a hook's cold start).
  writeFileAtomicSync(path, `${JSON.stringify({ ...merged, starts: packStarts(merged.starts) })}\n`, undefined, {
    durable: false,
  });
}
