// A thread folder's "write under way" marker. A format-2 write changes several files one rename at a time, and readers
// take no lock (hooks): a read that overlaps a write could mix the old and the new items. The writer puts a marker in
// the folder before its first change and removes it after its last; a reader that saw a live writer's marker, or a file
// change, around its read reads again (bounded: past the bound the last read is used). The marker is named like an
// atomic-write temp file, so readers skip it, git ignores it and the next writer sweeps one left by a killed process.
import { randomBytes } from "node:crypto";
import { readdirSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isProcessAlive } from "./process-alive.js";

const MARKER = /^\.writing\.(\d+)\.[0-9a-f]{12}\.tmp$/;
/** How long a reader waits for a folder's writer in all: a write takes milliseconds; a paused writer must not hang hooks. */
export const FOLDER_READ_WAIT_MS = 500;
const RETRY_PAUSE_MS = 2;

/** Puts the marker in `folder` (which exists); returns the function that removes it. */
export function markFolderWrite(folder: string): () => void {
  const path = join(folder, `.writing.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  writeFileSync(path, "");
  return () => {
    try {
      unlinkSync(path);
    } catch {
      // Gone already (a reclaimer's sweep): nothing to remove.
    }
  };
}

/** True while another live process is writing the folder. */
export function folderWriteUnderWay(folder: string): boolean {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return false;
  }
  for (const name of names) {
    const pid = MARKER.exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && isProcessAlive(Number(pid))) return true;
  }
  return false;
}

const pause = new Int32Array(new SharedArrayBuffer(4));
/**
 * Runs `read` until it overlapped no write of the folder: no live marker before or after it, and `unchanged(result)`
 * (its files' stamps still those it read) true. An error thrown by a read that overlapped a write is retried too.
 */
export function readFolderConsistently<T>(folder: string, read: () => T, unchanged: (result: T) => boolean): T {
  const deadline = Date.now() + FOLDER_READ_WAIT_MS;
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
    Atomics.wait(pause, 0, 0, RETRY_PAUSE_MS);
  }
}
