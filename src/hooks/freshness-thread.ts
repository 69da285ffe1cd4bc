// The thread whose summary freshness a hook judges: the thread the session is on, by the one rule of core/thread-choice.ts.
import type { LocalState } from "../core/store/local-state.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import type { SessionKey } from "../core/types.js";
import type { ThreadRef } from "../core/freshness/freshness.js";
import { sessionThreadRef } from "../core/thread-choice.js";
import { lastConversation } from "../core/measure/measurement-log-read.js";

/** What the choice needs: local state, the session, the instance's events, the project ids and the branch. */
export interface ThreadChoiceInputs {
  state: LocalState;
  session: SessionKey;
  /** The instance's events, oldest first (instanceEvents). */
  events: readonly MeasurementEvent[];
  /** The store's project ids (null: they cannot be listed, and no thread is named). */
  projectIds(): readonly string[] | null;
  /** The checked-out branch (asked only when the session has no thread of its own). */
  branch(): string | null;
  /** Whether the thread's file exists (threadFileExists): a thread deleted since it was chosen is passed over. */
  threadExists(projectId: string, threadId: string): boolean;
}

export function freshnessThread(inputs: ThreadChoiceInputs): ThreadRef | null {
  const { state, session, events } = inputs;
  const ref = sessionThreadRef(
    inputs.projectIds(),
    state,
    session.key,
    () => lastConversation(events, session.key),
    () => inputs.branch(),
    (projectId, threadId) => inputs.threadExists(projectId, threadId),
  );
  // The session's own thread gone: a summary_update naming no thread is refused, so no thread is judged or nudged.
  return ref === null || ref.lost !== null ? null : { projectId: ref.projectId, threadId: ref.threadId };
}
