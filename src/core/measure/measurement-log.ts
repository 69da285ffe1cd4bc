// measurements.jsonl: what the hooks measured (sizes, injections, receipts, hooks seen, conversations), one appended line per event.
//
// Hooks append without the store lock: one write(2) on an O_APPEND descriptor, so lines of concurrent hooks never
// interleave. The file is rotated (current → measurements.1.jsonl, the older one dropped) under the lock once it passes
// LOG_ROTATE_BYTES, so both together stay near 2 MB however long the store lives. Readers fold both files.
import { closeSync, constants, fstatSync, readSync, type Stats, writeSync } from "node:fs";
import { openRegularFile } from "../store/regular-file.js";
import { UnreadableFileError } from "../errors.js";
import { join } from "node:path";
import type { HookSeenRecord, InjectionRecord, ReceiptStatus, SizeRecord } from "./measurements.js";
import type { FreshnessMarkEvent, StalenessEvent, SummaryWriteEvent } from "./freshness-events.js";
import type { RecallLogEvent } from "./recall-events.js";

export const MEASUREMENT_LOG = "measurements.jsonl";
export const MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
/** Past this size the current log becomes the previous one (under the store lock). */
export const LOG_ROTATE_BYTES = 1024 * 1024;
/** One append (a hook's few records) must stay far below this, so that it is one write. */
const MAX_APPEND_BYTES = 64 * 1024;

export type SettledReceipt = Exclude<ReceiptStatus, "pending">;

export type MeasurementEvent =
  | ({ kind: "sessionEnd" } & SizeRecord)
  | ({ kind: "preCompact" } & SizeRecord)
  | ({ kind: "injection" } & Omit<InjectionRecord, "receipt">)
  /** `firstRequestTokens`: the measured size of the first request after the injection, when one followed (absent in older records). */
  | {
      kind: "receipt";
      at: string;
      sessionId: string;
      injectionAt: string;
      contentHash: string;
      receipt: SettledReceipt;
      firstRequestTokens?: number;
    }
  | ({ kind: "hookSeen" } & HookSeenRecord)
  /** `instance`: the client session (Claude Code process) that was on the conversation; absent in older records. */
  | { kind: "conversation"; at: string; sessionId: string; projectId: string; threadId: string; instance?: string }
  | SummaryWriteEvent
  | FreshnessMarkEvent
  | StalenessEvent
  | RecallLogEvent;

export function measurementLogPath(storeDir: string): string {
  return join(storeDir, MEASUREMENT_LOG);
}

export function previousMeasurementLogPath(storeDir: string): string {
  return join(storeDir, MEASUREMENT_LOG_PREVIOUS);
}

/** Both log files, in the order readers fold them: the previous one, then the current one. */
export function measurementLogPaths(storeDir: string): [previous: string, current: string] {
  return [previousMeasurementLogPath(storeDir), measurementLogPath(storeDir)];
}

/** True when `e` is the refusal of a log file that is not a regular file (a directory, a FIFO, a link in its place). */
export function isUnreadableMeasurementLog(e: unknown, storeDir: string): e is UnreadableFileError {
  return e instanceof UnreadableFileError && measurementLogPaths(storeDir).includes(e.path);
}

/**
 * Both log files for reading, in log order (previous, then current), each handed to `use` like openLog. The current
 * file is opened first: a rotation between the two opens then cannot hide the rotated file, which is read through the
 * current one's descriptor (a previous file with the current one's inode is that file, read once).
 */
export function forEachLogFile(storeDir: string, use: (fd: number, size: number, stat: Stats) => void): void {
  const [previousPath, currentPath] = measurementLogPaths(storeDir);
  const current = openRegularFile(currentPath, constants.O_RDONLY);
  try {
    const previous = openRegularFile(previousPath, constants.O_RDONLY);
    try {
      const same =
        previous !== null && current !== null && previous.stat.ino === current.stat.ino && previous.stat.dev === current.stat.dev;
      if (previous !== null && !same) use(previous.fd, previous.stat.size, previous.stat);
    } finally {
      if (previous !== null) closeSync(previous.fd);
    }
    if (current !== null) use(current.fd, current.stat.size, current.stat);
  } finally {
    if (current !== null) closeSync(current.fd);
  }
}

/**
 * Opens a log file for reading (never through a symlink), hands its descriptor, size and stat to `use`, and closes it.
 * A missing file gives null; one that is not a regular file, or any other error, is thrown.
 */
export function openLog<T>(path: string, use: (fd: number, size: number, stat: Stats) => T): T | null {
  const opened = openRegularFile(path, constants.O_RDONLY);
  if (opened === null) return null;
  try {
    return use(opened.fd, opened.stat.size, opened.stat);
  } finally {
    closeSync(opened.fd);
  }
}

/**
 * Appends events as JSON lines in one write and returns the log's size after it; throws when the write was cut short. A
 * line left unfinished by a crashed (or cut) writer is closed first, so it costs only itself. Refuses to follow a symlink (the log never leaves `.threadmind/`).
 */
export function appendMeasurementEvents(storeDir: string, events: readonly MeasurementEvent[]): number {
  if (events.length === 0) return 0;
  const text = events.map((e) => `${JSON.stringify(e)}\n`).join("");
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > MAX_APPEND_BYTES) throw new Error(`measurement records too large to append (${bytes.length} bytes)`);
  const opened = openRegularFile(measurementLogPath(storeDir), constants.O_RDWR | constants.O_APPEND | constants.O_CREAT, 0o644);
  if (opened === null) throw new Error(`${measurementLogPath(storeDir)} could not be created: its directory does not exist`);
  const { fd, stat: before } = opened;
  try {
    let out = bytes;
    if (before.size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, before.size - 1);
      if (last[0] !== 0x0a) out = Buffer.concat([Buffer.from("\n"), bytes]);
    }
    const written = writeSync(fd, out);
    if (written < out.length) {
      // A short write: the file system took only part of the records (a full disk, a quota). Never taken as recorded;
      // the cut line is closed by the next append and skipped by readers.
      throw new Error(
        `${measurementLogPath(storeDir)}: only ${written} of ${out.length} bytes could be appended (is the disk full?)`,
      );
    }
    return fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
}
