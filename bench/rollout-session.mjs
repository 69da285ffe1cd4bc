// Writes one synthetic Codex rollout in codex-cli 0.171.0's JSONL shapes, deterministic from a seed: session_meta,
// Codex's own developer instructions, turn_context, ThreadMind's SessionStart context (a developer message marked
// hooks.additional_context), user prompts, function calls and their outputs, assistant messages, token_usage_record
// and token_count lines after each response (running totals), and a compacted line past a context limit. Shapes copied
// from real rollouts (test/fixtures/codex/rollout-2026-12-02T06-57-41-*.jsonl).
import { LineFileWriter } from "./line-file-writer.mjs";
import { prose, seededRandom } from "./rng.mjs";
import { threadMindHeader } from "./transcript-session.mjs";

const CONTEXT_WINDOW = 258_400;

/**
 * Writes a rollout of about `targetBytes` to `path` (a `rollout-….jsonl` name: how a hook tells Codex's transcript).
 * options: seed, targetBytes, sessionId, cwd, threadId/threadTitle of the injected context, compactAt (context tokens
 * past which Codex compacts), startInjection (false: the rollout as SessionStart finds it, before its context and the
 * first prompt; targetBytes is then ignored). Returns { path, bytes, sessionId, responses, compactions, finalContextTokens,
 * lastInjection: { source, text } }.
 */
