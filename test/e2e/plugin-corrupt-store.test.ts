// Real Claude Code + the plugin: a damaged thread file never stops the session, and the user is told which file.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { startClaudeSession } from "../support/claude-session.js";
import type { ClaudeSessionEnd } from "../support/claude-session.js";
import { readTranscript, transcriptPath } from "../support/claude-transcripts.js";
import { lastUserText } from "../support/anthropic-request-text.js";
import { textReply, toolUseReply } from "../support/mock-anthropic.js";
import type { MockReply, RecordedRequest } from "../support/mock-anthropic.js";
import {
  CONTEXT_PREFIX,
  PLUGIN_ARGS,
  THREADMIND_HEADER,
  answersToolResult,
  bodyText,
  hookResponses,
  requestFor,
  shownToUser,
  toolName,
} from "../support/plugin-e2e.js";
import type { HookResponse } from "../support/plugin-e2e.js";
import { describeRun } from "../support/run-claude.js";
import type { ClaudeRun, StreamJsonMessage } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const SWITCH_TOOL = toolName("thread_switch");

/** "TM-SWITCH <id>" → the model calls thread_switch; otherwise it answers "ok". */
function scriptedModel(request: RecordedRequest): MockReply {
  if (request.body === null) throw new Error("request without a body");
  if (answersToolResult(request)) return textReply("switched");
  const wanted = /TM-SWITCH ([a-z0-9-]+)/.exec(lastUserText(request.body))?.[1];
  return wanted === undefined ? textReply("ok") : toolUseReply(SWITCH_TOOL, { threadId: wanted });
}

/** main (root) and "Feature" under it, the branch starting on the feature. */
async function featureRepo(): Promise<ThreadMindRepo> {
  const repo = await createThreadMindRepo("Damaged project", "MAIN-MARKER-d0: root decisions.");
  const feature = await repo.addThread("Feature", "main", "FEATURE-MARKER-d1: the feature's state.");
  expect(feature).toBe("feature");
  await repo.startOn(feature);
  return repo;
}

function startupResponse(run: ClaudeRun): HookResponse {
  const responses = hookResponses(run.messages).filter((r) => r.hookName === "SessionStart:startup");
  expect(responses).toHaveLength(1);
  return responses[0]!;
}

function sessionIdOf(run: ClaudeRun): string {
  const id = run.messages.find((m) => m.type === "result")?.session_id;
  if (typeof id !== "string") throw new Error(describeRun(run));
  return id;
}

describe.skipIf(!availability.available)("plugin with a damaged thread file (real Claude Code)", () => {
  let sandbox: ClaudeSandbox;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: scriptedModel } });
  });
  afterAll(async () => sandbox?.dispose());

  describe("the active thread's ancestor is damaged", () => {
    let repo: ThreadMindRepo;
    let run: ClaudeRun;
    beforeAll(async () => {
      repo = await featureRepo();
      repo.corrupt("main");
      run = await sandbox.run([...PLUGIN_ARGS], {
        cwd: repo.dir,
        turns: ["hello over a damaged ancestor"],
        timeoutMs: RUN_TIMEOUT,
      });
    }, RUN_TIMEOUT);
    afterAll(() => repo?.cleanup());

    it("still runs the session and loads the active thread's own context", () => {
      expect(run.exitCode, describeRun(run)).toBe(0);
      const response = startupResponse(run);
      expect(response.exitCode).toBe(0);
      const context = response.printed.additionalContext ?? "";
      expect(context).toContain("FEATURE-MARKER-d1");
      expect(context).toContain('Ancestor "main" could not be read');
      expect(bodyText(requestFor(sandbox.mock.requests, "hello over a damaged ancestor"))).toContain(CONTEXT_PREFIX + context);
    });

    it("tells the user which ancestor file could not be read", () => {
      const message = startupResponse(run).printed.systemMessage ?? "";
      expect(message).toMatch(/^ThreadMind: Ancestor "main" could not be read \(/);
      expect(message).toContain(repo.threadFile("main"));
      expect(shownToUser(readTranscript(transcriptPath(sandbox.home, repo.dir, sessionIdOf(run))))).toEqual([message]);
    });

    it("leaves the damaged file as it was", () => {
      expect(readFileSync(repo.threadFile("main"), "utf8")).toContain("Damaged by the test.");
    });
  });

  describe("the branch's start thread itself is damaged", () => {
    let repo: ThreadMindRepo;
    let run: ClaudeRun;
    beforeAll(async () => {
      repo = await featureRepo();
      repo.corrupt("feature");
      run = await sandbox.run([...PLUGIN_ARGS], {
        cwd: repo.dir,
        turns: ["hello over a damaged thread"],
        timeoutMs: RUN_TIMEOUT,
      });
    }, RUN_TIMEOUT);
    afterAll(() => repo?.cleanup());

    it("still runs the session, starting on the next candidate (main) with its context", () => {
      expect(run.exitCode, describeRun(run)).toBe(0);
      const context = startupResponse(run).printed.additionalContext ?? "";
      expect(context).toContain('the context of thread "Damaged project" (main)');
      expect(context).toContain("MAIN-MARKER-d0");
      expect(bodyText(requestFor(sandbox.mock.requests, "hello over a damaged thread"))).toContain(CONTEXT_PREFIX + context);
      expect(repo.recorded().measurements.injections.map((i) => i.threadId)).toEqual(["main"]);
    });

    it("tells the user that the thread file could not be read and where the session started instead", () => {
      const message = startupResponse(run).printed.systemMessage ?? "";
      expect(message).toMatch(/^ThreadMind: The thread last chosen on branch "main" could not be read/);
      expect(message).toContain(repo.threadFile("feature"));
      expect(shownToUser(readTranscript(transcriptPath(sandbox.home, repo.dir, sessionIdOf(run))))).toEqual([message]);
    });
  });

  describe("the thread this instance switched to is damaged before /clear (one process: switch, damage, /clear, prompt)", () => {
    let repo: ThreadMindRepo;
    let messages: StreamJsonMessage[];
    let end: ClaudeSessionEnd;
    beforeAll(async () => {
      repo = await featureRepo();
      await repo.startOn("main");
      const session = startClaudeSession({
        bin,
        home: sandbox.home,
        baseUrl: sandbox.mock.url,
        cwd: repo.dir,
        args: [...PLUGIN_ARGS, "--allowedTools", SWITCH_TOOL],
        timeoutMs: RUN_TIMEOUT,
      });
      try {
        await session.send("TM-SWITCH feature");
        repo.corrupt("feature");
        await session.send("/clear");
        await session.send("prompt after clearing onto a damaged thread");
      } finally {
        end = await session.close();
        messages = session.messages;
      }
    }, RUN_TIMEOUT);
    afterAll(() => repo?.cleanup());

    it("still runs the session: the prompt after /clear reaches the model, without a ThreadMind context", () => {
      expect(end, end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
      const after = bodyText(requestFor(sandbox.mock.requests, "prompt after clearing onto a damaged thread"));
      expect(after).not.toContain(THREADMIND_HEADER);
    });

    it("tells the user at SessionStart(clear) which file could not be read", () => {
      const clear = hookResponses(messages).filter((r) => r.hookName === "SessionStart:clear");
      expect(clear).toHaveLength(1);
      expect(clear[0]?.exitCode).toBe(0);
      expect(clear[0]?.printed.additionalContext).toBeUndefined();
      const message = clear[0]?.printed.systemMessage ?? "";
      expect(message).toMatch(/^ThreadMind: SessionStart hook failed: Cannot read /);
      expect(message).toContain(repo.threadFile("feature"));
    });
  });
});
