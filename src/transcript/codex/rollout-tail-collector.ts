// RolloutTailCollector: the lines of a Codex rollout's end, met last first by the backward walk (walk-back.ts) → the last
// response, the compactions after it, the hook contexts after the last compaction: what reading the same lines forward
// with one RolloutClassifier gives, without reading what lies before the stop.
import { emptySkipCounts } from "../session-accumulator.js";
import type { AssistantUsageRecord, CompactBoundaryRecord, HookContextRecord } from "../types.js";
import type { BackwardLineSink } from "../walk-back.js";
import { RolloutClassifier, UNKNOWN_CODEX_MODEL } from "./classify-rollout.js";
import { mayBeNeededRolloutLine } from "./rollout-prefilter.js";
import type { RolloutNeed } from "./rollout-prefilter.js";

/**
 * Where the walk may stop:
 * - "size": the conversation's current size is known: the last response, or a compaction after every response;
 *   neither hook contexts nor the model are looked for (lastAssistant's model is UNKNOWN_CODEX_MODEL);
 * - "last-response": the last response and its model (the turn_context line before it);
 * - "last-compaction": that, and the last compaction (every hook context since it).
 */
export type RolloutTailGoal = "size" | "last-response" | "last-compaction";

/**
 * A response is a token-count line whose running totals differ from those of the token count before it (a copy has
 * the same ones: Codex writes one twice around an auto-compaction). Read forward, the last response is the first line
 * of the last run of token counts with equal totals; read backwards, it is known once a token count of other totals
 * comes before that run (or the walk ends: the run's earliest line walked is then the response, as forward from there).
 */
export class RolloutTailCollector implements BackwardLineSink {
  lines = 0;
  unparsedLines = 0;
  malformedLines = 0;
  truncatedLastLine = false;
  readonly skipped = emptySkipCounts();
  /** The last run of equal token counts: its key (the totals) and its earliest line walked so far. */
  private run: { key: string; earliest: AssistantUsageRecord } | null = null;
  /** A token count of other totals came before the run: its earliest line is the last response. */
  private resolved = false;
  /** The model named by the first turn_context line walked since the run's earliest line (null: none yet). */
  private model: string | null = null;
  /** Compactions after the run's earliest line (or after every token count, while there is no run), last first. */
  private readonly boundariesLastFirst: CompactBoundaryRecord[] = [];
  /** Compactions walked since the run's earliest line: after the response only if the run goes on past them. */
  private boundariesBeforeRun: CompactBoundaryRecord[] = [];
  /** The last compaction was walked: hook contexts before it are not the tail's. */
  private pastLastCompaction = false;
  private readonly hookContextsLastFirst: HookContextRecord[] = [];

  constructor(private readonly goal: RolloutTailGoal) {}

  take(bytes: Buffer, isUnterminatedLastLine: boolean): boolean {
    this.lines += 1;
    if (!isUnterminatedLastLine && !mayBeNeededRolloutLine(bytes, this.needs())) {
      this.unparsedLines += 1;
      return false;
    }
    // A fresh classifier per line: no line before it is known yet (the collector keeps what order decides).
    const classifier = new RolloutClassifier();
    const line = classifier.classifyLine(bytes.toString("utf8"));
    switch (line.kind) {
      case "blank":
        break;
      case "other":
        if (classifier.namedModel !== null) this.takeModel(classifier.namedModel);
        break;
      case "malformed":
        this.malformedLines += 1;
        if (isUnterminatedLastLine) this.truncatedLastLine = true;
        break;
      case "skipped":
        this.skipped[line.reason] += 1;
        break;
      case "assistant":
        this.takeTokenCount(line.record);
        break;
      case "compact-boundary":
        this.takeCompaction(line.record);
        break;
      case "hook-context":
        if (this.collectsHookContexts()) this.hookContextsLastFirst.push(line.record);
        break;
      default: {
        const unreachable: never = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
    return this.done();
  }

  /** The last response (null: none walked), with the model of the turn_context before it when one was walked. */
  lastAssistant(): AssistantUsageRecord | null {
    if (this.run === null) return null;
    return { ...this.run.earliest, model: this.model ?? UNKNOWN_CODEX_MODEL };
  }

  /** The compactions after the last response, in file order. */
  compactBoundaries(): CompactBoundaryRecord[] {
    return [...this.boundariesLastFirst].reverse();
  }

  /** The hook contexts walked after the last compaction, in file order. */
  hookContexts(): HookContextRecord[] {
    return [...this.hookContextsLastFirst].reverse();
  }

  private collectsHookContexts(): boolean {
    return this.goal !== "size" && !this.pastLastCompaction;
  }

  private looksForModel(): boolean {
    return this.goal !== "size" && this.run !== null && this.model === null;
  }

  /** The lines that can still change the result. */
  private needs(): RolloutNeed[] {
    const needs: RolloutNeed[] = [];
    if (!this.resolved) needs.push("token-count");
    if (!this.resolved || this.collectsHookContexts()) needs.push("compaction");
    if (this.collectsHookContexts()) needs.push("developer-message");
    if (this.looksForModel()) needs.push("turn-context");
    return needs;
  }

  private takeTokenCount(record: AssistantUsageRecord): void {
    if (this.resolved) return;
    if (this.run === null) {
      this.run = { key: record.messageId, earliest: record };
      return;
    }
    if (record.messageId !== this.run.key) {
      this.resolved = true;
      return;
    }
    // The run goes on: the line walked before is a copy of this one. What was walked in between comes after it.
    this.run.earliest = record;
    this.boundariesLastFirst.push(...this.boundariesBeforeRun);
    this.boundariesBeforeRun = [];
    this.model = null;
  }

  private takeCompaction(record: CompactBoundaryRecord): void {
    this.pastLastCompaction = true;
    if (this.resolved) return;
    if (this.run === null) this.boundariesLastFirst.push(record);
    else this.boundariesBeforeRun.push(record);
  }

  private takeModel(model: string): void {
    if (this.looksForModel()) this.model = model;
  }

  private done(): boolean {
    switch (this.goal) {
      case "size":
        return this.resolved || (this.run === null && this.boundariesLastFirst.length > 0);
      case "last-response":
        return this.resolved && this.model !== null;
      case "last-compaction":
        return this.resolved && this.model !== null && this.pastLastCompaction;
      default: {
        const unreachable: never = this.goal;
        throw new Error(`unknown rollout tail goal ${String(unreachable)}`);
      }
    }
  }
}
