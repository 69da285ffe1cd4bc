// The thread whose summary freshness a hook judges: this instance's own choice, else its conversations' thread (log), else the branch's.
import type { LocalState } from "../core/store/local-state.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import type { SessionKey } from "../core/types.js";
import type { ThreadRef } from "../core/freshness/freshness.js";
import { branchChoice, chooseProjectId } from "../core/thread-choice.js";
import { lastInstanceThread } from "../core/measure/measurement-log-read.js";

/** What the choice needs beyond the instance's events (read only when the first two candidates give nothing). */
export interface ThreadChoiceInputs {
  state: LocalState;
  session: SessionKey;
  /** The instance's events, oldest first (instanceEvents). */
  events: readonly MeasurementEvent[];
  projectIds(): readonly string[] | null;
  branch(): string | null;
}

export function freshnessThread(inputs: ThreadChoiceInputs): ThreadRef | null {
  const own = inputs.state.sessions[inputs.session.key];
  if (own?.projectId && own.threadId) return { projectId: own.projectId, threadId: own.threadId };
  const followed = lastInstanceThread(inputs.events, inputs.session.key);
  if (followed !== null) return followed;
  const ids = inputs.projectIds();
  const projectId = ids === null ? null : chooseProjectId(ids, inputs.state, inputs.session.key);
  const threadId = projectId === null ? null : branchChoice(inputs.state, inputs.branch(), projectId);
  return projectId !== null && threadId !== null ? { projectId, threadId } : null;
}
