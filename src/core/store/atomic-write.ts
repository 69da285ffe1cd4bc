// Crash-safe file replacement: write a temp file beside the target, fsync it, rename it over the target, fsync the directory.
// node:fs's `promises` (read at the call, not imported from node:fs/promises) and no node:crypto: the hooks bundle this
// module, and loading either at start-up costs every hook 1–3 ms whether it writes or not.
import { closeSync, fsyncSync, openSync, promises as fsp, renameSync, unlinkSync, writeFileSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { errnoCode, messageOf } from "../error-details.js";

/** `.<basename>.<pid>.<12 hex>.tmp`: the only names this module ever creates besides its targets. */
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/** True for a temp file left by an interrupted atomic write (a bare file name, or a path whose last segment is one). */
export function isAtomicTempFile(name: string): boolean {
  return TEMP_NAME.test(basename(name));
}

/** The writer's pid in an atomic-write temp name (a bare file name, or a path whose last segment is one); null for any other name. */
export function atomicTempWriterPid(name: string): number | null {
  const pid = TEMP_NAME.exec(basename(name))?.[1];
  return pid === undefined ? null : Number(pid);
}

/** 12 hex digits from Math.random: a temp name needs to be unique, not secret (it is created with O_EXCL, so a name taken, or a link planted there, fails the write instead of being followed). */
function tempSuffix(): string {
  const high = Math.floor(Math.random() * 0x1000000);
  const low = Math.floor(Math.random() * 0x1000000);
  return `${high.toString(16).padStart(6, "0")}${low.toString(16).padStart(6, "0")}`;
}

/** A fresh temp path in the same directory as `target` (same filesystem, so the final rename is atomic), or in `dir`. */
export function atomicTempPath(target: string, dir = dirname(target)): string {
  return join(dir, `.${basename(target)}.${process.pid}.${tempSuffix()}.tmp`);
}

/** How a write under a lock is fenced (see lockFence in lock.ts). */
export interface AtomicWriteFence {
  /** Where the temp file goes (same filesystem as the target); removed when the lock is lost, so the rename fails. */
  tempDir: string;
  /** Runs right before the rename; throws to give up (its error is thrown as it is, after the temp file is removed). */
  check: () => void;
}

/** Wraps an error thrown by the fence's check, so that it is passed through unchanged. */
class FenceRefusal {
  constructor(readonly error: unknown) {}
}

/**
 * An atomic write that failed; `path` is the target, `code` the underlying errno code when there is one.
 * The temp file has been removed, unless removing it failed too: then the message says so and names it.
 */
export class AtomicWriteError extends Error {
  readonly code: string | undefined;
  constructor(
    readonly path: string,
    cause: unknown,
    tempPath: string,
    cleanupError: unknown,
  ) {
    const leftover =
      cleanupError === undefined ? "" : `; the temp file ${tempPath} could not be removed either: ${messageOf(cleanupError)}`;
    super(`Atomic write of ${path} failed: ${messageOf(cause)}${leftover}`, { cause });
    this.name = "AtomicWriteError";
    this.code = errnoCode(cause);
  }
}

/**
 * `durable: false` for derived data that every reader checks (a cache): replaced whole or not at all as above, but not
 * fsynced, so a crash may leave the old file, an empty one or none, never half of the new one past a check. The fsyncs
 * cost the writer and, through the journal, whatever starts next on the machine (a hook right after the server's write).
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  { durable = true }: { durable?: boolean } = {},
): Promise<void> {
  const temp = atomicTempPath(path);
  let tempExists = false;
  try {
    const handle = await fsp.open(temp, "wx");
    tempExists = true;
    try {
      await handle.writeFile(data);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, path);
    tempExists = false;
    if (durable) await fsyncDirectory(dirname(path));
  } catch (error) {
    let cleanupError: unknown;
    if (tempExists) await fsp.unlink(temp).catch((e: unknown) => (cleanupError = missingIsFine(e)));
    throw new AtomicWriteError(path, error, temp, cleanupError);
  }
}

/** writeFileAtomic, synchronous, fenced when a fence is given; `durable: false` as there (derived data: no fsync). */
export function writeFileAtomicSync(
  path: string,
  data: string | Uint8Array,
  fence?: AtomicWriteFence,
  { durable = true }: { durable?: boolean } = {},
): void {
  const temp = atomicTempPath(path, fence?.tempDir);
  let tempExists = false;
  try {
    const fd = openSync(temp, "wx");
    tempExists = true;
    try {
      writeFileSync(fd, data);
      if (durable) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (fence) {
      try {
        fence.check();
      } catch (refusal) {
        throw new FenceRefusal(refusal);
      }
    }
    renameSync(temp, path);
    tempExists = false;
    if (durable) fsyncDirectorySync(dirname(path));
  } catch (caught) {
    const error = caught instanceof FenceRefusal ? caught.error : caught;
    let cleanupError: unknown;
    if (tempExists) {
      try {
        unlinkSync(temp);
      } catch (e) {
        cleanupError = missingIsFine(e);
      }
    }
    if (caught instanceof FenceRefusal && cleanupError === undefined) throw error;
    throw new AtomicWriteError(path, error, temp, cleanupError);
  }
}

/**
 * Makes a rename durable. Some platforms (Windows, some network filesystems) refuse to open or fsync a directory;
 * those specific refusals are expected there and carry no information, every other error is real.
 */
async function fsyncDirectory(dir: string): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await fsp.open(dir, "r");
  } catch (error) {
    if (isDirectorySyncRefusal(error)) return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    if (!isDirectorySyncRefusal(error)) throw error;
  } finally {
    await handle.close();
  }
}

function fsyncDirectorySync(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, "r");
  } catch (error) {
    if (isDirectorySyncRefusal(error)) return;
    throw error;
  }
  try {
    fsyncSync(fd);
  } catch (error) {
    if (!isDirectorySyncRefusal(error)) throw error;
  } finally {
    closeSync(fd);
  }
}

function isDirectorySyncRefusal(error: unknown): boolean {
  const code = errnoCode(error);
  if (code === "EISDIR" || code === "EINVAL" || code === "ENOTSUP" || code === "EOPNOTSUPP") return true;
  return process.platform === "win32" && code === "EPERM";
}

/** A temp file that is already gone is what cleanup wants; any other removal error is reported (returned). */
function missingIsFine(error: unknown): unknown {
  return errnoCode(error) === "ENOENT" ? undefined : error;
}
