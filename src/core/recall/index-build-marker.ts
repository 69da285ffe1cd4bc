// The marker of a background build of point-of-action recall's path index (.threadmind/cache/recall/build.pid): the
// builder's pid, so that one build runs at a time (background-marker.ts).
import { join } from "node:path";
import { finishMarker, markerUnderWay } from "../store/background-marker.js";
import { recallCacheDir } from "./path-index-files.js";

export function buildMarkerPath(storeDir: string): string {
  return join(recallCacheDir(storeDir), "build.pid");
}

/** True when a live builder holds the marker (and it is not too old). */
export function buildUnderWay(storeDir: string): boolean {
  return markerUnderWay(buildMarkerPath(storeDir));
}

/** Removes the marker when it names this process (the build it stood for is over). */
export function finishBackgroundBuild(storeDir: string): void {
  finishMarker(buildMarkerPath(storeDir));
}
