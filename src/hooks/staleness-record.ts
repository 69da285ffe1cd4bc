// At SessionEnd(clear) and PreCompact: how current the thread's summary was when the conversation was cleared or compacted.
import { nextTimestamp } from "../core/clock.js";
import { freshnessView, isStale, tokensSinceWrite, verdictThreshold } from "../core/freshness/freshness.js";
import { readFreshnessConfig } from "../core/freshness/freshness-config.js";
import type { RestartKind, StalenessEvent } from "../core/measure/freshness-events.js";
import type { LocalState } from "../core/store/local-state.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import type { SessionKey } from "../core/types.js";
import { isClaudeInstance } from "../core/session-key.js";
import type { HookInput } from "./hook-input.js";
import { freshnessThread } from "./freshness-thread.js";

export interface StalenessStore {
  readonly storeDir: string;
  readonly session: SessionKey;
  instanceEvents(): readonly MeasurementEvent[];
  /** The store's project ids (null: they cannot be listed). */
  projectIds(): readonly string[] | null;
  /** Whether a thread's file exists (threadFileExists). */
  threadExists(projectId: string, threadId: string): boolean;
}

/** The staleness record of this restart; null when the instance is on no thread this hook can name, or is no Claude Code instance. */
export async function stalenessEvent(
  store: StalenessStore,
  state: LocalState,
  input: HookInput,
  restart: RestartKind,
  contextTokens: number | null,
  firstRequest: () => Promise<number | null>,
): Promise<StalenessEvent | null> {
  // Without CLAUDE_PID the window's summary writes cannot be told from others': no verdict rather than a wrong one.
  if (!isClaudeInstance(store.session)) return null;
  const events = store.instanceEvents();
  // The thread the instance was on: its own (no branch: a restart judges what this window wrote to, or followed).
  const thread = freshnessThread({
    state,
    session: store.session,
    events,
    projectIds: () => store.projectIds(),
    branch: () => null,
    threadExists: (projectId, threadId) => store.threadExists(projectId, threadId),
  });
  if (thread === null) return null;
  const threshold = verdictThreshold(readFreshnessConfig(store.storeDir, thread.projectId).nudgeTokens);
  const view = freshnessView(events, input.sessionId, thread);
  // The transcript's first request is read only when no prompt of the segment measured a baseline (a one-prompt conversation).
  const needsFirst = contextTokens !== null && view.baseline === null && !view.written && view.firstSegment;
  const sinceWriteTokens = tokensSinceWrite(view, contextTokens, needsFirst ? await firstRequest() : null);
  return {
    kind: "staleness",
    at: nextTimestamp(),
    sessionId: input.sessionId,
    instance: store.session.key,
    projectId: thread.projectId,
    threadId: thread.threadId,
    restart,
    contextTokens,
    sinceWriteTokens,
    written: view.written,
    stale: isStale(sinceWriteTokens, threshold),
    threshold,
    lastWriteAt: view.lastWriteAt,
    ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
  };
}
