// Reading measurements.jsonl: the whole log folded into Measurements, or only the lines of one Claude Code session.
import { lstatSync, readSync } from "node:fs";
import {
  emptyMeasurements,
  MEASUREMENT_KEEP,
  type HookSeenRecord,
  type InjectionRecord,
  type Measurements,
  type SizeRecord,
} from "./measurements.js";
import {
  measurementLogPath,
  forEachLogFile,
  measurementLogPaths,
  openLog,
  type MeasurementEvent,
  type SettledReceipt,
} from "./measurement-log.js";
import { legacyMeasurementEvents } from "./measurement-log-legacy.js";
import {
  closeMeasurementIndex,
  INDEX_BEHIND_BYTES,
  indexedLines,
  instanceNeedle,
  LOG_LINE_MAX_BYTES,
  openMeasurementIndex,
  readAt,
  sessionNeedle,
} from "./measurement-index.js";
import { isCount, isFreshnessEvent, type StalenessEvent } from "./freshness-events.js";
import { isValidId } from "../id-pattern.js";
import { emptyRecallFigures, isRecallLogEvent, type RecallFigures } from "./recall-events.js";

/** A log file larger than this (damage, or appends by something else) is read from its last this-many bytes only. */
export const READ_MAX_BYTES = 8 * 1024 * 1024;

const KINDS = new Set<MeasurementEvent["kind"]>([
  "sessionEnd",
  "preCompact",
  "injection",
  "receipt",
  "hookSeen",
  "conversation",
  "summaryWrite",
  "freshnessMark",
  "staleness",
  "recall",
  "fileEdit",
  "subagentContext",
]);
const RECEIPTS = new Set<SettledReceipt>(["delivered", "preview", "missing"]);

export interface MeasurementLogRead {
  measurements: Measurements;
  /** Lines that are not measurement events (a torn write, hand edits): counted, never fatal. */
  unreadableLines: number;
  /** The log's staleness records, exactly as stalenessEvents gives them (read in the same pass). */
  staleness: StalenessEvent[];
  /** How often point-of-action recall and the subagent context fired, and their estimated tokens. */
  recall: RecallFigures;
}

/** A log file's bytes (its last READ_MAX_BYTES), or an empty buffer where it does not exist. Other errors are thrown. */
function logBytes(fd: number, size: number): Buffer {
  const buffer = Buffer.allocUnsafe(Math.min(size, READ_MAX_BYTES));
  return buffer.subarray(0, readAt(fd, buffer, size - buffer.length));
}

/** A record's fields, not yet checked. */
type Unchecked<T> = { readonly [K in keyof T]?: unknown };

/**
 * The guards of measurement records, field by field: the log and an older config.json are only ours by convention.
 * The reader applies them to every line; the report, stats and doctor apply the same ones to the Measurements they get.
 */
export function isSizeRecord(r: Unchecked<SizeRecord>): boolean {
  return (
    typeof r.at === "string" &&
    typeof r.sessionId === "string" &&
    typeof r.reason === "string" &&
    (r.contextTokens === null || typeof r.contextTokens === "number")
  );
}

export function isInjectionRecord(r: Unchecked<InjectionRecord>): boolean {
  return (
    typeof r.at === "string" &&
    typeof r.sessionId === "string" &&
    typeof r.source === "string" &&
    typeof r.threadId === "string" &&
    typeof r.contentHash === "string" &&
    typeof r.chars === "number" &&
    typeof r.tokens === "number"
  );
}

export function isHookSeenRecord(r: Unchecked<HookSeenRecord>): boolean {
  return typeof r.at === "string" && typeof r.sessionId === "string" && typeof r.event === "string";
}

