// The measurements.jsonl events of point-of-action recall and subagent context: what a PreToolUse hook handed the model
// (recall), which files a conversation changed (fileEdit), and what a SubagentStart hook handed a subagent (subagentContext).

import { formatCount } from "../format-count.js";

/** Decisions of other threads handed to the model before it changed `file` (repository-relative). */
export interface RecallEvent {
  kind: "recall";
  at: string;
  sessionId: string;
  /** The Claude Code process ("claude-<pid>"). */
  instance: string;
  /** Set inside a subagent: its own context, its own "once per conversation". */
  agentId?: string;
  file: string;
  /** "<project>/<thread>" of each thread handed over, in the injection's order. */
  threads: string[];
  chars: number;
  /** Estimated (characters / 3.5: no tokenizer on the hook path). */
  tokens: number;
  /** The tool call's id (hook input `tool_use_id`): Claude Code records the injection under it (attachment.toolUseID). */
  toolUseId?: string;
  /** textFingerprint of the text handed over: its receipt recognises it in the transcript (absent in older records). */
  fingerprint?: string;
  /**
   * The size of the transcript Claude Code records the injection in (the conversation's, or the subagent's own file) when
   * it was handed over: the record is written after that point, so its receipt reads from there.
   */
  transcriptOffset?: number;
}

/** A file the conversation was about to change (Edit, Write, MultiEdit, NotebookEdit), once per file and conversation. */
export interface FileEditEvent {
  kind: "fileEdit";
  at: string;
  sessionId: string;
  instance: string;
  agentId?: string;
  file: string;
}

/** The lean context a SubagentStart hook handed a subagent. */
export interface SubagentContextEvent {
  kind: "subagentContext";
  at: string;
  sessionId: string;
  instance: string;
  agentId: string;
  projectId: string;
  threadId: string;
  chars: number;
  /** Estimated (characters / 3.5). */
  tokens: number;
  /** textFingerprint of the text handed over (absent in older records); recorded at the head of the subagent's file. */
  fingerprint?: string;
}

export type RecallLogEvent = RecallEvent | FileEditEvent | SubagentContextEvent;

/** The characters / 3.5 estimate the hooks use (no tokenizer on their path). */
export function estimatedTokens(text: string): number {
  return Math.ceil(text.length / 3.5);
}

const isStr = (v: unknown): v is string => typeof v === "string";
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const optional = <T>(v: unknown, is: (v: unknown) => v is T): boolean => v === undefined || is(v);

/** Whether a parsed log line (kind already one of these) has the fields its kind needs. */
export function isRecallLogEvent(d: Record<string, unknown>): boolean {
  if (!isStr(d.instance) || (d.agentId !== undefined && !isStr(d.agentId))) return false;
  switch (d.kind) {
    case "recall":
      return (
        isStr(d.file) &&
        Array.isArray(d.threads) &&
        d.threads.every(isStr) &&
        isCount(d.chars) &&
        isCount(d.tokens) &&
        optional(d.toolUseId, isStr) &&
        optional(d.fingerprint, isStr) &&
        optional(d.transcriptOffset, isCount)
      );
    case "fileEdit":
      return isStr(d.file);
    case "subagentContext":
      return (
        isStr(d.agentId) &&
        isStr(d.projectId) &&
        isStr(d.threadId) &&
        isCount(d.chars) &&
        isCount(d.tokens) &&
        optional(d.fingerprint, isStr)
      );
    default:
      return false;
  }
}

/**
 * How often each kind of injection fired and what it added (estimated tokens), and how many of them the transcript
 * confirms delivered: settled by the SessionEnd/PreCompact hooks (src/hooks/recall-receipts.ts); the others are either
 * undelivered (missing, or only a preview) or not checked yet (fired minus both).
 */
export interface RecallFigures {
  recalls: number;
  recallTokens: number;
  recallsDelivered: number;
  recallsUndelivered: number;
  subagentContexts: number;
  subagentTokens: number;
  subagentContextsDelivered: number;
  subagentContextsUndelivered: number;
}

export function emptyRecallFigures(): RecallFigures {
  return {
    recalls: 0,
    recallTokens: 0,
    recallsDelivered: 0,
    recallsUndelivered: 0,
    subagentContexts: 0,
    subagentTokens: 0,
    subagentContextsDelivered: 0,
    subagentContextsUndelivered: 0,
  };
}

/** "N delivered (confirmed from the transcript)", and how many were not, or not checked yet. */
function deliveryText(fired: number, delivered: number, undelivered: number): string {
  const pending = fired - delivered - undelivered;
  const parts = [`${formatCount(delivered)} delivered (confirmed from the transcript)`];
  if (undelivered > 0) parts.push(`${formatCount(undelivered)} not delivered`);
  if (pending > 0) parts.push(`${formatCount(pending)} not checked yet`);
  return parts.join(", ");
}

/**
 * Point-of-action recall and subagent context as stats, the report and doctor show them: how often each fired, the
 * tokens it added (estimated), and how many the transcripts confirm delivered.
 */
export function recallLines(r: RecallFigures): string[] {
  const times = (n: number) => `${formatCount(n)} time${n === 1 ? "" : "s"}`;
  const tokens = (n: number) => `~${formatCount(n)} tokens in all (estimated: characters / 3.5)`;
  return [
    "Decisions handed over at the point of action (Claude Code plugin hooks):",
    `  Before a file was changed (PreToolUse): ${times(r.recalls)}, ${tokens(r.recallTokens)}; ${deliveryText(r.recalls, r.recallsDelivered, r.recallsUndelivered)}`,
    `  To subagents (SubagentStart): ${times(r.subagentContexts)}, ${tokens(r.subagentTokens)}; ${deliveryText(r.subagentContexts, r.subagentContextsDelivered, r.subagentContextsUndelivered)}`,
    "  Delivery is read from Claude Code's transcript when the session ends or compacts; not checked yet: still running, or recorded by an older version.",
  ];
}
