// Where each session's and instance's lines are in measurements.jsonl (cache/measurement-index.txt), so that a hook reads
// a few lines of the log instead of scanning all of it.
//
// Derived data, never trusted. The index has one section per log file, named by the file's device and inode (a rotation
// renames the current file, so its section goes on describing it as the previous one). A section covers the file's first
// `covered` bytes (whole lines) and lists, for each lookup needle (`"sessionId":"…"`, `"instance":"…"`), the offsets of
// the lines that a scan for that needle would return. It is used only when the file still has those bytes: at least
// `covered` bytes, and the same first and last bytes of the covered part; every line it names must start after a
// newline, end before `covered` and hold the needle. Otherwise the file is scanned as if there were no index. The bytes
// past `covered` (appended since) are always scanned. A reader that finds a file more than INDEX_BEHIND_BYTES past its
// section writes a new index (a temp file renamed over it: no lock, and two writers each leave a correct one).
//
// Layout (a lookup reads the first PREFIX_BYTES and one bucket, whatever the index's size):
//   threadmind measurement index 2
//   #<dev>:<ino> TAB <covered> TAB <first and last bytes of the covered part, base64>     (one line per log file)
//   @<BUCKETS × (start, length) of each bucket, 8 hex digits each>
//   each bucket, twice in a row: "=<its number>" and its key lines, <dev>:<ino> TAB <needle> TAB <offset>,<offset>,…
// A bucket is used only when its two copies are equal and it names itself: a changed byte in it or in its table entry
// is detected (a byte comparison, cheaper in a cold process than a checksum computed in JavaScript).
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  type Stats,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { openRegularFile } from "../store/regular-file.js";

/** A scan passes over lines this long or longer (measurement-log-read.ts): the index never names them either. */
export const LOG_LINE_MAX_BYTES = 64 * 1024 - 1;
/** A reader that finds this many bytes past a file's section (or a file this large without one) writes a new index. */
export const INDEX_BEHIND_BYTES = 64 * 1024;
const HEADER = "threadmind measurement index 2\n";
const HEADER_BYTES = Buffer.from(HEADER);
const BUCKETS = 128;
/** One bucket's entry in the table: start and length (of one copy), 8 hex digits each. */
const ENTRY = 16;
/** The header, the sections and the bucket table fit in this (sections are ~450 bytes, the table 2 KiB). */
const PREFIX_BYTES = 8 * 1024;
/** Bytes of the covered part's start and end that a section is checked against. */
const HEAD_BYTES = 64;
const TAIL_BYTES = 256;
const NEWLINE = 0x0a;

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
function bucketOf(needle: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < needle.length; i++) hash = Math.imul(hash ^ needle.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}

/** A log file's name in the index: its device and inode. */
function fileTag(stat: Stats): string {
  return `${stat.dev}:${stat.ino}`;
}

