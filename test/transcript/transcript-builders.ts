// Test builders: Claude Code transcript records shaped like the real ones, and temp files to write them to.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

export const SESSION_ID = "11111111-2222-4333-8444-555555555555";

type Json = Record<string, unknown>;

let clock = Date.parse("2026-03-01T10:00:00.000Z");
function nextTimestamp(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

let uuidCounter = 0;
function nextUuid(): string {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${String(uuidCounter).padStart(12, "0")}`;
}

function base(type: string, extra: Json = {}): Json {
  return {
    parentUuid: null,
    isSidechain: false,
    userType: "external",
    cwd: "/home/USER/project",
    sessionId: SESSION_ID,
    version: "2.1.39",
    gitBranch: "main",
    type,
    uuid: nextUuid(),
    timestamp: nextTimestamp(),
    ...extra,
  };
}

export interface AssistantSpec {
  id: string;
  requestId?: string | null;
  model?: string;
  input?: number;
  cacheCreation?: number;
  cacheRead?: number;
  output: number;
  sidechain?: boolean;
  apiError?: boolean;
  text?: string;
}

export function assistant(spec: AssistantSpec): Json {
  const record = base("assistant", {
    message: {
      model: spec.model ?? "claude-opus-4-6",
      id: spec.id,
      type: "message",
      role: "assistant",
      content: [{ type: "text", text: spec.text ?? "ok" }],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: spec.input ?? 3,
        cache_creation_input_tokens: spec.cacheCreation ?? 0,
        cache_read_input_tokens: spec.cacheRead ?? 0,
        cache_creation: { ephemeral_5m_input_tokens: spec.cacheCreation ?? 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: spec.output,
        service_tier: "standard",
      },
    },
    isSidechain: spec.sidechain ?? false,
  });
  const requestId = spec.requestId === undefined ? `req_${spec.id}` : spec.requestId;
  if (requestId !== null) record.requestId = requestId;
  if (spec.apiError === true) record.isApiErrorMessage = true;
  return record;
}

/** What Claude Code writes for a failed API call: a synthetic assistant message flagged as an API error. */
export function apiErrorRecord(): Json {
  return assistant({
    id: nextUuid(),
    requestId: null,
    model: "<synthetic>",
    output: 0,
    input: 0,
    apiError: true,
    text: "API Error: 529 overloaded",
  });
}

export function user(text: string, extra: Json = {}): Json {
  return base("user", { message: { role: "user", content: text }, ...extra });
}

/** An agent_progress record embedding a subagent's assistant message WITH usage (as 2.1.x writes them). */
export function agentProgress(subagentContext: number): Json {
  return base("progress", {
    data: {
      type: "agent_progress",
      message: {
        type: "assistant",
        message: {
          model: "claude-opus-4-6",
          id: `msg_sub_${nextUuid()}`,
          role: "assistant",
          content: [{ type: "text", text: "subagent work" }],
          usage: { input_tokens: subagentContext, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 50 },
        },
        requestId: `req_sub_${nextUuid()}`,
        uuid: nextUuid(),
        timestamp: nextTimestamp(),
      },
      normalizedMessages: [],
    },
    toolUseID: "toolu_1",
    parentToolUseID: "toolu_1",
  });
}

export function compactBoundary(metadata: { trigger: string; preTokens: number; postTokens?: number } | null): Json {
  const record = base("system", {
    subtype: "compact_boundary",
    content: "Conversation compacted",
    isMeta: false,
    level: "info",
    parentUuid: null,
    logicalParentUuid: nextUuid(),
  });
  if (metadata !== null) record.compactMetadata = metadata;
  return record;
}

export function compactSummary(): Json {
  return user("This session is being continued from a previous conversation...", {
    isCompactSummary: true,
    isVisibleInTranscriptOnly: true,
  });
}

/** The two attachment records Claude Code writes for one SessionStart injection. */
export function hookInjection(context: string, source: "startup" | "clear" | "compact" = "clear"): Json[] {
  const hookStdout = JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } });
  return [
    base("attachment", {
      attachment: {
        type: "hook_success",
        content: hookStdout,
        hookName: `SessionStart:${source}`,
        hookEvent: "SessionStart",
        toolUseID: "x",
      },
    }),
    base("attachment", {
      attachment: {
        type: "hook_additional_context",
        content: [context],
        hookName: `SessionStart:${source}`,
        hookEvent: "SessionStart",
        toolUseID: "x",
      },
      rendered: [context],
      renderedRole: "system",
    }),
  ];
}

/**
 * The two attachment records Claude Code 2.1.332 writes for a PreToolUse context, right after the hook ran (before the
 * tool_result), keyed by the tool call's id; inside a subagent they go to its own file, marked as sidechain records.
 */
export function preToolUseInjection(context: string, toolUseId: string, agentId?: string): Json[] {
  const hookStdout = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: context } });
  const sidechain = agentId === undefined ? {} : { isSidechain: true, agentId };
  return [
    base("attachment", {
      ...sidechain,
      attachment: {
        type: "hook_success",
        content: hookStdout,
        hookName: "PreToolUse:Edit",
        hookEvent: "PreToolUse",
        toolUseID: toolUseId,
      },
    }),
    base("attachment", {
      ...sidechain,
      attachment: {
        type: "hook_additional_context",
        content: [context],
        hookName: "PreToolUse:Edit",
        hookEvent: "PreToolUse",
        toolUseID: toolUseId,
      },
    }),
  ];
}

/** The attachment records at the head of a subagent's own file (after its prompt) for a SubagentStart context (2.1.332). */
export function subagentStartInjection(context: string, agentId: string): Json[] {
  const hookStdout = JSON.stringify({ hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: context } });
  return [
    base("attachment", {
      isSidechain: true,
      agentId,
      attachment: {
        type: "hook_success",
        content: hookStdout,
        hookName: "SubagentStart:general-purpose",
        hookEvent: "SubagentStart",
        toolUseID: nextUuid(),
      },
    }),
    base("attachment", {
      isSidechain: true,
      agentId,
      attachment: {
        type: "hook_additional_context",
        content: [context],
        hookName: "SubagentStart",
        hookEvent: "SubagentStart",
        toolUseID: nextUuid(),
      },
    }),
  ];
}

/** The preview block Claude Code puts in content[0] when the hook output was over 10,000 characters. */
export function persistedOutputPreview(fullContext: string): string {
  return [
    "<persisted-output>",
    "Output too large (12.3KB). Full output saved to: /home/USER/.claude/projects/x/tool-results/hook-1.txt",
    "",
    "Preview (first 2KB):",
    fullContext.slice(0, 2000),
    "...",
    "</persisted-output>",
  ].join("\n");
}

export function fileHistorySnapshot(): Json {
  return { type: "file-history-snapshot", messageId: nextUuid(), snapshot: { trackedFileBackups: {} }, isSnapshotUpdate: false };
}

/** The user record text of a typed `/clear`, as Claude Code writes it at the start of the session it opens. */
export const CLEAR_COMMAND =
  "<command-name>/clear</command-name>\n            <command-message>clear</command-message>\n            <command-args></command-args>";

/** Records of one session, one second apart from `startMs`, with its session id and `cwd`. */
export function secondsApart(sessionId: string, startMs: number, records: Json[], cwd: string): Json[] {
  return records.map((r, i) => ({ ...r, sessionId, cwd, timestamp: new Date(startMs + i * 1000).toISOString() }));
}

export function jsonl(records: Json[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join("");
}

export interface TempDir {
  path: string;
  file(name: string, content: string | Buffer): Promise<string>;
  remove(): Promise<void>;
}

export async function makeTempDir(): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), "tm-transcript-"));
  return {
    path,
    async file(name, content) {
      const filePath = join(path, name);
      await writeFile(filePath, content);
      return filePath;
    },
    async remove() {
      await rm(path, { recursive: true, force: true });
    },
  };
}

/** A fresh temp directory for each test of the calling file: created before each test, removed after it. */
export function tempDirPerTest(): TempDir {
  let current: TempDir | null = null;
  beforeEach(async () => {
    current = await makeTempDir();
  });
  afterEach(async () => {
    await current?.remove();
    current = null;
  });
  const now = (): TempDir => {
    if (current === null) throw new Error("the temp directory exists only while a test runs");
    return current;
  };
  return {
    get path() {
      return now().path;
    },
    file: (name, content) => now().file(name, content),
    remove: () => now().remove(),
  };
}