/** One line as an event, or null when it is not one (checked field by field: the file is only ours by convention). */
export function parseEventLine(line: string): MeasurementEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  if (typeof d.kind !== "string" || !KINDS.has(d.kind as MeasurementEvent["kind"])) return null;
  // A summary write has no conversation (sessionId null: see freshness-events.ts); every other event has one.
  if (typeof d.at !== "string" || (typeof d.sessionId !== "string" && d.kind !== "summaryWrite")) return null;
  switch (d.kind as MeasurementEvent["kind"]) {
    case "sessionEnd":
    case "preCompact":
      return isSizeRecord(d) ? (d as MeasurementEvent) : null;
    case "injection":
      return isInjectionRecord(d) &&
        (d.transcriptOffset === undefined || (Number.isInteger(d.transcriptOffset) && (d.transcriptOffset as number) >= 0)) &&
        (d.fingerprint === undefined || typeof d.fingerprint === "string")
        ? (d as MeasurementEvent)
        : null;
    case "receipt":
      return typeof d.injectionAt === "string" &&
        typeof d.contentHash === "string" &&
        RECEIPTS.has(d.receipt as SettledReceipt) &&
        (d.firstRequestTokens === undefined || isCount(d.firstRequestTokens))
        ? (d as MeasurementEvent)
        : null;
    case "hookSeen":
      return isHookSeenRecord(d) ? (d as MeasurementEvent) : null;
    case "conversation":
      // Ids only: the thread a window followed is looked up by them (a committed log is only ours by convention).
      return isValidId(d.projectId) && isValidId(d.threadId) && (d.instance === undefined || typeof d.instance === "string")
        ? (d as MeasurementEvent)
        : null;
    case "summaryWrite":
    case "freshnessMark":
    case "staleness":
      return isFreshnessEvent(d) ? (d as MeasurementEvent) : null;
    case "recall":
    case "fileEdit":
    case "subagentContext":
      return isRecallLogEvent(d) ? (d as MeasurementEvent) : null;
  }
}

export function receiptKey(r: { sessionId: string; at: string; contentHash: string }): string {
  return `${r.sessionId}\n${r.at}\n${r.contentHash}`;
}

/** Strips the event's kind: what remains is the record as Measurements holds it. */
function record<T extends MeasurementEvent>(event: T): Omit<T, "kind"> {
  const { kind: _kind, ...rest } = event;
  return rest;
}

/**
 * Every measurement: `legacy` (lists an older config.json held) first, then the log's events in the order they were
 * written; receipts settle their injections; identical lines count once (the legacy lists are folded in as the very
 * lines the move to the log appends, so a move interrupted after its append, or redone, counts once); the newest
 * MEASUREMENT_KEEP of each list are kept. Legacy records that are not events are left out, but are not unreadable lines.
 */
