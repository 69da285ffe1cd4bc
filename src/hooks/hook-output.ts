// Everything a hook prints goes through here: one JSON object on stdout (context and/or a one-line user message).
import { writeStdout } from "../core/write-stdout.js";

export interface HookOutput {
  /** SessionStart, UserPromptSubmit, PreToolUse and SubagentStart: the context handed to the model. */
  additionalContext?: string;
  /** One short line shown to the user (what went wrong, or what was left out). */
  userMessage?: string;
}

/** The events whose hookSpecificOutput.additionalContext reaches the model (docs/claude-code-verified.md). */
const CONTEXT_EVENTS = new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "SubagentStart"]);

/** The JSON Claude Code expects, or null when there is nothing to say (print nothing at all then). */
export function renderHookOutput(event: string, output: HookOutput): string | null {
  const json: Record<string, unknown> = {};
  // One line, whatever it quotes (a damaged or hostile thread file's value with line breaks, say).
  if (output.userMessage) json.systemMessage = oneLine(output.userMessage);
  if (output.additionalContext !== undefined && CONTEXT_EVENTS.has(event)) {
    json.hookSpecificOutput = { hookEventName: event, additionalContext: output.additionalContext };
  }
  return Object.keys(json).length === 0 ? null : JSON.stringify(json);
}

/** The text with each line break (and the spaces around it) made one space. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]\s*/g, " ");
}

/** Writes the output and resolves once it is written (the process exits right after), without process.stdout (writeStdout). */
export function writeHookOutput(event: string, output: HookOutput): Promise<void> {
  const text = renderHookOutput(event, output);
  if (text === null) return Promise.resolve();
  return writeStdout(`${text}\n`);
}

/** A failure as the one line the user sees. */
export function failureLine(what: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const short = reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
  return `ThreadMind: ${what}: ${short.replace(/\s*\n\s*/g, " ")}`;
}
