// Shared pieces of the ThreadMind plugin's end-to-end tests: plugin args, tool names, and readers of what Claude Code showed.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { messageTexts, requestText } from "./anthropic-request-text.js";
import type { RecordedRequest } from "./mock-anthropic.js";
import type { StreamJsonMessage } from "./run-claude.js";
import { attachmentsOfType } from "./claude-transcripts.js";
import type { TranscriptRecord } from "./claude-transcripts.js";

/** The repository root: marketplace root and plugin root at once. */
export const REPO_ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..");

/** Loads the plugin from the working tree for one run. */
export const PLUGIN_ARGS = ["--plugin-dir", REPO_ROOT] as const;

/** How Claude Code names a ThreadMind MCP tool (plugin thread-mind, server key thread-mind). */
export function toolName(tool: string): string {
  return `mcp__plugin_thread-mind_thread-mind__${tool}`;
}

/** Claude Code's prefix of a SessionStart hook's additionalContext in the request (2.1.332). */
export const CONTEXT_PREFIX = "SessionStart hook additional context: ";

/** The opening of every context ThreadMind injects (src/core/context/context-header.ts). */
export const THREADMIND_HEADER = "ThreadMind memory, loaded ";

/** Everything the model saw in one request. */
export function bodyText(request: RecordedRequest | undefined): string {
  if (request === undefined || request.body === null) throw new Error("no request body");
  return requestText(request.body);
}

/** The ordinary Messages requests (compaction requests left out), in order. */
export function promptRequests(requests: RecordedRequest[]): RecordedRequest[] {
  return requests.filter((r) => r.kind === "messages");
}

/** The ordinary request whose user messages contain `prompt` (exactly one must). */
export function requestFor(requests: RecordedRequest[], prompt: string): RecordedRequest {
  const found = promptRequests(requests).filter((r) => r.body !== null && lastUserTexts(r).includes(prompt));
  if (found.length !== 1) throw new Error(`expected one request for prompt "${prompt}", got ${found.length}`);
  const [request] = found;
  if (request === undefined) throw new Error("unreachable");
  return request;
}

function lastUserTexts(request: RecordedRequest): string {
  const texts = request.body === null ? [] : messageTexts(request.body);
  return texts
    .filter((m) => m.role === "user")
    .map((m) => m.text)
    .join("\n");
}

/**
 * The request's last user message, skipping the system messages Claude Code may append after it (e.g. "deferred tools
 * are now available" when an MCP server finished connecting during the turn).
 */
export function lastUserMessage(
  request: RecordedRequest,
): { role: string; content: string | Array<Record<string, unknown>> } | undefined {
  const messages = request.body?.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message === undefined || message.role === "system") continue;
    return message.role === "user" ? message : undefined;
  }
  return undefined;
}

/** True when the conversation ends with a user message carrying a tool_result (the model must answer it). */
export function answersToolResult(request: RecordedRequest): boolean {
  const last = lastUserMessage(request);
  return last !== undefined && Array.isArray(last.content) && last.content.some((b) => b.type === "tool_result");
}

/** The input of the last tool_use the model made in the request's conversation, or null. */
export function lastToolUseInput(request: RecordedRequest): Record<string, unknown> | null {
  const messages = request.body?.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const content = messages[i]?.content;
    if (messages[i]?.role !== "assistant" || !Array.isArray(content)) continue;
    const use = content.filter((b) => b.type === "tool_use").at(-1);
    if (use !== undefined && typeof use.input === "object" && use.input !== null) return { ...use.input };
  }
  return null;
}

/** What a hook printed, as Claude Code parsed it. */
export type HookPrinted = { systemMessage?: string; additionalContext?: string };

function parsePrinted(stdout: string): HookPrinted {
  if (stdout.trim() === "") return {};
  const parsed: unknown = JSON.parse(stdout);
  if (typeof parsed !== "object" || parsed === null) throw new Error(`hook printed ${stdout}`);
  const out: HookPrinted = {};
  if ("systemMessage" in parsed && typeof parsed.systemMessage === "string") out.systemMessage = parsed.systemMessage;
  if ("hookSpecificOutput" in parsed && typeof parsed.hookSpecificOutput === "object" && parsed.hookSpecificOutput !== null) {
    const specific = parsed.hookSpecificOutput;
    if ("additionalContext" in specific && typeof specific.additionalContext === "string")
      out.additionalContext = specific.additionalContext;
  }
  return out;
}

/** A hook's run as stream-json reports it (`{"type":"system","subtype":"hook_response",…}`). */
export type HookResponse = { hookName: string; exitCode: number | null; stdout: string; stderr: string; printed: HookPrinted };

/** The hook_response lines of a stream-json run (SessionStart hooks; Claude Code does not report SessionEnd there). */
export function hookResponses(messages: StreamJsonMessage[]): HookResponse[] {
  return messages
    .filter((m) => m.type === "system" && m.subtype === "hook_response")
    .map((m) => {
      const stdout = typeof m.stdout === "string" ? m.stdout : "";
      return {
        hookName: typeof m.hook_name === "string" ? m.hook_name : "",
        exitCode: typeof m.exit_code === "number" ? m.exit_code : null,
        stdout,
        stderr: typeof m.stderr === "string" ? m.stderr : "",
        printed: parsePrinted(stdout),
      };
    });
}

/** What each SessionStart hook printed, from the transcript's hook_success attachments (raw stdout kept there). */
export function sessionStartPrinted(records: TranscriptRecord[]): HookPrinted[] {
  return attachmentsOfType(records, "hook_success")
    .filter((a) => a.hookEvent === "SessionStart")
    .map((a) => parsePrinted(typeof a.stdout === "string" ? a.stdout : ""));
}

/** The texts Claude Code recorded as the model's SessionStart context (`hook_additional_context` content[0]). */
export function recordedContexts(records: TranscriptRecord[]): string[] {
  return attachmentsOfType(records, "hook_additional_context").map((a) => {
    const content = a.content;
    if (!Array.isArray(content) || typeof content[0] !== "string") throw new Error(`unexpected attachment ${JSON.stringify(a)}`);
    return content[0];
  });
}

/** The lines Claude Code shows the user from hooks' systemMessage (`hook_system_message` attachments). */
export function shownToUser(records: TranscriptRecord[]): string[] {
  return attachmentsOfType(records, "hook_system_message").map((a) =>
    typeof a.content === "string" ? a.content : JSON.stringify(a.content),
  );
}

/** The text of the tool_result blocks in the request's last user message. */
export function lastToolResultText(request: RecordedRequest): string {
  const last = lastUserMessage(request);
  if (last === undefined || !Array.isArray(last.content)) return "";
  const results = last.content.filter((b) => b.type === "tool_result");
  return messageTexts({ messages: [{ role: "user", content: results }] })
    .map((m) => m.text)
    .join("\n");
}
