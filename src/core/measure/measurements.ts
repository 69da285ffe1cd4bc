// Measurement records (logged in measurements.jsonl): conversation sizes at session end / compaction, context injections, hooks seen.

export interface SizeRecord {
  at: string;
  sessionId: string;
  /** Conversation size reached (input + cache creation + cache read of the last main-chain response), measured. */
  contextTokens: number | null;
  /** SessionEnd reason ("clear", "other", …) or PreCompact trigger ("manual", "auto"). */
  reason: string;
  transcriptPath?: string;
}

export type ReceiptStatus = "pending" | "delivered" | "preview" | "missing";

export interface InjectionRecord {
  at: string;
  sessionId: string;
  /** SessionStart source: startup | clear | compact. */
  source: string;
  projectId: string;
  threadId: string;
  chars: number;
  tokens: number;
  /** Thread ancestors left out to fit the character cap. */
  omitted: number;
  receipt: ReceiptStatus;
  /** Content hash of the injected text: a receipt matches it against what the transcript recorded. */
  contentHash: string;
  /** textFingerprint of the injected text: how the hooks recognise it without node:crypto (absent in older records). */
  fingerprint?: string;
  transcriptPath?: string;
  /**
   * The transcript's size when the context was loaded: Claude Code records the injection after that point, before the
   * next response, so a receipt reads from there (absent in records of older versions).
   */
  transcriptOffset?: number;
  /**
   * Measured size (input + cache creation + cache read tokens) of the first request after this injection: the restart's
   * measured "after", read by the hook that settled the receipt (absent when no request had followed, or in older records).
   */
  firstRequestTokens?: number;
}

export interface HookSeenRecord {
  at: string;
  event: string;
  sessionId: string;
}

export interface Measurements {
  sessionEnds: SizeRecord[];
  preCompacts: SizeRecord[];
  injections: InjectionRecord[];
  hooksSeen: HookSeenRecord[];
}

export const MEASUREMENT_KEEP = 500;

export function emptyMeasurements(): Measurements {
  return { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [] };
}
