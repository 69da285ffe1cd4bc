// Writes one synthetic Claude Code session transcript in the real JSONL format, deterministic from a seed.
// Shapes copied from real transcripts (test/fixtures/transcripts/cc-2.1.332, ../shared/fixtures/transcripts): streamed
// copies of one response (same message.id + requestId, growing output_tokens), tool_use / tool_result pairs with
// toolUseResult, progress records (hook_progress, bash_progress, agent_progress embedding subagent usage), sidechains
// (inline 1.0.x records or 2.1.x subagents/agent-*.jsonl files), API errors, turn_duration / stop_hook_summary,
// compact_boundary + isCompactSummary, and ThreadMind SessionStart injections (hook_success + hook_additional_context).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { LineFileWriter } from "./line-file-writer.mjs";
import { prose, seededRandom, words } from "./rng.mjs";

const TOOLS = ["Bash", "Read", "Edit", "Grep", "Glob", "Write", "TodoWrite"];
const MODELS = ["claude-opus-4-6", "claude-sonnet-4-5-20250929"];

/** The first line of every ThreadMind injection (src/core/context/context-header.ts). */
export function threadMindHeader(source, threadId, title) {
  const when = source === "clear" ? "after /clear" : source === "compact" ? "after compaction" : "at session start";
  return `ThreadMind memory, loaded ${when}: the context of thread "${title}" (${threadId}). Keep it current with summary_update.\n\n`;
}

function base62(rng, length) {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let s = "";
  for (let i = 0; i < length; i++) s += alphabet[Math.floor(rng.next() * 62)];
  return s;
}

/**
 * Writes a session of about `targetBytes` to `path` (it stops at the first turn boundary past the target).
 * options: seed, targetBytes, sessionId, cwd, style ("2.1" | "1.0"), subagentsDir (2.1 only: where agent files go, or null),
 * compactAt (context tokens that trigger an auto compaction), threadId/threadTitle of the injected ThreadMind context.
 * Returns what the session holds: bytes, compactions, final context size, the last injection's text and source.
 */
