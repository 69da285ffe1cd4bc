// Verifies, against the real Claude Code 2.1.332 binary and our mock API, the Claude Code behaviour ThreadMind relies on.
//
// Set THREADMIND_UPDATE_TRANSCRIPT_FIXTURES=1 to (re)write test/fixtures/transcripts/cc-2.1.332/ from these runs.
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { assistantUsages, attachmentsOfType, readTranscript } from "../support/claude-transcripts.js";
import type { TranscriptRecord } from "../support/claude-transcripts.js";
import { messageTexts, requestText } from "../support/anthropic-request-text.js";
import { COMPACTION_MARKER, startMockAnthropic, textReply, toolUseReply } from "../support/mock-anthropic.js";
import type { MockAnthropic, MockAnthropicOptions, RecordedRequest, Usage } from "../support/mock-anthropic.js";
import {
  PROBE_PLUGIN_DIR,
  PROBE_TOOL_NAME,
  hookEntries,
  mcpMessages,
  mcpStarts,
  mcpToolCalls,
  readProbeLog,
} from "../support/probe-log.js";
import type { ProbeEntry, ProbeHookEntry } from "../support/probe-log.js";
import { claudeTmpDir, describeRun, expectSuccess } from "../support/run-claude.js";
import type { ClaudeRun } from "../support/run-claude.js";
import { writeTranscriptFixture } from "../support/transcript-fixture.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
const fixtureDir = join(repoRoot, "test", "fixtures", "transcripts", "cc-2.1.332");
const updateFixtures = process.env.THREADMIND_UPDATE_TRANSCRIPT_FIXTURES === "1";

const RUN_TIMEOUT = 120_000;
const PLUGIN_ARGS = ["--plugin-dir", PROBE_PLUGIN_DIR];
const CONTEXT_PREFIX = "SessionStart hook additional context: ";

const MAIN_USAGE: Usage = {
  input_tokens: 4321,
  cache_creation_input_tokens: 1234,
  cache_read_input_tokens: 56789,
  output_tokens: 87,
};

function totalTokens(usage: Usage): number {
  return usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens + usage.output_tokens;
}

// ---- helpers -------------------------------------------------------------------------------------------------

async function probeSandbox(mock: MockAnthropicOptions = {}): Promise<ClaudeSandbox> {
  return createClaudeSandbox({
    bin,
    mock: { defaultReply: textReply("mock reply", MAIN_USAGE), ...mock },
    env: (dirs) => ({ PROBE_LOG: join(dirs.scratch, "probe.log") }),
  });
}

function probe(sandbox: ClaudeSandbox): ProbeEntry[] {
  return readProbeLog(join(sandbox.scratch, "probe.log"));
}

/** session_id of the (last) result line of a `--output-format json|stream-json` run. */
function resultSessionId(run: ClaudeRun): string {
  const results = run.messages.filter((m) => m.type === "result");
  const id = results.at(-1)?.session_id;
  if (typeof id !== "string") throw new Error(`no result session_id\n${describeRun(run)}`);
  return id;
}

function onlyHook(entries: ProbeEntry[], event: string, filter: (e: ProbeHookEntry) => boolean = () => true): ProbeHookEntry {
  const found = hookEntries(entries, event).filter(filter);
  if (found.length !== 1)
    throw new Error(`expected one ${event} hook, got ${found.length}: ${JSON.stringify(found.map((e) => e.input))}`);
  const [entry] = found;
  if (entry === undefined) throw new Error("unreachable");
  return entry;
}

function contextOf(entry: ProbeHookEntry): string {
  if (typeof entry.additionalContext !== "string") throw new Error(`hook ${entry.event} logged no additionalContext`);
  return entry.additionalContext;
}

function systemMessageTexts(request: RecordedRequest): string[] {
  return request.body === null
    ? []
    : messageTexts(request.body)
        .filter((m) => m.role === "system")
        .map((m) => m.text);
}

function bodyText(request: RecordedRequest | undefined): string {
  if (request?.body === undefined || request.body === null) throw new Error("no request body");
  return requestText(request.body);
}

function ordinaryRequests(sandbox: ClaudeSandbox): RecordedRequest[] {
  return sandbox.mock.requests.filter((r) => r.kind === "messages");
}

function hookContextContents(records: TranscriptRecord[]): string[] {
  return attachmentsOfType(records, "hook_additional_context").map((a) => {
    const content = a.content;
    if (!Array.isArray(content) || typeof content[0] !== "string") throw new Error(`unexpected content ${JSON.stringify(a)}`);
    return content[0];
  });
}

/** Index of the first record matching `predicate`, failing when there is none. */
function indexWhere(records: TranscriptRecord[], predicate: (r: TranscriptRecord) => boolean, what: string): number {
  const index = records.findIndex(predicate);
  if (index < 0) throw new Error(`no ${what} in transcript (${records.map((r) => r.type).join(",")})`);
  return index;
}

const isAttachment = (type: string) => (r: TranscriptRecord) =>
  r.type === "attachment" &&
  typeof r.attachment === "object" &&
  r.attachment !== null &&
  "type" in r.attachment &&
  r.attachment.type === type;