export function writeRollout(path, options) {
  const rng = seededRandom(options.seed);
  const out = new LineFileWriter(path);
  const compactAt = options.compactAt ?? 200_000;
  let clock = Date.parse("2026-01-05T09:00:00.000Z") + rng.int(0, 86_400_000 * 30);
  let ordinal = 0;
  let historySequence = 0;
  const now = () => {
    clock += rng.int(20, 4000);
    return new Date(clock).toISOString();
  };
  const line = (type, payload) => out.line(JSON.stringify({ timestamp: now(), ordinal: ordinal++, type, payload }));
  const item = (payload, turnId, kinds) =>
    out.line(
      JSON.stringify({
        timestamp: now(),
        ordinal: ordinal++,
        type: "response_item",
        payload: {
          ...payload,
          internal_chat_message_metadata_passthrough: {
            turn_id: turnId,
            create_time: clock / 1000,
            ...(kinds ? { content_item_kinds: kinds.map((k) => k.kind), content_item_metadata: kinds.map((k) => k.meta) } : {}),
          },
        },
        metadata: { history_sequence: ++historySequence, client_authored: false, model_search_state: "unused" },
      }),
    );
  const harness = (hook) => ({ provenance: { type: "harness", hook } });

  line("session_meta", {
    session_id: options.sessionId,
    id: options.sessionId,
    timestamp: now(),
    cwd: options.cwd,
    runtime_workspace_roots: [options.cwd],
    originator: "codex_exec",
    cli_version: "0.171.0",
    source: "exec",
    model_provider: "openai",
    base_instructions: { text: `You are a coding agent running in the Codex CLI. ${prose(rng, 6_000)}` },
  });
  let turnId = rng.uuid();
  item(
    {
      type: "message",
      role: "developer",
      content: [
        { type: "input_text", text: `<skills_instructions>\n## Skills\n${prose(rng, 1_500)}\n</skills_instructions>` },
        { type: "input_text", text: `<permissions instructions>\n${prose(rng, 600)}\n</permissions instructions>` },
      ],
    },
    turnId,
    [
      { kind: "host_skills.instructions", meta: { provenance: { type: "skills" } } },
      { kind: "permissions.instructions", meta: harness(false) },
    ],
  );
  const threadId = options.threadId ?? "bench-thread";
  const threadTitle = options.threadTitle ?? "Bench thread";
  let lastInjection = null;
  const inject = (source) => {
    const text = `${threadMindHeader(source, threadId, threadTitle)}${prose(rng, rng.int(4_000, 9_000))}\n\n---\n\n_ThreadMind context: ~${rng.int(1200, 2600)} tokens | depth: ${rng.int(2, 12)} threads_`;
    item({ type: "message", role: "developer", content: [{ type: "input_text", text }] }, turnId, [
      { kind: "hooks.additional_context", meta: harness(true) },
    ]);
    lastInjection = { source, text };
  };

  const total = {
    input_tokens: 0,
    cached_input_tokens: 0,
    cache_write_input_tokens: 0,
    output_tokens: 0,
    reasoning_output_tokens: 0,
  };
  let context = rng.int(14_000, 22_000);
  let responses = 0;
  let compactions = 0;
  let finalContextTokens = null;
  const respond = () => {
    responses += 1;
    const output = rng.int(40, 1_500);
    const cached = Math.max(0, context - rng.int(500, 4_000));
    const last = {
      input_tokens: context,
      cached_input_tokens: cached,
      cache_write_input_tokens: 0,
      output_tokens: output,
      reasoning_output_tokens: 0,
      total_tokens: context + output,
    };
    for (const k of Object.keys(total)) total[k] += last[k];
    const totals = { ...total, total_tokens: total.input_tokens + total.output_tokens };
    line("token_usage_record", {
      thread_id: options.sessionId,
      turn_id: turnId,
      session_id: options.sessionId,
      response_id: `resp_${responses}`,
      usage: last,
      thread_token_usage: totals,
    });
    line("event_msg", {
      type: "token_count",
      info: {
        total_token_usage: totals,
        last_token_usage: last,
        last_usage_includes_reasoning: false,
        model_context_window: CONTEXT_WINDOW,
      },
      rate_limits: { limit_id: "codex", primary: null, secondary: null },
    });
    finalContextTokens = context;
  };

  const turnContext = () =>
    line("turn_context", {
      turn_id: turnId,
      cwd: options.cwd,
      approval_policy: "never",
      model: "gpt-5-codex",
      sandbox_policy: { type: "danger-full-access" },
    });
  turnContext();
  if (options.startInjection !== false) inject("startup");
  while (options.startInjection !== false && out.bytes < options.targetBytes) {
    item({ type: "message", role: "user", content: [{ type: "input_text", text: prose(rng, rng.int(40, 400)) }] }, turnId, [
      { kind: "user.text", meta: { provenance: { type: "user" } } },
    ]);
    const calls = rng.int(0, 6);
    for (let c = 0; c < calls; c++) {
      const callId = `call_${rng.hex(16)}`;
      item(
        {
          type: "function_call",
          id: `fc_${rng.hex(12)}`,
          name: "shell",
          arguments: JSON.stringify({ command: ["bash", "-lc", prose(rng, rng.int(20, 120))] }),
          call_id: callId,
        },
        turnId,
      );
      respond();
      const result = prose(rng, rng.int(200, 12_000));
      item({ type: "function_call_output", id: `fco_${rng.hex(12)}`, call_id: callId, output: result }, turnId);
      context += Math.ceil(result.length / 4) + rng.int(20, 200);
    }
    item(
      {
        type: "message",
        role: "assistant",
        id: `msg_${rng.hex(12)}`,
        content: [{ type: "output_text", text: prose(rng, rng.int(80, 1_200)) }],
      },
      turnId,
      [{ kind: "unknown", meta: { provenance: { type: "model" } } }],
    );
    respond();
    context += rng.int(200, 2_000);
    line("event_msg", { type: "task_complete", turn_id: turnId, last_agent_message: "done" });
    turnId = rng.uuid();
    if (context > compactAt) {
      // Codex's auto-compaction: the checkpoint summary replaces the history; the context comes back after it.
      line("compacted", { message: prose(rng, 2_000), replacement_history: [] });
      line("event_msg", { type: "context_compacted" });
      compactions += 1;
      context = rng.int(14_000, 22_000);
      turnContext();
      inject("compact");
    } else turnContext();
  }
  out.close();
  return {
    path,
    bytes: out.bytes,
    sessionId: options.sessionId,
    responses,
    compactions,
    finalContextTokens,
    lastInjection,
  };
}
