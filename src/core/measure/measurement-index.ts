// Where each session's and instance's lines are in measurements.jsonl (cache/measurement-index.txt), so that a hook reads
// a few lines of the log instead of scanning all of it.
//
// Derived data, never trusted. The index has one section per log file, named by the file's device and inode (a rotation
// renames the current file, so its section goes on describing it as the previous one). A section covers the file's first
// `covered` bytes (whole lines) and lists, for each lookup needle (`"sessionId":"…"`, `"instance":"…"`), the offsets of
// the lines that a scan for that needle would return. It is used only when the file still has those bytes: at least
// `covered` bytes, and the same first and last bytes of the covered part; every line it names must start after a
// newline, end before `covered` and hold the needle. Otherwise the file is scanned as if there were no index. The bytes
// past `covered` (appended since) are always scanned. Readers only read it: measurement-index-write.ts writes it (kept
// out of the hook entry's bundle; the hooks have it written by hook-core.cjs when they found it far behind).
//
// Layout (a lookup reads the first PREFIX_BYTES and one bucket, whatever the index's size):
//   threadmind measurement index 2
//   #<dev>:<ino> TAB <covered> TAB <first and last bytes of the covered part, base64>     (one line per log file)
//   @<BUCKETS × (start, length) of each bucket, 8 hex digits each>
//   each bucket, twice in a row: "=<its number>" and its key lines, <dev>:<ino> TAB <needle> TAB <offset>,<offset>,…
// A bucket is used only when its two copies are equal and it names itself: a changed byte in it or in its table entry
// is detected (a byte comparison, cheaper in a cold process than a checksum computed in JavaScript).
import { closeSync, constants, readSync, type Stats } from "node:fs";
import { join } from "node:path";
import { openRegularFile } from "../store/regular-file.js";

/** A scan passes over lines this long or longer (measurement-log-read.ts): the index never names them either. */
export const LOG_LINE_MAX_BYTES = 64 * 1024 - 1;
/** A reader that finds this many bytes past a file's section (or a file this large without one) writes a new index. */
export const INDEX_BEHIND_BYTES = 64 * 1024;
export const HEADER = "threadmind measurement index 2\n";
const HEADER_BYTES = Buffer.from(HEADER);
export const BUCKETS = 128;
/** One bucket's entry in the table: start and length (of one copy), 8 hex digits each. */
export const ENTRY = 16;
/** The header, the sections and the bucket table fit in this (sections are ~450 bytes, the table 2 KiB). */
export const PREFIX_BYTES = 8 * 1024;
/** Bytes of the covered part's start and end that a section is checked against. */
const HEAD_BYTES = 64;
const TAIL_BYTES = 256;
export const NEWLINE = 0x0a;

export function measurementIndexPath(storeDir: string): string {
  return join(storeDir, "cache", "measurement-index.txt");
}

export function sessionNeedle(sessionId: string): string {
  return `"sessionId":${JSON.stringify(sessionId)}`;
}

export function instanceNeedle(instance: string): string {
  return `"instance":${JSON.stringify(instance)}`;
}

/** FNV-1a of a needle's UTF-16 code units, to a bucket. */
export function bucketOf(needle: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < needle.length; i++) hash = Math.imul(hash ^ needle.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}

/** A log file's name in the index: its device and inode. */
export function fileTag(stat: Stats): string {
  return `${stat.dev}:${stat.ino}`;
}

