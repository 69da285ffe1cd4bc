// Removes temp files that interrupted atomic writes left in `.threadmind/` (their writer died before the rename).
import { lstatSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isAtomicTempFile } from "./atomic-write.js";
import { isProcessAlive } from "./process-alive.js";

/** The writer's pid in a temp name `.<name>.<pid>.<12 hex>.tmp` (atomic writes and lock files alike). */
const TEMP_PID = /\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/**
 * Deletes, under `storeDir` (directories only, links never followed), every atomic-write temp file whose writer process
 * is dead; returns their paths. Assumes, like the lock, that the store's writers run on this host. Call it holding the
 * store lock: a dead writer's temp file is then never renamed by anyone.
 */
export function sweepDeadTempFiles(storeDir: string): string[] {
  const removed: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      if (!entry.isFile() || !isAtomicTempFile(entry.name)) continue;
      const pid = Number(TEMP_PID.exec(entry.name)?.[1]);
      if (pid === process.pid || isProcessAlive(pid)) continue;
      rmSync(path, { force: true });
      removed.push(path);
    }
  };
  if (lstatSync(storeDir, { throwIfNoEntry: false })?.isDirectory()) walk(storeDir);
  return removed;
}
