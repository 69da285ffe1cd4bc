// The marker of a background build of point-of-action recall's path index (.threadmind/cache/recall/build.pid): the
// builder's pid, so that one build runs at a time; replaced when that process is gone or the marker is old.
import { lstatSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isProcessAlive } from "../store/process-alive.js";
import { readRegularFile } from "../store/regular-file.js";
import { recallCacheDir } from "./path-index-files.js";

/** A marker older than this is a builder that hung or was killed: replaced. */
const MARKER_MAX_AGE_MS = 120_000;

export function buildMarkerPath(storeDir: string): string {
  return join(recallCacheDir(storeDir), "build.pid");
}

function markerPid(marker: string): number | null {
  const bytes = readRegularFile(marker, 64);
  if (bytes === null) return null;
  const pid = Number(bytes.toString("utf8").trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** True when a live builder holds the marker (and it is not too old). */
export function buildUnderWay(storeDir: string): boolean {
  const marker = buildMarkerPath(storeDir);
  try {
    const pid = markerPid(marker);
    return pid !== null && Date.now() - lstatSync(marker).mtimeMs < MARKER_MAX_AGE_MS && isProcessAlive(pid);
  } catch {
    return false;
  }
}

/** Removes the marker when it names this process (the build it stood for is over). */
export function finishBackgroundBuild(storeDir: string): void {
  const marker = buildMarkerPath(storeDir);
  if (markerPid(marker) === process.pid) rmSync(marker, { force: true });
}
