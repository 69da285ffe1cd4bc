// The summary-freshness events of measurements.jsonl: summary writes, the hooks' baseline/nudge marks, staleness at restarts.

/** What wrote a thread's summary. */
export type SummaryWriteVia = "summary_update" | "merge" | "status";

/**
 * One write to a thread's summary, appended by the writer (no lock). `instance` is the writing client session: under
 * Claude Code the MCP server's parent pid, which is the hooks' CLAUDE_PID ("claude-<pid>"). The server cannot tell which
 * conversation it serves (it outlives /clear), so `sessionId` is null: the hooks place a write by its position in the log.
 */
export interface SummaryWriteEvent {
  kind: "summaryWrite";
  at: string;
  sessionId: null;
  instance: string;
  projectId: string;
  threadId: string;
  via: SummaryWriteVia;
}

/**
 * A UserPromptSubmit hook's mark for one conversation and thread: "baseline" is the conversation size first seen after a
 * summary write (growth is counted from it); "nudge" records that the nudge of `level` (1 past the threshold, 2 past
 * twice the threshold, …) was given, so that it is given once.
 */
export interface FreshnessMarkEvent {
  kind: "freshnessMark";
  at: string;
  sessionId: string;
  instance: string;
  projectId: string;
  threadId: string;
  mark: "baseline" | "nudge";
  contextTokens: number;
  level?: number;
}

export type RestartKind = "clear" | "compact";

/** How current the thread's summary was when the conversation was cleared or compacted (SessionEnd(clear), PreCompact). */
export interface StalenessEvent {
  kind: "staleness";
  at: string;
  sessionId: string;
  instance: string;
  projectId: string;
  threadId: string;
  restart: RestartKind;
  /** Conversation size at the restart (null: the transcript could not be measured). */
  contextTokens: number | null;
  /**
   * The conversation's growth since the thread's summary was last written: beyond the size first seen after the write,
   * or beyond the conversation's first request (or the compacted size) when it wrote nothing. Never the absolute size.
   * null: unknown (no size, or no baseline).
   */
  sinceWriteTokens: number | null;
  /** The summary was written during the ended conversation (it can still be stale: grown past the threshold since). */
  written: boolean;
  stale: boolean;
  /** The threshold the verdict used (the project's nudge threshold, or the default when nudges are off). */
  threshold: number;
  /** This instance's last write to the thread (any conversation), null when it has none in the log. */
  lastWriteAt: string | null;
  transcriptPath?: string;
}

/** A whole number of tokens (0 or more). */
export const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === "string" && v !== "";

/** Field checks of the three kinds (the line's `kind` and `at` are checked by the caller). */
export function isFreshnessEvent(d: Record<string, unknown>): boolean {
  if (!isText(d.instance) || !isText(d.projectId) || !isText(d.threadId)) return false;
  switch (d.kind) {
    case "summaryWrite":
      return d.sessionId === null && (d.via === "summary_update" || d.via === "merge" || d.via === "status");
    case "freshnessMark":
      return (
        typeof d.sessionId === "string" &&
        (d.mark === "baseline" || d.mark === "nudge") &&
        isCount(d.contextTokens) &&
        (d.level === undefined || isCount(d.level))
      );
    case "staleness":
      return (
        typeof d.sessionId === "string" &&
        (d.restart === "clear" || d.restart === "compact") &&
        (d.contextTokens === null || isCount(d.contextTokens)) &&
        (d.sinceWriteTokens === null || isCount(d.sinceWriteTokens)) &&
        typeof d.written === "boolean" &&
        typeof d.stale === "boolean" &&
        isCount(d.threshold) &&
        (d.lastWriteAt === null || typeof d.lastWriteAt === "string") &&
        (d.transcriptPath === undefined || typeof d.transcriptPath === "string")
      );
    default:
      return false;
  }
}
