// readRolloutTail: the end of a Codex rollout (at most maxBytes of it, read at once) → the current request size, the
// compactions since the last response and the hook contexts since the last compaction, as readTail gives for Claude Code.
import { emptySkipCounts } from "../session-accumulator.js";
import { checkPositiveInteger, readExactly, withTranscript } from "../transcript-file.js";
import type { AssistantUsageRecord, CompactBoundaryRecord, HookContextRecord, TailReading } from "../types.js";
import { RolloutClassifier } from "./classify-rollout.js";
import { isCompressedRollout, readRollout } from "./read-rollout.js";

export interface ReadRolloutTailOptions {
  /** Read at most this many bytes from the end (default 4 MiB). */
  maxBytes?: number;
}

export const DEFAULT_ROLLOUT_TAIL_BYTES = 4 * 1024 * 1024;

const NEWLINE = 0x0a;

/** Feeds lines in file order; keeps what a tail reading reports. */
class RolloutTailCollector {
  private readonly classifier = new RolloutClassifier();
  lines = 0;
  malformedLines = 0;
  truncatedLastLine = false;
  readonly skipped = emptySkipCounts();
  lastAssistant: AssistantUsageRecord | null = null;
  /** Compactions after the last response. */
  boundaries: CompactBoundaryRecord[] = [];
  /** Hook contexts after the last compaction. */
  hookContexts: HookContextRecord[] = [];

  take(text: string, terminated: boolean): void {
    this.lines += 1;
    const line = this.classifier.classifyLine(text);
    switch (line.kind) {
      case "blank":
      case "other":
        return;
      case "malformed":
        this.malformedLines += 1;
        if (!terminated) this.truncatedLastLine = true;
        return;
      case "skipped":
        this.skipped[line.reason] += 1;
        return;
      case "assistant":
        this.lastAssistant = line.record;
        this.boundaries = [];
        return;
      case "compact-boundary":
        this.boundaries.push(line.record);
        this.hookContexts = [];
        return;
      case "hook-context":
        this.hookContexts.push(line.record);
        return;
      default: {
        const unreachable: never = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
  }
}

/**
 * Reads the last `maxBytes` of a rollout (all of it when smaller; a compressed rollout is read whole: Codex compresses
 * only idle ones). The first, partial line of the region is not read. Time and memory are bounded by maxBytes.
 */
export async function readRolloutTail(path: string, options: ReadRolloutTailOptions = {}): Promise<TailReading> {
  const maxBytes = options.maxBytes ?? DEFAULT_ROLLOUT_TAIL_BYTES;
  checkPositiveInteger("maxBytes", maxBytes);
  if (isCompressedRollout(path)) return tailOfWholeReading(path);
  return withTranscript(path, async (file) => {
    const length = Math.min(file.size, maxBytes);
    const start = file.size - length;
    const buffer = Buffer.allocUnsafe(length);
    await readExactly(file, buffer, start);
    // A region that does not start the file starts inside a line (or at one, which cannot be told): skip to the next.
    let from = start === 0 ? 0 : buffer.indexOf(NEWLINE) + 1;
    if (start > 0 && from === 0) from = length;
    const collector = new RolloutTailCollector();
    while (from < length) {
      const newline = buffer.indexOf(NEWLINE, from);
      const end = newline === -1 ? length : newline;
      collector.take(buffer.toString("utf8", from, end), newline !== -1);
      from = end + 1;
    }
    return {
      path,
      fileSize: file.size,
      bytesRead: length,
      reachedStartOfFile: start === 0,
      stoppedAtByteLimit: start > 0,
      stoppedAtRecordLimit: false,
      lastAssistant: collector.lastAssistant,
      contextTokens: collector.lastAssistant?.contextTokens ?? null,
      compactBoundaries: collector.boundaries,
      hookContexts: collector.hookContexts,
      skipped: collector.skipped,
      lines: collector.lines,
      unparsedLines: 0,
      malformedLines: collector.malformedLines,
      truncatedLastLine: collector.truncatedLastLine,
    };
  });
}

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
