// readTail: walks back from the end of a transcript in fixed-size chunks until the last main-chain assistant record.
import { classifyLine } from "./classify-record.js";
import { mayBeNeededRecord } from "./line-prefilter.js";
import type { NeededKind } from "./line-prefilter.js";
import { emptySkipCounts } from "./session-accumulator.js";
import { checkPositiveInteger, readExactly, withTranscript } from "./transcript-file.js";
import type { OpenTranscript } from "./transcript-file.js";
import type { AssistantUsageRecord, CompactBoundaryRecord, HookContextRecord, TailReading } from "./types.js";

export const DEFAULT_TAIL_CHUNK_BYTES = 64 * 1024;

export interface ReadTailOptions {
  /** Bytes per backward read (default 64 KiB). */
  chunkSize?: number;
  /** Stop after reading this many bytes even if the stop condition was not met (default: no limit). */
  maxBytes?: number;
  /**
   * Stop after parsing this many lines (those the prefilter lets through) even if the stop condition was not met: a tail
   * of tiny records costs per record, not per byte (default: no limit).
   */
  maxRecords?: number;
  /**
   * Also walk back to the last compact_boundary (or the start of the file), so that `hookContexts` holds every injection
   * since the last compaction. Default false: stop at the last main-chain assistant record.
   */
  backToLastCompaction?: boolean;
  /**
   * Only what the conversation's current size needs: stop at the last main-chain assistant record or at the last
   * compact_boundary, whichever comes first walking back (a compaction after the last response makes that response's
   * size history). Hook-context records are neither parsed nor collected. Default false.
   */
  sizeOnly?: boolean;
}

const NEWLINE = 0x0a;

/** Until the last main-chain assistant record is found. */
const NEEDED_BEFORE_LAST_RESPONSE: readonly NeededKind[] = ["assistant", "compact-boundary", "hook-context"];
/** After it (walking back to the last compaction): earlier assistant records change nothing. */
const NEEDED_AFTER_LAST_RESPONSE: readonly NeededKind[] = ["compact-boundary", "hook-context"];
/** For the size alone (sizeOnly). */
const NEEDED_FOR_SIZE: readonly NeededKind[] = ["assistant", "compact-boundary"];

/**
 * Collects what the backward walk finds; lines arrive last first. A line that cannot be a record the walk still needs
 * (see line-prefilter.ts) is counted in `lines` and `unparsedLines` and never decoded nor parsed, so the walk's cost is
 * the bytes it reads plus the records it needs, not every line between the end and the stop.
 */
class TailCollector {
  lines = 0;
  unparsedLines = 0;
  malformedLines = 0;
  truncatedLastLine = false;
  readonly skipped = emptySkipCounts();
  lastAssistant: AssistantUsageRecord | null = null;
  readonly boundariesLastFirst: CompactBoundaryRecord[] = [];
  readonly hookContextsLastFirst: HookContextRecord[] = [];

  constructor(
    private readonly backToLastCompaction: boolean,
    private readonly sizeOnly: boolean,
  ) {}

  /**
   * Classifies one complete line; returns true when the walk can stop. An unterminated last line is always classified,
   * so that a line cut mid-write is reported (truncatedLastLine) whatever record it was. `bytes` may be a view of the
   * walk's read buffer, overwritten by the next read: it is never kept.
   */
  take(bytes: Buffer, isUnterminatedLastLine: boolean): boolean {
    this.lines += 1;
    const needed = this.sizeOnly
      ? NEEDED_FOR_SIZE
      : this.lastAssistant === null
        ? NEEDED_BEFORE_LAST_RESPONSE
        : NEEDED_AFTER_LAST_RESPONSE;
    if (!isUnterminatedLastLine && !mayBeNeededRecord(bytes, needed)) {
      this.unparsedLines += 1;
      return false;
    }
    const line = classifyLine(bytes.toString("utf8"));
    switch (line.kind) {
      case "blank":
      case "other":
        break;
      case "malformed":
        this.malformedLines += 1;
        if (isUnterminatedLastLine) this.truncatedLastLine = true;
        break;
      case "skipped":
        this.skipped[line.reason] += 1;
        break;
      case "assistant":
        if (this.lastAssistant === null) this.lastAssistant = line.record;
        break;
      case "compact-boundary":
        this.boundariesLastFirst.push(line.record);
        break;
      case "hook-context":
        if (!this.sizeOnly) this.hookContextsLastFirst.push(line.record);
        break;
      default: {
        const unreachable: never = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
    if (this.sizeOnly) return this.lastAssistant !== null || this.boundariesLastFirst.length > 0;
    if (this.lastAssistant === null) return false;
    return !this.backToLastCompaction || this.boundariesLastFirst.length > 0;
  }
}

async function walkBack(
  file: OpenTranscript,
  chunkSize: number,
  limits: { maxBytes: number | null; maxRecords: number | null },
  collector: TailCollector,
) {
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
    if (collector.take(bytes, isLastLine)) return true;
    if (maxRecords !== null && collector.lines - collector.unparsedLines >= maxRecords) stoppedAtRecordLimit = true;
    return stoppedAtRecordLimit;
  };

  // One buffer for every read: fresh memory per chunk (page faults) cost more than the reads themselves. Lines are
  // handed to the collector as views of it and used before the next read; the part carried over is copied.
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

/**
 * Reads the end of a transcript backwards, chunk by chunk, until the last main-chain assistant record (and, with
 * backToLastCompaction, the last compact_boundary). The bytes read depend on the distance from the end of the file to
 * those records, not on the file size. Throws TranscriptReadError for a missing file or a directory.
 */
export async function readTail(path: string, options: ReadTailOptions = {}): Promise<TailReading> {
  const chunkSize = options.chunkSize ?? DEFAULT_TAIL_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  const maxBytes = options.maxBytes ?? null;
  if (maxBytes !== null) checkPositiveInteger("maxBytes", maxBytes);
  const maxRecords = options.maxRecords ?? null;
  if (maxRecords !== null) checkPositiveInteger("maxRecords", maxRecords);
  return withTranscript(path, async (file) => {
    const collector = new TailCollector(options.backToLastCompaction ?? false, options.sizeOnly ?? false);
    const walk = await walkBack(file, chunkSize, { maxBytes, maxRecords }, collector);
    // The collector is dropped here: its lists are put in file order in place.
    return {
      path,
      fileSize: file.size,
      bytesRead: walk.bytesRead,
      reachedStartOfFile: walk.reachedStartOfFile,
      stoppedAtByteLimit: walk.stoppedAtByteLimit,
      stoppedAtRecordLimit: walk.stoppedAtRecordLimit,
      lastAssistant: collector.lastAssistant,
      contextTokens: collector.lastAssistant === null ? null : collector.lastAssistant.contextTokens,
      compactBoundaries: collector.boundariesLastFirst.reverse(),
      hookContexts: collector.hookContextsLastFirst.reverse(),
      skipped: { ...collector.skipped },
      lines: collector.lines,
      unparsedLines: collector.unparsedLines,
      malformedLines: collector.malformedLines,
      truncatedLastLine: collector.truncatedLastLine,
    };
  });
}
