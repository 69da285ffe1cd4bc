// How far a conversation has grown since its thread's summary was last written, from one instance's logged events.
//
// Positions in the log order everything (the server and the hooks are different processes: no clock is compared). A
// conversation's segment begins at its first `conversation` event (SessionStart) and again at each compaction of it
// (its `staleness` record of restart "compact"). Growth is never the conversation's absolute size (which starts at
// Claude Code's system prompt, tools and the restored context): it is counted from the first size a UserPromptSubmit saw
// in the segment (the conversation's first request, or the compacted size), and after a summary write to the thread from
// the first size seen after the write (each a "baseline" mark).
import type { MeasurementEvent } from "../measure/measurement-log.js";

/** Default nudge threshold, in conversation tokens since the last summary write (projects/<id>.json freshness.nudgeTokens). */
export const DEFAULT_NUDGE_TOKENS = 30_000;

export interface ThreadRef {
  projectId: string;
  threadId: string;
}

export interface FreshnessView {
  /** The thread's summary was written during this segment of the conversation. */
  written: boolean;
  /** The size growth is counted from: the segment's (or the last write's) baseline mark; null when it has none yet. */
  baseline: number | null;
  /** The segment began with the conversation (not at a compaction): its first request is the transcript's first. */
  firstSegment: boolean;
  /** Highest nudge level already given since the last write (or the segment's start). */
  lastLevel: number;
  /** This instance's last write to the thread, in any conversation (null: none in the log). */
  lastWriteAt: string | null;
}

const sameThread = (e: { projectId: string; threadId: string }, ref: ThreadRef) =>
  e.projectId === ref.projectId && e.threadId === ref.threadId;

/** `events`: one instance's events, oldest first (instanceEvents). */
export function freshnessView(events: readonly MeasurementEvent[], sessionId: string, thread: ThreadRef): FreshnessView {
  let segmentStart = -1;
  let lastWriteAt: string | null = null;
  events.forEach((e, i) => {
    if (e.kind === "conversation" && e.sessionId === sessionId && segmentStart === -1) segmentStart = i;
    if (e.kind === "staleness" && e.sessionId === sessionId && e.restart === "compact") segmentStart = i;
    if (e.kind === "summaryWrite" && sameThread(e, thread)) lastWriteAt = e.at;
  });
  const firstSegment = segmentStart === -1 || events[segmentStart]!.kind === "conversation";
  const view: FreshnessView = { written: false, baseline: null, firstSegment, lastLevel: 0, lastWriteAt };
  for (let i = segmentStart + 1; i < events.length; i++) {
    const e = events[i]!;
    if (e.kind === "summaryWrite" && sameThread(e, thread)) {
      view.written = true;
      view.baseline = null;
      view.lastLevel = 0;
    } else if (e.kind === "freshnessMark" && e.sessionId === sessionId && sameThread(e, thread)) {
      if (e.mark === "baseline" && view.baseline === null) view.baseline = e.contextTokens;
      if (e.mark === "nudge") view.lastLevel = Math.max(view.lastLevel, e.level ?? 1);
    }
  }
  return view;
}

/**
 * Tokens since the last write, from the view's baseline. Without one: 0 after a write in the segment (no prompt since
 * it); otherwise the growth beyond `firstRequest` (the transcript's first request, known in the conversation's first
 * segment only). null when the size, or the baseline, is unknown.
 */
export function tokensSinceWrite(
  view: FreshnessView,
  contextTokens: number | null,
  firstRequest: number | null = null,
): number | null {
  if (contextTokens === null) return null;
  if (view.baseline !== null) return Math.max(0, contextTokens - view.baseline);
  if (view.written) return 0;
  return firstRequest === null ? null : Math.max(0, contextTokens - firstRequest);
}

/** 0 at or below the threshold, 1 past it, 2 past twice the threshold, … */
export function nudgeLevel(growth: number, threshold: number): number {
  return growth <= 0 ? 0 : Math.ceil(growth / threshold) - 1;
}

export type NudgeDecision =
  | { kind: "none" }
  | { kind: "baseline"; contextTokens: number }
  | { kind: "nudge"; level: number; growth: number };

/** What UserPromptSubmit does: nothing, mark a write's baseline, or nudge (once per level). `threshold` > 0. */
export function nudgeDecision(view: FreshnessView, contextTokens: number | null, threshold: number): NudgeDecision {
  if (contextTokens === null) return { kind: "none" };
  if (view.baseline === null) return { kind: "baseline", contextTokens };
  const growth = Math.max(0, contextTokens - view.baseline);
  const level = nudgeLevel(growth, threshold);
  return level > view.lastLevel ? { kind: "nudge", level, growth } : { kind: "none" };
}

/** The threshold a staleness verdict uses: the project's, or the default when the project turned nudges off (0). */
export function verdictThreshold(nudgeTokens: number): number {
  return nudgeTokens > 0 ? nudgeTokens : DEFAULT_NUDGE_TOKENS;
}

/**
 * A restart's verdict: stale when the conversation grew past the threshold since the thread's summary was last written
 * (whether or not it wrote earlier), current otherwise; not stale when the growth is unknown.
 */
export function isStale(sinceWrite: number | null, threshold: number): boolean {
  return sinceWrite !== null && sinceWrite > threshold;
}
