// After a write, the MCP server brings the conflict-marker sweep (.threadmind/cache/conflict-sweep.json) up to date once the threads directories it wrote settled, so that the next session start lists no directory.
import { storeDirState } from "../core/workspace.js";
import { threadDirsSettleInMs, threadFilesWithMarkers } from "../core/store/conflict-marker-sweep.js";
import { FINE_RACY_MARGIN_MS } from "../core/store/file-stamp.js";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SweepKeeperOptions {
  /** A sweep that took longer than this (one lstat per thread file: ~8 ms at 1,000 threads) no longer runs in the queue. */
  inQueueMaxMs: number;
  /** Off the queue, the sweep runs once writes have paused this long (a burst of writes sweeps once, after it). */
  offQueueDelayMs: number;
}

const DEFAULTS: SweepKeeperOptions = { inQueueMaxMs: 25, offQueueDelayMs: 1_000 };

/**
 * Returns what the server runs after each write (in the session's queue): a sweep of the store as a session start
 * would make it (the files this server wrote hold no markers: it serialised them; every other changed file is read, so
 * a teammate's or git's write is judged as the hook would judge it). A directory written less than its racy margin ago
 * cannot be trusted yet: on a file system with sub-second timestamps that is at most FINE_RACY_MARGIN_MS, waited in the
 * queue, then the sweep runs there too, so that a start right after the write finds the state current. Where that would
 * hold the next operation too long (a large store: the last sweep took more than inQueueMaxMs), or on whole-second
 * timestamps, the sweep runs later, off the queue, once writes pause. Never throws: the state is derived data, and a
 * start sweeps whatever was left.
 */
export function conflictSweepKeeper(options: SweepKeeperOptions = DEFAULTS): (storeDir: string) => Promise<void> {
  let lastSweepMs = 0;
  let timer: NodeJS.Timeout | null = null;
  const sweep = (storeDir: string) => {
    if (storeDirState(storeDir) !== "directory") return;
    const started = performance.now();
    threadFilesWithMarkers(storeDir);
    lastSweepMs = performance.now() - started;
  };
  // One timer, never keeping the process up; a later write pushes it back.
  const later = (storeDir: string, ms: number) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      sweep(storeDir);
    }, ms);
    timer.unref();
  };
  return async (storeDir) => {
    if (storeDirState(storeDir) !== "directory") return;
    if (lastSweepMs > options.inQueueMaxMs) {
      later(storeDir, Math.max(options.offQueueDelayMs, threadDirsSettleInMs(storeDir)));
      return;
    }
    // A timer may fire early by the time the loop spent before it was set: checked again after each wait.
    for (let wait = threadDirsSettleInMs(storeDir); wait > 0; wait = threadDirsSettleInMs(storeDir)) {
      // More than the fine margin (plus the millisecond threadDirsSettleInMs adds): whole-second timestamps.
      if (wait > FINE_RACY_MARGIN_MS + 1) {
        later(storeDir, wait);
        return;
      }
      await sleep(wait);
    }
    if (timer !== null) clearTimeout(timer);
    timer = null;
    sweep(storeDir);
  };
}
