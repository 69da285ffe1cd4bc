// Writes under the store lock that cannot land once the lock is lost: temp files in the holder's fence directory.
import { renameSync, rmSync } from "node:fs";
import { AtomicWriteError, atomicTempPath, writeFileAtomicSync } from "./atomic-write.js";
import { lockFence } from "./lock.js";
import { errnoCode } from "../error-details.js";

/**
 * Replaces `path` atomically. Holding the lock at `lockPath` (this async context), the write is fenced: refused with
 * the catalogue's lockLost error when the lock was taken from us. Not holding it, it is a plain atomic write.
 */
export function writeFenced(lockPath: string, path: string, data: string | Uint8Array): void {
  const fence = lockFence(lockPath);
  if (fence === null) {
    writeFileAtomicSync(path, data);
    return;
  }
  try {
    writeFileAtomicSync(path, data, fence);
  } catch (e) {
    // The fence directory vanished under us (ENOENT): that is the lock being reclaimed; the check says so.
    if (e instanceof AtomicWriteError && e.code === "ENOENT") fence.check();
    throw e;
  }
}

/** Removes `path` (absent is fine); holding the lock, it is first moved into the fence directory, which fails once the lock is lost. */
export function removeFenced(lockPath: string, path: string): void {
  const fence = lockFence(lockPath);
  if (fence === null) {
    rmSync(path, { force: true });
    return;
  }
  fence.check();
  const grave = atomicTempPath(path, fence.tempDir);
  try {
    renameSync(path, grave);
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    fence.check(); // our fence directory is gone: the lock was taken from us
    return; // the file itself was already absent
  }
  rmSync(grave, { force: true });
}
