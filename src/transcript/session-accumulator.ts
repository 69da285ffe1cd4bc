// SessionAccumulator: fed one transcript line (or classified line) at a time, it builds the figures of one session file.
import { classifyLine } from "./classify-record.js";
import type {
  AssistantUsageRecord,
  ClassifiedLine,
  Compaction,
  HookContext,
  MalformedLine,
  ModelUsage,
  RecordMeta,
  SessionFigures,
  SkipCounts,
  TokenUsage,
} from "./types.js";

export const MALFORMED_SAMPLE_LIMIT = 10;

export function emptySkipCounts(): SkipCounts {
  return { sidechain: 0, synthetic: 0, "api-error": 0, progress: 0, "unknown-type": 0 } satisfies SkipCounts;
}

function zeroUsage(): TokenUsage {
  return { inputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 0 };
}

function addUsage(target: TokenUsage, usage: TokenUsage, sign: 1 | -1): void {
  target.inputTokens += sign * usage.inputTokens;
  target.cacheCreationInputTokens += sign * usage.cacheCreationInputTokens;
  target.cacheReadInputTokens += sign * usage.cacheReadInputTokens;
  target.outputTokens += sign * usage.outputTokens;
}

/** Streamed copies of one API response share message.id + requestId (message.id alone when there is no requestId). */
export function responseKey(record: AssistantUsageRecord): string {
  return record.requestId === null ? record.messageId : `${record.messageId}\u0000${record.requestId}`;
}

interface KeptResponse {
  usage: TokenUsage;
  model: string;
}

export class SessionAccumulator {
  private lineCount = 0;
  private blankLines = 0;
  private malformedLines = 0;
  private readonly malformedSamples: MalformedLine[] = [];
  private readonly skipped: SkipCounts = emptySkipCounts();
  private readonly sessionIds: string[] = [];
  private readonly seenSessionIds = new Set<string>();
  private firstTimestamp: string | null = null;
  private lastTimestamp: string | null = null;
  private readonly responses = new Map<string, KeptResponse>();
  private readonly models = new Map<string, ModelUsage>();
  private readonly totals: TokenUsage = zeroUsage();
  private assistantRecords = 0;
  private firstContextTokens: number | null = null;
  private peakContextTokens: number | null = null;
  private lastAssistant: AssistantUsageRecord | null = null;
  private readonly compactions: Compaction[] = [];
  /** Compactions seen since the last assistant record: the next one gives their contextTokensAfter. */
  private readonly awaitingContextAfter: Compaction[] = [];
  private readonly hookContexts: HookContext[] = [];

  /** Classifies and adds the next line of the file (text without its newline). Returns the classification. */
  addLine(text: string): ClassifiedLine {
    const classified = classifyLine(text);
    this.add(classified);
    return classified;
  }

  /**
   * Counts the next line of the file without classifying it: a reader that knows from its bytes that the line has
   * nothing to count (see uncounted-line.ts) keeps later line numbers those of the file. It adds to `lines` only.
   */
  skipLine(): void {
    this.lineCount += 1;
  }

  /** Adds the next line of the file, already classified. Every line counts, so line numbers stay those of the file. */
  add(line: ClassifiedLine): void {
    this.lineCount += 1;
    const lineNumber = this.lineCount;
    switch (line.kind) {
      case "blank":
        this.blankLines += 1;
        return;
      case "malformed":
        this.malformedLines += 1;
        if (this.malformedSamples.length < MALFORMED_SAMPLE_LIMIT) {
          this.malformedSamples.push({ lineNumber, problem: line.problem });
        }
        return;
      case "skipped":
        this.skipped[line.reason] += 1;
        return;
      case "assistant":
        this.noteMeta(line.record.meta);
        this.addAssistant(line.record);
        return;
      case "compact-boundary": {
        this.noteMeta(line.record.meta);
        const compaction: Compaction = {
          lineNumber,
          timestamp: line.record.meta.timestamp,
          trigger: line.record.trigger,
          preTokens: line.record.preTokens,
          postTokens: line.record.postTokens,
          contextTokensBefore: this.lastAssistant === null ? null : this.lastAssistant.contextTokens,
          contextTokensAfter: null,
        };
        this.compactions.push(compaction);
        this.awaitingContextAfter.push(compaction);
        return;
      }
      case "hook-context":
        this.noteMeta(line.record.meta);
        this.hookContexts.push({ ...line.record, lineNumber });
        return;
      case "other":
        this.noteMeta(line.meta);
        return;
      default: {
        const unreachable: never = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private noteMeta(meta: RecordMeta): void {
    if (meta.sessionId !== null && !this.seenSessionIds.has(meta.sessionId)) {
      this.seenSessionIds.add(meta.sessionId);
      this.sessionIds.push(meta.sessionId);
    }
    if (meta.timestamp !== null) {
      if (this.firstTimestamp === null) this.firstTimestamp = meta.timestamp;
      this.lastTimestamp = meta.timestamp;
    }
  }

  private addAssistant(record: AssistantUsageRecord): void {
    this.assistantRecords += 1;
    const context = record.contextTokens;
    if (this.firstContextTokens === null) this.firstContextTokens = context;
    if (this.peakContextTokens === null || context > this.peakContextTokens) this.peakContextTokens = context;
    this.lastAssistant = record;
    for (const compaction of this.awaitingContextAfter) compaction.contextTokensAfter = context;
    this.awaitingContextAfter.length = 0;

    const key = responseKey(record);
    const kept = this.responses.get(key);
    if (kept !== undefined) {
      // A streamed copy of a response already seen: keep the final one (largest output_tokens; on a tie, the later copy).
      if (record.usage.outputTokens < kept.usage.outputTokens) return;
      this.count(kept, -1);
    }
    const response: KeptResponse = { usage: record.usage, model: record.model };
    this.responses.set(key, response);
    this.count(response, 1);
  }

  private count(response: KeptResponse, sign: 1 | -1): void {
    addUsage(this.totals, response.usage, sign);
    let model = this.models.get(response.model);
    if (model === undefined) {
      model = { model: response.model, apiResponses: 0, outputTokens: 0 };
      this.models.set(response.model, model);
    }
    model.apiResponses += sign;
    model.outputTokens += sign * response.usage.outputTokens;
  }

  /** Whether an API response of this key (responseKey) has been added already. */
  hasResponse(key: string): boolean {
    return this.responses.has(key);
  }

  /** A snapshot of the figures so far (the accumulator can keep being fed). */
  result(): SessionFigures {
    return {
      sessionIds: [...this.sessionIds],
      firstTimestamp: this.firstTimestamp,
      lastTimestamp: this.lastTimestamp,
      models: [...this.models.values()].filter((m) => m.apiResponses > 0).map((m) => ({ ...m })),
      firstContextTokens: this.firstContextTokens,
      finalContextTokens: this.lastAssistant === null ? null : this.lastAssistant.contextTokens,
      peakContextTokens: this.peakContextTokens,
      lastAssistant: this.lastAssistant,
      compactions: this.compactions.map((c) => ({ ...c })),
      apiResponses: this.responses.size,
      assistantRecords: this.assistantRecords,
      totals: { ...this.totals },
      hookContexts: [...this.hookContexts],
      skipped: { ...this.skipped },
      lines: this.lineCount,
      blankLines: this.blankLines,
      malformedLines: this.malformedLines,
      malformedSamples: this.malformedSamples.map((m) => ({ ...m })),
    };
  }
}
