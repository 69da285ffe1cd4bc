// readTail: walks back from the end of a transcript in fixed-size chunks (walk-back.ts) until the last main-chain assistant record.
import { classifyLine } from "./classify-record.js";
import { mayBeNeededRecord } from "./line-prefilter.js";
import type { NeededKind } from "./line-prefilter.js";
import { emptySkipCounts } from "./session-accumulator.js";
import { checkPositiveInteger, withTranscript } from "./transcript-file.js";
import type { AssistantUsageRecord, CompactBoundaryRecord, HookContextRecord, TailReading } from "./types.js";
import { DEFAULT_TAIL_CHUNK_BYTES, tailReading, walkBack } from "./walk-back.js";
import type { BackwardLineSink } from "./walk-back.js";

export { DEFAULT_TAIL_CHUNK_BYTES };

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
class TailCollector implements BackwardLineSink {
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
    return tailReading(path, file.size, walk, collector, {
      lastAssistant: collector.lastAssistant,
      compactBoundaries: collector.boundariesLastFirst.reverse(),
      hookContexts: collector.hookContextsLastFirst.reverse(),
    });
  });
}
