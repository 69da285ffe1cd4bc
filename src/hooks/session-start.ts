// SessionStart: put the active thread's context back (startup: the branch's thread; clear/compact: this instance's thread).
import { CHARACTER_CAP, contextHeader } from "./context-header.js";
import { formatCount } from "./format-count.js";
import { failureLine, type HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import { contentHash } from "../core/token-estimate.js";
import { pushBounded } from "../core/measurements.js";
import { nextTimestamp } from "../core/clock.js";
import type { ThreadMindServices } from "../core/services.js";
import { adoptConversation, rememberConversation } from "../core/conversation-threads.js";

/** A core notice (Markdown for the model, e.g. "_⚠ Ancestor … could not be read …_") as the line the user sees. */
export function userLine(notice: string): string {
  const plain = notice.trim().replace(/^_⚠\s*/, "").replace(/_$/, "");
  return plain.startsWith("ThreadMind") ? plain : `ThreadMind: ${plain}`;
}

export async function sessionStart(services: ThreadMindServices, input: HookInput): Promise<HookOutput> {
  const source = input.source ?? "startup";
  // resume restores the conversation, which already holds the context: nothing to add. A new process resuming it takes
  // the conversation's thread, so that its MCP server and a later /clear continue there.
  if (source === "resume") {
    await services.store.locked(() => services.updateState((state) => void adoptConversation(state, services.session, input.sessionId)));
    return services.notices.length > 0 ? { userMessage: services.notices.map(userLine).join(" ") } : {};
  }
  // Reading needs no lock: only a 0.4 store to migrate takes it, so a busy lock never costs the context.
  const migration = await services.migrateIfNeeded();
  const { project, thread } = await services.currentThread();
  const header = contextHeader(source, thread.id, thread.title);
  const context = await services.contextFor(project, thread, { maxChars: CHARACTER_CAP - header.length });
  const text = `${header}${context.text}`;
  const notes: string[] = services.notices.map(userLine);
  if (migration) notes.push(userLine(migration.text.split("\n")[0]!));
  // The model reads an unreadable or missing ancestor in the context; the user must hear of it too.
  notes.push(...context.notices.map(userLine));
  if (context.omitted.length > 0 || context.truncated) {
    notes.push(`ThreadMind: context of "${thread.id}" trimmed to fit ${formatCount(CHARACTER_CAP)} characters (${context.omitted.length} ancestor${context.omitted.length === 1 ? "" : "s"} left out${context.truncated ? ", summary cut" : ""}).`);
  }
  try {
    await services.store.locked(() =>
      services.updateState((state) => {
        pushBounded(state.measurements.injections, {
          at: nextTimestamp(),
          sessionId: input.sessionId,
          source,
          projectId: project.id,
          threadId: thread.id,
          chars: text.length,
          tokens: context.tokens,
          omitted: context.omitted.length,
          receipt: "pending",
          contentHash: contentHash(text),
          ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
        });
        pushBounded(state.measurements.hooksSeen, { at: nextTimestamp(), event: `SessionStart:${source}`, sessionId: input.sessionId });
        rememberConversation(state, input.sessionId, project.id, thread.id);
      }),
    );
  } catch (e) {
    notes.push(failureLine("context loaded, but the injection could not be recorded", e));
  }
  const output: HookOutput = { additionalContext: text };
  if (notes.length > 0) output.userMessage = notes.join(" ");
  return output;
}
