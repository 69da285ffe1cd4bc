// Streams one session transcript into what the savings report needs: sizes over time, compactions, injections, /clear evidence.
import { DEFAULT_STREAM_CHUNK_BYTES, forEachByteRange } from "../../transcript/for-each-line.js";
import { SessionAccumulator, responseKey } from "../../transcript/session-accumulator.js";
import { classifyLine, classifyLineWithValue } from "../../transcript/classify-record.js";
import { UncountedLineReader } from "../../transcript/uncounted-line.js";
import type { ClassifiedLine, Compaction, HookContextRecord, RecordMeta } from "../../transcript/types.js";
import { contentHash } from "../content-hash.js";
import { savedOutputPathOf } from "./saved-output.js";
import { HeldLines, TimeSpan } from "./session-time-span.js";
import { recordsPartialOutput } from "./partial-output-versions.js";
import type { AgentId } from "../../agents/profiles.js";

/** The line every ThreadMind injection starts with (src/core/context/context-header.ts; a test keeps the two in step). */
export const THREADMIND_HEADER_PREFIX = "ThreadMind memory, loaded ";

/** At most this many size points are kept per session (older ones thinned evenly); the figures use every response. */
export const MAX_POINTS_PER_SESSION = 400;

export interface SizePoint {
  /** Ordinal of the API response in the session's main chain (0-based, streamed copies counted once). */
  index: number;
  at: string | null;
  tokens: number;
}

/** A hook injection seen in the transcript (texts are not kept: only what identifies and sizes them). */
export interface InjectionSeen {
  lineNumber: number;
  at: string | null;
  /** How many compaction boundaries precede it: 0 = loaded at the session's start, k = after the k-th compaction. */
  segment: number;
  chars: number;
  contentHash: string;
  /** Claude Code handed the model a <persisted-output> preview instead of the text (over 10,000 characters). */
  preview: boolean;
  /** For a preview: its text (about 2 KB, kept to match it to an injection) and the file the full text was saved to. */
  previewText: string | null;
  savedOutputPath: string | null;
  /** For ThreadMind injections: the source named in its header and the thread id in parentheses (null when unreadable). */
  source: "startup" | "clear" | "compact" | null;
  threadId: string | null;
}

/** The last summary_update call of one segment (0 = the session's start, k = after its k-th compaction). */
export interface SummaryWriteSeen {
  segment: number;
  at: string | null;
  /** The conversation's size at the call (the calling response's context). */
  contextTokens: number;
}

/** An ExitPlanMode call of the session's own (its plan text, as a hash): the evidence a plan accepted with "clear context" is paired by. */
export interface PlanCallSeen {
  /** contentHash of the plan text (input.plan, trimmed); null when the call holds none (Claude Code read the plan file). */
  textHash: string | null;
  at: string | null;
  /** The calling response's context: the conversation's size when the plan was accepted. */
  contextTokens: number;
}

export interface CompactionSeen extends Compaction {
  /** API responses of the main chain before the boundary (the chart places the boundary there). */
  responsesBefore: number;
}