function saveFixture(sandbox: ClaudeSandbox, sessionId: string, name: string): void {
  if (!updateFixtures) return;
  writeTranscriptFixture(sandbox.transcriptFor(sessionId), join(fixtureDir, name), {
    home: sandbox.home,
    project: sandbox.project,
    repoRoot,
  });
}

// ---- tests ---------------------------------------------------------------------------------------------------

// The mock itself, without the binary: a wrong SSE shape or a lost request would make every e2e assertion meaningless.
describe("mock Messages API (no binary needed)", () => {
  let mock: MockAnthropic;
  afterEach(async () => mock?.close());

  async function post(path: string, body: unknown): Promise<Response> {
    return fetch(mock.url + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  function sseEvents(text: string): Array<{ event: string; data: Record<string, unknown> }> {
    return text
      .split("\n\n")
      .filter((chunk) => chunk.trim() !== "")
      .map((chunk) => {
        const [eventLine, dataLine] = chunk.split("\n");
        const data: unknown = JSON.parse((dataLine ?? "").replace(/^data: /, ""));
        if (typeof data !== "object" || data === null) throw new Error(`bad SSE data ${chunk}`);
        return { event: (eventLine ?? "").replace(/^event: /, ""), data: { ...data } };
      });
  }

  it("streams queued answers in order as message_start, content blocks, message_delta, message_stop, then the default", async () => {
    mock = await startMockAnthropic({ defaultReply: textReply("fallback") });
    mock.enqueue(
      textReply("first", { input_tokens: 11, cache_creation_input_tokens: 22, cache_read_input_tokens: 33, output_tokens: 44 }),
      toolUseReply("some_tool", { a: 1 }),
    );
    const body = { model: "m", stream: true, messages: [{ role: "user", content: "hi" }] };
    const first = sseEvents(await (await post("/v1/messages?beta=true", body)).text());
    expect(first.map((e) => e.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(first[0]?.data).toMatchObject({
      message: {
        role: "assistant",
        model: "m",
        usage: { input_tokens: 11, cache_creation_input_tokens: 22, cache_read_input_tokens: 33 },
      },
    });
    expect(first[2]?.data).toMatchObject({ delta: { type: "text_delta", text: "first" } });
    expect(first[4]?.data).toMatchObject({ delta: { stop_reason: "end_turn" }, usage: { output_tokens: 44 } });
    const second = sseEvents(await (await post("/v1/messages", body)).text());
    expect(second[1]?.data).toMatchObject({ content_block: { type: "tool_use", name: "some_tool" } });
    expect(second[2]?.data).toMatchObject({ delta: { type: "input_json_delta", partial_json: '{"a":1}' } });
    expect(second[4]?.data).toMatchObject({ delta: { stop_reason: "tool_use" } });
    const third = sseEvents(await (await post("/v1/messages", body)).text());
    expect(third[2]?.data).toMatchObject({ delta: { text: "fallback" } });
    expect(mock.pending()).toBe(0);
    expect(mock.requests.map((r) => [r.path, r.query, r.kind])).toEqual([
      ["/v1/messages", "?beta=true", "messages"],
      ["/v1/messages", "", "messages"],
      ["/v1/messages", "", "messages"],
    ]);
  });

  it("answers non-streaming requests with JSON and lets a reply function see the recorded request", async () => {
    mock = await startMockAnthropic({
      defaultReply: (request) => textReply(`saw ${request.body?.messages?.length ?? 0} messages`),
    });
    const response = await post("/v1/messages", {
      model: "m",
      messages: [
        { role: "user", content: "a" },
        { role: "assistant", content: "b" },
        { role: "user", content: "c" },
      ],
    });
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toMatchObject({
      type: "message",
      content: [{ type: "text", text: "saw 3 messages" }],
      stop_reason: "end_turn",
    });
  });

  it("answers compaction requests with analysis and summary without consuming the queue", async () => {
    mock = await startMockAnthropic({ compaction: { summary: "S-42", usage: { input_tokens: 9 } } });
    mock.enqueue(textReply("queued"));
    const response = await post("/v1/messages", {
      model: "m",
      messages: [{ role: "user", content: [{ type: "text", text: `Please ${COMPACTION_MARKER} so far.` }] }],
    });
    const json: unknown = await response.json();
    expect(json).toMatchObject({
      content: [{ type: "text", text: expect.stringMatching(/<analysis>[\s\S]*<\/analysis>[\s\S]*<summary>S-42<\/summary>/) }],
      usage: { input_tokens: 9 },
    });
    expect(mock.requests[0]?.kind).toBe("compaction");
    expect(mock.pending()).toBe(1);
  });

  it("records count_tokens, HEAD and unknown paths and answers them without a crash", async () => {
    mock = await startMockAnthropic();
    const count = await post("/v1/messages/count_tokens", { model: "m", messages: [{ role: "user", content: "12345678" }] });
    expect(await count.json()).toEqual({ input_tokens: 2 });
    expect((await fetch(`${mock.url}/`, { method: "HEAD" })).status).toBe(200);
    const unknown = await fetch(`${mock.url}/v1/other?x=1`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ type: "error", error: { type: "not_found_error" } });
    expect(mock.requests.map((r) => [r.method, r.path, r.kind])).toEqual([
      ["POST", "/v1/messages/count_tokens", "count_tokens"],
      ["HEAD", "/", "other"],
      ["GET", "/v1/other", "other"],
    ]);
    expect(mock.messageRequests()).toHaveLength(0);
  });

  it("extracts system blocks, message text, tool results and tool inputs for assertions", () => {
    const text = requestText({
      system: [{ type: "text", text: "SYS" }],
      messages: [
        { role: "user", content: "PROMPT" },
        { role: "system", content: [{ type: "text", text: "<system-reminder>HOOK</system-reminder>" }] },
        { role: "assistant", content: [{ type: "tool_use", id: "t", name: "x", input: { q: "INPUT" } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: [{ type: "text", text: "RESULT" }] }] },
      ],
    });
    for (const part of ["SYS", "PROMPT", "<system-reminder>HOOK</system-reminder>", '"q":"INPUT"', "RESULT"])
      expect(text).toContain(part);
  });
});

describe.skipIf(!availability.available)("real Claude Code 2.1.332 against the mock Messages API", () => {
  describe("startup: claude -p hello with the probe plugin", () => {
    let sandbox: ClaudeSandbox;
    let run: ClaudeRun;
    let sessionId: string;
    beforeAll(async () => {
      sandbox = await probeSandbox();
      run = await sandbox.run(["-p", "hello", "--output-format", "json", ...PLUGIN_ARGS], { timeoutMs: RUN_TIMEOUT });
      expectSuccess(run);
      sessionId = resultSessionId(run);
      saveFixture(sandbox, sessionId, "startup.jsonl");
    }, RUN_TIMEOUT);
    afterAll(async () => sandbox?.dispose());

    it("sends exactly one streamed POST /v1/messages?beta=true with the dummy key", () => {
      expect(sandbox.mock.requests).toHaveLength(1);
      const [request] = sandbox.mock.requests;
      expect(request?.method).toBe("POST");
      expect(request?.path).toBe("/v1/messages");
      expect(request?.query).toBe("?beta=true");
      expect(request?.body?.stream).toBe(true);
      expect(request?.headers["x-api-key"]).toBe("dummy");
      expect(request?.headers["x-claude-code-session-id"]).toBe(sessionId);
    });

    it("keeps Claude Code's per-session temp folder in the sandbox's HOME, none in the system temp dir (removed with it)", () => {
      // Claude Code makes $TMPDIR/claude-<uid>/<launch dir, - for each other character>/<session>/ and never removes it.
      const folder = `claude-${process.getuid?.() ?? 0}`;
      const launchDir = sandbox.project.replace(/[^A-Za-z0-9]/g, "-");
      expect(readdirSync(join(claudeTmpDir(sandbox.home), folder, launchDir))).toContain(sessionId);
      expect(existsSync(join(tmpdir(), folder, launchDir))).toBe(false);
    });

    it("writes exactly the usage the mock returned into the transcript", () => {
      const path = sandbox.transcriptFor(sessionId);
      expect(existsSync(path)).toBe(true);
      const usages = assistantUsages(readTranscript(path));
      expect(usages.length).toBeGreaterThan(0);
      for (const usage of usages) expect(usage).toEqual(MAIN_USAGE);
    });

    it("delivers the SessionStart additionalContext to the model as a system message with the documented prefix", () => {
      const context = contextOf(onlyHook(probe(sandbox), "SessionStart"));
      const [request] = sandbox.mock.requests;
      if (request === undefined) throw new Error("no request");
      expect(systemMessageTexts(request).some((text) => text.includes(CONTEXT_PREFIX + context))).toBe(true);
    });

    it("records the injection as hook_success then hook_additional_context attachments before the prompt", () => {
      const records = readTranscript(sandbox.transcriptFor(sessionId));
      const context = contextOf(onlyHook(probe(sandbox), "SessionStart"));
      const successAt = indexWhere(records, isAttachment("hook_success"), "hook_success attachment");
      const contextAt = indexWhere(records, isAttachment("hook_additional_context"), "hook_additional_context attachment");
      const promptAt = indexWhere(records, (r) => r.type === "user", "user record");
      expect(successAt).toBeLessThan(contextAt);
      expect(contextAt).toBeLessThan(promptAt);
      const record = records[contextAt];
      expect(record?.sessionId).toBe(sessionId);
      expect(record?.renderedRole).toBe("system");
      expect(hookContextContents(records)).toEqual([context]);
      const attachment = attachmentsOfType(records, "hook_additional_context")[0];
      expect(attachment?.hookName).toBe("SessionStart");
      expect(attachment?.hookEvent).toBe("SessionStart");
      // hook_success keeps the hook's raw stdout.
      expect(attachmentsOfType(records, "hook_success")[0]).toMatchObject({
        hookName: "SessionStart:startup",
        hookEvent: "SessionStart",
        exitCode: 0,
        stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }),
      });
    });

    it("gives the MCP server the Claude Code process as parent: its ppid equals every hook's CLAUDE_PID", () => {
      const entries = probe(sandbox);
      const [server, ...others] = mcpStarts(entries);
      expect(others).toHaveLength(0);
      expect(server?.ppid).toBe(run.pid);
      const hooks = hookEntries(entries);
      expect(hooks.map((h) => h.event).sort()).toEqual(["SessionEnd", "SessionStart"]);
      for (const hook of hooks) {
        expect(hook.env.CLAUDE_PID).toBe(String(run.pid));
        // Hooks run under a shell whose parent is Claude Code.
        if (hook.grandParentPid !== null) expect(hook.grandParentPid).toBe(run.pid);
      }
    });

    it("passes hooks the documented input fields and environment", () => {
      const entries = probe(sandbox);
      const start = onlyHook(entries, "SessionStart");
      const end = onlyHook(entries, "SessionEnd");
      expect(start.input).toMatchObject({
        session_id: sessionId,
        transcript_path: sandbox.transcriptFor(sessionId),
        cwd: sandbox.project,
        hook_event_name: "SessionStart",
        source: "startup",
      });
      expect(end.input).toMatchObject({ session_id: sessionId, hook_event_name: "SessionEnd", reason: "other" });
      // The transcript does not exist yet at SessionStart; it does by SessionEnd.
      expect(start.transcriptExists).toBe(false);
      expect(end.transcriptExists).toBe(true);
      for (const hook of [start, end]) {
        expect(hook.env.CLAUDE_PROJECT_DIR).toBe(sandbox.project);
        expect(hook.env.CLAUDE_PLUGIN_ROOT).toBe(PROBE_PLUGIN_DIR);
        expect(hook.env.CLAUDE_PLUGIN_DATA).toBe(join(sandbox.home, ".claude", "plugins", "data", "probe-inline"));
        expect(hook.env.CLAUDE_CODE_SESSION_ID).toBe(sessionId);
        expect(hook.cwd).toBe(sandbox.project);
      }
      expect(start.env.CLAUDE_ENV_FILE).toBe(join(sandbox.home, ".claude", "session-env", sessionId, "sessionstart-hook-0.sh"));
      expect(end.env.CLAUDE_ENV_FILE).toBeNull();
    });

    it("gives the MCP server the launch dir, plugin root and startup session id, but no CLAUDE_PID", () => {
      const [server] = mcpStarts(probe(sandbox));
      expect(server?.cwd).toBe(sandbox.project);
      expect(server?.env.CLAUDE_PROJECT_DIR).toBe(sandbox.project);
      expect(server?.env.CLAUDE_PLUGIN_ROOT).toBe(PROBE_PLUGIN_DIR);
      expect(server?.env.CLAUDE_PLUGIN_DATA).toBe(join(sandbox.home, ".claude", "plugins", "data", "probe-inline"));
      expect(server?.env.CLAUDE_CODE_SESSION_ID).toBe(sessionId);
      expect(server?.env.CLAUDE_PID).toBeNull();
      expect(server?.env.CLAUDE_ENV_FILE).toBeNull();
    });

    it("opens the MCP connection with server/discover, then initialize at protocol 2025-11-25, then tools/list", () => {
      const methods = mcpMessages(probe(sandbox)).map((m) => m.method);
      expect(methods.slice(0, 4)).toEqual(["server/discover", "initialize", "notifications/initialized", "tools/list"]);
      const initialize = mcpMessages(probe(sandbox)).find((m) => m.method === "initialize");
      expect(initialize?.params).toMatchObject({ protocolVersion: "2025-11-25", capabilities: { roots: { listChanged: true } } });
    });
  });

  describe("claude -p /clear --resume <sid>", () => {
    let sandbox: ClaudeSandbox;
    let firstId: string;
    let clearRun: ClaudeRun;
    beforeAll(async () => {
      sandbox = await probeSandbox();
      const first = await sandbox.run(["-p", "hello", "--output-format", "json", ...PLUGIN_ARGS], { timeoutMs: RUN_TIMEOUT });
      expectSuccess(first);
      firstId = resultSessionId(first);
      clearRun = await sandbox.run(["-p", "/clear", "--resume", firstId, "--output-format", "json", ...PLUGIN_ARGS], {
        timeoutMs: RUN_TIMEOUT,
      });
      expectSuccess(clearRun);
    }, 2 * RUN_TIMEOUT);
    afterAll(async () => sandbox?.dispose());

    it("ends the resumed session with reason clear and starts a NEW session id with source clear", () => {
      const entries = probe(sandbox);
      const end = onlyHook(entries, "SessionEnd", (e) => e.input.reason === "clear");
      expect(end.input.session_id).toBe(firstId);
      const start = onlyHook(entries, "SessionStart", (e) => e.input.source === "clear");
      expect(start.input.session_id).not.toBe(firstId);
      expect(start.input.transcript_path).not.toBe(end.input.transcript_path);
      expect(start.input.transcript_path).toBe(sandbox.transcriptFor(start.input.session_id));
      expect(start.env.CLAUDE_CODE_SESSION_ID).toBe(start.input.session_id);
      expect(resultSessionId(clearRun)).toBe(start.input.session_id);
      // Order: the resume start, then SessionEnd(clear), then SessionStart(clear).
      const order = hookEntries(entries).map((e) => `${e.event}:${e.input.source ?? e.input.reason ?? ""}`);
      expect(order).toEqual([
        "SessionStart:startup",
        "SessionEnd:other",
        "SessionStart:resume",
        "SessionEnd:clear",
        "SessionStart:clear",
        "SessionEnd:other",
      ]);
    });

    it("makes no API call for the /clear itself", () => {
      expect(sandbox.mock.messageRequests()).toHaveLength(1);
    });
  });

  describe("claude -p '/compact <instructions>' --resume <sid>, then one more prompt", () => {
    let sandbox: ClaudeSandbox;
    let sessionId: string;
    const summary = "PROBE-SUMMARY the user said hello";
    beforeAll(async () => {
      sandbox = await probeSandbox({ compaction: { summary, usage: { input_tokens: 7777, output_tokens: 333 } } });
      const first = await sandbox.run(["-p", "hello", "--output-format", "json", ...PLUGIN_ARGS], { timeoutMs: RUN_TIMEOUT });
      expectSuccess(first);
      sessionId = resultSessionId(first);
      const compact = await sandbox.run(
        ["-p", "/compact keep the probe", "--resume", sessionId, "--output-format", "json", ...PLUGIN_ARGS],
        { timeoutMs: RUN_TIMEOUT },
      );
      expectSuccess(compact);
      const after = await sandbox.run(["-p", "after compact", "--resume", sessionId, "--output-format", "json", ...PLUGIN_ARGS], {
        timeoutMs: RUN_TIMEOUT,
      });
      expectSuccess(after);
    }, 3 * RUN_TIMEOUT);
    afterAll(async () => sandbox?.dispose());

    it("runs PreCompact (trigger manual, custom_instructions) then SessionStart source compact with the same session id", () => {
      const entries = probe(sandbox);
      const pre = onlyHook(entries, "PreCompact");
      expect(pre.input).toMatchObject({ session_id: sessionId, trigger: "manual", custom_instructions: "keep the probe" });
      const start = onlyHook(entries, "SessionStart", (e) => e.input.source === "compact");
      expect(start.input.session_id).toBe(sessionId);
      expect(start.at).toBeGreaterThanOrEqual(pre.at);
      const order = hookEntries(entries).map((e) => `${e.event}:${e.input.source ?? e.input.reason ?? e.input.trigger ?? ""}`);
      expect(order.slice(2, 6)).toEqual(["SessionStart:resume", "PreCompact:manual", "SessionStart:compact", "SessionEnd:other"]);
    });

    it("sends the compaction request to the mock and records compact_boundary plus the summary", () => {
      const compactions = sandbox.mock.requests.filter((r) => r.kind === "compaction");
      expect(compactions).toHaveLength(1);
      expect(bodyText(compactions[0])).toContain(COMPACTION_MARKER);
      expect(bodyText(compactions[0])).toContain("keep the probe");
      const records = readTranscript(sandbox.transcriptFor(sessionId));
      const boundary = indexWhere(records, (r) => r.type === "system" && r.subtype === "compact_boundary", "compact_boundary");
      const boundaryRecord = records[boundary];
      expect(boundaryRecord?.compactMetadata).toMatchObject({ trigger: "manual" });
      // preTokens starts from the last response's input + cache_creation + cache_read + output, plus an estimate
      // of what was added since (here the resume-time hook context).
      const metadata = boundaryRecord?.compactMetadata;
      const preTokens = typeof metadata === "object" && metadata !== null && "preTokens" in metadata ? metadata.preTokens : null;
      expect(preTokens).toBeGreaterThanOrEqual(totalTokens(MAIN_USAGE));
      // The compaction call's own usage (7777 in) is not written as an assistant record.
      for (const usage of assistantUsages(records)) expect(usage).toEqual(MAIN_USAGE);
      const summaryRecord = records.slice(boundary + 1).find((r) => r.isCompactSummary === true);
      expect(JSON.stringify(summaryRecord)).toContain(summary);
      // The compact-time SessionStart context is recorded after the boundary, in the same file.
      const contextIndex = records.findIndex((r, i) => i > boundary && isAttachment("hook_additional_context")(r));
      expect(contextIndex).toBeGreaterThan(boundary);
      const compactContext = contextOf(onlyHook(probe(sandbox), "SessionStart", (e) => e.input.source === "compact"));
      expect(hookContextContents(records.slice(boundary))).toContain(compactContext);
    });

    it("sends the compact-time context and the summary with the next prompt", () => {
      const last = ordinaryRequests(sandbox).at(-1);
      const compactContext = contextOf(onlyHook(probe(sandbox), "SessionStart", (e) => e.input.source === "compact"));
      expect(bodyText(last)).toContain(CONTEXT_PREFIX + compactContext);
      expect(bodyText(last)).toContain(summary);
      expect(bodyText(last)).toContain("after compact");
    });
  });

  describe("several turns in ONE process (stream-json): hello, /clear, another prompt", () => {
    let sandbox: ClaudeSandbox;
    let run: ClaudeRun;
    beforeAll(async () => {
      sandbox = await probeSandbox();
      run = await sandbox.run(PLUGIN_ARGS, { turns: ["hello", "/clear", "after clear"], timeoutMs: RUN_TIMEOUT });
      expectSuccess(run);
      const startupId = onlyHook(probe(sandbox), "SessionStart", (e) => e.input.source === "startup").input.session_id;
      const clearId = onlyHook(probe(sandbox), "SessionStart", (e) => e.input.source === "clear").input.session_id;
      saveFixture(sandbox, startupId, "clear-before.jsonl");
      saveFixture(sandbox, clearId, "clear-after.jsonl");
    }, RUN_TIMEOUT);
    afterAll(async () => sandbox?.dispose());

    it("prints one result line per turn, the /clear one included", () => {
      expect(run.messages.filter((m) => m.type === "result")).toHaveLength(3);
      expect(run.messages.filter((m) => m.type === "conversation_reset")).toHaveLength(1);
    });

    it("keeps one MCP server process (one initialize) through /clear, parented by CLAUDE_PID", () => {
      const entries = probe(sandbox);
      expect(mcpStarts(entries)).toHaveLength(1);
      expect(mcpMessages(entries).filter((m) => m.method === "initialize")).toHaveLength(1);
      expect(mcpStarts(entries)[0]?.ppid).toBe(run.pid);
      for (const hook of hookEntries(entries)) expect(hook.env.CLAUDE_PID).toBe(String(run.pid));
    });

    it("runs SessionEnd(clear) then SessionStart(clear) with a new session id and transcript path", () => {
      const entries = probe(sandbox);
      const startup = onlyHook(entries, "SessionStart", (e) => e.input.source === "startup");
      const end = onlyHook(entries, "SessionEnd", (e) => e.input.reason === "clear");
      const clear = onlyHook(entries, "SessionStart", (e) => e.input.source === "clear");
      expect(end.input.session_id).toBe(startup.input.session_id);
      expect(clear.input.session_id).not.toBe(startup.input.session_id);
      expect(clear.input.transcript_path).not.toBe(startup.input.transcript_path);
      expect(clear.at).toBeGreaterThanOrEqual(end.at);
      expect(clear.transcriptExists).toBe(false);
    });

    it("sends the clear-time context, and not the startup context, with the first post-clear prompt", () => {
      const entries = probe(sandbox);
      const startupContext = contextOf(onlyHook(entries, "SessionStart", (e) => e.input.source === "startup"));
      const clearContext = contextOf(onlyHook(entries, "SessionStart", (e) => e.input.source === "clear"));
      const requests = ordinaryRequests(sandbox);
      expect(requests).toHaveLength(2);
      expect(bodyText(requests[0])).toContain(CONTEXT_PREFIX + startupContext);
      expect(bodyText(requests[1])).toContain(CONTEXT_PREFIX + clearContext);
      expect(bodyText(requests[1])).not.toContain(startupContext);
      expect(bodyText(requests[1])).toContain("after clear");
    });

    it("keeps the MCP server's CLAUDE_CODE_SESSION_ID at the startup id while hooks get the new one", () => {
      const entries = probe(sandbox);
      const startup = onlyHook(entries, "SessionStart", (e) => e.input.source === "startup");
      const clear = onlyHook(entries, "SessionStart", (e) => e.input.source === "clear");
      expect(mcpStarts(entries)[0]?.env.CLAUDE_CODE_SESSION_ID).toBe(startup.input.session_id);
      expect(clear.env.CLAUDE_CODE_SESSION_ID).toBe(clear.input.session_id);
    });

    it("writes the clear-time injection as the first attachment records of the new transcript", () => {
      const clear = onlyHook(probe(sandbox), "SessionStart", (e) => e.input.source === "clear");
      const records = readTranscript(sandbox.transcriptFor(clear.input.session_id));
      const firstAttachments = records.filter((r) => r.type === "attachment").slice(0, 2);
      expect(firstAttachments.map((r) => isAttachment("hook_success")(r) || isAttachment("hook_additional_context")(r))).toEqual([
        true,
        true,
      ]);
      const context = indexWhere(records, isAttachment("hook_additional_context"), "hook_additional_context");
      const prompt = indexWhere(records, (r) => r.type === "user", "user record");
      expect(context).toBeLessThan(prompt);
      expect(hookContextContents(records)).toEqual([contextOf(clear)]);
    });
  });

  describe("several turns in ONE process (stream-json): hello, /compact, another prompt", () => {
    let sandbox: ClaudeSandbox;
    let run: ClaudeRun;
    const summary = "PROBE-SUMMARY of the one-process conversation";
    beforeAll(async () => {
      sandbox = await probeSandbox({ compaction: { summary } });
      run = await sandbox.run(PLUGIN_ARGS, { turns: ["hello", "/compact", "after compact"], timeoutMs: RUN_TIMEOUT });
      expectSuccess(run);
      saveFixture(
        sandbox,
        onlyHook(probe(sandbox), "SessionStart", (e) => e.input.source === "startup").input.session_id,
        "compact.jsonl",
      );
    }, RUN_TIMEOUT);
    afterAll(async () => sandbox?.dispose());

    it("keeps one MCP server through /compact and answers the compaction from the mock", () => {
      const entries = probe(sandbox);
      expect(mcpStarts(entries)).toHaveLength(1);
      expect(mcpMessages(entries).filter((m) => m.method === "initialize")).toHaveLength(1);
      expect(sandbox.mock.requests.filter((r) => r.kind === "compaction")).toHaveLength(1);
      const pre = onlyHook(entries, "PreCompact");
      expect(pre.input.trigger).toBe("manual");
      expect(pre.input.custom_instructions).toBeNull();
      const start = onlyHook(entries, "SessionStart", (e) => e.input.source === "compact");
      const startup = onlyHook(entries, "SessionStart", (e) => e.input.source === "startup");
      expect(start.input.session_id).toBe(startup.input.session_id);
      // With nothing between the last response and /compact, preTokens is exactly that response's total.
      const records = readTranscript(sandbox.transcriptFor(start.input.session_id));
      const boundary = records.find((r) => r.type === "system" && r.subtype === "compact_boundary");
      expect(boundary?.compactMetadata).toMatchObject({ trigger: "manual", preTokens: totalTokens(MAIN_USAGE) });
    });

    it("sends the compact-time context and the summary with the post-compact prompt", () => {
      const compactContext = contextOf(onlyHook(probe(sandbox), "SessionStart", (e) => e.input.source === "compact"));
      const last = ordinaryRequests(sandbox).at(-1);
      expect(bodyText(last)).toContain(CONTEXT_PREFIX + compactContext);
      expect(bodyText(last)).toContain(summary);
    });
  });

  describe("the 10,000-character additionalContext cap", () => {
    async function runWithContext(
      chars: number,
      fill?: string,
    ): Promise<{ sandbox: ClaudeSandbox; sessionId: string; context: string }> {
      const sandbox = await probeSandbox();
      const run = await sandbox.run(["-p", "hello", "--output-format", "json", ...PLUGIN_ARGS], {
        env: { PROBE_CONTEXT_CHARS: String(chars), ...(fill !== undefined ? { PROBE_CONTEXT_FILL: fill } : {}) },
        timeoutMs: RUN_TIMEOUT,
      });
      expectSuccess(run);
      const start = onlyHook(probe(sandbox), "SessionStart");
      expect(start.contextChars).toBe(chars);
      return { sandbox, sessionId: resultSessionId(run), context: contextOf(start) };
    }

    it(
      "delivers exactly 10,000 characters whole",
      async () => {
        const { sandbox, sessionId, context } = await runWithContext(10_000);
        try {
          expect(bodyText(sandbox.mock.requests[0])).toContain(CONTEXT_PREFIX + context);
          expect(bodyText(sandbox.mock.requests[0])).not.toContain("<persisted-output>");
          const records = readTranscript(sandbox.transcriptFor(sessionId));
          expect(hookContextContents(records)).toEqual([context]);
          saveFixture(sandbox, sessionId, "cap-exact-10000.jsonl");
        } finally {
          await sandbox.dispose();
        }
      },
      RUN_TIMEOUT,
    );

    it(
      "replaces 10,001 characters with a <persisted-output> path and 2,000-character preview",
      async () => {
        const { sandbox, sessionId, context } = await runWithContext(10_001);
        try {
          const text = bodyText(sandbox.mock.requests[0]);
          expect(text).toContain(`${CONTEXT_PREFIX}<persisted-output>`);
          expect(text).not.toContain(context);
          expect(text).not.toContain("PROBE-CONTEXT-TAIL");
          expect(text).toContain(context.slice(0, 2_000));
          const records = readTranscript(sandbox.transcriptFor(sessionId));
          const [preview] = hookContextContents(records);
          expect(preview?.startsWith("<persisted-output>")).toBe(true);
          expect(preview).toContain("Preview (first 2KB):");
          // The full text is saved under the session's tool-results folder.
          const saved = /Full output saved to: (\S+)/.exec(preview ?? "")?.[1];
          expect(saved).toMatch(new RegExp(`/${sessionId}/tool-results/hook-[^/]+-SessionStart-[^/]+-additionalContext\\.txt$`));
          expect(readFileSync(saved ?? "", "utf8")).toBe(context);
          saveFixture(sandbox, sessionId, "cap-over-10001-preview.jsonl");
        } finally {
          await sandbox.dispose();
        }
      },
      RUN_TIMEOUT,
    );

    it(
      "counts characters, not bytes: 10,000 two-byte characters arrive whole",
      async () => {
        const { sandbox, context } = await runWithContext(10_000, "é");
        try {
          expect(Buffer.byteLength(context, "utf8")).toBeGreaterThan(10_000);
          expect(bodyText(sandbox.mock.requests[0])).toContain(CONTEXT_PREFIX + context);
        } finally {
          await sandbox.dispose();
        }
      },
      RUN_TIMEOUT,
    );
  });

  describe("plugin MCP tools in print mode", () => {
    it(
      "runs the probe tool when the mock calls it and --allowedTools grants it",
      async () => {
        const sandbox = await probeSandbox({ replies: [toolUseReply(PROBE_TOOL_NAME, { text: "ping-42" }), textReply("done")] });
        try {
          const run = await sandbox.run(
            ["-p", "call the tool", "--output-format", "json", "--allowedTools", PROBE_TOOL_NAME, ...PLUGIN_ARGS],
            {
              timeoutMs: RUN_TIMEOUT,
            },
          );
          expectSuccess(run);
          expect(mcpToolCalls(probe(sandbox))).toMatchObject([{ name: "echo", arguments: { text: "ping-42" } }]);
          const requests = ordinaryRequests(sandbox);
          expect(requests).toHaveLength(2);
          expect(bodyText(requests[1])).toContain("probe-echo:ping-42");
          expect(run.messages.find((m) => m.type === "result")?.permission_denials).toEqual([]);
        } finally {
          await sandbox.dispose();
        }
      },
      RUN_TIMEOUT,
    );

    it(
      "refuses the probe tool without --allowedTools and lists it in permission_denials",
      async () => {
        const sandbox = await probeSandbox({ replies: [toolUseReply(PROBE_TOOL_NAME, { text: "ping-43" }), textReply("done")] });
        try {
          const run = await sandbox.run(["-p", "call the tool", "--output-format", "json", ...PLUGIN_ARGS], {
            timeoutMs: RUN_TIMEOUT,
          });
          expectSuccess(run);
          expect(mcpToolCalls(probe(sandbox))).toHaveLength(0);
          expect(run.messages.find((m) => m.type === "result")?.permission_denials).toMatchObject([
            { tool_name: PROBE_TOOL_NAME, tool_input: { text: "ping-43" } },
          ]);
        } finally {
          await sandbox.dispose();
        }
      },
      RUN_TIMEOUT,
    );
  });

  describe("plugin validation and marketplace install", () => {
    it(
      "accepts the probe plugin with claude plugin validate --strict",
      async () => {
        const sandbox = await probeSandbox();
        try {
          const run = await sandbox.run(["plugin", "validate", "--strict", "--json", PROBE_PLUGIN_DIR], {
            timeoutMs: RUN_TIMEOUT,
          });
          expectSuccess(run);
          expect(JSON.parse(run.stdout)).toMatchObject({ success: true, strict: true, manifest: { errors: [], warnings: [] } });
        } finally {
          await sandbox.dispose();
        }
      },
      RUN_TIMEOUT,
    );

    it(
      "fires the hooks and starts the MCP server of a marketplace-installed plugin without --plugin-dir",
      async () => {
        const sandbox = await probeSandbox();
        try {
          const market = join(sandbox.scratch, "market");
          cpSync(PROBE_PLUGIN_DIR, market, { recursive: true });
          writeFileSync(
            join(market, ".claude-plugin", "marketplace.json"),
            JSON.stringify({
              name: "probe-market",
              description: "Local marketplace for the probe test plugin",
              owner: { name: "ThreadMind tests" },
              plugins: [{ name: "probe", source: "./", description: "Probe plugin" }],
            }),
          );
          const validate = await sandbox.run(["plugin", "validate", "--strict", "--json", market], { timeoutMs: RUN_TIMEOUT });
          expectSuccess(validate);
          expect(JSON.parse(validate.stdout)).toMatchObject({
            success: true,
            manifest: { type: "marketplace", errors: [], warnings: [] },
          });

          expectSuccess(await sandbox.run(["plugin", "marketplace", "add", market], { timeoutMs: RUN_TIMEOUT }));
          expectSuccess(await sandbox.run(["plugin", "install", "probe@probe-market"], { timeoutMs: RUN_TIMEOUT }));
          const settings: unknown = JSON.parse(readFileSync(join(sandbox.home, ".claude", "settings.json"), "utf8"));
          expect(settings).toMatchObject({ enabledPlugins: { "probe@probe-market": true } });

          const run = await sandbox.run(["-p", "hello", "--output-format", "json"], { timeoutMs: RUN_TIMEOUT });
          expectSuccess(run);
          const entries = probe(sandbox);
          const start = onlyHook(entries, "SessionStart");
          // A local-directory marketplace runs the plugin from the source directory, although install also copies it
          // into the plugin cache.
          expect(start.env.CLAUDE_PLUGIN_ROOT).toBe(market);
          expect(
            existsSync(join(sandbox.home, ".claude", "plugins", "cache", "probe-market", "probe", "0.0.1", ".claude-plugin")),
          ).toBe(true);
          expect(start.env.CLAUDE_PLUGIN_DATA).toBe(join(sandbox.home, ".claude", "plugins", "data", "probe-probe-market"));
          expect(mcpStarts(entries)).toHaveLength(1);
          expect(mcpStarts(entries)[0]?.ppid).toBe(run.pid);
          expect(bodyText(sandbox.mock.requests.at(-1))).toContain(CONTEXT_PREFIX + contextOf(start));
        } finally {
          await sandbox.dispose();
        }
      },
      5 * RUN_TIMEOUT,
    );
  });
});
