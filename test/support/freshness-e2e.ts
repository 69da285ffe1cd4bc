// Shared pieces of the summary-freshness end-to-end tests: a model whose conversation size each prompt sets.
import { lastUserText } from "./anthropic-request-text.js";
import { textReply, toolUseReply } from "./mock-anthropic.js";
import type { MockReply, RecordedRequest } from "./mock-anthropic.js";
import { answersToolResult, toolName } from "./plugin-e2e.js";

export const UPDATE_TOOL = toolName("summary_update");
/** How Claude Code hands a UserPromptSubmit hook's additionalContext to the model (claude-code-facts.md). */
export const NUDGE_PREFIX = "UserPromptSubmit hook additional context: ";
/** The opening of ThreadMind's nudge (src/hooks/prompt-nudge.ts). */
export const NUDGE_OPENING = "ThreadMind: about ";
/** The conversation size after the answer to summary_update's tool result. */
export const SAVED_SIZE = 28_000;

/**
 * "SIZE <n>": a text answer whose usage makes the conversation n tokens; "SAVE": the model calls summary_update, and its
 * tool result is answered at SAVED_SIZE.
 */
export function sizedModel(request: RecordedRequest): MockReply {
  const body = request.body;
  if (body === null) throw new Error("request without a body");
  const text = lastUserText(body);
  if (answersToolResult(request)) return textReply("Recorded.", { input_tokens: SAVED_SIZE, output_tokens: 5 });
  if (/\bSAVE\b/.test(text))
    return toolUseReply(
      UPDATE_TOOL,
      { section: "decisions", content: "- DECIDED-IN-TEST: refunds go through the ledger." },
      { input_tokens: 900, output_tokens: 20 },
    );
  const size = /SIZE (\d+)/.exec(text)?.[1];
  return textReply("ok", { input_tokens: size === undefined ? 100 : Number(size), output_tokens: 3 });
}
