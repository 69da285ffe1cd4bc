// After a write, the MCP server brings the conflict-marker sweep (.threadmind/cache/conflict-sweep.json) up to date once the threads directories it wrote settled, so that the next session start lists no directory.
import { setTimeout as sleep } from "node:timers/promises";
import { storeDirState } from "../core/store/store-dir.js";
import { markerUnderWay } from "../core/store/background-marker.js";
import {
  filesLeftUnjudged,
  MAX_FILES_READ,
  type SweepWork,
  sweepMarkerPath,
  threadDirsSettleInMs,
  threadFilesWithMarkers,
} from "../core/conflicts/conflict-marker-sweep.js";
import { FINE_RACY_MARGIN_MS } from "../core/store/file-stamp.js";
import { moreThreadsThan } from "../core/store/store-thread-count.js";

export interface SweepKeeperOptions {
  /**
   * A sweep that listed more entries than this no longer runs in the queue: one lstat each costs the server ~8 ms at
   * 1,000 threads, ~50 ms at 10,000. (A count, not a time: the first sweep of a store reads files too, and a busy machine
   * slows any.)
   */
  inQueueMaxListed: number;
  /** Off the queue, the sweep runs once writes have paused this long (a burst of writes sweeps once, after it). */
  offQueueDelayMs: number;
  /**
   * With a process to hand the rest to, a sweep in the queue reads at most this many files. The files this server wrote
   * are never read (it serialised them), so a sweep after its own write reads none; after a checkout it would read
   * MAX_FILES_READ, ~100-300 ms in the queue at 1,000 threads (#31).
   */
  inQueueMaxRead: number;
}

/**
 * Above this many threads a store is the background process's to sweep, never listed on the server's thread: after a
 * write (inQueueMaxListed) and at start-up (catchUpSweep). Each in-process step lists every thread folder (~65-165 ms
 * at 10,000 threads).
 */
export const IN_PROCESS_MAX_THREADS = 2_500;

const DEFAULTS: SweepKeeperOptions = { inQueueMaxListed: IN_PROCESS_MAX_THREADS, offQueueDelayMs: 1_000, inQueueMaxRead: 8 };

/**
 * One sweep on the server's thread, reading at most `maxRead` files when there is a `background` process to hand the
 * rest to (files written by others: after a checkout, every one), all it may (MAX_FILES_READ) when there is none. While
 * such a process sweeps the store (the start-up's catch-up, a hook's), nothing: sweeping beside it would read the files
 * twice, and its verdicts reach the next start. Returns the entries listed.
 */
function boundedSweep(storeDir: string, maxRead: number, background: ((storeDir: string) => void) | null): number {
  if (storeDirState(storeDir) !== "directory") return 0;
  if (background !== null && markerUnderWay(sweepMarkerPath(storeDir))) return 0;
  // With a process to hand the rest to, a store never judged here is handed over unread (see SweepWork.handOver).
  const work: SweepWork =
    background === null
      ? { listed: 0, read: 0, readBudget: MAX_FILES_READ }
      : { listed: 0, read: 0, readBudget: maxRead, handOver: true };
  threadFilesWithMarkers(storeDir, Date.now(), work);
  if (background !== null && filesLeftUnjudged(work)) background(storeDir);
  return work.listed;
}

/**
 * Returns what the server runs after each write (in the session's queue): a sweep of the store as a session start
 * would make it (the files this server wrote hold no markers: it serialised them; every other changed file is read, so
 * a teammate's or git's write is judged as the hook would judge it). A directory written less than its racy margin ago
 * cannot be trusted yet: on a file system with sub-second timestamps that is at most FINE_RACY_MARGIN_MS, waited in the
 * queue, then the sweep runs there too, so that a start right after the write finds the state current. Where that would
 * hold the next operation too long (a large store: more than inQueueMaxListed entries, counted before the first sweep
 * when there is a `background`, else listed by the last sweep), or on whole-second timestamps, the sweep runs later,
 * off the queue, once writes pause (a large store's by `background`, a process of its own, when there is one).
 * `settled` (the start cache's refresh) runs in the queue before the sweep: after the wait when there is one, so that
 * the files it reads are trusted by their stamps; at once otherwise, and at once when `closing` aborts (the client is
 * gone: the process exits once its queue is done, and the sweep left for a timer that does not hold it up). Never
 * throws for the sweep: the state is derived data, and a start sweeps whatever was left.
 */
