// Plain result types of the transcript library: classified records and the figures read from a transcript.

/**
 * Why a well-formed record was left out of the main-chain figures:
 * - sidechain: isSidechain true (1.0.x inline subagent records, every record of a subagent file)
 * - synthetic: assistant record whose message.model is "<synthetic>"
 * - api-error: assistant record with isApiErrorMessage true
 * - progress: type "progress" (hook/bash/agent progress; its embedded subagent usage is not the main chain)
 * - unknown-type: a record type this library does not know
 */
export const SKIP_REASONS = ["sidechain", "synthetic", "api-error", "progress", "unknown-type"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export type SkipCounts = Record<SkipReason, number>;

/** Record types known to exist in Claude Code transcripts. Anything else is skipped as "unknown-type". */
export const KNOWN_RECORD_TYPES = [
  "user",
  "assistant",
  "system",
  "attachment",
  "progress",
  "summary",
  "queue-operation",
  "file-history-snapshot",
] as const;
export type KnownRecordType = (typeof KNOWN_RECORD_TYPES)[number];

/** Fields every well-formed record may carry (null when the record does not have them). */
export interface RecordMeta {
  type: string;
  sessionId: string | null;
  timestamp: string | null;
  uuid: string | null;
}

/** The token fields of an assistant record's message.usage (absent or null cache fields read as 0, as the API documents). */
export interface TokenUsage {
  inputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
  outputTokens: number;
}

/** One main-chain assistant record (one copy of a possibly streamed API response). */
export interface AssistantUsageRecord {
  meta: RecordMeta;
  messageId: string;
  /** null in records that have no requestId: dedup then falls back to messageId alone. */
  requestId: string | null;
  model: string;
  usage: TokenUsage;
  /** input + cache_creation + cache_read: the context size this response saw. */
  contextTokens: number;
}

/** A `system` / `compact_boundary` record. */
export interface CompactBoundaryRecord {
  meta: RecordMeta;
  /** compactMetadata.trigger as written ("auto", "manual"); null when there is no compactMetadata. */
  trigger: string | null;
  preTokens: number | null;
  /** Only written by newer Claude Code versions. */
  postTokens: number | null;
}

/** An `attachment` record of attachment.type "hook_additional_context": a hook's context injection receipt. */
export interface HookContextRecord {
  meta: RecordMeta;
  hookEvent: string | null;
  hookName: string | null;
  /** attachment.content as written (an array of strings). */
  content: string[];
  /** content joined with "\n". */
  text: string;
  /** content[0] is a `<persisted-output>` preview block: the hook output was over 10,000 characters and was NOT delivered whole. */
  isPersistedOutputPreview: boolean;
  /**
   * The agent's record says a hook wrote it: always for Claude Code's hook_additional_context attachments; for a Codex
   * developer message, when its metadata names it hooks.additional_context. False: a Codex developer message without
   * that metadata, which may as well be Codex's own text (only ThreadMind's header tells its own injections apart then).
   */
  fromHook: boolean;
}

/** One JSON line after classification. */
export type ClassifiedLine =
  | { kind: "blank" }
  | { kind: "malformed"; problem: string }
  | { kind: "skipped"; reason: SkipReason; meta: RecordMeta }
  | { kind: "assistant"; record: AssistantUsageRecord }
  | { kind: "compact-boundary"; record: CompactBoundaryRecord }
  | { kind: "hook-context"; record: HookContextRecord }
  /** A well-formed main-chain record with nothing to count (user, other system subtypes, other attachments, ...). */
  | { kind: "other"; meta: RecordMeta };

export interface MalformedLine {
  lineNumber: number;
  problem: string;
}

export interface Compaction {
  lineNumber: number;
  timestamp: string | null;
  trigger: string | null;
  preTokens: number | null;
  postTokens: number | null;
  /** Context size of the last main-chain assistant record before the boundary (null if none). */
  contextTokensBefore: number | null;
  /** Context size of the first main-chain assistant record after the boundary (null if none yet). */
  contextTokensAfter: number | null;
}

export interface HookContext extends HookContextRecord {
  lineNumber: number;
}

export interface ModelUsage {
  model: string;
  apiResponses: number;
  outputTokens: number;
}

/** Figures of one transcript (one file), main chain only. Token sums are over deduplicated API responses (final copies). */
export interface SessionFigures {
  /** Session ids of main-chain records, in order of first appearance. */
  sessionIds: string[];
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  /** Models of the deduplicated API responses, in order of first appearance. */
  models: ModelUsage[];
  firstContextTokens: number | null;
  finalContextTokens: number | null;
  peakContextTokens: number | null;
  /** The last main-chain assistant record (the one finalContextTokens comes from). */
  lastAssistant: AssistantUsageRecord | null;
  compactions: Compaction[];
  /** Distinct API responses (message.id + requestId, or message.id alone). */
  apiResponses: number;
  /** Main-chain assistant records, streamed copies included. */
  assistantRecords: number;
  /** Sums over the final copy of each API response. */
  totals: TokenUsage;
  hookContexts: HookContext[];
  skipped: SkipCounts;
  /** Lines fed (blank and malformed included). */
  lines: number;
  blankLines: number;
  malformedLines: number;
  /** The first few malformed lines (at most MALFORMED_SAMPLE_LIMIT). */
  malformedSamples: MalformedLine[];
}

/** Result of reading a whole file with the stream reader. */
export interface TranscriptReading extends SessionFigures {
  path: string;
  bytesRead: number;
  /** The file did not end with a newline and its last line did not parse: Claude Code was writing it (counted in malformedLines). */
  truncatedLastLine: boolean;
}

/** Result of walking back from the end of a file. */
export interface TailReading {
  path: string;
  fileSize: number;
  bytesRead: number;
  /** The walk went back to byte 0 (the stop condition was never met earlier, or the file is small). */
  reachedStartOfFile: boolean;
  /** The walk stopped because options.maxBytes was reached before the stop condition. */
  stoppedAtByteLimit: boolean;
  /** The walk stopped because options.maxRecords lines were parsed before the stop condition. */
  stoppedAtRecordLimit: boolean;
  /** The last main-chain assistant record of the file, null if the walked region has none. */
  lastAssistant: AssistantUsageRecord | null;
  contextTokens: number | null;
  /** compact_boundary records in the walked region, in file order. */
  compactBoundaries: CompactBoundaryRecord[];
  /** Hook injection records in the walked region, in file order. */
  hookContexts: HookContextRecord[];
  /**
   * Skip reasons of the classified lines only: a line the pre-filter passed over (unparsedLines) is not counted here,
   * whatever it is. Not a census of the walked region.
   */
  skipped: SkipCounts;
  /** Every line walked (blank lines and an unterminated last line included), classified or not. */
  lines: number;
  /**
   * Lines walked but neither decoded nor parsed: the pre-filter (line-prefilter.ts) found they cannot be a record the
   * walk still needed. Blank lines, user records, progress without embedded messages, malformed lines, ... land here.
   */
  unparsedLines: number;
  /** Malformed lines among the classified lines (a malformed line the pre-filter passed over is in unparsedLines). */
  malformedLines: number;
  /** Exact: an unterminated last line is always classified. */
  truncatedLastLine: boolean;
}

/**
 * Result of reading the first records of a file, up to its first main-chain assistant record or a byte bound. Only the
 * lines that can be an assistant record or a hook injection are classified (see line-prefilter.ts): `records`,
 * `sessionIds`, `firstTimestamp`, `skipped` and `malformedLines` are about those lines, not every line walked.
 */
export interface HeadReading {
  path: string;
  fileSize: number;
  /** Bytes read from the file (whole chunks: may go past the line the reading stopped at). */
  bytesRead: number;
  /** Every line of the file was walked: neither the first response nor the byte bound stopped the reading. */
  reachedEndOfFile: boolean;
  /** The reading stopped at the first main-chain assistant record (the last entry of `records`); later lines were not walked. */
  stoppedAtFirstResponse: boolean;
  /** The byte bound cut a line: that line was not classified. */
  cutAtByteBound: boolean;
  /** The classified lines, in file order: the lines the pre-filter passed over (unparsedLines) are not in it. */
  records: ClassifiedLine[];
  hookContexts: HookContextRecord[];
  /** Session ids of the classified main-chain records, in order of first appearance. */
  sessionIds: string[];
  /** Timestamp of the first classified main-chain record that has one. */
  firstTimestamp: string | null;
  /** Skip reasons of the classified lines only. */
  skipped: SkipCounts;
  /** Every line walked, classified or not (blank lines included; a line cut by the byte bound excluded). */
  lines: number;
  /** Lines walked but neither decoded nor parsed (not a possible assistant record or hook injection). */
  unparsedLines: number;
  /** Malformed lines among the classified lines. */
  malformedLines: number;
  /** Exact: an unterminated last line is always classified. */
  truncatedLastLine: boolean;
}
