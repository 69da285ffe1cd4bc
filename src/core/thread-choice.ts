// Which project and thread a client session is on, as far as local state alone decides it (services and the hooks' fast path).
import type { LocalState } from "./store/local-state.js";

/** The session's project: its own choice, else the only project, else the last one used; null when none of them exists. */
export function chooseProjectId(ids: readonly string[], state: LocalState, sessionKey: string): string | null {
  const candidates = [state.sessions[sessionKey]?.projectId, ids.length === 1 ? ids[0] : undefined, state.lastProjectId];
  return candidates.find((id): id is string => id !== undefined && ids.includes(id)) ?? null;
}

/** First candidate: the thread the session chose in this project (taken when its file exists). */
export function sessionChoice(state: LocalState, sessionKey: string, projectId: string): string | null {
  const persisted = state.sessions[sessionKey];
  return persisted?.projectId === projectId && persisted.threadId ? persisted.threadId : null;
}

/**
 * The session's own thread candidates, in order (services and the hooks' fast path both take them from here): the
 * thread the session chose in this project, then the thread its client instance last followed in it (after /clear or
 * a compaction; `followed` is asked only when the first gives none: it reads the measurement log). The caller takes
 * the first whose file exists; after them come branchChoice and what only the thread files can tell.
 */
export function* ownThreadCandidates(
  state: LocalState,
  sessionKey: string,
  projectId: string,
  followed: () => { projectId: string; threadId: string } | null,
): Generator<string, void, undefined> {
  const own = sessionChoice(state, sessionKey, projectId);
  if (own !== null) yield own;
  const last = followed();
  if (last !== null && last.projectId === projectId) yield last.threadId;
}

/**
 * Second candidate: the thread last chosen on the checked-out branch (taken when it exists and is active). After it
 * come the open thread linked to the branch and main, which only the thread files can tell.
 */
export function branchChoice(state: LocalState, branch: string | null, projectId: string): string | null {
  return (branch ? state.branches[branch]?.[projectId] : undefined) ?? null;
}
