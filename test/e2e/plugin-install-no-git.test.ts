// Real Claude Code, plugin installed from a marketplace, in a folder that is not a git repository: /thread-mind:project
// and /thread-mind:create go through the MCP server, and the next session starts on the created thread.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { lastUserText } from "../support/anthropic-request-text.js";
import { copyRepoAsClone } from "../support/marketplace-copy.js";
import { textReply, toolUseReply } from "../support/mock-anthropic.js";
import type { MockReply, RecordedRequest, Usage } from "../support/mock-anthropic.js";
import {
  CONTEXT_PREFIX,
  REPO_ROOT,
  THREADMIND_HEADER,
  answersToolResult,
  bodyText,
  lastToolResultText,
  promptRequests,
  toolName,
} from "../support/plugin-e2e.js";
import { makeTempDir, removeDir, expectSuccess } from "../support/run-claude.js";
import type { ClaudeRun } from "../support/run-claude.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const PROJECT_CREATE = toolName("project_create");
const THREAD_CREATE = toolName("thread_create");
const USAGE: Usage = { input_tokens: 2_000, cache_creation_input_tokens: 0, cache_read_input_tokens: 4_000, output_tokens: 5 };

function scriptedModel(request: RecordedRequest): MockReply {
  const body = request.body;
  if (body === null) throw new Error("request without a body");
  if (answersToolResult(request)) return textReply("Done.", USAGE);
  const text = lastUserText(body);
  if (text.includes("ThreadMind project request: No git app"))
    return toolUseReply(PROJECT_CREATE, { title: "No git app" }, USAGE);
  if (text.includes("Create a new ThreadMind thread titled: Parser work"))
    return toolUseReply(THREAD_CREATE, { title: "Parser work" }, USAGE);
  return textReply("ok", USAGE);
}

describe.skipIf(!availability.available)("plugin from a marketplace in a folder without git (real Claude Code)", () => {
  let sandbox: ClaudeSandbox;
  let dir: string;
  const toolResults: string[] = [];
  let hello: ClaudeRun;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: scriptedModel } });
    const market = join(sandbox.scratch, "market");
    copyRepoAsClone(REPO_ROOT, market);
    expectSuccess(await sandbox.run(["plugin", "marketplace", "add", market], { timeoutMs: RUN_TIMEOUT }));
    expectSuccess(await sandbox.run(["plugin", "install", "thread-mind@thread-mind"], { timeoutMs: RUN_TIMEOUT }));
    dir = makeTempDir("tm-e2e-nogit-");
    const run = async (prompt: string, tool?: string) => {
      const before = sandbox.mock.requests.length;
      const result = await sandbox.run(["-p", prompt, "--output-format", "json", ...(tool ? ["--allowedTools", tool] : [])], {
        cwd: dir,
        timeoutMs: RUN_TIMEOUT,
      });
      expectSuccess(result);
      for (const r of promptRequests(sandbox.mock.requests.slice(before)))
        if (answersToolResult(r)) toolResults.push(lastToolResultText(r));
      return result;
    };
    await run("/thread-mind:project No git app", PROJECT_CREATE);
    await run("/thread-mind:create Parser work", THREAD_CREATE);
    hello = await run("hello");
  }, 6 * RUN_TIMEOUT);
  afterAll(async () => {
    await sandbox?.dispose();
    if (dir !== undefined) removeDir(dir);
  });

  it("creates the project and the thread through the installed plugin's MCP server", () => {
    expect(toolResults).toHaveLength(2);
    expect(toolResults[0]).toContain("No git app");
    expect(toolResults[1]).toContain("Parser work");
    expect(existsSync(join(dir, ".threadmind"))).toBe(true);
  });

  it("starts the next session on the created thread, its context delivered", () => {
    const first = promptRequests(sandbox.mock.requests).filter(
      (r) => r.body !== null && lastUserText(r.body).trim().endsWith("hello"),
    );
    expect(
      first,
      promptRequests(sandbox.mock.requests)
        .map((r) => (r.body === null ? "" : lastUserText(r.body).slice(-300)))
        .join("\n---\n"),
    ).toHaveLength(1);
    const body = bodyText(first[0]);
    const at = body.indexOf("SessionStart");
    expect(at < 0 ? "no SessionStart text" : body.slice(at, at + 400)).toContain(
      `${CONTEXT_PREFIX}${THREADMIND_HEADER}at session start: the context of thread "Parser work"`,
    );
    expect(hello.stderr).toBe("");
  });
});
