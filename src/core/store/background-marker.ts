// The pid marker of a ThreadMind command the hooks start in the background (recall's index build, the conflict-marker
// sweep's catch-up): the process's pid, so that one runs at a time; replaced when that process is gone or the marker is old.
import { lstatSync, rmSync } from "node:fs";
import { isProcessAlive } from "./process-alive.js";
import { readRegularFile } from "./regular-file.js";

/** A marker older than this is a process that hung or was killed: replaced. */
const MARKER_MAX_AGE_MS = 120_000;

function markerPid(marker: string): number | null {
  const bytes = readRegularFile(marker, 64);
  if (bytes === null) return null;
  const pid = Number(bytes.toString("utf8").trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** True when a live process holds the marker (and it is not too old). */
export function markerUnderWay(marker: string): boolean {
  try {
    const pid = markerPid(marker);
    return pid !== null && Date.now() - lstatSync(marker).mtimeMs < MARKER_MAX_AGE_MS && isProcessAlive(pid);
  } catch {
    return false;
  }
}

/** Removes the marker when it names this process (the work it stood for is over). */
export function finishMarker(marker: string): void {
  if (markerPid(marker) === process.pid) rmSync(marker, { force: true });
}
