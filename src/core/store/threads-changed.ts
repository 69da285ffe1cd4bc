// The store's "threads changed" signal: .threadmind/cache/threads-changed, replaced (a new file, by a rename) after every
// write of a thread by ThreadMind, so that a reader learns that some thread changed from one stat instead of a walk of
// every thread folder (point-of-action recall's fast check, path-index-stamp.ts). Local and derived: never committed.
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { assertNoLinksBelow } from "./read-strict.js";
import { makeDir } from "./make-dir.js";
import { atomicTempPath } from "./atomic-write.js";

export function threadsChangedPath(storeDir: string): string {
  return join(storeDir, "cache", "threads-changed");
}

/**
 * Replaces the signal file (not fsynced: a crash that loses it loses nothing, as every reader's check also compares what
 * it covers otherwise). Called after the thread files changed, never before: a reader that sees the new signal sees the
 * new files. When it cannot be written, the old signal is removed (an absent signal differs from every signal a reader
 * recorded, unless it never existed: then the cache/ beside it could not hold an index either), and the error is thrown
 * only when that fails too (the write itself already landed).
 */
export function noteThreadsChanged(storeDir: string): void {
  const path = threadsChangedPath(storeDir);
  const temp = atomicTempPath(path);
  try {
    assertNoLinksBelow(storeDir, path);
    makeDir(join(storeDir, "cache"));
    const fd = openSync(temp, "wx", 0o644);
    try {
      writeSync(fd, `${process.pid} ${Date.now()}\n`);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // a temp-named leftover: swept like any other (temp-sweep.ts)
    }
    try {
      rmSync(path, { force: true });
    } catch {
      throw error;
    }
  }
}
