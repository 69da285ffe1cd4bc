// Everything a hook prints goes through here: one JSON object on stdout (context and/or a one-line user message).

export interface HookOutput {
  /** SessionStart only: the context handed to the model. */
  additionalContext?: string;
  /** One short line shown to the user (what went wrong, or what was left out). */
  userMessage?: string;
}

/** The JSON Claude Code expects, or null when there is nothing to say (print nothing at all then). */
export function renderHookOutput(event: string, output: HookOutput): string | null {
  const json: Record<string, unknown> = {};
  if (output.userMessage) json.systemMessage = output.userMessage;
  if (output.additionalContext !== undefined && event === "SessionStart") {
    json.hookSpecificOutput = { hookEventName: "SessionStart", additionalContext: output.additionalContext };
  }
  return Object.keys(json).length === 0 ? null : JSON.stringify(json);
}

/** Writes the output and resolves once stdout has flushed it (the process exits right after). */
export function writeHookOutput(event: string, output: HookOutput): Promise<void> {
  const text = renderHookOutput(event, output);
  if (text === null) return Promise.resolve();
  return new Promise((resolve) => {
    process.stdout.write(`${text}\n`, () => resolve());
  });
}

/** A failure as the one line the user sees. */
export function failureLine(what: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const short = reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
  return `ThreadMind: ${what}: ${short.replace(/\s*\n\s*/g, " ")}`;
}
