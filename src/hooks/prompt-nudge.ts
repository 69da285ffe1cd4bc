// UserPromptSubmit: when the conversation has grown past the threshold since the thread's summary was last written, one
// short additionalContext asks the model to record what was decided; otherwise nothing is printed. Never blocks a prompt.
import { nextTimestamp } from "../core/clock.js";
import { formatCount } from "../core/format-count.js";
import { freshnessView, nudgeDecision, type ThreadRef } from "../core/freshness/freshness.js";
import { readFreshnessConfig } from "../core/freshness/freshness-config.js";
import type { FreshnessMarkEvent } from "../core/freshness/freshness-events.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import type { LocalState } from "../core/store/local-state.js";
import type { SessionKey } from "../core/types.js";
import { isClaudeInstance } from "../core/session-key.js";
import { agentOfTranscript } from "../agents/detect.js";
import type { HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import { freshnessThread } from "./freshness-thread.js";
import { TAIL_MAX_BYTES } from "./measure-size.js";

/** Claude Code hands the model this much of a UserPromptSubmit context at most (the bound, far under the cap). */
export const NUDGE_MAX_CHARS = 400;

/** What the nudge needs of the store: the fast path's direct file access or the full services. */
export interface PromptStore {
  readonly storeDir: string;
  readonly session: SessionKey;
  readState(): LocalState;
  instanceEvents(): readonly MeasurementEvent[];
  projectIds(): readonly string[] | null;
  branch(): string | null;
  /** Whether a thread's file exists (threadFileExists). */
  threadExists(projectId: string, threadId: string): boolean;
  recordEvents(events: readonly MeasurementEvent[]): Promise<void>;
}

/** The nudge's text: what happened and what to do, within NUDGE_MAX_CHARS. */
export function nudgeText(growth: number, thread: ThreadRef): string {
  const text =
    `ThreadMind: about ${formatCount(growth)} conversation tokens since the summary of thread "${thread.threadId}" was last written. ` +
    "Before you continue, record the decisions, constraints and state reached since then with summary_update (short bullets, by section), so a /clear or compaction loses nothing.";
  return text.length <= NUDGE_MAX_CHARS ? text : `${text.slice(0, NUDGE_MAX_CHARS - 1)}…`;
}

/**
 * The conversation's size from the transcript's end (as SessionEnd reads it); null when it has no response yet (or none
 * since a compaction that recorded no size) or cannot be read.
 */
async function conversationSize(transcriptPath: string | null): Promise<number | null> {
  if (transcriptPath === null) return null;
  try {
    // Walks back only to the last response or compaction, whichever is nearer the end (never past TAIL_MAX_BYTES).
    const tail = await agentOfTranscript(transcriptPath).readTail(transcriptPath, { maxBytes: TAIL_MAX_BYTES, sizeOnly: true });
    // A compaction after the last response: that response's size is gone; the boundary's own count, when it has one.
    const boundary = tail.compactBoundaries.at(-1);
    return boundary === undefined ? tail.contextTokens : boundary.postTokens;
  } catch {
    return null; // no transcript yet (first prompt), or unreadable: no nudge this time
  }
}

/** Whether this prompt could be nudged at all, from the input and the session alone (the store is not read otherwise). */
export function promptMayBeNudged(input: HookInput, session: SessionKey): boolean {
  // A slash command (/clear, /compact, …) starts no turn of the conversation to remind.
  if (input.prompt?.trimStart().startsWith("/")) return false;
  // Without CLAUDE_PID the window's summary writes cannot be told from others': no reminder rather than a wrong one.
  return isClaudeInstance(session);
}

export async function promptNudge(store: PromptStore, input: HookInput): Promise<HookOutput> {
  if (!promptMayBeNudged(input, store.session)) return {};
  const events = store.instanceEvents();
  const thread = freshnessThread({
    state: store.readState(),
    session: store.session,
    events,
    projectIds: () => store.projectIds(),
    branch: () => store.branch(),
    threadExists: (projectId, threadId) => store.threadExists(projectId, threadId),
  });
  if (thread === null) return {};
  const threshold = readFreshnessConfig(store.storeDir, thread.projectId).nudgeTokens;
  if (threshold === 0) return {};
  const view = freshnessView(events, input.sessionId, thread);
  const decision = nudgeDecision(view, await conversationSize(input.transcriptPath), threshold);
  const mark = (kind: FreshnessMarkEvent["mark"], contextTokens: number, level?: number): FreshnessMarkEvent => ({
    kind: "freshnessMark",
    at: nextTimestamp(),
    sessionId: input.sessionId,
    instance: store.session.key,
    projectId: thread.projectId,
    threadId: thread.threadId,
    mark: kind,
    contextTokens,
    ...(level !== undefined ? { level } : {}),
  });
  switch (decision.kind) {
    case "none":
      return {};
    case "baseline":
      await store.recordEvents([mark("baseline", decision.contextTokens)]);
      return {};
    case "nudge":
      // Recorded first: a nudge that could not be recorded would come again at every prompt.
      await store.recordEvents([mark("nudge", decision.growth + (view.baseline ?? 0), decision.level)]);
      return { additionalContext: nudgeText(decision.growth, thread) };
    default: {
      const unreachable: never = decision;
      throw new Error(`unknown nudge decision ${JSON.stringify(unreachable)}`);
    }
  }
}
