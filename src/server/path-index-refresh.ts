// Brings point-of-action recall's path index up to date from the server's idle time: in the server (from the threads it
// holds parsed: ~70 ms at 1,000 threads) up to SERVER_INLINE_BUILD_MAX_THREADS, in a process of its own (`recall-index`,
// the one the hooks start) above, so that the session's queue never holds a call for long (the build took ~1.2 s after
// each write at 10,000 threads). That process reads every thread afresh: ~1 s of CPU at 1,000 threads, ~4 s at 10,000.
import { currentPathIndex } from "../core/recall/path-index-build.js";
import { moreThreadsThan, startBackgroundIndexBuild } from "../core/background/recall-index-background.js";
import type { ThreadMindServices } from "../core/services.js";

/** Up to this many threads the server builds the index itself, in its queue (~150 ms at most). */
export const SERVER_INLINE_BUILD_MAX_THREADS = 2_000;

export interface PathIndexRefresh {
  /** The CLI beside the server's bundle (it runs `recall-index`); null: every store is indexed in this process. */
  cliPath: string | null;
  /** Files written a moment ago are waited for up to this long before the index is saved (see currentPathIndex). */
  settleMs?: number;
}

/**
 * Brings the index up to date. A store with more than SERVER_INLINE_BUILD_MAX_THREADS threads is indexed by
 * `recall-index` in the background, one build at a time: it finds a current index current and exits, or
 * builds and saves it (waiting for files just written to settle); until it has, the hooks find the index stale and
 * recall nothing, as they do after a pull. Returns whether the index was brought up to date here.
 */
export async function refreshPathIndex(services: ThreadMindServices, options: PathIndexRefresh): Promise<boolean> {
  if (!services.hasProjects()) return false;
  const { store } = services;
  if (options.cliPath !== null && moreThreadsThan(store.dir, SERVER_INLINE_BUILD_MAX_THREADS)) {
    startBackgroundIndexBuild(store.dir, store.workspace.root, options.cliPath);
    return false;
  }
  await currentPathIndex(store, options.settleMs === undefined ? {} : { settleMs: options.settleMs });
  return true;
}
