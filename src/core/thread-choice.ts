// Which project and thread a client session is on, as far as local state alone decides it (services and the hooks' fast path).
import type { LocalState } from "./store/local-state.js";
import { ownEntry } from "./json-record.js";

/**
 * The session's project: its own choice, else the only project, else the project of the conversation its client instance
 * last followed (after /clear or a compaction: a window that never chose stays where it was, whatever another window
 * chose since; `followed` is asked only then), else the last one used; null when none of them exists.
 */
export function chooseProjectId(
  ids: readonly string[],
  state: LocalState,
  sessionKey: string,
  followed: () => { projectId: string } | null = () => null,
): string | null {
  const exists = (id: string | undefined): id is string => id !== undefined && ids.includes(id);
  const own = state.sessions[sessionKey]?.projectId;
  if (exists(own)) return own;
  if (ids.length === 1) return ids[0]!;
  const last = followed()?.projectId;
  if (exists(last)) return last;
  return exists(state.lastProjectId) ? state.lastProjectId : null;
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
  // Own keys only: a project with id "constructor" must not take Object's constructor for its thread.
  const perProject = branch !== null ? ownEntry(state.branches, branch) : undefined;
  return (perProject !== undefined ? ownEntry(perProject, projectId) : undefined) ?? null;
}

/**
 * The first of the session's own threads (ownThreadCandidates) whose file exists, or null; and `lost`, its first own
 * candidate when that file is gone (sessionThreadRef and ThreadMindServices.currentThreadRef both take it from here).
 */
export function ownThread(
  state: LocalState,
  sessionKey: string,
  projectId: string,
  followed: () => { projectId: string; threadId: string } | null,
  exists: (threadId: string) => boolean,
): { threadId: string | null; lost: string | null } {
  let lost: string | null = null;
  for (const own of ownThreadCandidates(state, sessionKey, projectId, followed)) {
    if (exists(own)) return { threadId: own, lost };
    lost ??= own;
  }
  return { threadId: null, lost };
}

/** The thread a session is on, as local state and the log decide it (sessionThreadRef). */
export interface SessionThreadRef {
  projectId: string;
  threadId: string;
  /** The session's own thread (its choice, or its instance's last conversation); false: the branch's last choice. */
  own: boolean;
  /**
   * The session's own first candidate when its file is gone (deleted, or on another branch since it was chosen): then
   * `threadId` is only where reading goes on, and a write that names no thread is refused (errors.sessionThreadGone).
   */
  lost: string | null;
}

/**
 * The one rule for the thread a session is on before any thread file is read (ThreadMindServices.currentThreadRef makes
 * the same choice): the session's project (chooseProjectId, with the same `followed`); in it, the first of the session's own threads
 * (ownThreadCandidates: its choice, else the thread its instance last followed) whose file exists; else the branch's
 * last choice, when its file exists. A branch's choice counts only while that thread is active: the caller checks that
 * where it can read the status (the SessionStart fast path, from its cache entry; the services, from the file). The
 * freshness hooks, which read no thread file, take it as is: a conversation that started on another thread logged it,
 * so the branch only decides for an instance the log has never seen on this project. Null when the store lists no
 * project this can choose, or no candidate's file exists (the services then go on to what only the thread files tell).
 */
export function sessionThreadRef(
  ids: readonly string[] | null,
  state: LocalState,
  sessionKey: string,
  followed: () => { projectId: string; threadId: string } | null,
  branch: () => string | null,
  exists: (projectId: string, threadId: string) => boolean,
): SessionThreadRef | null {
  const projectId = ids === null ? null : chooseProjectId(ids, state, sessionKey, followed);
  if (projectId === null) return null;
  const { threadId: own, lost } = ownThread(state, sessionKey, projectId, followed, (id) => exists(projectId, id));
  if (own !== null) return { projectId, threadId: own, own: true, lost };
  const threadId = branchChoice(state, branch(), projectId);
  return threadId === null || !exists(projectId, threadId) ? null : { projectId, threadId, own: false, lost };
}
