// Removes temp files that interrupted atomic writes left in `.threadmind/` (their writer died before the rename).
import { lstatSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { atomicTempWriterPid } from "./atomic-write.js";
import { isProcessAlive } from "./process-alive.js";

/** The deepest directories the store's layout has, below the store directory: cache/context/<project>/. */
export const TEMP_SWEEP_MAX_DEPTH = 3;

/**
 * Deletes, under `storeDir` (directories only, links never followed, at most TEMP_SWEEP_MAX_DEPTH levels down: deeper
 * directories are none of ThreadMind's), every atomic-write temp file whose writer process is dead; returns their paths. Assumes, like the lock, that the store's writers run on this host. Call it holding the
 * store lock: a dead writer's temp file is then never renamed by anyone.
 */
export function sweepDeadTempFiles(storeDir: string): string[] {
  const removed: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < TEMP_SWEEP_MAX_DEPTH) walk(path, depth + 1);
        continue;
      }
      // Temp names `.<name>.<pid>.<12 hex>.tmp` (atomic writes and lock files alike) carry their writer's pid.
      const pid = entry.isFile() ? atomicTempWriterPid(entry.name) : null;
      if (pid === null || pid === process.pid || isProcessAlive(pid)) continue;
      rmSync(path, { force: true });
      removed.push(path);
    }
  };
  if (lstatSync(storeDir, { throwIfNoEntry: false })?.isDirectory()) walk(storeDir, 0);
  return removed;
}
