// SubagentStart: a lean form of the active thread's memory for each subagent (which starts with an empty context): the
// Decisions and Constraints of the conversation's thread and of its ancestors (the thread first, the farthest ancestor
// left out first), within SUBAGENT_MAX_CHARS, and one line saying ThreadMind holds more. A project setting turns it off
// (`"recall": { "subagents": false }`). No YAML, no services: the path index's text (hook-core.ts builds it when stale).
import { lastConversation } from "../core/measure/measurement-log-read.js";
import { sessionThreadRef } from "../core/thread-choice.js";
import { excerptKey, type IndexedThreadHead } from "../core/recall/path-index.js";
import { estimatedTokens, type SubagentContextEvent } from "../core/recall/recall-events.js";
import { readRecallConfig } from "../core/recall/recall-config.js";
import { textFingerprint } from "../core/text-fingerprint.js";
import type { HookInput } from "./hook-input.js";
import type { HookOutput } from "./hook-output.js";
import type { RecallStore } from "./tool-recall.js";

export const SUBAGENT_MAX_CHARS = 2_000;
export const SUBAGENT_MORE_LINE =
  "ThreadMind holds more (the thread's State, Open questions and Next steps, other threads): ask the main conversation, or use context_get and thread_search.";

/** The lean context for the chain (the thread first), or null when no thread of it has Decisions or Constraints. */
export function subagentText(chain: readonly IndexedThreadHead[], excerpts: Readonly<Record<string, string>>): string | null {
  const first = chain[0];
  if (first === undefined) return null;
  const head = `ThreadMind: decisions and constraints of the thread this work is on, "${first.title}" (${first.id}), and of its ancestors. They hold unless the main conversation decides otherwise.`;
  const parts = [head];
  let used = head.length + SUBAGENT_MORE_LINE.length + 4;
  let any = false;
  for (const t of chain) {
    const excerpt = excerpts[excerptKey(t.projectId, t.id)];
    if (excerpt === undefined || excerpt === "") continue;
    const title = `### ${t.title} (${t.id})${t === first ? "" : " · ancestor"}`;
    const left = SUBAGENT_MAX_CHARS - used - title.length - 3;
    if (left < 80) break;
    const body = excerpt.length <= left ? excerpt : `${excerpt.slice(0, left - 1)}…`;
    const block = `${title}\n${body}`;
    parts.push(block);
    used += block.length + 2;
    any = true;
  }
  if (!any) return null;
  parts.push(SUBAGENT_MORE_LINE);
  return parts.join("\n\n");
}

/** The hook's answer; null when the fast path cannot answer (no current index). */
export async function subagentContext(store: RecallStore, input: HookInput): Promise<HookOutput | null> {
  const events = store.sessionEvents();
  const followed = () => lastConversation(events, store.session.key);
  const ref = sessionThreadRef(store.projectIds(), store.state, store.session.key, followed, store.branch, store.threadExists);
  if (ref === null) return {};
  if (!readRecallConfig(store.storeDir, ref.projectId).subagents) return {};
  const ready = await store.index();
  if (ready === null) return null;
  const chain = ready.chain(ref.projectId, ref.threadId);
  if (chain === null) return null;
  const text = ready.excerpts(chain.map((t) => excerptKey(t.projectId, t.id)));
  if (text === null) return null;
  const context = subagentText(chain, text);
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
