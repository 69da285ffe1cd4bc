// Watches one threads directory (fs.watch, not persistent) so that a warm index knows, without a stat per file, whether anything changed.
import { watch, type FSWatcher } from "node:fs";
import { messageOf } from "../error-details.js";

/**
 * `changed` is set by any event in the directory (a file created, renamed, deleted or written in place) and by a
 * watcher error; whoever sweeps the directory clears it first. When watching is impossible (`start` returns false),
 * the caller must sweep on every check.
 */
export class DirectoryWatch {
  changed = true;
  private watcher: FSWatcher | null = null;
  private watchedDir: string | null = null;
  /** Why the last start failed (reported by the caller), null when watching works. */
  failure: string | null = null;

  get active(): boolean {
    return this.watcher !== null;
  }

  /** Starts watching `dir` (again, if it was another directory or the watcher died); false when the platform refuses. */
  start(dir: string): boolean {
    if (this.watcher && this.watchedDir === dir) return true;
    this.close();
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: false }, () => {
        this.changed = true;
      });
    } catch (e) {
      // No watcher here (inotify limit, unsupported filesystem): still correct, but every check sweeps.
      this.failure = messageOf(e);
      return false;
    }
    this.failure = null;
    watcher.on("error", () => {
      this.close();
      this.changed = true;
    });
    this.watcher = watcher;
    this.watchedDir = dir;
    this.changed = true;
    return true;
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
    this.watchedDir = null;
    this.changed = true;
  }
}
