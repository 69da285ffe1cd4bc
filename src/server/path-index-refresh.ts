// Brings point-of-action recall's path index up to date from the server's idle time: in the server for a small store, in
// a process of its own (`recall-index`, the one the hooks start) for a large one, so that the session's queue never
// holds a call for the build (reading every thread of a 10,000-thread store took it ~1.2 s after each write).
import { currentPathIndex } from "../core/recall/path-index-build.js";
import { largeForInlineBuild, startBackgroundIndexBuild } from "../core/background/recall-index-background.js";
import type { ThreadMindServices } from "../core/services.js";

export interface PathIndexRefresh {
  /** The CLI beside the server's bundle (it runs `recall-index`); null: every store is indexed in this process. */
  cliPath: string | null;
  /** Files written a moment ago are waited for up to this long before the index is saved (see currentPathIndex). */
  settleMs?: number;
}

/**
 * Brings the index up to date. A store with more threads than the hooks index themselves (INLINE_BUILD_MAX_THREADS) is
 * indexed by `recall-index` in the background, one build at a time: it finds a current index current and exits, or
 * builds and saves it (waiting for files just written to settle); until it has, the hooks find the index stale and
 * recall nothing, as they do after a pull. Returns whether the index was brought up to date here.
 */
export async function refreshPathIndex(services: ThreadMindServices, options: PathIndexRefresh): Promise<boolean> {
  if (!services.hasProjects()) return false;
  const { store } = services;
  if (options.cliPath !== null && largeForInlineBuild(store.dir)) {
    startBackgroundIndexBuild(store.dir, store.workspace.root, options.cliPath);
    return false;
  }
  await currentPathIndex(store, options.settleMs === undefined ? {} : { settleMs: options.settleMs });
  return true;
}
