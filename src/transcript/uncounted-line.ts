// A byte test on one raw transcript line: its record has nothing to count (user, progress, ... records), and every time its top-level timestamp can give.
import { timeOfBytes } from "./iso-time.js";
import type { KnownRecordType } from "./types.js";
import { KNOWN_RECORD_TYPES } from "./types.js";

const SPACE = 0x20;
const TAB = 0x09;
const CARRIAGE_RETURN = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;

/** The bytes of an ASCII text. */
function ascii(text: string): Buffer {
  return Buffer.from(text, "latin1");
}

const TYPE_KEY = ascii("type");
const SIDECHAIN_KEY = ascii("isSidechain");
const FALSE = ascii("false");
const TRUE = ascii("true");
const TYPE_NAMES = KNOWN_RECORD_TYPES.map((type) => [type, Buffer.from(type)] as const);
const TIMESTAMP_KEY = Buffer.from('"timestamp"');
/**
 * What timestampTimes searches for: TIMESTAMP_KEY from its fourth byte (`"ti` before it, `"` after it are checked). A
 * needle that starts with a byte rarer than a quote lets Buffer.indexOf skip ahead with memchr: over the user records of
 * real transcripts this finds the same keys in half the time.
 */
const TIMESTAMP_KEY_PART = TIMESTAMP_KEY.subarray(3, TIMESTAMP_KEY.length - 1);
const KEY_PART_AT = 3;
const LOWER_T = 0x74;
const LOWER_I = 0x69;

function isSpace(byte: number): boolean {
  return byte === SPACE || byte === TAB || byte === CARRIAGE_RETURN;
}

/** The index of the first byte at or after `index` that is not JSON whitespace (`length` if none). */
function skipSpace(line: Buffer, index: number, length: number): number {
  let i = index;
  while (i < length && isSpace(line[i]!)) i += 1;
  return i;
}

/** The byte at `i`, -1 at or past `length` (the bytes after a line are not the line's). */
function byteAt(line: Buffer, i: number, length: number): number {
  return i < length ? line[i]! : -1;
}

function bytesEqual(line: Buffer, start: number, end: number, expected: Buffer): boolean {
  if (end - start !== expected.length) return false;
  for (let i = 0; i < expected.length; i += 1) if (line[start + i] !== expected[i]) return false;
  return true;
}

/** No closing quote before the end of the line (stringEnd). */
const UNCLOSED = -1;

/**
 * Where the string whose opening quote is at `open` ends: the index of its closing quote when the string holds no
 * backslash escape (its text is its bytes), `escapedEnd(index)` when it holds one, UNCLOSED when it has no closing
 * quote. One number, so that reading a line allocates nothing.
 */
function stringEnd(line: Buffer, open: number, length: number): number {
  let escaped = false;
  for (let i = open + 1; i < length; i += 1) {
    const byte = line[i]!;
    if (byte === QUOTE) return escaped ? escapedEnd(i) : i;
    if (byte === BACKSLASH) {
      escaped = true;
      i += 1;
    }
  }
  return UNCLOSED;
}

/** stringEnd's answer for an escaped string closed at `close` (below UNCLOSED); its own inverse. */
function escapedEnd(close: number): number {
  return -2 - close;
}

/** The closing quote's index from a stringEnd answer other than UNCLOSED. */
function closingQuote(end: number): number {
  return end >= 0 ? end : escapedEnd(end);
}

/** The known record type whose name the bytes spell, "unknown" for any other name. */
function recordTypeOf(line: Buffer, start: number, end: number): KnownRecordType | "unknown" {
  for (const [type, name] of TYPE_NAMES) if (bytesEqual(line, start, end, name)) return type;
  return "unknown";
}

/** What the record's leading members say: its type and isSidechain as written before its first object or array value. */
interface RecordHead {
  /** The `type` member's value (null when it is not among the leading members). */
  readonly type: KnownRecordType | "unknown" | null;
  /** The `isSidechain` member is `false` or absent among the leading members. */
  readonly mainChain: boolean;
}

/** Every RecordHead there can be, made once: reading a line allocates none. */
const HEADS = new Map<RecordHead["type"], readonly [RecordHead, RecordHead]>(
  [...KNOWN_RECORD_TYPES, "unknown" as const, null].map((type) => [
    type,
    [
      { type, mainChain: false },
      { type, mainChain: true },
    ],
  ]),
);