export function conflictSweepKeeper(
  options: SweepKeeperOptions = DEFAULTS,
  background: ((storeDir: string) => void) | null = null,
): (storeDir: string, settled?: () => Promise<void>, closing?: AbortSignal) => Promise<void> {
  let lastListed = 0;
  let timer: NodeJS.Timeout | null = null;
  const sweep = (storeDir: string) => {
    const listed = boundedSweep(storeDir, options.inQueueMaxRead, background);
    // Nothing listed (every directory unchanged) says nothing of the store's size: the last count stays.
    if (listed > 0) lastListed = listed;
  };
  // One timer, never keeping the process up; a later write pushes it back.
  const later = (storeDir: string, ms: number) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      // Off the queue is not off the event loop: listing a large store there held a call for ~65–165 ms at 10,000
      // threads. With a process to hand it to, that process sweeps.
      if (background !== null && lastListed > options.inQueueMaxListed) background(storeDir);
      else sweep(storeDir);
    }, ms);
    timer.unref();
  };
  return async (storeDir, settled = () => Promise.resolve(), closing) => {
    if (storeDirState(storeDir) !== "directory") return settled();
    // The store's size before any sweep of this process: a large one is never listed in the queue, not even once.
    if (lastListed === 0 && background !== null && moreThreadsThan(storeDir, options.inQueueMaxListed))
      lastListed = options.inQueueMaxListed + 1;
    if (lastListed > options.inQueueMaxListed) {
      await settled();
      later(storeDir, Math.max(options.offQueueDelayMs, threadDirsSettleInMs(storeDir)));
      return;
    }
    // A timer may fire early by the time the loop spent before it was set: checked again after each wait.
    for (let wait = threadDirsSettleInMs(storeDir); wait > 0; wait = threadDirsSettleInMs(storeDir)) {
      // More than the fine margin (plus the millisecond threadDirsSettleInMs adds): whole-second timestamps.
      if (wait > FINE_RACY_MARGIN_MS + 1 || closing?.aborted) {
        await settled();
        later(storeDir, wait);
        return;
      }
      try {
        await sleep(wait, undefined, closing === undefined ? undefined : { signal: closing });
      } catch {
        // closing: checked again above
      }
    }
    await settled();
    if (timer !== null) clearTimeout(timer);
    timer = null;
    sweep(storeDir);
  };
}

/**
 * The server's catch-up after its start, once the client is idle. With a `background` process to hand it to: a store
 * of more than IN_PROCESS_MAX_THREADS goes to it at once (listing it costs ~65-165 ms at 10,000 threads), a
 * smaller one is swept here once, reading at most a few files (SweepKeeperOptions.inQueueMaxRead), and what is left
 * (after a checkout, every file) goes to it too: a sweep of MAX_FILES_READ files held the server's thread ~100-300 ms
 * at 1,000 threads on a busy 2-core machine, and a call that came during it waited for all of it (#31). Without a
 * process (the sources run, not the bundles), swept here in idle time until complete (sweepUntilComplete).
 */
export function catchUpSweep(
  storeDir: string,
  idle: () => boolean,
  closing: AbortSignal,
  background: ((storeDir: string) => void) | null,
): void {
  if (background === null) void sweepUntilComplete(storeDir, idle, closing);
  else if (moreThreadsThan(storeDir, IN_PROCESS_MAX_THREADS)) background(storeDir);
  else
    void whenIdle(idle, closing).then((go) => {
      if (go) boundedSweep(storeDir, DEFAULTS.inQueueMaxRead, background);
    });
}

/** Resolves true once `idle()` says so (looked at every `pauseMs`), false if `closing` aborts first. */
async function whenIdle(idle: () => boolean, closing: AbortSignal | undefined, pauseMs = 50): Promise<boolean> {
  while (closing?.aborted !== true) {
    if (idle()) return true;
    await new Promise<void>((resolve) => setTimeout(resolve, pauseMs).unref());
  }
  return false;
}

/**
 * After a checkout that changed every thread file's stamp, a session start reads at most MAX_FILES_READ of them (at
 * 10,000 threads, 50 starts before the saved sweep is complete). The server, started with each session, completes it
 * in its idle time instead: one bounded sweep at a time, each only while `idle()` says the client is asking nothing,
 * until a sweep reads fewer files than the bound (or `closing` aborts). Resolves with the number of sweeps run. Derived
 * data: never throws.
 */
export async function sweepUntilComplete(
  storeDir: string,
  idle: () => boolean,
  closing?: AbortSignal,
  pauseMs = 50,
  maxSweeps = 100,
): Promise<number> {
  let sweeps = 0;
  // Bounded: files written within their racy margin are read again by each sweep until they settle.
  while (sweeps < maxSweeps) {
    if (storeDirState(storeDir) !== "directory" || !(await whenIdle(idle, closing, pauseMs))) return sweeps;
    const work: SweepWork = { listed: 0, read: 0 };
    threadFilesWithMarkers(storeDir, Date.now(), work);
    sweeps += 1;
    if ((work.read ?? 0) < MAX_FILES_READ) return sweeps;
    // Lets calls in between (each sweep holds the loop for its listing and its reads).
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return sweeps;
}