export function readMeasurementLog(storeDir: string, legacy: Measurements = emptyMeasurements()): MeasurementLogRead {
  const m = emptyMeasurements();
  const receipts = new Map<string, { receipt: SettledReceipt; firstRequestTokens?: number }>();
  const seen = new Set<string>();
  const staleness = stalenessCollector();
  const recall = emptyRecallFigures();
  // The receipt keys of recalls and subagent contexts (those logged with a fingerprint): counted once the log is read.
  const handedOver: { kind: "recall" | "subagentContext"; key: string }[] = [];
  let unreadableLines = 0;
  const fold = (line: string, fromLog: boolean, rawBytes: number) => {
    if (line.trim() === "" || seen.has(line)) return;
    seen.add(line);
    const event = parseEventLine(line);
    if (event === null) {
      if (fromLog) unreadableLines += 1;
      return;
    }
    switch (event.kind) {
      case "sessionEnd":
        m.sessionEnds.push(record(event));
        break;
      case "preCompact":
        m.preCompacts.push(record(event));
        break;
      case "injection": {
        // The measured first request comes with the receipt only: a value on the injection line itself is not one.
        const { firstRequestTokens: _notMeasuredHere, ...fields } = record(event);
        m.injections.push({ ...fields, receipt: "pending" } satisfies InjectionRecord);
        break;
      }
      case "receipt":
        receipts.set(receiptKey({ sessionId: event.sessionId, at: event.injectionAt, contentHash: event.contentHash }), {
          receipt: event.receipt,
          ...(event.firstRequestTokens !== undefined ? { firstRequestTokens: event.firstRequestTokens } : {}),
        });
        break;
      case "hookSeen":
        m.hooksSeen.push(record(event));
        break;
      case "staleness":
        // Only the lines a scan for them would find (stalenessEvents).
        if (fromLog && rawBytes <= LOG_LINE_MAX_BYTES && line.includes(STALENESS_NEEDLE)) staleness.add(event);
        break;
      case "recall":
        recall.recalls += 1;
        recall.recallTokens += event.tokens;
        if (event.fingerprint !== undefined)
          handedOver.push({ kind: event.kind, key: receiptKey({ ...event, contentHash: event.fingerprint }) });
        break;
      case "subagentContext":
        recall.subagentContexts += 1;
        recall.subagentTokens += event.tokens;
        if (event.fingerprint !== undefined)
          handedOver.push({ kind: event.kind, key: receiptKey({ ...event, contentHash: event.fingerprint }) });
        break;
      case "conversation":
      case "summaryWrite":
      case "freshnessMark":
      case "fileEdit":
        break; // read where needed: instanceEvents, freshnessFigure
      default: {
        const unreachable: never = event;
        throw new Error(`unknown measurement event ${JSON.stringify(unreachable)}`);
      }
    }
  };
  for (const event of legacyMeasurementEvents(legacy)) fold(JSON.stringify(event), false, 0);
  forEachLogFile(storeDir, (fd, size) => {
    const bytes = logBytes(fd, size);
    for (let start = 0; start <= bytes.length; ) {
      const newline = bytes.indexOf(0x0a, start);
      const end = newline === -1 ? bytes.length : newline;
      fold(bytes.toString("utf8", start, end), true, end - start);
      start = end + 1;
    }
  });
  for (const injection of m.injections) {
    const settled = receipts.get(receiptKey(injection));
    if (settled !== undefined && injection.receipt === "pending") {
      injection.receipt = settled.receipt;
      if (settled.firstRequestTokens !== undefined) injection.firstRequestTokens = settled.firstRequestTokens;
    }
  }
  for (const { kind, key } of handedOver) {
    const settled = receipts.get(key);
    if (settled === undefined) continue;
    const delivered = settled.receipt === "delivered";
    if (kind === "recall") recall[delivered ? "recallsDelivered" : "recallsUndelivered"] += 1;
    else recall[delivered ? "subagentContextsDelivered" : "subagentContextsUndelivered"] += 1;
  }
  return {
    measurements: {
      sessionEnds: m.sessionEnds.slice(-MEASUREMENT_KEEP),
      preCompacts: m.preCompacts.slice(-MEASUREMENT_KEEP),
      injections: m.injections.slice(-MEASUREMENT_KEEP),
      hooksSeen: m.hooksSeen.slice(-MEASUREMENT_KEEP),
    },
    unreadableLines,
    staleness: staleness.records,
    recall,
  };
}

/**
 * The events of one Claude Code session, oldest first: the lines holding the session id's exact JSON form, found through
 * the index (measurement-index.ts) where it is valid, by scanning the raw bytes elsewhere (only those lines are decoded
 * and parsed).
 */
export function sessionEvents(storeDir: string, sessionId: string): MeasurementEvent[] {
  const events: MeasurementEvent[] = [];
  keyedEvents(storeDir, sessionNeedle(sessionId), (event) => {
    if (event.sessionId === sessionId) events.push(event);
  });
  return events;
}

/** Calls `onEvent` with each event of both log files (oldest first) whose line holds `needle`; other lines are not parsed. */
function scanEvents(storeDir: string, needle: string, onEvent: (event: MeasurementEvent) => void): void {
  const bytes = Buffer.from(needle, "utf8");
  forEachLogFile(storeDir, (fd, size) =>
    scanLines(fd, size, Math.max(0, size - READ_MAX_BYTES), [bytes], (line) => emit(line, onEvent)),
  );
}

