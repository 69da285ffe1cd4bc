// Line pre-filter: a byte test on one raw transcript line telling, without decoding or JSON.parse, whether it can be a needed record.
import type { ClassifiedLine } from "./types.js";

/** The classified kinds the tail and head readers look for; every other line is of no use to them. */
export type NeededKind = Extract<ClassifiedLine["kind"], "assistant" | "compact-boundary" | "hook-context">;

/** A JSON member `"key": "value"` (any whitespace around the colon), as bytes. */
export interface Marker {
  key: Buffer;
  value: Buffer;
}

export function member(key: string, value: string): Marker {
  return { key: Buffer.from(JSON.stringify(key)), value: Buffer.from(JSON.stringify(value)) };
}

/**
 * The member every record of a kind must hold for classifyRecord to return that kind:
 * - assistant: the record's `"type":"assistant"`
 * - compact-boundary: the record's `"subtype":"compact_boundary"`
 * - hook-context: the attachment's `"type":"hook_additional_context"`
 * Claude Code writes records with JSON.stringify (`"type":"assistant"`, no spaces, no escapes in ASCII names); the test
 * also accepts whitespace around the colon. It may accept a line that is not the kind (the member nested deeper, e.g.
 * the subagent message inside an agent_progress record): classification then decides. It never rejects one that is,
 * unless a writer escaped these ASCII names (`"\u0074ype"`), which JSON.stringify never does.
 */
const MARKERS = {
  assistant: member("type", "assistant"),
  "compact-boundary": member("subtype", "compact_boundary"),
  "hook-context": member("type", "hook_additional_context"),
} satisfies Record<NeededKind, Marker>;

const SPACE = 0x20;
const TAB = 0x09;
const CARRIAGE_RETURN = 0x0d;
const COLON = 0x3a;

/** Index of the last non-whitespace byte at or before `index` (-1 if none). */
function skipSpaceBack(line: Buffer, index: number): number {
  let i = index;
  while (i >= 0 && (line[i] === SPACE || line[i] === TAB || line[i] === CARRIAGE_RETURN)) i -= 1;
  return i;
}

/** Whether `line` holds `"key":"value"` at any depth. A quote inside a JSON string is escaped, so string contents never match. */
export function hasMember(line: Buffer, marker: Marker): boolean {
  let at = line.indexOf(marker.value);
  while (at !== -1) {
    const colon = skipSpaceBack(line, at - 1);
    if (colon >= 0 && line[colon] === COLON) {
      const keyEnd = skipSpaceBack(line, colon - 1) + 1;
      const keyStart = keyEnd - marker.key.length;
      if (keyStart >= 0 && marker.key.equals(line.subarray(keyStart, keyEnd))) return true;
    }
    at = line.indexOf(marker.value, at + 1);
  }
  return false;
}

/** Whether a raw line (without its newline) can classify as one of `needed`. False means: not one of them, for sure. */
export function mayBeNeededRecord(line: Buffer, needed: readonly NeededKind[]): boolean {
  return needed.some((kind) => hasMember(line, MARKERS[kind]));
}
