// Writing a SessionStart context cache entry (the full path of the hooks; the fast path only reads, see context-cache.ts).
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileAtomic } from "../store/atomic-write.js";
import { assertNoLinksBelow } from "../store/read-strict.js";
import { contextCachePath, readContextCacheEntry, sameInputs, type ContextCacheEntry } from "./context-cache.js";

/** Saves the entry, keeping the other sources' starts of an entry built from the same inputs. */
export async function saveContextCacheEntry(storeDir: string, entry: ContextCacheEntry): Promise<void> {
  const path = contextCachePath(storeDir, entry.projectId, entry.threadId);
  const previous = readContextCacheEntry(storeDir, entry.projectId, entry.threadId);
  const merged: ContextCacheEntry = previous !== null && sameInputs(previous, entry) ? { ...entry, starts: { ...previous.starts, ...entry.starts } } : entry;
  assertNoLinksBelow(storeDir, path); // a linked cache/ would take the write out of the repository
  mkdirSync(dirname(path), { recursive: true });
  await writeFileAtomic(path, `${JSON.stringify(merged)}\n`);
}
