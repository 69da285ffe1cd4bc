// SubagentStart: a lean form of the active thread's memory for each subagent (which starts with an empty context): the
// Decisions and Constraints of the conversation's thread and of its ancestors (the thread first, the farthest ancestor
// left out first), within SUBAGENT_MAX_CHARS, and one line saying ThreadMind holds more. A project setting turns it off
// (`"recall": { "subagents": false }`). No YAML, no services: the path index's text (hook-core.ts builds it when stale).
import { lastConversation } from "../core/measure/measurement-log-read.js";
import { sessionThreadRef } from "../core/thread-choice.js";
import type { IndexedThreadHead } from "../core/recall/path-index.js";
import { estimatedTokens, type SubagentContextEvent } from "../core/measure/recall-events.js";
import { readRecallConfig } from "../core/recall/recall-config.js";
import { textFingerprint } from "../core/text-fingerprint.js";
import type { HookInput } from "./hook-input.js";
import type { HookOutput } from "./hook-output.js";
import type { RecallStore } from "./tool-recall.js";

export const SUBAGENT_MAX_CHARS = 2_000;
export const SUBAGENT_MORE_LINE =
  "ThreadMind holds more (the thread's State, Open questions and Next steps, other threads): ask the main conversation, or use context_get and thread_search.";

/** What the lean context asks of the index for one thread of the chain (see subagentText). */
export type ChainThread = (key: string) => { head: IndexedThreadHead; excerpt: string | undefined } | null | undefined;

/**
 * The lean context for the chain of `keys` (the thread first), asking `thread` for each one's head and excerpt nearest
 * first and only while the budget has room (each ask reads the index's shards of that thread: the farthest ancestors,
 * which the budget leaves out, are never read). `text` is null when no thread of it has Decisions or Constraints; the
 * whole answer is null when the index cannot tell (an ask answered null). The chain ends at a thread the index does not hold.
 */
export function subagentText(keys: readonly string[], thread: ChainThread): { text: string | null } | null {
  const firstKey = keys[0];
  if (firstKey === undefined) return { text: null };
  const firstRead = thread(firstKey);
  if (firstRead === null) return null;
  if (firstRead === undefined) return { text: null };
  const first = firstRead.head;
  const head = `ThreadMind: decisions and constraints of the thread this work is on, "${first.title}" (${first.id}), and of its ancestors. They hold unless the main conversation decides otherwise.`;
  const parts = [head];
  let used = head.length + SUBAGENT_MORE_LINE.length + 4;
  let any = false;
  for (const key of keys) {
    // The smallest block that could still fit: a title of no characters and 80 of text.
    if (SUBAGENT_MAX_CHARS - used - MIN_TITLE_CHARS - 3 < 80) break;
    const read = key === firstKey ? firstRead : thread(key);
    if (read === null) return null;
    if (read === undefined) break;
    const { head: t, excerpt } = read;
    if (excerpt === undefined || excerpt === "") continue;
    const title = `### ${t.title} (${t.id})${key === firstKey ? "" : " · ancestor"}`;
    const left = SUBAGENT_MAX_CHARS - used - title.length - 3;
    if (left < 80) break;
    const body = excerpt.length <= left ? excerpt : `${excerpt.slice(0, left - 1)}…`;
    const block = `${title}\n${body}`;
    parts.push(block);
    used += block.length + 2;
    any = true;
  }
  if (!any) return { text: null };
  parts.push(SUBAGENT_MORE_LINE);
  return { text: parts.join("\n\n") };
}

/** "### " and " ()": the title line of a thread whose title and id were empty. */
const MIN_TITLE_CHARS = "###  ()".length;

/** The hook's answer; null when the fast path cannot answer (no current index). */
export async function subagentContext(store: RecallStore, input: HookInput): Promise<HookOutput | null> {
  const events = store.sessionEvents();
  const followed = () => lastConversation(events, store.session.key);
  const ref = sessionThreadRef(store.projectIds(), store.state, store.session.key, followed, store.branch, store.threadExists);
  if (ref === null) return {};
  if (!readRecallConfig(store.storeDir, ref.projectId).subagents) return {};
  const ready = await store.index();
  if (ready === null) return null;
  const keys = ready.chainKeys(ref.projectId, ref.threadId);
  if (keys === null) return null;
  const lean = subagentText(keys, (key) => {
    const head = ready.head(key);
    if (head === null || head === undefined) return head;
    const text = ready.excerpts([key]);
    return text === null ? null : { head, excerpt: text[key] };
  });
  if (lean === null) return null;
  const context = lean.text;
  if (context === null) return {};
  const event: SubagentContextEvent = {
    kind: "subagentContext",
    at: new Date().toISOString(),
    sessionId: input.sessionId,
    instance: store.session.key,
    agentId: input.agentId ?? "unknown",
    projectId: ref.projectId,
    threadId: ref.threadId,
    chars: context.length,
    tokens: estimatedTokens(context),
    fingerprint: textFingerprint(context),
  };
  await store.recordEvents([event]);
  return { additionalContext: context };
}