export function writeSession(path, options) {
  const rng = seededRandom(options.seed);
  const style = options.style ?? "2.1";
  const version = style === "1.0" ? "1.0.108" : "2.1.332";
  const model = rng.pick(MODELS);
  const out = new LineFileWriter(path);
  const slug = words(rng, 3).replace(/ /g, "-");
  let clock = Date.parse("2026-01-05T09:00:00.000Z") + rng.int(0, 86_400_000 * 30);
  const now = () => {
    clock += rng.int(20, 4000);
    return new Date(clock).toISOString();
  };
  let parent = null;
  let context = rng.int(14_000, 22_000);
  let compactions = 0;
  let responses = 0;
  let lastInjection = null;
  let subagentBytes = 0;
  let subagentFiles = 0;
  const compactAt = options.compactAt ?? 165_000;
  const threadId = options.threadId ?? "bench-thread";
  const threadTitle = options.threadTitle ?? "Bench thread";

  const record = (fields, sidechain = false) => {
    const uuid = rng.uuid();
    const r = {
      parentUuid: parent,
      isSidechain: sidechain,
      userType: "external",
      cwd: options.cwd,
      sessionId: options.sessionId,
      version,
      gitBranch: "main",
    };
    if (style === "2.1") r.slug = slug;
    Object.assign(r, fields, { uuid, timestamp: now() });
    out.line(JSON.stringify(r));
    if (!sidechain) parent = uuid;
    return uuid;
  };
  const bare = (fields) => out.line(JSON.stringify({ ...fields, sessionId: options.sessionId }));

  const inject = (source) => {
    const text = `${threadMindHeader(source, threadId, threadTitle)}${prose(rng, rng.int(4_000, 9_000))}\n\n---\n\n_ThreadMind context: ~${rng.int(1200, 2600)} tokens | depth: ${rng.int(2, 12)} threads_`;
    const hookName = `SessionStart:${source}`;
    record({
      attachment: {
        type: "hook_success",
        hookName,
        toolUseID: rng.uuid(),
        hookEvent: "SessionStart",
        content: "",
        stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: text } }),
        stderr: "",
        exitCode: 0,
        command: 'node "${CLAUDE_PLUGIN_ROOT}/plugin/dist/hook.mjs" session-start',
        durationMs: rng.int(60, 180),
      },
      type: "attachment",
    });
    record({
      attachment: {
        type: "hook_additional_context",
        content: [text],
        hookName: "SessionStart",
        toolUseID: "SessionStart",
        hookEvent: "SessionStart",
      },
      type: "attachment",
      rendered: [{ content: `<system-reminder>\nSessionStart hook additional context: ${text}\n</system-reminder>` }],
      renderedRole: "system",
    });
    lastInjection = { source, text };
  };

  let lastContextTokens = null;
  const usage = (input, created, read, outputTokens) => ({
    input_tokens: input,
    cache_creation_input_tokens: created,
    cache_read_input_tokens: read,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: created },
    output_tokens: outputTokens,
    service_tier: "standard",
  });

  /** Subagent messages: separate file (2.1), inline sidechain records (1.0); progress records embed them in 2.1. */
  const subagent = (prompt) => {
    const agentId = rng.hex(7);
    const steps = rng.int(2, 6);
    const lines = [];
    let agentContext = rng.int(8_000, 15_000);
    let agentParent = null;
    for (let i = 0; i < steps; i++) {
      const created = rng.int(200, 3_000);
      agentContext += created;
      const msg = {
        model,
        id: `msg_01${base62(rng, 22)}`,
        type: "message",
        role: "assistant",
        content: [{ type: "text", text: prose(rng, rng.int(100, 900)) }],
        stop_reason: i === steps - 1 ? "end_turn" : "tool_use",
        stop_sequence: null,
        usage: {
          input_tokens: 3,
          cache_creation_input_tokens: created,
          cache_read_input_tokens: agentContext - created,
          output_tokens: rng.int(20, 600),
          service_tier: "standard",
        },
      };
      const uuid = rng.uuid();
      lines.push({
        parentUuid: agentParent,
        isSidechain: true,
        userType: "external",
        cwd: options.cwd,
        sessionId: options.sessionId,
        version,
        gitBranch: "main",
        agentId,
        message: msg,
        requestId: `req_011C${base62(rng, 20)}`,
        type: "assistant",
        uuid,
        timestamp: now(),
      });
      agentParent = uuid;
    }
    /** The subagent's first record, its prompt (2.1 names the agent in it). */
    const promptLine = (agent) =>
      JSON.stringify({
        parentUuid: null,
        isSidechain: true,
        userType: "external",
        cwd: options.cwd,
        sessionId: options.sessionId,
        version,
        gitBranch: "main",
        ...agent,
        type: "user",
        message: { role: "user", content: prompt },
        uuid: rng.uuid(),
        timestamp: now(),
      });
    if (style === "1.0") {
      out.line(promptLine({}));
      for (const l of lines) out.line(JSON.stringify(l));
      return;
    }
    for (const l of lines.slice(0, 3)) {
      record({
        type: "progress",
        data: {
          message: { type: "assistant", message: l.message, requestId: l.requestId, uuid: l.uuid, timestamp: l.timestamp },
          normalizedMessages: [],
          type: "agent_progress",
          prompt,
          agentId,
        },
        toolUseID: `agent_msg_01${base62(rng, 22)}`,
        parentToolUseID: `toolu_01${base62(rng, 22)}`,
      });
    }
    if (options.subagentsDir) {
      mkdirSync(options.subagentsDir, { recursive: true });
      const file = new LineFileWriter(join(options.subagentsDir, `agent-${agentId}.jsonl`));
      file.line(promptLine({ agentId }));
      for (const l of lines) file.line(JSON.stringify(l));
      file.close();
      subagentBytes += file.bytes;
      subagentFiles += 1;
    }
  };

  /** One API response written as one record per content block, output_tokens growing (the last copy is final). */
  const response = (blocks, created, stopReason) => {
    const id = `msg_01${base62(rng, 22)}`;
    const requestId = `req_011C${base62(rng, 20)}`;
    const input = rng.int(1, 12);
    const read = context;
    context += created;
    lastContextTokens = input + created + read;
    let outputTokens = rng.int(1, 40);
    blocks.forEach((block, i) => {
      outputTokens += rng.int(5, 400);
      const last = i === blocks.length - 1;
      record({
        message: {
          model,
          id,
          type: "message",
          role: "assistant",
          content: [block],
          stop_reason: last ? stopReason : null,
          stop_sequence: null,
          usage: usage(input, created, read, outputTokens),
        },
        requestId,
        type: "assistant",
      });
    });
    context += outputTokens;
    responses += 1;
  };

  const toolResult = (toolUse) => {
    const size = rng.chance(0.1) ? rng.int(8_000, 30_000) : rng.int(120, 4_000);
    const text = prose(rng, size);
    const hookProgress = (event) =>
      record({
        type: "progress",
        data: {
          type: "hook_progress",
          hookEvent: event,
          hookName: `${event}:${toolUse.name}`,
          command: `\${CLAUDE_PLUGIN_ROOT}/hooks/${event.toLowerCase()}.sh`,
        },
        parentToolUseID: toolUse.id,
        toolUseID: toolUse.id,
      });
    if (style === "2.1") for (let i = rng.int(1, 3); i > 0; i--) hookProgress("PreToolUse");
    if (toolUse.name === "Bash" && style === "2.1") {
      for (let i = rng.int(1, 8); i > 0; i--)
        record({
          type: "progress",
          data: {
            type: "bash_progress",
            output: text.slice(0, 600),
            fullOutput: text.slice(0, 4000),
            elapsedTimeSeconds: rng.int(1, 30),
            totalLines: rng.int(3, 80),
          },
          toolUseID: `bash-progress-${rng.int(0, 99)}`,
          parentToolUseID: toolUse.id,
        });
    }
    if (style === "2.1") for (let i = rng.int(1, 3); i > 0; i--) hookProgress("PostToolUse");
    const toolUseResult =
      toolUse.name === "Read"
        ? {
            type: "text",
            file: {
              filePath: `${options.cwd}/src/${words(rng, 1)}.ts`,
              content: text,
              numLines: rng.int(10, 400),
              startLine: 1,
              totalLines: rng.int(10, 900),
            },
          }
        : { stdout: text, stderr: "", interrupted: false, isImage: false };
    record({
      type: "user",
      message: { role: "user", content: [{ tool_use_id: toolUse.id, type: "tool_result", content: text, is_error: false }] },
      toolUseResult,
    });
    context += Math.ceil(size / 3.6);
  };

  const compact = () => {
    const preTokens = context;
    const postTokens = rng.int(3_000, 9_000);
    const boundary = {
      parentUuid: null,
      logicalParentUuid: parent,
      isSidechain: false,
      userType: "external",
      cwd: options.cwd,
      sessionId: options.sessionId,
      version,
      gitBranch: "main",
      slug,
      type: "system",
      subtype: "compact_boundary",
      content: "Conversation compacted",
      isMeta: false,
      timestamp: now(),
      uuid: rng.uuid(),
      level: "info",
      compactMetadata: { trigger: "auto", preTokens, postTokens },
    };
    out.line(JSON.stringify(boundary));
    parent = boundary.uuid;
    record({
      type: "user",
      message: {
        role: "user",
        content: `This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\nSummary:\n${prose(rng, rng.int(3_000, 8_000))}`,
      },
      isVisibleInTranscriptOnly: true,
      isCompactSummary: true,
    });
    compactions += 1;
    context = postTokens + rng.int(12_000, 18_000);
    inject("compact");
  };

  if (style === "2.1") {
    bare({ type: "queue-operation", operation: "enqueue", timestamp: now(), content: words(rng, 6) });
    bare({ type: "queue-operation", operation: "dequeue", timestamp: now() });
  }
  if (options.injectAtStart !== false) inject(options.startSource ?? "startup");
  while (out.bytes < options.targetBytes) {
    const prompt = prose(rng, rng.int(40, 600));
    const messageId = rng.uuid();
    out.line(
      JSON.stringify({
        type: "file-history-snapshot",
        messageId,
        snapshot: { messageId, trackedFileBackups: {}, timestamp: new Date(clock).toISOString() },
        isSnapshotUpdate: false,
      }),
    );
    record({ type: "user", message: { role: "user", content: prompt } });
    const steps = rng.int(1, 7);
    for (let step = 0; step < steps; step++) {
      if (rng.chance(0.01)) {
        record({
          message: {
            id: rng.uuid(),
            model: "<synthetic>",
            role: "assistant",
            stop_reason: "stop_sequence",
            stop_sequence: "",
            type: "message",
            usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
            content: [
              {
                type: "text",
                text: 'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
              },
            ],
          },
          type: "assistant",
          isApiErrorMessage: true,
        });
      }
      const final = step === steps - 1;
      const blocks = [];
      if (rng.chance(0.4))
        blocks.push({ type: "thinking", thinking: prose(rng, rng.int(80, 1_500)), signature: base62(rng, rng.int(200, 600)) });
      if (rng.chance(final ? 1 : 0.6)) blocks.push({ type: "text", text: prose(rng, rng.int(30, final ? 2_500 : 400)) });
      const toolUses = [];
      if (!final) {
        for (let t = rng.int(1, 3); t > 0; t--) {
          const name = rng.chance(0.04) ? "Task" : rng.pick(TOOLS);
          const use = {
            type: "tool_use",
            id: `toolu_01${base62(rng, 22)}`,
            name,
            input:
              name === "Task"
                ? { description: words(rng, 4), prompt: prose(rng, rng.int(200, 1_200)), subagent_type: "Explore" }
                : { command: words(rng, rng.int(2, 8)), description: words(rng, 5) },
          };
          blocks.push(use);
          toolUses.push(use);
        }
      }
      response(blocks, rng.int(100, 2_500), final ? "end_turn" : "tool_use");
      for (const use of toolUses) {
        if (use.name === "Task") subagent(use.input.prompt);
        toolResult(use);
      }
      if (context > compactAt) compact();
    }
    if (style === "2.1" && rng.chance(0.5))
      record({ type: "system", subtype: "turn_duration", durationMs: rng.int(2_000, 400_000), isMeta: false });
    if (style === "2.1" && rng.chance(0.2))
      record({
        type: "system",
        subtype: "stop_hook_summary",
        hookCount: 1,
        hookInfos: [{ command: "${CLAUDE_PLUGIN_ROOT}/hooks/stop.sh" }],
        hookErrors: [],
        preventedContinuation: false,
        stopReason: "",
        hasOutput: false,
        level: "suggestion",
      });
  }
  out.close();
  return {
    path,
    bytes: out.bytes,
    compactions,
    responses,
    finalContextTokens: lastContextTokens,
    lastInjection,
    subagentBytes,
    subagentFiles,
    sessionId: options.sessionId,
  };
}