/** Fills `buffer` from `position`; returns the bytes read (fewer where the file ends first). */
function readAt(fd: number, buffer: Buffer, position: number): number {
  let filled = 0;
  while (filled < buffer.length) {
    const n = readSync(fd, buffer, filled, buffer.length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}

/** The covered part's first and last bytes (base64): what a section is checked against. */
function prefixFingerprint(fd: number, covered: number): string {
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
function validCoverage(index: { prefix: Buffer; table: number }, fd: number, stat: Stats): number | null {
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

/** What a line is looked up by (parsed): its sessionId and instance, used when they are strings. */
export interface LineKeys {
  sessionId?: unknown;
  instance?: unknown;
}

const SESSION_KEY = Buffer.from(`"sessionId":`);
const INSTANCE_KEY = Buffer.from(`"instance":`);

/**
 * Writes a new index for the log files `paths`: a file's valid section is kept and extended over the bytes appended
 * since, any other file is indexed from its start (files larger than `readMaxBytes` are not indexed). `keysOf` parses a
 * line (null: not an event). Best effort: the index is derived data, and a reader that cannot use it scans the log;
 * failures are ignored.
 */
export function refreshMeasurementIndex(
  storeDir: string,
  paths: readonly string[],
  readMaxBytes: number,
  keysOf: (line: string) => LineKeys | null,
): void {
  const temp = `${measurementIndexPath(storeDir)}.${process.pid}.tmp`;
  let out: number | null = null;
  let index: MeasurementIndex | null = null;
  try {
    // The temp file first: a store whose cache cannot be written costs no parsing (and is tried again next time).
    const cache = join(storeDir, "cache");
    mkdirSync(cache, { recursive: true });
    if (!lstatSync(cache).isDirectory()) return; // a link: the index is never written through it
    rmSync(temp, { force: true });
    out = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
    index = openMeasurementIndex(storeDir);
    // Sections are kept only from an index whose every bucket checks out.
    const oldKeyLines = index === null ? null : keyLinesOf(index);
    let sections = "";
    const byBucket: string[][] = Array.from({ length: BUCKETS }, () => []);
    for (const path of paths) {
      const opened = openRegularFile(path, constants.O_RDONLY);
      if (opened === null) continue;
      try {
        const { fd, stat } = opened;
        if (stat.size > readMaxBytes) continue; // read from its last bytes only: not indexed
        const tag = fileTag(stat);
        const kept = index === null || oldKeyLines === null ? null : validCoverage(index, fd, stat);
        const from = kept ?? 0;
        const bytes = Buffer.allocUnsafe(stat.size - from);
        readAt(fd, bytes, from);
        const covered = from + bytes.lastIndexOf(NEWLINE) + 1;
        sections += `#${tag}\t${covered}\t${prefixFingerprint(fd, covered)}\n`;
        const offsets = new Map<string, string[]>();
        if (kept !== null && oldKeyLines !== null) {
          for (const line of oldKeyLines) {
            const [lineTag, needle, list] = line.split("\t");
            if (lineTag !== tag || needle === undefined || list === undefined) continue;
            const lists = offsets.get(needle);
            if (lists === undefined) offsets.set(needle, [list]);
            else lists.push(list);
          }
        }
        addKeyOffsets(offsets, bytes.subarray(0, covered - from), from, keysOf);
        for (const [needle, lists] of offsets) byBucket[bucketOf(needle)]!.push(`${tag}\t${needle}\t${lists.join(",")}\n`);
      } finally {
        closeSync(opened.fd);
      }
    }
    const buckets = byBucket.map((lines, number) => Buffer.from(bucketName(number) + lines.join("")));
    let position = Buffer.byteLength(HEADER) + Buffer.byteLength(sections) + 1 + BUCKETS * ENTRY + 1; // "@", table, newline
    if (position > PREFIX_BYTES) return; // cannot happen with two sections
    let table = "@";
    for (const bucket of buckets) {
      table += position.toString(16).padStart(8, "0") + bucket.length.toString(16).padStart(8, "0");
      position += 2 * bucket.length;
    }
    writeSync(out, Buffer.concat([Buffer.from(`${HEADER}${sections}${table}\n`), ...buckets.flatMap((b) => [b, b])]));
    closeSync(out);
    out = null;
    renameSync(temp, measurementIndexPath(storeDir));
  } catch {
    // derived data: the next reader scans, and tries again
  } finally {
    if (index !== null) closeMeasurementIndex(index);
    try {
      if (out !== null) closeSync(out);
      rmSync(temp, { force: true });
    } catch {
      // a temp file left behind is ignored by readers and replaced by this pid's next refresh
    }
  }
}

/** A bucket's key lines, read and checked (two equal copies that name this bucket); null when anything does not match. */
function readBucket(index: MeasurementIndex, number: number): Buffer | null {
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
function bucketName(number: number): string {
  return `=${number}\n`;
}

/** Every key line of an open index, every bucket checked; null when one does not match its entry. */
function keyLinesOf(index: MeasurementIndex): string[] | null {
  const lines: string[] = [];
  for (let number = 0; number < BUCKETS; number++) {
    const bucket = readBucket(index, number);
    if (bucket === null) return null;
    lines.push(...bucket.toString("utf8").split("\n"));
  }
  return lines;
}

/** Adds the offsets of the whole lines of `bytes` (at file offset `base`) under each needle a scan would find them by. */
function addKeyOffsets(
  offsets: Map<string, string[]>,
  bytes: Buffer,
  base: number,
  keysOf: (line: string) => LineKeys | null,
): void {
  const add = (needle: string, line: Buffer, offset: number) => {
    if (line.indexOf(needle) === -1) return; // the parsed value, but not in the exact form a scan looks for
    const list = offsets.get(needle);
    if (list === undefined) offsets.set(needle, [String(offset)]);
    else list.push(String(offset));
  };
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    const line = bytes.subarray(start, end);
    if (line.length <= LOG_LINE_MAX_BYTES && (line.indexOf(SESSION_KEY) !== -1 || line.indexOf(INSTANCE_KEY) !== -1)) {
      const keys = keysOf(line.toString("utf8"));
      if (keys !== null) {
        if (typeof keys.sessionId === "string") add(sessionNeedle(keys.sessionId), line, base + start);
        if (typeof keys.instance === "string") add(instanceNeedle(keys.instance), line, base + start);
      }
    }
    start = end + 1;
  }
}

/** For each of `paths`: the bytes the index validly covers, or null (absent file, no valid section). For doctor and tests. */
export function measurementIndexCoverage(storeDir: string, paths: readonly string[]): (number | null)[] {
  const index = openMeasurementIndex(storeDir);
  try {
    return paths.map((path) => {
      if (index === null) return null;
      const opened = openRegularFile(path, constants.O_RDONLY);
      if (opened === null) return null;
      try {
        return validCoverage(index, opened.fd, opened.stat);
      } finally {
        closeSync(opened.fd);
      }
    });
  } finally {
    if (index !== null) closeMeasurementIndex(index);
  }
}
