// readHead: classifies the first records of a transcript, up to its first main-chain response and at most a byte bound.
import { classifyLine } from "./classify-record.js";
import { ByteLineSplitter } from "./line-splitter.js";
import { mayBeNeededRecord } from "./line-prefilter.js";
import type { NeededKind } from "./line-prefilter.js";
import { emptySkipCounts } from "./session-accumulator.js";
import { checkPositiveInteger, readRange, withTranscript } from "./transcript-file.js";
import type { ClassifiedLine, HeadReading, HookContextRecord, RecordMeta } from "./types.js";

/** Enough for the injection records written first after /clear (a 10,000-character context appears several times, escaped). */
export const DEFAULT_HEAD_MAX_BYTES = 256 * 1024;
export const DEFAULT_HEAD_CHUNK_BYTES = 64 * 1024;

export interface ReadHeadOptions {
  /** Read at most this many bytes from the start of the file (default 256 KiB). */
  maxBytes?: number;
  /**
   * Start at this byte offset instead of the start (default 0): the records written after that point, up to the next
   * main-chain assistant record. A line the offset cuts is skipped. An offset at or past the end reads nothing.
   */
  from?: number;
  /** Bytes per read (default 64 KiB). */
  chunkSize?: number;
}

/**
 * The stop rule. The head is read for the SessionStart injections made at startup and after /clear (src/hooks/receipts.ts).
 * Claude Code writes them (hook_success + hook_additional_context attachments) among the first records of the session's
 * file, before the response to its first prompt: in test/fixtures/transcripts/cc-2.1.332 at lines 3–4 (2–3 in
 * clear-after), the first response at line 22 (27). So the reading stops at the first main-chain assistant record:
 * nothing after it is a startup/clear injection (head-stops-at-first-response.test.ts checks every fixture). Injections
 * written later are not the head's: after a compact_boundary (SessionStart:compact) the tail walk back to the last
 * compaction reads them; at resume ThreadMind injects nothing. Only possible assistant records and hook injections are
 * classified (line-prefilter.ts).
 */
const NEEDED_IN_HEAD: readonly NeededKind[] = ["assistant", "hook-context"];

/** Meta of a main-chain record; null for blank, malformed and skipped lines. */
function mainChainMeta(line: ClassifiedLine): RecordMeta | null {
  switch (line.kind) {
    case "blank":
    case "malformed":
    case "skipped":
      return null;
    case "other":
      return line.meta;
    case "assistant":
    case "compact-boundary":
    case "hook-context":
      return line.record.meta;
    default: {
      const unreachable: never = line;
      throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Collects the head's lines in file order; `take` returns true at the first main-chain response (the reading stops). */
class HeadCollector {
  readonly records: ClassifiedLine[] = [];
  readonly hookContexts: HookContextRecord[] = [];
  readonly sessionIds: string[] = [];
  firstTimestamp: string | null = null;
  readonly skipped = emptySkipCounts();
  lines = 0;
  unparsedLines = 0;
  malformedLines = 0;
  truncatedLastLine = false;
  stoppedAtFirstResponse = false;

  /** An unterminated last line is always classified, so that a line cut mid-write is reported whatever it was. */
  take(bytes: Buffer, terminated: boolean): boolean {
    this.lines += 1;
    if (terminated && !mayBeNeededRecord(bytes, NEEDED_IN_HEAD)) {
      this.unparsedLines += 1;
      return false;
    }
    const line = classifyLine(bytes.toString("utf8"));
    this.records.push(line);
    if (line.kind === "malformed") {
      this.malformedLines += 1;
      if (!terminated) this.truncatedLastLine = true;
    }
    if (line.kind === "skipped") this.skipped[line.reason] += 1;
    if (line.kind === "hook-context") this.hookContexts.push(line.record);
    const meta = mainChainMeta(line);
    if (meta !== null) {
      if (meta.sessionId !== null && !this.sessionIds.includes(meta.sessionId)) this.sessionIds.push(meta.sessionId);
      if (this.firstTimestamp === null && meta.timestamp !== null) this.firstTimestamp = meta.timestamp;
    }
    this.stoppedAtFirstResponse = line.kind === "assistant";
    return this.stoppedAtFirstResponse;
  }
}

/**
 * Classifies the first records of a transcript up to its first main-chain assistant record (included), reading at most
 * `maxBytes` bytes from its start. A line cut by the bound is left out (cutAtByteBound). Throws TranscriptReadError for a
 * missing file or a directory.
 */
export async function readHead(path: string, options: ReadHeadOptions = {}): Promise<HeadReading> {
  const maxBytes = options.maxBytes ?? DEFAULT_HEAD_MAX_BYTES;
  checkPositiveInteger("maxBytes", maxBytes);
  const chunkSize = options.chunkSize ?? DEFAULT_HEAD_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  const from = options.from ?? 0;
  if (!Number.isInteger(from) || from < 0) throw new RangeError(`from must be a non-negative integer, got ${from}`);
  return withTranscript(path, async (file) => {
    const collector = new HeadCollector();
    // From an offset: start one byte early and drop the first line, so that the first line taken starts at or after it.
    let dropFirst = from > 0;
    const splitter = new ByteLineSplitter((bytes, terminated) => {
      if (dropFirst) {
        dropFirst = false;
        return false;
      }
      return collector.take(bytes, terminated);
    });
    const start = from > 0 ? Math.min(from - 1, file.size) : 0;
    const position = await readRange(file, splitter, start, maxBytes, chunkSize);

    return {
      path,
      fileSize: file.size,
      bytesRead: position - start,
      reachedEndOfFile: start + splitter.bytesTaken === file.size,
      stoppedAtFirstResponse: collector.stoppedAtFirstResponse,
      cutAtByteBound: !splitter.stopped && position < file.size && splitter.bytesPending > 0,
      records: collector.records,
      hookContexts: collector.hookContexts,
      sessionIds: collector.sessionIds,
      firstTimestamp: collector.firstTimestamp,
      skipped: collector.skipped,
      lines: collector.lines,
      unparsedLines: collector.unparsedLines,
      malformedLines: collector.malformedLines,
      truncatedLastLine: collector.truncatedLastLine,
    };
  });
}