/**
 * The events of one Claude Code session and those of one client session (a Claude Code process), each exactly as
 * sessionEvents and instanceEvents give them, for the hooks that need both (PreCompact, SessionEnd at /clear). A log
 * small enough to be scanned is read once for both (a second pass over ~1 MB costs a cold hook ~0.5 ms); a larger one
 * is looked up through its index, one lookup each.
 */
export function sessionAndInstanceEvents(
  storeDir: string,
  sessionId: string,
  instance: string,
): { session: MeasurementEvent[]; instance: MeasurementEvent[] } {
  const paths = measurementLogPaths(storeDir);
  if (logBytesOf(paths) >= INDEX_MIN_LOG_BYTES)
    return { session: sessionEvents(storeDir, sessionId), instance: instanceEvents(storeDir, instance) };
  const session: MeasurementEvent[] = [];
  const own: MeasurementEvent[] = [];
  const needles = [Buffer.from(sessionNeedle(sessionId), "utf8"), Buffer.from(instanceNeedle(instance), "utf8")];
  const onLine = (line: string, needle: number) =>
    emit(line, (event) => {
      if (needle === 0) {
        if (event.sessionId === sessionId) session.push(event);
      } else if ("instance" in event && event.instance === instance) own.push(event);
    });
  forEachLogFile(storeDir, (fd, size) => scanLines(fd, size, Math.max(0, size - READ_MAX_BYTES), needles, onLine));
  return { session, instance: own };
}

/** The bytes of both log files, as their sizes say (a missing file: none). */
function logBytesOf(paths: readonly string[]): number {
  return paths.reduce((total, path) => total + (lstatSync(path, { throwIfNoEntry: false })?.size ?? 0), 0);
}

function emit(line: string, onEvent: (event: MeasurementEvent) => void): void {
  const event = parseEventLine(line);
  if (event !== null) onEvent(event);
}

/**
 * Below this many bytes of log (both files), lookups scan it and no index is kept. Measured in cold hook processes
 * (phase timings): at 700 KB a first lookup through the index took 0.1–0.25 ms more than the scan, at 2 MB 0.3–1.4 ms
 * less; a log that has rotated once holds 1–2 MB.
 */
export const INDEX_MIN_LOG_BYTES = 1024 * 1024;

/** Stores whose index a lookup of this process found INDEX_BEHIND_BYTES or more behind a log file (see indexBehind). */
const behindStores = new Set<string>();

/**
 * Whether a lookup in this process found the store's index far behind its log (or missing for a large file), so that
 * the caller has it written anew (measurement-index-write.ts); asking clears it.
 */
export function indexBehind(storeDir: string): boolean {
  return behindStores.delete(storeDir);
}

/**
 * scanEvents for a lookup needle (a session's or an instance's): what the index knows is read at its offsets, the rest
 * of each file scanned. The same events, in the same order, as scanEvents. A file found far past its indexed part
 * (INDEX_BEHIND_BYTES) is noted for indexBehind.
 */
function keyedEvents(storeDir: string, needle: string, onEvent: (event: MeasurementEvent) => void): void {
  const paths = measurementLogPaths(storeDir);
  // A small log is scanned: opening and checking the index costs a cold process about what scanning ~1 MB does.
  if (logBytesOf(paths) < INDEX_MIN_LOG_BYTES) {
    scanEvents(storeDir, needle, onEvent);
    return;
  }
  const bytes = Buffer.from(needle, "utf8");
  const index = openMeasurementIndex(storeDir);
  let behind = false;
  try {
    forEachLogFile(storeDir, (fd, size, stat) => {
      // A file larger than what readers read is read from its last bytes: never indexed.
      const known = index === null || size > READ_MAX_BYTES ? null : indexedLines(index, fd, stat, needle);
      if (known !== null) for (const line of known.lines) emit(line, onEvent);
      const from = known?.covered ?? Math.max(0, size - READ_MAX_BYTES);
      if (size <= READ_MAX_BYTES && size - from > INDEX_BEHIND_BYTES) behind = true;
      scanLines(fd, size, from, [bytes], (line) => emit(line, onEvent));
    });
  } finally {
    if (index !== null) closeMeasurementIndex(index);
  }
  if (behind) behindStores.add(storeDir);
}