export interface ScannedSession {
  /** The agent that wrote the transcript (absent: Claude Code). */
  agent?: AgentId;
  path: string;
  folder: string;
  /**
   * The sessions a /clear of this one is paired within (one project's): absent, its folder (Claude Code's project
   * folder). A Codex rollout's folder is a date, not a project: the workspace's rollouts share one scope.
   */
  pairingScope?: string;
  /** The file name without .jsonl (Claude Code names files after the session id), else the first recorded session id. */
  sessionId: string;
  bytes: number;
  /** Earliest and latest record timestamps (records are not always written in time order). */
  startedAt: string | null;
  endedAt: string | null;
  /** Timestamp of the `/clear` command record that opens a session started by /clear (null when there is none). */
  clearCommandAt: string | null;
  /** A SessionStart hook of any plugin reported source "clear" before the first response (hook_success / hook_progress). */
  clearHookSeen: boolean;
  /**
   * The session opens with an accepted plan (a user record before the first response): "planContent" when the record
   * carries Claude Code's planContent field (2.1.x: written only when a plan is accepted into a cleared context),
   * "prompt-text" when its text starts with "Implement the following plan:" (older versions' wording; a user could type
   * it, so it names the kind of a restart other evidence found, and is no evidence of one by itself).
   */
  planStart: {
    at: string | null;
    evidence: "planContent" | "prompt-text";
    /** contentHash of the accepted plan's text (planContent, else the prompt's text after its first line; trimmed). */
    textHash: string;
  } | null;
  /** The `slug` Claude Code 2.1.x writes on every record of a session (the first of the session's own records), else null. */
  slug: string | null;
  /** The session's own ExitPlanMode calls that carry a plan text: the last call of each plan text, in file order. */
  planCalls: PlanCallSeen[];
  /**
   * Distinct API responses at the file's start, before its first record of its own id, that carry another session's id
   * (a conversation continued from another one begins with copies of its records): that session's, not this one's, so
   * not counted here, nor their timestamps, /clear, compactions or injections. 0 when the file starts with its own id
   * (or is named otherwise).
   */
  copiedResponses: number;
  /** The session ids those copies carry, in order of first appearance. */
  copiedFromSessions: string[];
  /** Claude Code versions (the records' `version`) of the counted responses, in order of first appearance (at most VERSIONS_KEPT). */
  claudeCodeVersions: string[];
  /** A counted response was written by a Claude Code version that recorded partial output_tokens (partial-output-versions.ts). */
  partialOutputCounts: boolean;
  firstContextTokens: number | null;
  finalContextTokens: number | null;
  peakContextTokens: number | null;
  apiResponses: number;
  outputTokens: number;
  compactions: CompactionSeen[];
  threadMindInjections: InjectionSeen[];
  otherInjections: InjectionSeen[];
  /** Each segment's last summary_update call (any tool name ending in summary_update), in segment order. */
  summaryWrites: SummaryWriteSeen[];
  /** Every main-chain response's size, thinned to at most MAX_POINTS_PER_SESSION (the last one always kept). */
  points: SizePoint[];
  /**
   * Lines that failed to parse among the lines the scan parses: every line before the session's first response, every
   * line not shaped as one JSON object (a truncated last line always), and every line whose bytes do not prove it has
   * nothing to count (see uncounted-line.ts), and a skipped line whose timestamp had to be checked (HeldLines). A damaged
   * line shaped like a record with nothing to count is otherwise not parsed, so not counted: it cannot change a figure.
   */
  malformedLines: number;
  /** Line numbers (1-based) of the first MALFORMED_LINES_KEPT malformed lines. */
  malformedLineNumbers: number[];
  /** Lines in the file (a last line without a final newline included). */
  lines: number;
  /** Lines neither decoded nor parsed: their bytes proved they have nothing to count (see scanSession). */
  unparsedLines: number;
  truncatedLastLine: boolean;
}

/** At most this many Claude Code versions are named per session. */
export const VERSIONS_KEPT = 10;

/** At most this many malformed lines are named per file (the count covers them all). */
export const MALFORMED_LINES_KEPT = 10;

/** How often (in bytes read) a scan reports its progress. */
const PROGRESS_EVERY_BYTES = 4 * 1024 * 1024;

const CLEAR_COMMAND = "<command-name>/clear</command-name>";
const CLEAR_HOOK_NAME = "SessionStart:clear";
const PLAN_CONTENT_FIELD = '"planContent"';
const PLAN_PROMPT = "Implement the following plan:";
const EXIT_PLAN_TOOL = "ExitPlanMode";

/** Keeps an evenly thinned series in bounded memory: when full, every other point is dropped and the stride doubles. */
class ThinnedSeries {
  private points: SizePoint[] = [];
  private stride = 1;
  last: SizePoint | null = null;

  constructor(private readonly limit: number) {}

  add(point: SizePoint): void {
    this.last = point;
    if (point.index % this.stride !== 0) return;
    this.points.push(point);
    if (this.points.length >= this.limit) {
      this.stride *= 2;
      this.points = this.points.filter((p) => p.index % this.stride === 0);
    }
  }

