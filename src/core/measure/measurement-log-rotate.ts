// Rotation of measurements.jsonl (current → previous), run under the store lock: apart from measurement-log.ts so that
// the hook entry, which only appends, does not load the lock's code (node:crypto, node:os, node:async_hooks) at start.
import { linkSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { errnoCode } from "../error-details.js";
import { atomicTempPath } from "../store/atomic-write.js";
import { lockFence } from "../store/lock.js";
import { LOG_ROTATE_BYTES, measurementLogPath, openLog, previousMeasurementLogPath } from "./measurement-log.js";

/** The points of a fenced rotation where a test can pause it (as Ctrl-Z or a suspended laptop would). */
export type RotationStep = "checked" | "linked" | "kept";

/**
 * Current → previous when the current log is past LOG_ROTATE_BYTES. Call inside the store lock. Returns whether it rotated.
 * Fenced like every write under the lock: every step that changes a name goes through the holder's fence directory,
 * which a reclaimer removes before anyone else can take the lock, so a rotator paused past the stale limit at any point
 * finds its next step refused (the catalogue's lockLost) and never moves a newer log over the one another rotation kept:
 * 1. link current into the fence directory; 2. rename that link over previous (the two names now share one file, which
 * readers read once); 3. move the current name into the fence directory, then drop it there. Appends that land between
 * the steps go to the same file, so none is lost.
 */
export function rotateMeasurementLogIfFull(storeDir: string, pause?: (step: RotationStep) => void): boolean {
  const path = measurementLogPath(storeDir);
  const size = openLog(path, (_fd, bytes) => bytes);
  if (size === null || size <= LOG_ROTATE_BYTES) return false;
  const fence = lockFence(join(storeDir, ".lock"));
  if (fence === null) {
    renameSync(path, previousMeasurementLogPath(storeDir));
    return true;
  }
  fence.check();
  pause?.("checked");
  const linked = atomicTempPath(path, fence.tempDir);
  if (!fencedStep(fence.check, () => linkSync(path, linked))) return false;
  pause?.("linked");
  fencedStep(fence.check, () => renameSync(linked, previousMeasurementLogPath(storeDir)));
  pause?.("kept");
  const grave = atomicTempPath(path, fence.tempDir);
  if (fencedStep(fence.check, () => renameSync(path, grave))) rmSync(grave, { force: true });
  return true;
}

/** Runs one step; ENOENT means our fence directory is gone (the check then throws lockLost) or the source was. */
function fencedStep(check: () => void, step: () => void): boolean {
  try {
    step();
    return true;
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    check();
    return false;
  }
}