function recordHead(type: RecordHead["type"], mainChain: boolean): RecordHead {
  return HEADS.get(type)![mainChain ? 1 : 0];
}

/**
 * The members between a record's first one and its `type` (or its first object or array value), as the last line
 * read wrote them, with what they said: Claude Code repeats them byte for byte from record to record (isSidechain,
 * userType, cwd, sessionId, version, gitBranch, slug), so a line holding the same bytes there is read past them at once.
 */
interface HeadTemplate {
  bytes: Buffer;
  /** What an isSidechain member among them said (null when there is none): they hold no `type` (it ends them). */
  mainChain: boolean | null;
}

/**
 * Reads the top-level members of the line `line[from, to)` (no byte outside it) from its `{` up to the first member
 * whose value is an object or an array (Claude
 * Code writes parentUuid, isSidechain, userType, cwd, sessionId, version, gitBranch, slug and, except in assistant
 * and attachment records, type first). null when the bytes are anything else than that well-formed start: an escape
 * in a key or in `type`, a non-string `type`, an `isSidechain` other than true/false, a line not shaped as one object.
 * `holder.template` is the previous line's (see HeadTemplate); it is replaced by this line's when this line sets one.
 */
function readRecordHead(line: Buffer, from: number, to: number, holder: { template: HeadTemplate | null }): RecordHead | null {
  let template = holder.template;
  const length = to;
  let end = length - 1;
  while (end >= from && isSpace(line[end]!)) end -= 1;
  if (end < from + 1 || line[end] !== CLOSE_BRACE) return null;
  let i = skipSpace(line, from, length);
  if (byteAt(line, i, length) !== OPEN_BRACE) return null;
  i += 1;
  let type: RecordHead["type"] = null;
  let mainChain = true;
  /** Where the second member starts (just after the first one's comma); -1 once the template matched. */
  let secondStart = 0;
  /** What an isSidechain member from the second member on said (null: none yet). */
  let laterMainChain: boolean | null = null;
  for (let member = 0; ; member += 1) {
    if (member === 1) {
      secondStart = i;
      if (template !== null) {
        const n = template.bytes.length;
        if (i + n <= length && line.compare(template.bytes, 0, n, i, i + n) === 0) {
          if (template.mainChain !== null) mainChain = template.mainChain;
          i += n;
          secondStart = -1;
        }
      }
    }
    const memberStart = i;
    i = skipSpace(line, i, length);
    if (byteAt(line, i, length) !== QUOTE) return null;
    const keyStart = i + 1;
    const keyEnd = stringEnd(line, i, length);
    if (keyEnd < 0) return null; // unclosed, or an escape in the key
    i = skipSpace(line, keyEnd + 1, length);
    if (byteAt(line, i, length) !== COLON) return null;
    i = skipSpace(line, i + 1, length);
    const first = byteAt(line, i, length);
    const isType = bytesEqual(line, keyStart, keyEnd, TYPE_KEY);
    // The template ends where the type or the first object or array value begins.
    const next =
      member >= 1 && secondStart >= 0 && (isType || first === OPEN_BRACE || first === OPEN_BRACKET)
        ? { bytes: Buffer.from(line.subarray(secondStart, memberStart)), mainChain: laterMainChain }
        : template;
    if (next !== template) {
      template = next;
      holder.template = next;
      secondStart = -1;
    }
    if (first === OPEN_BRACE || first === OPEN_BRACKET) return recordHead(type, mainChain);
    const isSidechain = !isType && bytesEqual(line, keyStart, keyEnd, SIDECHAIN_KEY);
    if (first === QUOTE) {
      const end = stringEnd(line, i, length);
      if (end === UNCLOSED || (isType && end < 0) || isSidechain) return null;
      if (isType) type = recordTypeOf(line, i + 1, end);
      i = closingQuote(end) + 1;
    } else {
      // A number, true, false or null: up to the next separator.
      const start = i;
      while (i < length && line[i] !== COMMA && line[i] !== CLOSE_BRACE && !isSpace(line[i]!)) i += 1;
      if (isType) return null;
      if (isSidechain) {
        if (bytesEqual(line, start, i, FALSE)) mainChain = true;
        else if (bytesEqual(line, start, i, TRUE)) mainChain = false;
        else return null;
        if (member >= 1) laterMainChain = mainChain;
      }
    }
    i = skipSpace(line, i, length);
    if (byteAt(line, i, length) === COMMA) i += 1;
    else if (byteAt(line, i, length) === CLOSE_BRACE) return recordHead(type, mainChain);
    else return null;
  }
}

