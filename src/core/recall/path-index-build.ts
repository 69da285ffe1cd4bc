// Point-of-action recall's path index, current: the saved one when its stamps say so (the hooks' fast path), else built
// from the store's threads (the hooks proper and the MCP server) and saved when the thread files did not change while
// they were read.
import type { Store } from "../store/store.js";
import type { Thread } from "../types.js";
import { buildPathIndex, type ReadyIndex, readyFromMemory } from "./path-index.js";
import {
  type IndexHead,
  indexFilesComplete,
  readIndexHead,
  readyFromFiles,
  saveQuickStamp,
  savePathIndex,
} from "./path-index-files.js";
import { recallQuickStamp, threadFilesStamp } from "./path-index-stamp.js";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The saved index when it is current, else null. The quick stamp (a few stats) decides when the head recorded it; when
 * it changed (a git command, a write of this store), the full stamp (every thread directory) decides, and a match
 * records the new quick stamp once it has settled, so that the next call is quick again.
 */
export async function cachedPathIndex(storeDir: string, gitTop: string | null): Promise<ReadyIndex | null> {
  return (await savedIndex(storeDir, gitTop))?.ready ?? null;
}

/** cachedPathIndex's answer with the head it read. */
async function savedIndex(storeDir: string, gitTop: string | null): Promise<{ head: IndexHead; ready: ReadyIndex } | null> {
  const head = readIndexHead(storeDir);
  if (head === null) return null;
  const quick = recallQuickStamp(storeDir, gitTop);
  if (quick !== null && head.quick === quick.stamp) return { head, ready: readyFromFiles(storeDir, head) };
  const full = threadFilesStamp(storeDir);
  if (full === null || full.stamp !== head.full) return null;
  const now = Date.now();
  if (quick !== null && quick.settledAtMs <= now && full.settledAtMs <= now) {
    const again = recallQuickStamp(storeDir, gitTop);
    if (again?.stamp === quick.stamp) {
      try {
        await saveQuickStamp(storeDir, head, quick.stamp);
      } catch {
        // Derived data: without it the next call compares the full stamp again, and finds the index as current.
      }
    }
  }
  return { head, ready: readyFromFiles(storeDir, head) };
}

/**
 * The current index: the saved one (every file of it readable), or one built from every project's threads (unreadable
 * thread files are left out: doctor and the tree report them) and saved when every thread file it was built from had
 * settled before (or, with `settleMs`, once they settle within that wait).
 */
export async function currentPathIndex(store: Store, options: { settleMs?: number } = {}): Promise<ReadyIndex> {
  const gitTop = store.workspace.gitTop;
  const saved = await savedIndex(store.dir, gitTop);
  if (saved !== null && indexFilesComplete(store.dir, saved.head)) return saved.ready;
  const quickBefore = recallQuickStamp(store.dir, gitTop);
  const before = threadFilesStamp(store.dir);
  const byProject = new Map<string, Iterable<Thread>>();
  for (const projectId of store.projectIds()) {
    if (store.threadsDirExists(projectId)) byProject.set(projectId, store.readAllThreads(projectId).threads.values());
  }
  let after = threadFilesStamp(store.dir);
  const index = buildPathIndex(byProject);
  // `settleMs` (a process with time to spare: the server, the CLI): files written a moment ago are waited for, up to
  // that long (sub-second timestamps settle in 50 ms, whole seconds in 3 s), so that the index is saved now rather than
  // built again by the next hook.
  const wait = after === null ? 0 : after.settledAtMs - Date.now();
  if (before?.stamp === after?.stamp && wait > 0 && wait <= (options.settleMs ?? 0)) {
    await sleep(wait + 1);
    const again = threadFilesStamp(store.dir);
    if (again?.stamp !== after?.stamp) return readyFromMemory(index);
    after = again;
  }
  const quickAfter = recallQuickStamp(store.dir, gitTop);
  const now = Date.now();
  if (before !== null && after !== null && before.stamp === after.stamp && after.settledAtMs <= now) {
    const quickSettled =
      quickBefore !== null && quickAfter !== null && quickBefore.stamp === quickAfter.stamp && quickAfter.settledAtMs <= now;
    await savePathIndex(store.dir, index, after.stamp, quickSettled ? quickAfter.stamp : null);
  }
  return readyFromMemory(index);
}