  /** Replaces the newest point's value (a streamed copy of the same response). */
  updateLast(point: SizePoint): void {
    this.last = point;
    const tail = this.points[this.points.length - 1];
    if (tail !== undefined && tail.index === point.index) this.points[this.points.length - 1] = point;
  }

  result(): SizePoint[] {
    const out = [...this.points];
    if (this.last !== null && out[out.length - 1]?.index !== this.last.index) out.push(this.last);
    return out;
  }
}

export function parseHeader(text: string): { source: InjectionSeen["source"]; threadId: string | null } {
  const start = text.indexOf(THREADMIND_HEADER_PREFIX);
  const newline = text.indexOf("\n", start);
  const line = text.slice(start, newline === -1 ? undefined : newline);
  const rest = line.slice(THREADMIND_HEADER_PREFIX.length);
  const source = rest.startsWith("after /clear")
    ? "clear"
    : rest.startsWith("after compaction")
      ? "compact"
      : rest.startsWith("at session start")
        ? "startup"
        : null;
  const id = /\(([a-z0-9-]+)\)\. /.exec(line);
  return { source, threadId: id ? id[1]! : null };
}

/** A line's parsed JSON value when it is an object; null for any other value (undefined: the line was no JSON). */
function jsonObject(value: unknown): object | null {
  return typeof value === "object" && value !== null ? value : null;
}

/** A parsed record's message content (a string, or an array of blocks), as recorded; undefined when it has none. */
function messageContent(value: object): unknown {
  return (value as { message?: { content?: unknown } }).message?.content;
}

/** The texts of a record's message in order: its string content, or the text of each block that has one. */
function userTexts(value: object): string[] {
  const content = messageContent(value);
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((b: unknown) =>
    typeof b === "object" && b !== null && "text" in b && typeof b.text === "string" ? [b.text] : [],
  );
}

/**
 * A record a branched session copied from the conversation it was branched from (Claude Code 2.1.x /branch and
 * --fork-session copy the original's chain whole, timestamps and message ids kept, marked `forkedFrom`): the original's
 * /clear, compactions, injections and summary writes, not the branch's own.
 */
function isBranchCopy(value: unknown): boolean {
  const record = jsonObject(value);
  if (record === null) return false;
  const forkedFrom = (record as { forkedFrom?: unknown }).forkedFrom;
  return typeof forkedFrom === "object" && forkedFrom !== null;
}

/** A main-chain user record (not a sidechain's), else null. */
function mainUserRecord(parsed: unknown): { timestamp?: unknown; planContent?: unknown } | null {
  const value = jsonObject(parsed);
  if (value === null) return null;
  const record = value as { type?: unknown; isSidechain?: unknown };
  return record.type === "user" && record.isSidechain !== true ? value : null;
}

/** A user record whose message text holds the /clear command (string content or text blocks). */
function isClearCommand(parsed: unknown): { at: string | null } | null {
  const record = mainUserRecord(parsed);
  if (record === null || !userTexts(record).some((t) => t.includes(CLEAR_COMMAND))) return null;
  return { at: typeof record.timestamp === "string" ? record.timestamp : null };
}

/** A main-chain user record that opens with an accepted plan (see ScannedSession.planStart), else null. */
function planStartOf(parsed: unknown): ScannedSession["planStart"] {
  const record = mainUserRecord(parsed);
  if (record === null) return null;
  const at = typeof record.timestamp === "string" ? record.timestamp : null;
  if (typeof record.planContent === "string" && record.planContent.trim() !== "") {
    return { at, evidence: "planContent", textHash: contentHash(record.planContent.trim()) };
  }
  const first = userTexts(record)[0]?.trimStart();
  if (first === undefined || !first.startsWith(PLAN_PROMPT)) return null;
  return { at, evidence: "prompt-text", textHash: contentHash(first.slice(PLAN_PROMPT.length).trim()) };
}

