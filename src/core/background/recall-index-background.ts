// Starts the build of point-of-action recall's path index in a process of its own (`thread-mind-mcp recall-index`,
// detached) when a PreToolUse or SubagentStart hook finds the index of a large store stale (after a pull, a checkout, a
// write by a process that did not rebuild it): reading every thread there would outlast the hook's 1 s on every tool
// call. One build at a time (index-build-marker.ts).
import { buildMarkerPath } from "../recall/index-build-marker.js";
import { startBackgroundCommand } from "./background-command.js";
import { moreThreadsThan } from "../store/store-thread-count.js";

/** Up to this many threads the hooks proper build the index themselves (well within the hook's 1 s). */
export const INLINE_BUILD_MAX_THREADS = 300;

/** True when the store holds more threads than the hooks proper build an index for (counted up to the bound). */
export function largeForInlineBuild(storeDir: string): boolean {
  return moreThreadsThan(storeDir, INLINE_BUILD_MAX_THREADS);
}

/**
 * Starts `node <cliPath> recall-index` in `root`, detached, unless one is under way; returns whether it started one.
 * Never throws (an edge: the hook recalls nothing this time, and the next stale call tries again).
 */
export function startBackgroundIndexBuild(storeDir: string, root: string, cliPath: string): boolean {
  return startBackgroundCommand(storeDir, buildMarkerPath(storeDir), root, cliPath, "recall-index");
}
