// Rotation of measurements.jsonl (current → previous), run under the store lock: apart from measurement-log.ts so that
// the hook entry, which only appends, does not load the lock's code (node:crypto, node:os, node:async_hooks) at start.
import { renameSync } from "node:fs";
import { join } from "node:path";
import { lockFence } from "../store/lock.js";
import { LOG_ROTATE_BYTES, measurementLogPath, openLog, previousMeasurementLogPath } from "./measurement-log.js";

/** Current → previous when the current log is past LOG_ROTATE_BYTES. Call inside the store lock. Returns whether it rotated. */
export function rotateMeasurementLogIfFull(storeDir: string): boolean {
  const path = measurementLogPath(storeDir);
  const size = openLog(path, (_fd, bytes) => bytes);
  if (size === null || size <= LOG_ROTATE_BYTES) return false;
  // Fenced like every write under the lock: a rotator that lost the lock (paused past the stale limit) must not move
  // a newer log over the previous one that another rotation just made.
  lockFence(join(storeDir, ".lock"))?.check();
  renameSync(path, previousMeasurementLogPath(storeDir));
  return true;
}