/** The plan texts of an assistant record's ExitPlanMode calls (input.plan, trimmed; null for a call without one). */
function exitPlanTexts(value: unknown): (string | null)[] {
  const record = jsonObject(value);
  if (record === null) return [];
  const content = messageContent(record);
  if (!Array.isArray(content)) return [];
  return content.flatMap((b: unknown) => {
    if (typeof b !== "object" || b === null) return [];
    const block = b as { type?: unknown; name?: unknown; input?: { plan?: unknown } };
    if (block.type !== "tool_use" || block.name !== EXIT_PLAN_TOOL) return [];
    const plan = typeof block.input === "object" && block.input !== null ? block.input.plan : undefined;
    return [typeof plan === "string" && plan.trim() !== "" ? plan.trim() : null];
  });
}

/** A parsed record's top-level string field, else null. */
function stringField(value: unknown, key: "slug" | "version"): string | null {
  const record = jsonObject(value);
  if (record === null) return null;
  const field = (record as Record<string, unknown>)[key];
  return typeof field === "string" && field !== "" ? field : null;
}

/** A SessionStart hook record naming source "clear": 2.1.x hook_success attachments, older hook_progress records. */
function isClearHookRecord(parsed: unknown): boolean {
  const value = jsonObject(parsed);
  if (value === null) return false;
  const record = value as { type?: unknown; attachment?: { hookName?: unknown }; data?: { hookName?: unknown } };
  if (record.type === "attachment") return record.attachment?.hookName === CLEAR_HOOK_NAME;
  if (record.type === "progress") return record.data?.hookName === CLEAR_HOOK_NAME;
  return false;
}

/** An assistant record (its parsed JSON value) that calls a tool whose name ends in `summary_update` (ThreadMind's, under any client's prefix). */
function callsSummaryUpdate(value: unknown): boolean {
  const record = jsonObject(value);
  if (record === null) return false;
  const content = messageContent(record);
  if (!Array.isArray(content)) return false;
  return content.some(
    (b: unknown) =>
      typeof b === "object" &&
      b !== null &&
      (b as { type?: unknown }).type === "tool_use" &&
      typeof (b as { name?: unknown }).name === "string" &&
      (b as { name: string }).name.endsWith("summary_update"),
  );
}

/** The record fields of a classified line (null for a blank or malformed line). */
function metaOf(line: ClassifiedLine): RecordMeta | null {
  switch (line.kind) {
    case "other":
    case "skipped":
      return line.meta;
    case "assistant":
    case "compact-boundary":
    case "hook-context":
      return line.record.meta;
    case "blank":
    case "malformed":
      return null;
    default: {
      const unreachable: never = line;
      throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
    }
  }
}

/** At most this many session ids of copied records are named per file. */
const COPIED_FROM_KEPT = 10;

function withoutText(record: HookContextRecord): HookContextRecord {
  return { ...record, content: [], text: "" };
}

/**
 * What a hook-context record injected, at `lineNumber` after `segment` compactions: its source and thread id are read
 * from ThreadMind's header (parseHeader) by the caller, for ThreadMind's own injections only.
 */
export function injectionSeen(
  record: HookContextRecord,
  lineNumber: number,
  segment: number,
  savedOutputPath: string | null,
): InjectionSeen {
  return {
    lineNumber,
    at: record.meta.timestamp,
    segment,
    chars: record.text.length,
    contentHash: contentHash(record.text),
    preview: record.isPersistedOutputPreview,
    previewText: record.isPersistedOutputPreview ? record.text : null,
    savedOutputPath,
    source: null,
    threadId: null,
  };
}

const UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ScanOptions {
  /**
   * Parse every line, as the scan did before the byte test (uncounted-line.ts): the same figures and report, slower;
   * every malformed line counted. The reference the tests hold the default scan to.
   */
  parseEveryLine?: boolean;
}

/** The read buffer scans take one after another (a file's scan holds it from its first read to its end), or null while one does. */
let idleReadBuffer: Buffer | null = null;