/** One reusable read buffer: a hook touches 64 KiB of fresh memory, not the whole log (page faults cost more than reading). */
let scanBuffer: Buffer | null = null;
const SCAN_BUFFER_BYTES = LOG_LINE_MAX_BYTES + 1;

/**
 * Calls `onLine` with each complete line of the open file from byte `position` (a line's start) that contains one of
 * `needles`, with the needle's index, in order per needle (a line holding two needles is passed once for each), reading
 * through one reused buffer. A line longer than the buffer is not a measurement event: it is passed over. An
 * unterminated last line counts as a line.
 */
function scanLines(
  fd: number,
  size: number,
  position: number,
  needles: readonly Buffer[],
  onLine: (line: string, needle: number) => void,
): void {
  if (position >= size) return;
  scanBuffer ??= Buffer.allocUnsafe(SCAN_BUFFER_BYTES);
  const buffer = scanBuffer;
  let held = 0; // bytes of an unfinished line at the buffer's start
  let skippingLongLine = false;
  for (;;) {
    const n = readSync(fd, buffer, held, buffer.length - held, position);
    position += n;
    const filled = held + n;
    const lastNewline = n === 0 ? filled : buffer.lastIndexOf(0x0a, filled - 1);
    const complete = lastNewline === -1 ? 0 : lastNewline;
    let first = 0;
    if (skippingLongLine) {
      const end = buffer.indexOf(0x0a, 0);
      if (end === -1 || end > complete) first = complete;
      else {
        first = end + 1;
        skippingLongLine = false;
      }
    }
    for (let which = 0; which < needles.length; which++)
      linesHolding(buffer, needles[which]!, first, complete, (line) => onLine(line, which));
    if (n === 0) return;
    // Keep the unfinished last line for the next read; a line that fills the whole buffer is passed over.
    const rest = filled - (lastNewline === -1 ? 0 : lastNewline + 1);
    if (lastNewline === -1 && rest === buffer.length) {
      held = 0;
      skippingLongLine = true;
    } else {
      buffer.copyWithin(0, filled - rest, filled);
      held = rest;
    }
  }
}

/**
 * The thread of the last conversation in `events` (null if they hold none); with `instance`, of the last one that client
 * session (a Claude Code process, e.g. "claude-4242") was on.
 */
export function lastConversation(
  events: readonly MeasurementEvent[],
  instance?: string,
): { projectId: string; threadId: string; instance: string | null } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === "conversation" && (instance === undefined || e.instance === instance))
      return { projectId: e.projectId, threadId: e.threadId, instance: e.instance ?? null };
  }
  return null;
}

/**
 * The thread of the last conversation a client session was on, from the log; null when it has none. Found like
 * sessionEvents, by the key's exact JSON form.
 */
export function instanceThread(storeDir: string, instance: string): { projectId: string; threadId: string } | null {
  return lastConversation(instanceEvents(storeDir, instance), instance);
}

/**
 * Calls `onLine` with each line of `bytes` between `from` (a line's start) and `end` (a line's end) that holds `needle`,
 * in order: a line runs to its newline, or to `end`.
 */
function linesHolding(bytes: Buffer, needle: Buffer, from: number, end: number, onLine: (line: string) => void): void {
  for (let hit = bytes.indexOf(needle, from); hit !== -1 && hit < end; hit = bytes.indexOf(needle, from)) {
    const start = bytes.lastIndexOf(0x0a, hit) + 1;
    const newline = bytes.indexOf(0x0a, hit);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    onLine(bytes.toString("utf8", Math.max(start, from), lineEnd));
    from = lineEnd + 1;
  }
}

