// Writing the index of measurements.jsonl (see measurement-index.ts for its layout and checks): a new index whenever a
// log file has grown INDEX_BEHIND_BYTES past its section. A temp file renamed over the index: no lock, and two writers
// each leave a correct one. Best effort (derived data): failures are ignored, and readers then scan.
import { closeSync, constants, lstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { openRegularFile } from "../store/regular-file.js";
import { measurementLogPaths } from "./measurement-log.js";
import { parseEventLine, READ_MAX_BYTES } from "./measurement-log-read.js";
import {
  BUCKETS,
  bucketName,
  bucketOf,
  closeMeasurementIndex,
  ENTRY,
  fileTag,
  HEADER,
  INDEX_BEHIND_BYTES,
  instanceNeedle,
  LOG_LINE_MAX_BYTES,
  type MeasurementIndex,
  measurementIndexPath,
  NEWLINE,
  openMeasurementIndex,
  PREFIX_BYTES,
  prefixFingerprint,
  readAt,
  readBucket,
  sessionNeedle,
  validCoverage,
} from "./measurement-index.js";

/** Rewrites the index when a log file is INDEX_BEHIND_BYTES or more past its section (or has none and is that large). */
export function refreshMeasurementIndexIfBehind(storeDir: string): void {
  writeMeasurementIndex(storeDir, true);
}

/**
 * Writes a new index for the log files: a file's valid section is kept and extended over the bytes appended since, any
 * other file is indexed from its start (files larger than READ_MAX_BYTES, which readers read from their last bytes, are
 * not indexed). Best effort: the index is derived data, and a reader that cannot use it scans the log; failures are
 * ignored.
 */
export function refreshMeasurementIndex(storeDir: string): void {
  writeMeasurementIndex(storeDir, false);
}

type OpenLog = NonNullable<ReturnType<typeof openRegularFile>>;

/** Both: the index and each log file opened once, the sections checked once; with `onlyIfBehind`, written only then. */
function writeMeasurementIndex(storeDir: string, onlyIfBehind: boolean): void {
  const temp = `${measurementIndexPath(storeDir)}.${process.pid}.tmp`;
  const logs: (OpenLog | null)[] = [];
  let out: number | null = null;
  let index: MeasurementIndex | null = null;
  try {
    index = openMeasurementIndex(storeDir);
    for (const path of measurementLogPaths(storeDir)) logs.push(openRegularFile(path, constants.O_RDONLY));
    const open = index;
    const coverage = logs.map((log) => (log === null || open === null ? null : validCoverage(open, log.fd, log.stat)));
    const behind = logs.some(
      (log, i) => log !== null && log.stat.size <= READ_MAX_BYTES && log.stat.size - (coverage[i] ?? 0) > INDEX_BEHIND_BYTES,
    );
    if (onlyIfBehind && !behind) return;
    // The temp file first: a store whose cache cannot be written costs no parsing (and is tried again next time).
    const cache = join(storeDir, "cache");
    mkdirSync(cache, { recursive: true });
    if (!lstatSync(cache).isDirectory()) return; // a link: the index is never written through it
    rmSync(temp, { force: true });
    out = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
    // Sections are kept only from an index whose every bucket checks out.
    const oldKeyLines = index === null ? null : keyLinesOf(index);
    let sections = "";
    const byBucket: string[][] = Array.from({ length: BUCKETS }, () => []);
    logs.forEach((log, i) => {
      if (log === null) return;
      const { fd, stat } = log;
      if (stat.size > READ_MAX_BYTES) return; // read from its last bytes only: not indexed
      const tag = fileTag(stat);
      const kept = oldKeyLines === null ? null : (coverage[i] ?? null);
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
      addKeyOffsets(offsets, bytes.subarray(0, covered - from), from);
      for (const [needle, lists] of offsets) byBucket[bucketOf(needle)]!.push(`${tag}\t${needle}\t${lists.join(",")}\n`);
    });
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
      for (const log of logs) if (log !== null) closeSync(log.fd);
      if (out !== null) closeSync(out);
      rmSync(temp, { force: true });
    } catch {
      // a temp file left behind is ignored by readers and replaced by this pid's next refresh
    }
  }
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
function addKeyOffsets(offsets: Map<string, string[]>, bytes: Buffer, base: number): void {
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
      const keys: LineKeys | null = parseEventLine(line.toString("utf8"));
      if (keys !== null) {
        if (typeof keys.sessionId === "string") add(sessionNeedle(keys.sessionId), line, base + start);
        if (typeof keys.instance === "string") add(instanceNeedle(keys.instance), line, base + start);
      }
    }
    start = end + 1;
  }
}

/** What a line is looked up by (parsed): its sessionId and instance, used when they are strings. */
export interface LineKeys {
  sessionId?: unknown;
  instance?: unknown;
}

const SESSION_KEY = Buffer.from(`"sessionId":`);
const INSTANCE_KEY = Buffer.from(`"instance":`);

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
