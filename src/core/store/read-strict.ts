// Reading a file of .threadmind/ strictly: no symbolic links, a size limit, valid UTF-8, errors that name the path and why.
import * as nodeBuffer from "node:buffer";
import { type BigIntStats, lstatSync, type Stats } from "node:fs";
import { dirname, relative, sep } from "node:path";
import { UnreadableFileError } from "../errors.js";
import { readRegularFile } from "./regular-file.js";
import { errnoCode, messageOf } from "../error-details.js";

export function unreadable(path: string, reason: string): UnreadableFileError {
  return new UnreadableFileError(path, reason);
}

/** The refusal of a symbolic link met inside `.threadmind/` (the file itself or a directory on the way). */
export function linkRefused(path: string): UnreadableFileError {
  return unreadable(path, "is a symbolic link; ThreadMind does not follow links in .threadmind/");
}

export function reasonOf(e: unknown): string {
  if (e instanceof UnreadableFileError) return e.reason;
  return messageOf(e);
}

/**
 * The file's text; null if it does not exist; throws (with the path) if it is a link, not a regular file (a FIFO never
 * blocks: see openRegularFile), too large, not UTF-8 or unreadable.
 */
export function readTextStrict(path: string, maxBytes: number): string | null {
  return readTextStrictAfter(path, lstatStrict(path, false), maxBytes);
}

/** The file's lstat (`bigint`: with nanosecond times, for a stamp); null if it does not exist; throws (with the path) otherwise. */
export function lstatStrict(path: string, bigint: true): BigIntStats | null;
export function lstatStrict(path: string, bigint: false): Stats | null;
export function lstatStrict(path: string, bigint: boolean): Stats | BigIntStats | null {
  try {
    return lstatSync(path, { bigint });
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return null;
    throw unreadable(path, reasonOf(e));
  }
}

/** readTextStrict given the file's lstat just taken (lstatStrict): one lstat for a caller that also needs the stat. */
export function readTextStrictAfter(path: string, stat: { isSymbolicLink(): boolean } | null, maxBytes: number): string | null {
  if (stat === null) return null;
  if (stat.isSymbolicLink()) throw linkRefused(path);
  let bytes: Buffer | null;
  try {
    bytes = readRegularFile(path, maxBytes);
  } catch (e) {
    if (e instanceof UnreadableFileError) throw e;
    throw unreadable(path, reasonOf(e));
  }
  if (bytes === null) return null;
  if (bytes.length > maxBytes) {
    const size = Math.max(bytes.length, fstatSizeOr(path, bytes.length));
    throw unreadable(path, `is ${size.toLocaleString("en-US")} bytes, over the ${maxBytes.toLocaleString("en-US")}-byte limit`);
  }
  const text = strictUtf8(bytes);
  if (text === null) throw unreadable(path, "is not valid UTF-8");
  return text;
}

/** node:buffer's isUtf8 (Node 18.14+, 19.4+); undefined on older runtimes (a namespace import: a named one would not link there). */
const isUtf8 = (nodeBuffer as { isUtf8?: (input: Uint8Array) => boolean }).isUtf8;

/**
 * The bytes as text when they are valid UTF-8 (a leading byte order mark dropped), else null: exactly what a fatal
 * TextDecoder gives. Through isUtf8 and Buffer's decoder where Node has isUtf8: a process's first TextDecoder costs a
 * hook ~0.15 ms more.
 */
export function strictUtf8(bytes: Uint8Array): string | null {
  if (isUtf8 === undefined) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
  if (!isUtf8(bytes)) return null;
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return Buffer.from(bytes.buffer, bytes.byteOffset + bom, bytes.length - bom).toString("utf8");
}

/** The file's size by lstat (for the "too large" message), or `fallback`. */
function fstatSizeOr(path: string, fallback: number): number {
  try {
    return lstatSync(path).size;
  } catch {
    return fallback;
  }
}

/**
 * Refuses (naming it) a symbolic link in any directory between `storeDir` and `path` (`path` inside it), e.g. a committed
 * `.threadmind/cache` link: a write there would land outside the repository. Missing directories are fine (created later).
 */
export function assertNoLinksBelow(storeDir: string, path: string): void {
  const rel = relative(storeDir, dirname(path));
  if (rel === "" || rel.startsWith("..")) return;
  let current = storeDir;
  for (const part of rel.split(sep)) {
    current = `${current}${sep}${part}`;
    let stat: Stats;
    try {
      stat = lstatSync(current);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return;
      throw unreadable(current, reasonOf(e));
    }
    if (stat.isSymbolicLink()) throw linkRefused(current);
  }
}
