// Removes temp files that interrupted atomic writes left in `.threadmind/` (their writer died before the rename).
import { lstatSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { atomicTempWriterPid } from "./atomic-write.js";
import { isProcessAlive } from "./process-alive.js";

/** The deepest directories the store's layout has, below the store directory: cache/context/<project>/. */
export const TEMP_SWEEP_MAX_DEPTH = 3;

const DOT = 0x2e;

/**
 * Deletes, under `storeDir` (directories only, links never followed, at most TEMP_SWEEP_MAX_DEPTH levels down: deeper
 * directories are none of ThreadMind's), every atomic-write temp file whose writer process is dead; returns their paths. Assumes, like the lock, that the store's writers run on this host. Call it holding the
 * store lock: a dead writer's temp file is then never renamed by anyone.
 */
export function sweepDeadTempFiles(storeDir: string): string[] {
  const removed: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const name = entry.name;
      if (entry.isDirectory()) {
        if (depth < TEMP_SWEEP_MAX_DEPTH) walk(join(dir, name), depth + 1);
        continue;
      }
      // Temp names `.<name>.<pid>.<12 hex>.tmp` (atomic writes and lock files alike) carry their writer's pid. The
      // first test keeps the pattern and the path for the few names that can be one (at 1,000 thread files, the walk
      // of a cold process takes ~1 ms instead of ~7: it runs in a server's first write).
      if (name.charCodeAt(0) !== DOT || !name.endsWith(".tmp") || !entry.isFile()) continue;
      const pid = atomicTempWriterPid(name);
      if (pid === null || pid === process.pid || isProcessAlive(pid)) continue;
      const path = join(dir, name);
      rmSync(path, { force: true });
      removed.push(path);
    }
  };
  if (lstatSync(storeDir, { throwIfNoEntry: false })?.isDirectory()) walk(storeDir, 0);
  return removed;
}