/** Every event of a client session (a Claude Code process, "claude-<pid>"), oldest first, found by the key's exact JSON form. */
export function instanceEvents(storeDir: string, instance: string): MeasurementEvent[] {
  const events: MeasurementEvent[] = [];
  keyedEvents(storeDir, instanceNeedle(instance), (event) => {
    if ("instance" in event && event.instance === instance) events.push(event);
  });
  return events;
}

/** How much of the current log file a start after /clear or a compaction reads first for the instance's last conversation. */
const RECENT_BYTES = 64 * 1024;

/** `events` from the last conversation among them on; null when they hold none. */
function sinceLastConversation(events: MeasurementEvent[]): MeasurementEvent[] | null {
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.kind === "conversation") return events.slice(i);
  return null;
}

/**
 * The events of a client session (a Claude Code process) from its last conversation on, oldest first; all of them when it
 * has none: what a start after /clear or a compaction needs (the thread the instance followed, lastConversation; the
 * restart it follows, which is never older than that conversation). Read from the last RECENT_BYTES of the current log
 * file when they hold that conversation (a window's conversation is logged by its own start, usually moments ago), else
 * as instanceEvents: the same events either way (what follows the conversation was appended after it, to the same file).
 */
export function instanceEventsSinceConversation(storeDir: string, instance: string): MeasurementEvent[] {
  const needle = Buffer.from(instanceNeedle(instance), "utf8");
  const recent: MeasurementEvent[] = [];
  const own = (event: MeasurementEvent) => {
    if ("instance" in event && event.instance === instance) recent.push(event);
  };
  openLog(measurementLogPath(storeDir), (fd, size) => {
    const from = Math.max(0, size - RECENT_BYTES);
    const bytes = Buffer.allocUnsafe(size - from);
    const window = bytes.subarray(0, readAt(fd, bytes, from));
    // From a line's start: the first whole line of the window, unless the window is the whole file.
    const at = from === 0 ? 0 : window.indexOf(0x0a) + 1;
    if (at === 0 && from !== 0) return;
    linesHolding(window, needle, at, window.length, (line) => emit(line, own));
  });
  return (
    sinceLastConversation(recent) ??
    (() => {
      const all = instanceEvents(storeDir, instance);
      return sinceLastConversation(all) ?? all;
    })()
  );
}

const STALENESS_NEEDLE = `"kind":"staleness"`;

/** Staleness records, each once (the same verdict logged twice, by a retried append, counts once). */
function stalenessCollector(): { records: StalenessEvent[]; add(event: MeasurementEvent): void } {
  const records: StalenessEvent[] = [];
  const seen = new Set<string>();
  return {
    records,
    add(event) {
      if (event.kind !== "staleness") return;
      const key = JSON.stringify(event);
      if (!seen.has(key)) records.push(event);
      seen.add(key);
    },
  };
}

/** Every staleness record of the log (the hooks' verdicts at /clear and compaction), oldest first. */
export function stalenessEvents(storeDir: string): StalenessEvent[] {
  const staleness = stalenessCollector();
  scanEvents(storeDir, STALENESS_NEEDLE, (event) => staleness.add(event));
  return staleness.records;
}

/** Injections of these events that no receipt has settled yet. */
export function pendingInjections(events: readonly MeasurementEvent[]): InjectionRecord[] {
  const settled = new Set(
    events.flatMap((e) =>
      e.kind === "receipt" ? [receiptKey({ sessionId: e.sessionId, at: e.injectionAt, contentHash: e.contentHash })] : [],
    ),
  );
  return events.flatMap((e): InjectionRecord[] =>
    e.kind === "injection" && !settled.has(receiptKey(e)) ? [{ ...record(e), receipt: "pending" }] : [],
  );
}
