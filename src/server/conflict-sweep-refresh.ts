// After a write, the MCP server brings the conflict-marker sweep (.threadmind/cache/conflict-sweep.json) up to date once the threads directories it wrote settled, so that the next session start lists no directory.
import { storeDirState } from "../core/workspace.js";
import { threadDirsSettleInMs, threadFilesWithMarkers } from "../core/store/conflict-marker-sweep.js";
import { FINE_RACY_MARGIN_MS } from "../core/store/file-stamp.js";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sweeps the store as a session start would (the files this server wrote hold no markers: it serialised them; every
 * other changed file is read, so a teammate's or git's write is judged as the hook would judge it). A directory written
 * less than its racy margin ago cannot be trusted yet: on a file system with sub-second timestamps that is at most
 * FINE_RACY_MARGIN_MS, waited here (the caller's queue holds the next operation that long at most); on one with whole
 * seconds the sweep runs later, off the queue (`later`). Never throws: the state is derived data, and a start sweeps
 * whatever was left.
 */
export async function refreshConflictSweep(storeDir: string, later: (run: () => void, ms: number) => void): Promise<void> {
  if (storeDirState(storeDir) !== "directory") return;
  // A timer may fire early by the time the loop spent before it was set: checked again after each wait.
  for (let wait = threadDirsSettleInMs(storeDir); wait > 0; wait = threadDirsSettleInMs(storeDir)) {
    // More than the fine margin (plus the millisecond threadDirsSettleInMs adds): whole-second timestamps, swept later.
    if (wait > FINE_RACY_MARGIN_MS + 1) {
      later(() => {
        if (storeDirState(storeDir) === "directory") threadFilesWithMarkers(storeDir);
      }, wait);
      return;
    }
    await sleep(wait);
  }
  threadFilesWithMarkers(storeDir);
}
