// Which thread each Claude Code conversation (session id) was on, so that a new process resuming it continues there.
import { nextTimestamp } from "./clock.js";
import type { LocalState } from "./local-state.js";
import type { SessionKey } from "./types.js";

export const CONVERSATIONS_KEEP = 200;

/** Records the thread of a conversation, keeping the newest CONVERSATIONS_KEEP. */
export function rememberConversation(state: LocalState, sessionId: string, projectId: string, threadId: string): void {
  delete state.conversations[sessionId];
  state.conversations[sessionId] = { projectId, threadId, at: nextTimestamp() };
  const ids = Object.keys(state.conversations);
  for (const old of ids.slice(0, Math.max(0, ids.length - CONVERSATIONS_KEEP))) delete state.conversations[old];
}

/**
 * A client session that has not chosen a thread yet (a new Claude Code process resuming a conversation) takes the
 * conversation's thread. Returns whether it did.
 */
export function adoptConversation(state: LocalState, session: SessionKey, sessionId: string): boolean {
  if (state.sessions[session.key]?.threadId) return false;
  const conversation = state.conversations[sessionId];
  if (!conversation) return false;
  state.sessions[session.key] = {
    projectId: conversation.projectId,
    threadId: conversation.threadId,
    updatedAt: nextTimestamp(),
    ...(session.pid !== undefined ? { pid: session.pid } : {}),
  };
  return true;
}

/** At the end of a conversation (or before its compaction): remember this session's thread, or adopt the conversation's. */
export function settleConversation(state: LocalState, session: SessionKey, sessionId: string): void {
  const mine = state.sessions[session.key];
  if (mine?.projectId && mine.threadId) rememberConversation(state, sessionId, mine.projectId, mine.threadId);
  else adoptConversation(state, session, sessionId);
}
