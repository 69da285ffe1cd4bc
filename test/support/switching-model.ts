// The scripted model of the /clear e2e tests: "TM-SWITCH <id>" makes it call thread_switch, and the answer after the switch carries that thread's usage, so each window's size before /clear is known exactly.
import { lastUserText } from "./anthropic-request-text.js";
import { textReply, toolUseReply } from "./mock-anthropic.js";
import type { MockReply, RecordedRequest, Usage } from "./mock-anthropic.js";
import { answersToolResult, lastToolUseInput, toolName } from "./plugin-e2e.js";

/** Usage of the answer that follows a switch, per thread: each instance's last response before /clear. */
export const USAGE_AFTER_SWITCH: Record<string, Usage> = {
  alpha: { input_tokens: 5_000, cache_creation_input_tokens: 700, cache_read_input_tokens: 21_000, output_tokens: 9 },
  beta: { input_tokens: 6_100, cache_creation_input_tokens: 800, cache_read_input_tokens: 33_000, output_tokens: 11 },
};
export const TOOL_USAGE: Usage = {
  input_tokens: 900,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: 30,
};
export const OTHER_USAGE: Usage = {
  input_tokens: 1_234,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: 3,
};

/** A request's context size as Claude Code counts it: input, cache creation and cache reads. */
export const size = (u: Usage) => u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;

export const SWITCH_TOOL = toolName("thread_switch");

/** "TM-SWITCH <id>" → the model calls thread_switch; its tool result → a text answer with that thread's usage. */
export function switchingModel(request: RecordedRequest): MockReply {
  const body = request.body;
  if (body === null) throw new Error("request without a body");
  if (answersToolResult(request)) {
    const threadId = String(lastToolUseInput(request)?.threadId);
    const usage = USAGE_AFTER_SWITCH[threadId];
    if (usage === undefined) throw new Error(`tool result without a known switch (threadId ${threadId})`);
    return textReply(`Now on ${threadId}.`, usage);
  }
  const wanted = /TM-SWITCH ([a-z0-9-]+)/.exec(lastUserText(body))?.[1];
  if (wanted !== undefined) return toolUseReply(SWITCH_TOOL, { threadId: wanted }, TOOL_USAGE);
  return textReply("ok", OTHER_USAGE);
}