/**
 * Reads one session file from start to end in bounded memory: figures by the transcript library's rules (its
 * SessionAccumulator: dedup by message.id + requestId keeping the final copy, main chain only), plus the points, the
 * injections and the /clear evidence the report needs. `onBytes` reports progress (bytes of this file read so far).
 *
 * Lines whose bytes prove they have nothing to count (uncounted-line.ts: user and progress records, most of a
 * transcript's bytes) are neither decoded nor parsed once the session's first response and a session id are known
 * (the /clear and plan evidence is looked for before the first response, on every line). Such a line can only move
 * the session's start or end (its timestamp); one whose possible timestamps could is held and parsed at the end unless
 * a later record settles it. Records a branched session copied from its original (forkedFrom) count for their
 * timestamps only: their responses, /clear, compactions, injections and summary writes are the original's, counted in
 * the original's file; the branch's figures start at its own first request.
 *
 * Records that carry another session's id at the start of a file named after its own session, before its first record
 * of its own id (a conversation continued from another one begins with copies of that one's records, message ids and
 * request ids kept), are that session's: not counted here at all, timestamps included; every record from the file's
 * own first one on counts in full, whatever id it carries (a /clear or a compaction among them is this session's). A file whose own id is on none of its records (renamed) is read again with
 * every record its own.
 */
export async function scanSession(
  file: { path: string; folder: string },
  onBytes?: (bytes: number) => void,
  options: ScanOptions = {},
): Promise<ScannedSession> {
  const name = fileNameId(file.path);
  const ownId = UUID_NAME.test(name) ? name : null;
  const first = await scanFile(file, onBytes, options, ownId);
  if (first.ownSeen || first.copiedLines === 0) return first.session;
  return (await scanFile(file, onBytes, options, null)).session;
}

function fileNameId(path: string): string {
  return path
    .split(/[\\/]/)
    .pop()!
    .replace(/\.jsonl$/, "");
}

