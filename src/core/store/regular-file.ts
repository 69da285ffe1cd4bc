// Opening files of the store (and git's) safely: never through a link, never blocking on a FIFO, regular files only (a search's hint read, readFirstBytesInto, reads what a listing said is one).
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { errors } from "../errors.js";
import { errnoCode } from "../error-details.js";

/** What a non-regular file is, for the error ("a FIFO (named pipe)", "a directory", ...). */
export function fileKind(stat: Stats): string {
  if (stat.isFIFO()) return "a FIFO (named pipe)";
  if (stat.isDirectory()) return "a directory";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isSocket()) return "a socket";
  if (stat.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

/**
 * Opens `path` with `flags` plus O_NONBLOCK (a FIFO then never blocks the open) and O_NOFOLLOW (a link is refused),
 * then checks with fstat that what was opened is a regular file. Returns the descriptor and its stat; null when the
 * file does not exist. Anything else (a FIFO, a device, a directory, a link) throws the catalogue's notRegularFile.
 */
export function openRegularFile(
  path: string,
  flags: number,
  mode?: number,
  followLinks = false,
): { fd: number; stat: Stats } | null {
  const fd = openUnblocked(path, flags, mode, followLinks);
  if (fd === null) return null;
  let stat: Stats;
  try {
    stat = fstatSync(fd);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  if (!stat.isFile()) {
    closeSync(fd);
    throw errors.notRegularFile(path, fileKind(stat));
  }
  return { fd, stat };
}

/**
 * Opens `path` with `flags` plus O_NONBLOCK and O_NOFOLLOW (unless `followLinks`), kind unchecked: the descriptor, null
 * when the file does not exist; a link, a directory, or a FIFO or socket that cannot be opened throw the catalogue's notRegularFile.
 */
function openUnblocked(path: string, flags: number, mode?: number, followLinks = false): number | null {
  try {
    return openSync(path, flags | constants.O_NONBLOCK | (followLinks ? 0 : constants.O_NOFOLLOW), mode);
  } catch (e) {
    const code = errnoCode(e);
    if (code === "ENOENT") return null;
    if (code === "ELOOP") throw errors.notRegularFile(path, "a symbolic link");
    if (code === "EISDIR") throw errors.notRegularFile(path, "a directory");
    if (code === "ENXIO") throw errors.notRegularFile(path, "a FIFO (named pipe) or socket"); // write-only open of a FIFO with no reader
    throw e;
  }
}

/**
 * At most `maxBytes + 1` bytes of a regular file (one more than allowed tells the caller it is too large); null if
 * absent. `followLinks` is for files outside `.threadmind/` that may legitimately be links (git's).
 */
export function readRegularFile(path: string, maxBytes: number, followLinks = false): Buffer | null {
  const opened = openRegularFile(path, constants.O_RDONLY, undefined, followLinks);
  if (opened === null) return null;
  const { fd, stat } = opened;
  try {
    const cap = Math.min(stat.size, maxBytes) + 1;
    // Not zero-filled (~2 ms for a hook's reads of a large store): only the bytes read are ever returned.
    const buffer = Buffer.allocUnsafe(cap);
    let length = 0;
    while (length < cap) {
      const n = readSync(fd, buffer, length, cap - length, null);
      if (n === 0) break;
      length += n;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/**
 * The first bytes of a file (at most `into.length`), read into the caller's buffer `into` (one buffer for many files: no
 * allocation per file): a view of `into`, valid until it is read into again; null if absent. For a search whose answer
 * is only a hint, every file it keeps being read again strictly (branch-link-candidates.ts): opened as openRegularFile
 * opens (openUnblocked: O_NOFOLLOW refuses a link, O_NONBLOCK keeps a FIFO from blocking: it reads as empty), without the fstat that
 * checks the kind, ~40% of a search of 10,000 heads on a machine whose syscalls are slow. Only for a path the caller
 * listed as a regular file, or inside a folder it listed as a directory (not a link): git writes nothing there but
 * regular files and links, a directory throws EISDIR when read, and a device would take a privileged mknod in the store.
 */
export function readFirstBytesInto(path: string, into: Buffer): Buffer | null {
  const fd = openUnblocked(path, constants.O_RDONLY);
  if (fd === null) return null;
  try {
    // One read: a regular file returns fewer bytes only at its end, and the caller takes a short answer for what it is
    // (a hint: a head cut before its closing fence is a candidate). A second read to see the end cost one more syscall.
    return into.subarray(0, readSync(fd, into, 0, into.length, 0));
  } finally {
    closeSync(fd);
  }
}
