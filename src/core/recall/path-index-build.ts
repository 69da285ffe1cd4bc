// Building the path index of point-of-action recall from the store's threads (the hooks proper and the MCP server),
// saved to .threadmind/cache/recall/ only when the thread files did not change while they were read.
import type { Store } from "../store/store.js";
import type { Thread } from "../types.js";
import { buildPathIndex, readPathIndex, readPathIndexText, savePathIndex, threadFilesStamp } from "./path-index.js";
import type { PathIndex, PathIndexText } from "./path-index.js";

export interface ReadyIndex {
  index: PathIndex;
  text: () => PathIndexText | null;
}

/** The saved index when it is current (the fast path's read), else null. */
export function cachedPathIndex(storeDir: string): ReadyIndex | null {
  const stamp = threadFilesStamp(storeDir);
  if (stamp === null) return null;
  const index = readPathIndex(storeDir, stamp.stamp);
  if (index === null) return null;
  return { index, text: () => readPathIndexText(storeDir, stamp.stamp) };
}

/**
 * The current index: the saved one, or one built from every project's threads (unreadable thread files are left out:
 * doctor and the tree report them) and saved when every thread file it was built from had settled before.
 */
export async function currentPathIndex(store: Store): Promise<ReadyIndex> {
  const cached = cachedPathIndex(store.dir);
  if (cached !== null && cached.text() !== null) return cached;
  const before = threadFilesStamp(store.dir);
  const byProject = new Map<string, Iterable<Thread>>();
  for (const projectId of store.projectIds()) {
    if (store.threadsDirExists(projectId)) byProject.set(projectId, store.readAllThreads(projectId).threads.values());
  }
  const after = threadFilesStamp(store.dir);
  const { index, text } = buildPathIndex(byProject, after?.stamp ?? "unstamped");
  if (before !== null && after !== null && before.stamp === after.stamp && after.settledAtMs <= Date.now()) {
    await savePathIndex(store.dir, index, text);
  }
  return { index, text: () => text };
}
