// readHead: classifies the first records of a transcript, reading at most a given number of bytes from its start.
import { LineSplitter } from "./line-splitter.js";
import { classifyLine } from "./classify-record.js";
import { emptySkipCounts } from "./session-accumulator.js";
import { readExactly, withTranscript } from "./transcript-file.js";
import type { ClassifiedLine, HeadReading, HookContextRecord, RecordMeta } from "./types.js";

/** Enough for the injection records written first after /clear (a 10,000-character context appears several times, escaped). */
export const DEFAULT_HEAD_MAX_BYTES = 256 * 1024;

export interface ReadHeadOptions {
  /** Read at most this many bytes from the start of the file (default 256 KiB). */
  maxBytes?: number;
}

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

/**
 * Classifies the complete lines within the first `maxBytes` bytes of a transcript. A line cut by the bound is left out
 * (cutAtByteBound). Throws TranscriptReadError for a missing file or a directory.
 */
export async function readHead(path: string, options: ReadHeadOptions = {}): Promise<HeadReading> {
  const maxBytes = options.maxBytes ?? DEFAULT_HEAD_MAX_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes < 1) throw new RangeError(`maxBytes must be a positive integer, got ${maxBytes}`);
  return withTranscript(path, async (file) => {
    const records: ClassifiedLine[] = [];
    const hookContexts: HookContextRecord[] = [];
    const sessionIds: string[] = [];
    let firstTimestamp: string | null = null;
    const skipped = emptySkipCounts();
    let malformedLines = 0;
    let truncatedLastLine = false;

    const splitter = new LineSplitter((text, terminated) => {
      const line = classifyLine(text);
      records.push(line);
      if (line.kind === "malformed") {
        malformedLines += 1;
        if (!terminated) truncatedLastLine = true;
      }
      if (line.kind === "skipped") skipped[line.reason] += 1;
      if (line.kind === "hook-context") hookContexts.push(line.record);
      const meta = mainChainMeta(line);
      if (meta !== null) {
        if (meta.sessionId !== null && !sessionIds.includes(meta.sessionId)) sessionIds.push(meta.sessionId);
        if (firstTimestamp === null && meta.timestamp !== null) firstTimestamp = meta.timestamp;
      }
    });

    const bytesToRead = Math.min(maxBytes, file.size);
    const buffer = Buffer.allocUnsafe(bytesToRead);
    await readExactly(file, buffer, 0);
    splitter.push(buffer);
    const reachedEndOfFile = bytesToRead === file.size;
    const cutAtByteBound = !reachedEndOfFile && splitter.bytesPending > 0;
    if (reachedEndOfFile) splitter.end();

    return {
      path,
      fileSize: file.size,
      bytesRead: bytesToRead,
      reachedEndOfFile,
      cutAtByteBound,
      records,
      hookContexts,
      sessionIds,
      firstTimestamp,
      skipped,
      malformedLines,
      truncatedLastLine,
    };
  });
}
