// readRolloutTail: the end of a Codex rollout, walked back in chunks to the last response (and, if asked, the last
// compaction) → the current request size, the compactions since the last response and the hook contexts since the last
// compaction, as readTail gives for Claude Code.
import { checkPositiveInteger, withTranscript } from "../transcript-file.js";
import type { TailReading } from "../types.js";
import { DEFAULT_TAIL_CHUNK_BYTES, tailReading, walkBack } from "../walk-back.js";
import { isCompressedRollout, readRollout } from "./read-rollout.js";
import { RolloutTailCollector } from "./rollout-tail-collector.js";
import type { RolloutTailGoal } from "./rollout-tail-collector.js";

export interface ReadRolloutTailOptions {
  /** Bytes per backward read (default 64 KiB). */
  chunkSize?: number;
  /** Read at most this many bytes from the end (default 4 MiB). */
  maxBytes?: number;
  /** Stop after parsing this many lines (those the pre-filter lets through; default: no limit). */
  maxRecords?: number;
  /** Also walk back to the last compaction: `hookContexts` then holds every hook context since it. Default false. */
  backToLastCompaction?: boolean;
  /**
   * Only what the conversation's current size needs: stop at the last response, or at a compaction after every
   * response; no hook contexts, and lastAssistant's model is not looked for ("unknown"). Default false.
   */
  sizeOnly?: boolean;
}

export const DEFAULT_ROLLOUT_TAIL_BYTES = 4 * 1024 * 1024;

function goalOf(options: ReadRolloutTailOptions): RolloutTailGoal {
  if (options.sizeOnly === true) return "size";
  return options.backToLastCompaction === true ? "last-compaction" : "last-response";
}

/**
 * Reads the end of a rollout backwards, chunk by chunk (a compressed rollout is read whole: Codex compresses only idle
 * ones), until what `options` ask is known: the bytes read depend on the distance from the end to the last response,
 * not on the file size, and never exceed maxBytes (the line cut at that bound is not read). The figures are those of
 * reading the walked lines forward, except that records carry no session id (Codex names it once, at the file's start).
 * Throws TranscriptReadError for a missing file or anything but a regular file.
 */
export async function readRolloutTail(path: string, options: ReadRolloutTailOptions = {}): Promise<TailReading> {
  const chunkSize = options.chunkSize ?? DEFAULT_TAIL_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  const maxBytes = options.maxBytes ?? DEFAULT_ROLLOUT_TAIL_BYTES;
  checkPositiveInteger("maxBytes", maxBytes);
  const maxRecords = options.maxRecords ?? null;
  if (maxRecords !== null) checkPositiveInteger("maxRecords", maxRecords);
  if (isCompressedRollout(path)) return tailOfWholeReading(path);
  return withTranscript(path, async (file) => {
    const collector = new RolloutTailCollector(goalOf(options));
    const walk = await walkBack(file, chunkSize, { maxBytes, maxRecords }, collector);
    return tailReading(path, file.size, walk, collector, {
      lastAssistant: collector.lastAssistant(),
      compactBoundaries: collector.compactBoundaries(),
      hookContexts: collector.hookContexts(),
    });
  });
}

/** A compressed rollout, read whole: every option is met (hook contexts since the last compaction, the model). */
async function tailOfWholeReading(path: string): Promise<TailReading> {
  const whole = await readRollout(path);
  const last = whole.lastAssistant;
  const lastCompaction = whole.compactions.at(-1);
  const afterLast = last === null ? whole.compactions : whole.compactions.filter((c) => c.contextTokensAfter === null);
  return {
    path,
    fileSize: whole.bytesRead,
    bytesRead: whole.bytesRead,
    reachedStartOfFile: true,
    stoppedAtByteLimit: false,
    stoppedAtRecordLimit: false,
    lastAssistant: last,
    contextTokens: last?.contextTokens ?? null,
    compactBoundaries: afterLast.map((c) => ({
      meta: { type: "compacted", sessionId: null, timestamp: c.timestamp, uuid: null },
      trigger: c.trigger,
      preTokens: c.preTokens,
      postTokens: c.postTokens,
    })),
    hookContexts: whole.hookContexts.filter((h) => lastCompaction === undefined || h.lineNumber > lastCompaction.lineNumber),
    skipped: whole.skipped,
    lines: whole.lines,
    unparsedLines: 0,
    malformedLines: whole.malformedLines,
    truncatedLastLine: whole.truncatedLastLine,
  };
}
