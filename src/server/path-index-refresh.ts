// Keeps point-of-action recall's path index up to date from the server's idle time without ever holding a call for
// long: a current index is left as it is; the server builds it itself only from threads it holds parsed (all but
// INLINE_UNPARSED_MAX: a write's, a pull's few are read again), and a store it would have to read (every thread of a
// fresh server: ~1 s of CPU at 1,000 threads, ~4 s at 10,000; before, a call made 300 ms after a fresh server's start
// waited ~2 s at 1,000 threads) or of more than SERVER_INLINE_BUILD_MAX_THREADS is indexed by `recall-index`, the
// process the hooks start, at a lower priority (background-command.ts).
import { currentPathIndex } from "../core/recall/path-index-build.js";
import { startBackgroundIndexBuild } from "../core/background/recall-index-background.js";
import { moreThreadsThan } from "../core/store/store-thread-count.js";
import type { ThreadMindServices } from "../core/services.js";
import type { Store } from "../core/store/store.js";

/** Above this many threads the server never builds the index itself (~150 ms at most from threads it holds parsed). */
export const SERVER_INLINE_BUILD_MAX_THREADS = 2_000;

/** Threads an index build in the server may read afresh (those that changed: a write's, a pull's few). */
export const INLINE_UNPARSED_MAX = 50;

export interface PathIndexRefresh {
  /** The CLI beside the server's bundle (it runs `recall-index`); null: every store is indexed in this process. */
  cliPath: string | null;
  /** Files written a moment ago are waited for up to this long before the index is saved (see currentPathIndex). */
  settleMs?: number;
}

/** True when the Store holds all but INLINE_UNPARSED_MAX of the threads parsed (it counts no further). */
function heldParsed(store: Store): boolean {
  let unparsed = 0;
  for (const projectId of store.projectIds()) {
    unparsed += store.unparsedThreadIds(projectId, INLINE_UNPARSED_MAX - unparsed).length;
    if (unparsed > INLINE_UNPARSED_MAX) return false;
  }
  return true;
}

/**
 * Brings the index up to date, in the server when it holds the threads parsed (or without a CLI to hand it to), else
 * by `recall-index` in the background, one build at a time: it builds and saves the index (waiting for files just
 * written to settle); until it has, the hooks find the index stale and recall nothing, as they do after a pull.
 * Returns whether the index was brought up to date here.
 */
export async function refreshPathIndex(services: ThreadMindServices, options: PathIndexRefresh): Promise<boolean> {
  if (!services.hasProjects()) return false;
  const { store } = services;
  // Whether the saved index is current is not asked here: that walks every thread folder (~130 ms at 1,000 migrated
  // threads, in the queue after every write); the build in the background asks it, and currentPathIndex below.
  // Held parsed first: it stops listing at INLINE_UNPARSED_MAX + 1 threads it does not hold (a fresh server's case).
  if (options.cliPath !== null && (!heldParsed(store) || moreThreadsThan(store.dir, SERVER_INLINE_BUILD_MAX_THREADS))) {
    startBackgroundIndexBuild(store.dir, store.workspace.root, options.cliPath);
    return false;
  }
  await currentPathIndex(store, options.settleMs === undefined ? {} : { settleMs: options.settleMs });
  return true;
}