/** Fills `buffer` from `position`; returns the bytes read (fewer where the file ends first). */
export function readAt(fd: number, buffer: Buffer, position: number): number {
  let filled = 0;
  while (filled < buffer.length) {
    const n = readSync(fd, buffer, filled, buffer.length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}

/** The covered part's first and last bytes (base64): what a section is checked against. */
export function prefixFingerprint(fd: number, covered: number): string {
  const headLength = Math.min(HEAD_BYTES, covered);
  const tailLength = Math.min(TAIL_BYTES, covered);
  const bytes = Buffer.alloc(headLength + tailLength);
  readAt(fd, bytes.subarray(0, headLength), 0);
  readAt(fd, bytes.subarray(headLength), covered - tailLength);
  return bytes.toString("base64");
}

/** An open index: its descriptor, size and first bytes (header, sections, bucket table). */
export interface MeasurementIndex {
  fd: number;
  size: number;
  prefix: Buffer;
  /** Where the bucket table's hex digits start in `prefix`. */
  table: number;
}

/**
 * Opens the index for lookups (close it with closeMeasurementIndex); null when it is absent, not a regular file or not
 * an index of this layout. Never throws.
 */
export function openMeasurementIndex(storeDir: string): MeasurementIndex | null {
  let opened: ReturnType<typeof openRegularFile> = null;
  try {
    opened = openRegularFile(measurementIndexPath(storeDir), constants.O_RDONLY);
    if (opened === null) return null;
    const prefix = Buffer.allocUnsafe(Math.min(PREFIX_BYTES, opened.stat.size));
    const length = readAt(opened.fd, prefix, 0);
    const marker = prefix.indexOf("\n@");
    if (
      length === prefix.length &&
      prefix.subarray(0, HEADER_BYTES.length).equals(HEADER_BYTES) &&
      marker !== -1 &&
      marker + 2 + BUCKETS * ENTRY < prefix.length &&
      prefix[marker + 2 + BUCKETS * ENTRY] === NEWLINE
    )
      return { fd: opened.fd, size: opened.stat.size, prefix, table: marker + 2 };
  } catch {
    // unusable: as if absent
  }
  if (opened !== null) closeSync(opened.fd);
  return null;
}

export function closeMeasurementIndex(index: MeasurementIndex): void {
  closeSync(index.fd);
}

/** The covered length of the file's section when the file still holds what the section describes; null otherwise. */
export function validCoverage(index: { prefix: Buffer; table: number }, fd: number, stat: Stats): number | null {
  const key = `\n#${fileTag(stat)}\t`;
  const at = index.prefix.indexOf(key);
  if (at === -1 || at >= index.table) return null;
  const end = index.prefix.indexOf(NEWLINE, at + key.length);
  const [coveredText, fingerprint] = index.prefix.toString("latin1", at + key.length, end).split("\t");
  const covered = wholeNumber(coveredText);
  if (covered === null || covered > stat.size) return null;
  return prefixFingerprint(fd, covered) === fingerprint ? covered : null;
}

/** A decimal whole number, or null (no regular expression: a hook compiles none). */
function wholeNumber(text: string | undefined): number | null {
  if (text === undefined || text === "") return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 0 && String(n) === text ? n : null;
}

/** What the index says of one log file for one needle: its lines in the covered part, in file order. */
export interface IndexedLines {
  covered: number;
  lines: string[];
}

/**
 * The lines holding `needle` in the covered part of the open log file `fd`, read at the offsets the index gives; null
 * when the index has no valid section for this file or anything it says is wrong (the file is then scanned whole).
 */
export function indexedLines(index: MeasurementIndex, fd: number, stat: Stats, needle: string): IndexedLines | null {
  const covered = validCoverage(index, fd, stat);
  if (covered === null) return null;
  const bucket = readBucket(index, bucketOf(needle));
  if (bucket === null) return null;
  const key = Buffer.from(`${fileTag(stat)}\t${needle}\t`);
  const needleBytes = Buffer.from(needle);
  const lines: string[] = [];
  let previousEnd = 0;
  for (let at = bucket.indexOf(key); at !== -1; at = bucket.indexOf(key, at + 1)) {
    if (at > 0 && bucket[at - 1] !== NEWLINE) continue; // the key inside another line's needle
    const end = bucket.indexOf(NEWLINE, at);
    for (const part of bucket.toString("latin1", at + key.length, end === -1 ? bucket.length : end).split(",")) {
      const offset = wholeNumber(part);
      if (offset === null || offset < previousEnd) return null; // out of order or overlapping: not a section this code wrote
      const line = lineAt(fd, offset, covered);
      if (line === null || line.indexOf(needleBytes) === -1) return null;
      lines.push(line.toString("utf8"));
      previousEnd = offset + line.length + 1;
    }
  }
  return { covered, lines };
}

/** The line starting at `offset` (after a newline or at the file's start), ended by a newline at or before `covered`. */
function lineAt(fd: number, offset: number, covered: number): Buffer | null {
  const from = offset === 0 ? 0 : offset - 1;
  let length = Math.min(2048, covered - from); // most lines are a few hundred bytes
  for (;;) {
    if (length <= 0) return null;
    const bytes = Buffer.allocUnsafe(length);
    if (readAt(fd, bytes, from) !== length) return null;
    if (offset > 0 && bytes[0] !== NEWLINE) return null;
    const start = offset - from;
    const newline = bytes.indexOf(NEWLINE, start);
    if (newline !== -1) return newline - start > LOG_LINE_MAX_BYTES ? null : bytes.subarray(start, newline);
    const longest = Math.min(start + LOG_LINE_MAX_BYTES + 1, covered - from);
    if (length >= longest) return null;
    length = longest;
  }
}

/** A bucket's key lines, read and checked (two equal copies that name this bucket); null when anything does not match. */
export function readBucket(index: MeasurementIndex, number: number): Buffer | null {
  const entry = index.table + number * ENTRY;
  const start = Number.parseInt(index.prefix.toString("latin1", entry, entry + 8), 16);
  const length = Number.parseInt(index.prefix.toString("latin1", entry + 8, entry + 16), 16);
  if (!(start >= 0 && length >= 0 && start + 2 * length <= index.size)) return null;
  const both = Buffer.allocUnsafe(2 * length);
  if (readAt(index.fd, both, start) !== 2 * length) return null;
  const bucket = both.subarray(0, length);
  const name = bucketName(number);
  if (!bucket.equals(both.subarray(length)) || bucket.toString("latin1", 0, name.length) !== name) return null;
  return bucket.subarray(name.length);
}

/** The first line of bucket `number`'s copies. */
export function bucketName(number: number): string {
  return `=${number}\n`;
}
