// Removes temp files that interrupted atomic writes left in `.threadmind/` (their writer died before the rename).
import { type Dirent, lstatSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { atomicTempWriterPid } from "./atomic-write.js";
import { isProcessAlive } from "./process-alive.js";

/** The deepest directories the store's layout has, below the store directory: cache/context/<project>/. */
export const TEMP_SWEEP_MAX_DEPTH = 3;

const DOT = 0x2e;

/**
 * Deletes, under `storeDir` (directories only, links never followed, at most TEMP_SWEEP_MAX_DEPTH levels down: deeper
 * directories are none of ThreadMind's), every atomic-write temp file whose writer process is dead; returns their paths.
 * Thread folders (threads/<project>/<id>/) are left to the writes into them (sweepThreadFolder): listing each of a
 * large store's folders cost a server's first write ~35 ms at 1,000 threads. Assumes, like the lock, that the store's
 * writers run on this host. Call it holding the store lock: a dead writer's temp file is then never renamed by anyone.
 */
export function sweepDeadTempFiles(storeDir: string): string[] {
  // A folder at depth d (its path's names below the store: d of them) is entered up to the deepest, but no thread folder.
  return sweepTree(storeDir, (names) => names.length <= TEMP_SWEEP_MAX_DEPTH && !(names[0] === "threads" && names.length === 3));
}

/**
 * The same for one thread folder and its own folders (sections, member sets), which a write is about to change: their
 * temp files are swept as the folder is written, never by a walk of every folder. Call it holding the store lock.
 */
export function sweepThreadFolder(folder: string): string[] {
  return sweepTree(folder, (names) => names.length === 1);
}

/**
 * Deletes every dead writer's temp file in `root` and the folders below it that `enter` accepts (given their names
 * below `root`); links are never followed. Returns their paths; nothing when `root` is not a directory.
 */
function sweepTree(root: string, enter: (names: readonly string[]) => boolean): string[] {
  const removed: string[] = [];
  const walk = (dir: string, names: readonly string[]): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const below = [...names, entry.name];
        if (enter(below)) walk(join(dir, entry.name), below);
        continue;
      }
      const path = deadTempFile(dir, entry);
      if (path === null) continue;
      rmSync(path, { force: true });
      removed.push(path);
    }
  };
  if (lstatSync(root, { throwIfNoEntry: false })?.isDirectory()) walk(root, []);
  return removed;
}

/** The path of `entry` (in `dir`) when it is an atomic write's temp file whose writer is dead; else null. */
function deadTempFile(dir: string, entry: Dirent): string | null {
  const name = entry.name;
  // Temp names `.<name>.<pid>.<12 hex>.tmp` (atomic writes and lock files alike) carry their writer's pid. The first
  // test keeps the pattern and the path for the few names that can be one (at 1,000 thread files, the walk of a cold
  // process takes ~1 ms instead of ~7: it runs in a server's first write).
  if (name.charCodeAt(0) !== DOT || !name.endsWith(".tmp") || !entry.isFile()) return null;
  const pid = atomicTempWriterPid(name);
  if (pid === null || pid === process.pid || isProcessAlive(pid)) return null;
  return join(dir, name);
}