/** Whether classifyRecord can find something to count in a main-chain record of this type (see classify-record.ts). */
function typeMayCount(type: KnownRecordType): boolean {
  switch (type) {
    case "assistant": // usage
    case "system": // compact_boundary
    case "attachment": // hook_additional_context
      return true;
    case "user":
    case "progress":
    case "summary":
    case "queue-operation":
    case "file-history-snapshot":
      return false;
    default: {
      const unreachable: never = type;
      throw new Error(`unhandled record type ${String(unreachable)}`);
    }
  }
}

/** Whether a main-chain record of this type is one whose timestamp the readers keep (classifyLine's "other"; progress and unknown types are skipped). */
function typeKeepsTimestamp(type: KnownRecordType): boolean {
  return type !== "progress";
}

/**
 * Date.parse of every string a `"timestamp"` member of the line holds, invalid dates left out (null when one holds an
 * escape: its text is not its bytes).
 */
function timestampTimes(line: Buffer): number[] | null {
  const times: number[] = [];
  for (let part = line.indexOf(TIMESTAMP_KEY_PART); part !== -1; part = line.indexOf(TIMESTAMP_KEY_PART, part + 1)) {
    // Every `"timestamp"` of the line, as indexOf(TIMESTAMP_KEY) would find them.
    const at = part - KEY_PART_AT;
    const after = part + TIMESTAMP_KEY_PART.length;
    if (at < 0 || line[at] !== QUOTE || line[at + 1] !== LOWER_T || line[at + 2] !== LOWER_I || line[after] !== QUOTE) continue;
    const colon = skipSpace(line, after + 1, line.length);
    if (line[colon] !== COLON) continue;
    const open = skipSpace(line, colon + 1, line.length);
    // Not a string: a top-level one makes the record malformed (no timestamp kept); a nested one does not matter.
    if (line[open] !== QUOTE) continue;
    const close = stringEnd(line, open, line.length);
    if (close < 0) return null; // unclosed, or an escape: its text is not its bytes
    const time = timeOfBytes(line, open + 1, close);
    if (!Number.isNaN(time)) times.push(time);
  }
  return times;
}

/**
 * Reads the lines of one file in order (it keeps what the previous line's leading members were). For a line whose record has nothing to count (classifyLine gives "other", "skipped" or "malformed", never
 * "assistant", "compact-boundary" or "hook-context"): Date.parse of every string that can be its top-level `timestamp`
 * when the readers keep it (a superset: nested members and look-alikes too, invalid dates left out; empty for progress,
 * sidechain and unknown records, whose timestamps are not kept). null when the line must be parsed to know: its leading
 * members (before the first object or array value) do not include a `type`, or name assistant, system or attachment,
 * or are not plain JSON members, or the line is not shaped as one object, or a timestamp value holds an escape.
 *
 * Exact for records as JSON.stringify writes them, whatever the key order, whitespace, nesting or string contents:
 * it takes `type` and `isSidechain` from the leading members, so it assumes, as JSON.parse's last-one-wins makes
 * necessary, that a record holds no second top-level `type` or `isSidechain` further on, and that the `timestamp`
 * key is not written with escapes (JSON.stringify writes neither). Whether the rest of the line is valid JSON is not
 * checked.
 */
export class UncountedLineReader {
  /** The previous line's HeadTemplate (readRecordHead updates it). */
  private readonly previous: { template: HeadTemplate | null } = { template: null };

  /** The times for the line `line[start, end)` (the whole buffer by default): see uncountedLineTimes. */
  times(line: Buffer, start = 0, end = line.length): number[] | null {
    const head = readRecordHead(line, start, end, this.previous);
    if (head === null || head.type === null) return null;
    if (head.type === "unknown") return [];
    if (typeMayCount(head.type)) return null;
    if (!head.mainChain || !typeKeepsTimestamp(head.type)) return [];
    return timestampTimes(start === 0 && end === line.length ? line : line.subarray(start, end));
  }
}

/** UncountedLineReader's answer for one line on its own. */
export function uncountedLineTimes(line: Buffer): number[] | null {
  return new UncountedLineReader().times(line);
}
