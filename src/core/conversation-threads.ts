// Which thread each Claude Code conversation (session id) was on, so that a new process resuming it continues there.
import { nextTimestamp } from "./clock.js";
import type { LocalState } from "./store/local-state.js";
import type { MeasurementEvent } from "./measure/measurement-log.js";
import { lastConversation } from "./measure/measurement-log-read.js";
import type { SessionKey } from "./types.js";

export interface ConversationRef {
  projectId: string;
  threadId: string;
  /** The client session (Claude Code process) that was on it; null for records of older versions. */
  instance: string | null;
}

/** The log event that records a conversation's thread, and the client session that was on it. */
export function conversationEvent(
  sessionId: string,
  projectId: string,
  threadId: string,
  instance: SessionKey,
): MeasurementEvent {
  return { kind: "conversation", at: nextTimestamp(), sessionId, projectId, threadId, instance: instance.key };
}

/** The thread the conversation was last on: its newest log event, else what an older config.json kept. */
export function conversationThread(
  state: LocalState,
  sessionId: string,
  events: readonly MeasurementEvent[],
): ConversationRef | null {
  const logged = lastConversation(events);
  if (logged) return logged;
  const legacy = state.conversations[sessionId];
  return legacy ? { projectId: legacy.projectId, threadId: legacy.threadId, instance: null } : null;
}

/** The client session's own thread, if it has chosen one. */
export function sessionThread(state: LocalState, session: SessionKey): ConversationRef | null {
  const mine = state.sessions[session.key];
  return mine?.projectId && mine.threadId ? { projectId: mine.projectId, threadId: mine.threadId, instance: session.key } : null;
}

/**
 * Whether this client session must take the conversation's thread into config.json: only when another process was
 * on the conversation (a resumed one). Its own conversations it follows through the log (see instanceThread).
 */
export function mustAdopt(conversation: ConversationRef, session: SessionKey): boolean {
  return conversation.instance !== session.key;
}

/**
 * A client session that has not chosen a thread yet (a new Claude Code process resuming a conversation) takes the
 * conversation's thread. Returns whether it did.
 */
export function adoptConversation(state: LocalState, session: SessionKey, conversation: ConversationRef): boolean {
  if (state.sessions[session.key]?.threadId) return false;
  state.sessions[session.key] = {
    projectId: conversation.projectId,
    threadId: conversation.threadId,
    updatedAt: nextTimestamp(),
    ...(session.pid !== undefined ? { pid: session.pid } : {}),
  };
  return true;
}

/**
 * The conversation's thread when this client session must take it into config.json (it has no thread of its own, and
 * another process was on the conversation); null when there is nothing to take over.
 */
export function resumedConversationToAdopt(
  state: LocalState,
  session: SessionKey,
  events: readonly MeasurementEvent[],
  sessionId: string,
): ConversationRef | null {
  if (sessionThread(state, session) !== null) return null;
  const conversation = conversationThread(state, sessionId, events);
  return conversation !== null && mustAdopt(conversation, session) ? conversation : null;
}