/** One pass over the file; records of a session id other than `ownId` are copies (none when ownId is null). */
async function scanFile(
  file: { path: string; folder: string },
  onBytes: ((bytes: number) => void) | undefined,
  options: ScanOptions,
  ownId: string | null,
): Promise<{ session: ScannedSession; ownSeen: boolean; copiedLines: number }> {
  const accumulator = new SessionAccumulator();
  const series = new ThinnedSeries(MAX_POINTS_PER_SESSION);
  const threadMindInjections: InjectionSeen[] = [];
  const otherInjections: InjectionSeen[] = [];
  const summaryWrites: SummaryWriteSeen[] = [];
  /** Responses before each compaction boundary, in file order. */
  const boundaryResponses: number[] = [];
  const span = new TimeSpan();
  let clearCommandAt: string | null = null;
  let clearHookSeen = false;
  let planStart: ScannedSession["planStart"] = null;
  const malformedLineNumbers: number[] = [];
  /** Malformed lines found among the held lines parsed late (not fed to the accumulator: it counted them as skipped). */
  const lateMalformed: number[] = [];
  let lineNumber = 0;
  let unparsedLines = 0;
  let responses = 0;
  let lastKey: string | null = null;
  let truncatedLastLine = false;
  let bytesSeen = 0;
  let bytesReported = 0;
  const name = fileNameId(file.path);
  let ownSeen = false;
  let copiedLines = 0;
  const copiedKeys = new Set<string>();
  const copiedFromSessions: string[] = [];
  let slug: string | null = null;
  const planCalls = new Map<string, PlanCallSeen>();
  const versions: string[] = [];
  let partialOutputCounts = false;
  // The session id comes from the file name, else from the first record that has one: lines are parsed until then.
  let sessionIdKnown = UUID_NAME.test(name);
  const skipping = options.parseEveryLine !== true;
  const uncounted = new UncountedLineReader();

  const held = new HeldLines(span, (line) => {
    const classified = classifyLine(line.bytes.toString("utf8"));
    switch (classified.kind) {
      case "other":
        if (classified.meta.timestamp !== null) span.fold(classified.meta.timestamp, line.lineNumber);
        return;
      case "malformed":
        lateMalformed.push(line.lineNumber);
        return;
      case "skipped":
      case "blank":
        return;
      case "assistant":
      case "compact-boundary":
      case "hook-context":
        throw new Error(`line ${line.lineNumber} of ${file.path} was skipped unparsed but is a ${classified.kind} record`);
      default: {
        const unreachable: never = classified;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
  });

  const onLine = (buffer: Buffer, start: number, end: number, terminated: boolean) => {
    lineNumber += 1;
    bytesSeen += end - start + (terminated ? 1 : 0);
    if (onBytes !== undefined && bytesSeen - bytesReported >= PROGRESS_EVERY_BYTES) {
      bytesReported = bytesSeen;
      onBytes(bytesSeen);
    }
    if (skipping && terminated && responses > 0 && sessionIdKnown) {
      const times = uncounted.times(buffer, start, end);
      if (times !== null) {
        unparsedLines += 1;
        accumulator.skipLine();
        held.offer(buffer, start, end, lineNumber, times);
        return;
      }
    }
    // The text decoded once.
    const text = buffer.toString("utf8", start, end);
    const { line: classified, value } = classifyLineWithValue(text);
    if (classified.kind === "malformed") {
      if (!terminated) truncatedLastLine = true;
      if (malformedLineNumbers.length < MALFORMED_LINES_KEPT) malformedLineNumbers.push(lineNumber);
    }
    const meta = metaOf(classified);
    const recordSession = meta?.sessionId ?? null;
    if (recordSession !== null && recordSession === ownId) ownSeen = true;
    // A record of another session copied into this file (a continued conversation's start, before the file's own first
    // record): that session's. After the file's own records start, every record is the file's, whatever id it carries.
    const otherSession = ownId !== null && !ownSeen && recordSession !== null && recordSession !== ownId;
    if (otherSession) {
      copiedLines += 1;
      if (!copiedFromSessions.includes(recordSession) && copiedFromSessions.length < COPIED_FROM_KEPT)
        copiedFromSessions.push(recordSession);
      if (classified.kind === "assistant") copiedKeys.add(responseKey(classified.record));
    }
    // A record copied into a branched session: the original's, counted in the original's file.
    const copied = otherSession || isBranchCopy(value);
    if (responses === 0 && !copied) {
      // The text names what is looked for before its parsed value is looked at.
      if (clearCommandAt === null && text.includes(CLEAR_COMMAND)) clearCommandAt = isClearCommand(value)?.at ?? clearCommandAt;
      if (!clearHookSeen && text.includes(CLEAR_HOOK_NAME)) clearHookSeen = isClearHookRecord(value);
      if (planStart === null && (text.includes(PLAN_CONTENT_FIELD) || text.includes(PLAN_PROMPT))) planStart = planStartOf(value);
    }
    switch (classified.kind) {
      case "assistant": {
        if (copied) {
          // The original's API response (same message.id and requestId), counted in the original's file.
          accumulator.add({ kind: "other", meta: classified.record.meta });
          break;
        }
        const key = responseKey(classified.record);
        const at = classified.record.meta.timestamp;
        if (key === lastKey) series.updateLast({ index: responses - 1, at, tokens: classified.record.contextTokens });
        else if (accumulator.hasResponse(key)) {
          // A copy of an earlier response written again later (a rewritten history): counted once, where it came first.
        } else {
          series.add({ index: responses, at, tokens: classified.record.contextTokens });
          responses += 1;
          lastKey = key;
        }
        accumulator.add(classified);
        if (slug === null) slug = stringField(value, "slug");
        const version = stringField(value, "version");
        if (version !== null) {
          if (!versions.includes(version) && versions.length < VERSIONS_KEPT) versions.push(version);
          if (recordsPartialOutput(version) === true) partialOutputCounts = true;
        }
        for (const plan of exitPlanTexts(value)) {
          const textHash = plan === null ? null : contentHash(plan);
          planCalls.delete(textHash ?? ""); // the last call of a plan text (or without one), in file order
          planCalls.set(textHash ?? "", { textHash, at, contextTokens: classified.record.contextTokens });
        }
        // From the value already parsed: no second parse, no search of the text.
        if (callsSummaryUpdate(value)) {
          const write: SummaryWriteSeen = {
            segment: boundaryResponses.length,
            at,
            contextTokens: classified.record.contextTokens,
          };
          if (summaryWrites.at(-1)?.segment === write.segment) summaryWrites[summaryWrites.length - 1] = write;
          else summaryWrites.push(write);
        }
        break;
      }
      case "hook-context": {
        const record = classified.record;
        if (copied) {
          accumulator.add({ kind: "other", meta: record.meta });
          break;
        }
        const seen = injectionSeen(record, lineNumber, boundaryResponses.length, savedOutputPathOf(record, file.path));
        if (record.text.includes(THREADMIND_HEADER_PREFIX)) threadMindInjections.push({ ...seen, ...parseHeader(record.text) });
        else otherInjections.push(seen);
        // The accumulator only needs the record's presence: drop the text so memory does not grow with injections.
        accumulator.add({ kind: "hook-context", record: withoutText(record) });
        break;
      }
      case "compact-boundary":
        if (copied) {
          accumulator.add({ kind: "other", meta: classified.record.meta });
          break;
        }
        boundaryResponses.push(responses);
        accumulator.add(classified);
        break;
      case "blank":
      case "malformed":
      case "skipped":
      case "other":
        accumulator.add(classified);
        break;
      default: {
        const unreachable: never = classified;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
    // The span is of the session's own main-chain records that are not skipped (progress, sidechain, synthetic, API
    // error and unknown records are not read for it: uncounted-line.ts gives no times for them), copies left out.
    if (meta !== null && !otherSession && classified.kind !== "skipped") {
      if (meta.sessionId !== null) sessionIdKnown = true;
      if (meta.timestamp !== null) span.fold(meta.timestamp, lineNumber);
    }
  };

  // The module's read buffer, unless another scan (running at the same time) holds it: then one of this scan's own.
  const buffer = idleReadBuffer ?? Buffer.allocUnsafeSlow(DEFAULT_STREAM_CHUNK_BYTES);
  idleReadBuffer = null;
  let bytesRead: number;
  try {
    ({ bytesRead } = await forEachByteRange(file.path, onLine, {
      beforeChunkReuse: (chunk) => held.beforeChunkReuse(chunk),
      buffer,
    }));
    held.finish(); // the held lines are views of the buffer: it is free again only after this
  } finally {
    idleReadBuffer = buffer;
  }
  if (onBytes !== undefined) onBytes(bytesRead);
  const figures = accumulator.result();
  const compactions: CompactionSeen[] = figures.compactions.map((c, i) => ({ ...c, responsesBefore: boundaryResponses[i]! }));
  const session: ScannedSession = {
    path: file.path,
    folder: file.folder,
    sessionId: UUID_NAME.test(name) ? name : (figures.sessionIds[0] ?? name),
    bytes: bytesRead,
    startedAt: span.first?.at ?? null,
    endedAt: span.last?.at ?? null,
    clearCommandAt,
    clearHookSeen,
    planStart,
    slug,
    planCalls: [...planCalls.values()],
    copiedResponses: copiedKeys.size,
    copiedFromSessions,
    claudeCodeVersions: versions,
    partialOutputCounts,
    firstContextTokens: figures.firstContextTokens,
    finalContextTokens: figures.finalContextTokens,
    peakContextTokens: figures.peakContextTokens,
    apiResponses: figures.apiResponses,
    outputTokens: figures.totals.outputTokens,
    compactions,
    threadMindInjections,
    otherInjections,
    summaryWrites,
    points: series.result(),
    malformedLines: figures.malformedLines + lateMalformed.length,
    malformedLineNumbers:
      lateMalformed.length === 0
        ? malformedLineNumbers
        : [...malformedLineNumbers, ...lateMalformed].sort((a, b) => a - b).slice(0, MALFORMED_LINES_KEPT),
    lines: lineNumber,
    unparsedLines,
    truncatedLastLine,
  };
  return { session, ownSeen, copiedLines };
}
