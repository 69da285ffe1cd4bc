// walkBack: the backward walk shared by the tail readers (Claude Code's transcripts, Codex's rollouts): fixed-size chunks
// read from the end, complete lines handed last first to a sink that says when to stop, within byte and record bounds.
import { readExactly } from "./transcript-file.js";
import type { OpenTranscript } from "./transcript-file.js";
import type { AssistantUsageRecord, CompactBoundaryRecord, HookContextRecord, SkipCounts, TailReading } from "./types.js";

export const DEFAULT_TAIL_CHUNK_BYTES = 64 * 1024;

const NEWLINE = 0x0a;

/** What the walk hands lines to; it counts them too, for the record bound. */
export interface BackwardLineSink {
  /** Every line taken. */
  readonly lines: number;
  /** Lines taken but neither decoded nor parsed (not counted against maxRecords). */
  readonly unparsedLines: number;
  /**
   * One complete line, the file's last one first; returns true when the walk can stop. `bytes` may be a view of the
   * walk's read buffer, overwritten by the next read: it is never kept. `isUnterminatedLastLine`: the file's last line,
   * with no newline after it (a line cut mid-write).
   */
  take(bytes: Buffer, isUnterminatedLastLine: boolean): boolean;
}

export interface WalkBackResult {
  bytesRead: number;
  reachedStartOfFile: boolean;
  stoppedAtByteLimit: boolean;
  stoppedAtRecordLimit: boolean;
}

/**
 * Walks `file` back from its end until `sink` says stop, `maxBytes` were read (the line cut at the region's start is
 * never taken) or `maxRecords` lines were parsed. The bytes read depend on the distance from the end to the stop, not
 * on the file size.
 */
export async function walkBack(
  file: OpenTranscript,
  chunkSize: number,
  limits: { maxBytes: number | null; maxRecords: number | null },
  sink: BackwardLineSink,
): Promise<WalkBackResult> {
  const { maxBytes, maxRecords } = limits;
  let position = file.size;
  let bytesRead = 0;
  /** Bytes (in file order) of the line whose start has not been reached yet. */
  let carry: Buffer[] = [];
  let atEndOfFile = true;
  let stopped = false;
  let stoppedAtByteLimit = false;
  let stoppedAtRecordLimit = false;

  /** A complete line: its first byte follows a newline or is byte 0. The first one met is the file's last line. */
  const takeLine = (bytes: Buffer): boolean => {
    const isLastLine = atEndOfFile;
    atEndOfFile = false;
    // The final newline of a file ends its last line; the empty "line" after it is not a line.
    if (isLastLine && bytes.length === 0) return false;
    if (sink.take(bytes, isLastLine)) return true;
    if (maxRecords !== null && sink.lines - sink.unparsedLines >= maxRecords) stoppedAtRecordLimit = true;
    return stoppedAtRecordLimit;
  };

  // One buffer for every read: fresh memory per chunk (page faults) cost more than the reads themselves. Lines are
  // handed to the sink as views of it and used before the next read; the part carried over is copied.
  const buffer = Buffer.allocUnsafe(Math.min(chunkSize, file.size, maxBytes ?? chunkSize));
  while (position > 0 && !stopped) {
    if (maxBytes !== null && bytesRead >= maxBytes) {
      stoppedAtByteLimit = true;
      break;
    }
    const length = Math.min(chunkSize, position, maxBytes === null ? chunkSize : maxBytes - bytesRead);
    position -= length;
    const chunk = buffer.subarray(0, length);
    await readExactly(file, chunk, position);
    bytesRead += length;

    let end = length;
    let newline = chunk.lastIndexOf(NEWLINE, end - 1);
    while (newline !== -1 && !stopped) {
      const piece = chunk.subarray(newline + 1, end);
      const bytes = carry.length === 0 ? piece : Buffer.concat([piece, ...carry]);
      carry = [];
      stopped = takeLine(bytes);
      end = newline;
      newline = end === 0 ? -1 : chunk.lastIndexOf(NEWLINE, end - 1);
    }
    if (!stopped && end > 0) carry.unshift(Buffer.from(chunk.subarray(0, end)));
  }
  // The first line of the file starts at byte 0: no newline precedes it.
  if (!stopped && !stoppedAtByteLimit && position === 0) {
    stopped = takeLine(Buffer.concat(carry));
  }
  return {
    bytesRead,
    reachedStartOfFile: position === 0 && !stoppedAtByteLimit && !stoppedAtRecordLimit,
    stoppedAtByteLimit,
    stoppedAtRecordLimit,
  };
}

/** What a tail reader's collector counted of the lines it was handed (TailReading's line figures). */
export interface WalkedLineCounts {
  lines: number;
  unparsedLines: number;
  malformedLines: number;
  truncatedLastLine: boolean;
  skipped: SkipCounts;
}

/** What a tail reader found in the walked region, in file order. */
export interface TailFound {
  lastAssistant: AssistantUsageRecord | null;
  compactBoundaries: CompactBoundaryRecord[];
  hookContexts: HookContextRecord[];
}

/** The TailReading of a backward walk over `path`: the walk's figures, the collector's counts and what it found. */
export function tailReading(
  path: string,
  fileSize: number,
  walk: WalkBackResult,
  counts: WalkedLineCounts,
  found: TailFound,
): TailReading {
  return {
    path,
    fileSize,
    bytesRead: walk.bytesRead,
    reachedStartOfFile: walk.reachedStartOfFile,
    stoppedAtByteLimit: walk.stoppedAtByteLimit,
    stoppedAtRecordLimit: walk.stoppedAtRecordLimit,
    lastAssistant: found.lastAssistant,
    contextTokens: found.lastAssistant?.contextTokens ?? null,
    compactBoundaries: found.compactBoundaries,
    hookContexts: found.hookContexts,
    skipped: { ...counts.skipped },
    lines: counts.lines,
    unparsedLines: counts.unparsedLines,
    malformedLines: counts.malformedLines,
    truncatedLastLine: counts.truncatedLastLine,
  };
}
