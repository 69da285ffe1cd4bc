// Builders of Codex rollout lines (codex-cli 0.171.0 shapes, see ../../../shared/codex-facts.md): session meta, turn
// context, token counts, compactions, developer messages.

let clock = Date.parse("2026-11-20T10:00:00.000Z");
function at(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

function line(type: string, payload: Record<string, unknown>): Record<string, unknown> {
  return { timestamp: at(), type, payload };
}

export function sessionMeta(id: string, cwd = "/work/repo"): Record<string, unknown> {
  return line("session_meta", { id, timestamp: at(), cwd, originator: "codex_exec", cli_version: "0.171.0" });
}

export function turnContext(model = "gpt-5-codex"): Record<string, unknown> {
  return line("turn_context", { cwd: "/work/repo", approval_policy: "never", model });
}

export function userMessage(text: string): Record<string, unknown> {
  return line("response_item", { type: "message", role: "user", content: [{ type: "input_text", text }] });
}

/** A developer message without Codex's metadata (the shape before it was seen): a hook's or Codex's own, untold. */
export function developerMessage(text: string): Record<string, unknown> {
  return line("response_item", { type: "message", role: "developer", content: [{ type: "input_text", text }] });
}

function markedDeveloperMessage(parts: { text: string; kind: string; provenance: Record<string, unknown> }[]) {
  return line("response_item", {
    type: "message",
    role: "developer",
    content: parts.map((p) => ({ type: "input_text", text: p.text })),
    internal_chat_message_metadata_passthrough: {
      turn_id: "turn-1",
      create_time: 1796188876.44,
      content_item_kinds: parts.map((p) => p.kind),
      content_item_metadata: parts.map((p) => ({ provenance: p.provenance })),
    },
  });
}

/** A hook's additionalContext as codex-cli 0.171.0 records it: its own developer message, marked as a hook's. */
export function hookContext(text: string): Record<string, unknown> {
  return markedDeveloperMessage([{ text, kind: "hooks.additional_context", provenance: { type: "harness", hook: true } }]);
}

/** Codex's own instructions at a thread's start (skills, permissions), as 0.171.0 marks them: no hook's. */
export function codexInstructions(): Record<string, unknown> {
  return markedDeveloperMessage([
    {
      text: "<skills_instructions>\n## Skills\n</skills_instructions>",
      kind: "host_skills.instructions",
      provenance: { type: "skills" },
    },
    {
      text: "<permissions instructions>\nFilesystem sandboxing defines which files can be read or written.\n</permissions instructions>",
      kind: "permissions.instructions",
      provenance: { type: "harness", hook: false },
    },
  ]);
}

export function assistantMessage(text: string): Record<string, unknown> {
  return line("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text }] });
}

interface Usage {
  input: number;
  cached: number;
  output: number;
}

function usageObject(u: Usage): Record<string, number> {
  return {
    input_tokens: u.input,
    cached_input_tokens: u.cached,
    output_tokens: u.output,
    reasoning_output_tokens: 0,
    total_tokens: u.input + u.output,
  };
}

/** A token-count line, as Codex writes one after each response: the totals run over the session. */
export class TokenCounter {
  private readonly total: Usage = { input: 0, cached: 0, output: 0 };

  /** The line for one more response of this usage. */
  response(u: Usage): Record<string, unknown> {
    this.total.input += u.input;
    this.total.cached += u.cached;
    this.total.output += u.output;
    return this.current(u);
  }

  /** The line for the same totals again (the copy Codex writes around an auto-compaction). */
  again(u: Usage): Record<string, unknown> {
    return this.current(u);
  }

  /** The estimate line written around a compaction: input 0. */
  estimate(): Record<string, unknown> {
    return this.current({ input: 0, cached: 0, output: 0 });
  }

  private current(last: Usage): Record<string, unknown> {
    return line("event_msg", {
      type: "token_count",
      info: { last_token_usage: usageObject(last), total_token_usage: usageObject(this.total), model_context_window: 272000 },
      rate_limits: null,
    });
  }
}

export function tokenCountWithoutInfo(): Record<string, unknown> {
  return line("event_msg", { type: "token_count", info: null, rate_limits: { primary: null } });
}

export function compacted(summary = "checkpoint"): Record<string, unknown> {
  return line("compacted", { message: summary, replacement_history: [] });
}

export function contextCompactedEvent(): Record<string, unknown> {
  return line("event_msg", { type: "context_compacted" });
}
