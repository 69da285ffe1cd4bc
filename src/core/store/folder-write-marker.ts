// A thread folder's "write under way" marker. A format-2 write changes several files one rename at a time, and readers
// take no lock (hooks): a read that overlaps a write could mix the old and the new items. The writer puts a marker in
// the folder before its first change and removes it after its last; a reader that saw a live writer's marker, or a file
// change, around its read reads again (bounded: past the bound the last read is used). A reader that had to read again
// puts a marker of its own, and a writer waits (bounded) while a live reader's marker is there before it starts, so that
// writers one after another (several servers, each taking the lock in turn) cannot keep a reader from ever reading a
// whole folder. Both markers are named like atomic-write temp files, so readers skip them, git ignores them and the
// next write into the folder sweeps one left by a killed process (a dead process's marker asks nobody to wait).
import { readdirSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isProcessAlive } from "./process-alive.js";

const MARKER = /^\.writing\.(\d+)\.[0-9a-f]{12}\.tmp$/;
const READER_MARKER = /^\.reading\.(\d+)\.[0-9a-f]{12}\.tmp$/;
/** How long a reader waits for a folder's writer in all: a write takes milliseconds; a paused writer must not hang hooks. */
export const FOLDER_READ_WAIT_MS = 500;
/**
 * How long a writer waits in all for readers that asked for a pause: a read takes milliseconds, and a paused reader must
 * not hold writes for ever; but longer than a reader's own wait (FOLDER_READ_WAIT_MS), so that a reader that marked the
 * folder is not overtaken by the next writer while its process waits for a core (200 ms was: on a loaded 2-core CI
 * machine a hook's context held a State section of two generations).
 */
export const WRITER_YIELD_MS = 1_000;
const RETRY_PAUSE_MS = 2;

/** 12 hex digits for a marker's name (no node:crypto: readers run in hooks; the pid keeps names apart between processes). */
function markerSuffix(): string {
  return Math.floor(Math.random() * 0x1000000000000)
    .toString(16)
    .padStart(12, "0");
}

/** Creates an empty marker file; returns the function that removes it. Throws when it cannot be created. */
function placeMarker(folder: string, kind: "writing" | "reading"): () => void {
  const path = join(folder, `.${kind}.${process.pid}.${markerSuffix()}.tmp`);
  writeFileSync(path, "", { flag: "wx" });
  return () => {
    try {
      unlinkSync(path);
    } catch {
      // Gone already (a reclaimer's sweep): nothing to remove.
    }
  };
}

/**
 * Puts the marker in `folder` (which exists), once no live reader's marker asks for a pause (at most WRITER_YIELD_MS);
 * returns the function that removes it.
 */
export function markFolderWrite(folder: string): () => void {
  const deadline = Date.now() + WRITER_YIELD_MS;
  while (liveMarker(folder, READER_MARKER) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 1);
  return placeMarker(folder, "writing");
}

/** True while another live process holds a marker of this kind in the folder. */
function liveMarker(folder: string, kind: RegExp): boolean {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return false;
  }
  for (const name of names) {
    const pid = kind.exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && isProcessAlive(Number(pid))) return true;
  }
  return false;
}

/** True while another live process is writing the folder. */
export function folderWriteUnderWay(folder: string): boolean {
  return liveMarker(folder, MARKER);
}

const pause = new Int32Array(new SharedArrayBuffer(4));
/**
 * Runs `read` until it overlapped no write of the folder: no live marker before or after it, and `unchanged(result)`
 * (its files' stamps still those it read) true. An error thrown by a read that overlapped a write is retried too.
 */
export function readFolderConsistently<T>(folder: string, read: () => T, unchanged: (result: T) => boolean): T {
  const deadline = Date.now() + FOLDER_READ_WAIT_MS;
  /** Removes this reader's marker: set once a read had to be made again. */
  let unmark: (() => void) | null = null;
  try {
    for (;;) {
      const busyBefore = folderWriteUnderWay(folder);
      let result: { ok: true; value: T } | { ok: false; error: unknown };
      try {
        result = { ok: true, value: read() };
      } catch (error) {
        result = { ok: false, error };
      }
      const consistent = !busyBefore && !folderWriteUnderWay(folder) && (!result.ok || unchanged(result.value));
      if (consistent || Date.now() >= deadline) {
        if (result.ok) return result.value;
        throw result.error;
      }
      // Writers starting from now wait for this read (see markFolderWrite); the one under way finishes first.
      if (unmark === null) {
        try {
          unmark = placeMarker(folder, "reading");
        } catch {
          unmark = () => {}; // a folder this process cannot write to (a read-only checkout): read as before
        }
      }
      Atomics.wait(pause, 0, 0, RETRY_PAUSE_MS);
    }
  } finally {
    unmark?.();
  }
}
