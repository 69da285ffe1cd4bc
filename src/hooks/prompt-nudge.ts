// UserPromptSubmit: when the conversation has grown past the threshold since the thread's summary was last written, one
// short additionalContext asks the model to record what was decided; otherwise nothing is printed. Never blocks a prompt.
import { nextTimestamp } from "../core/clock.js";
import { formatCount } from "../core/format-count.js";
import { freshnessView, nudgeDecision, type ThreadRef } from "../core/freshness/freshness.js";
import { readFreshnessConfig } from "../core/freshness/freshness-config.js";
import type { FreshnessMarkEvent } from "../core/measure/freshness-events.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import type { LocalState } from "../core/store/local-state.js";
import type { SessionKey } from "../core/types.js";
import { isClaudeInstance } from "../core/session-key.js";
import { conversationSize, firstRequestSize } from "../core/freshness/conversation-size.js";
import type { HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import { freshnessThread } from "./freshness-thread.js";

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

/**
 * The nudge's text: what happened and what to do, within NUDGE_MAX_CHARS. `written`: the summary was written in this
 * conversation (growth counts from the write), else growth counts from the conversation's first request.
 */
export function nudgeText(growth: number, thread: ThreadRef, written: boolean): string {
  const since = written
    ? `since the summary of thread "${thread.threadId}" was last written`
    : `since this conversation's first request, and the summary of thread "${thread.threadId}" was not written in it`;
  const text =
    `ThreadMind: about ${formatCount(growth)} conversation tokens ${since}. ` +
    "Before you continue, record the decisions, constraints and state reached since then with summary_update (short bullets, by section), so a /clear or compaction loses nothing.";
  return text.length <= NUDGE_MAX_CHARS ? text : `${text.slice(0, NUDGE_MAX_CHARS - 1)}…`;
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
  const found = freshnessView(events, input.sessionId, thread);
  const size = await conversationSize(input.transcriptPath);
  // No baseline in this instance's events, no write, the conversation's first segment: it was resumed in a new process
  // (a Codex `exec resume`, a `claude --resume`). Growth counts from its first request, not from the size seen now.
  const first =
    found.baseline === null && !found.written && found.firstSegment && size !== null
      ? await firstRequestSize(input.transcriptPath).catch(() => null)
      : null;
  const resumed = first !== null && size !== null && first < size ? first : null;
  const view = resumed !== null ? { ...found, baseline: resumed } : found;
  const decision = nudgeDecision(view, size, threshold);
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
      if (resumed !== null) await store.recordEvents([mark("baseline", resumed)]);
      return {};
    case "baseline":
      await store.recordEvents([mark("baseline", decision.contextTokens)]);
      return {};
    case "nudge":
      // Recorded first: a nudge that could not be recorded would come again at every prompt.
      await store.recordEvents([
        ...(resumed !== null ? [mark("baseline", resumed)] : []),
        mark("nudge", decision.growth + (view.baseline ?? 0), decision.level),
      ]);
      return { additionalContext: nudgeText(decision.growth, thread, view.written) };
    default: {
      const unreachable: never = decision;
      throw new Error(`unknown nudge decision ${JSON.stringify(unreachable)}`);
    }
  }
}
