// Real Claude Code + the plugin: a session starts with the active thread's context; without a project the plugin is silent.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { listTranscripts, readTranscript, transcriptPath } from "../support/claude-transcripts.js";
import { snapshotDir } from "../support/dir-snapshot.js";
import { textReply } from "../support/mock-anthropic.js";
import type { Usage } from "../support/mock-anthropic.js";
import {
  CONTEXT_PREFIX,
  PLUGIN_ARGS,
  THREADMIND_HEADER,
  bodyText,
  hookResponses,
  recordedContexts,
  sessionStartPrinted,
} from "../support/plugin-e2e.js";
import { describeRun, expectSuccess } from "../support/run-claude.js";
import type { ClaudeRun } from "../support/run-claude.js";
import { createPlainRepo, createThreadMindRepo } from "../support/threadmind-repo.js";
import type { PlainRepo, ThreadMindRepo } from "../support/threadmind-repo.js";
import { contentHash } from "../../src/core/context/token-estimate.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const USAGE: Usage = { input_tokens: 3100, cache_creation_input_tokens: 420, cache_read_input_tokens: 18_000, output_tokens: 12 };

function resultSessionId(run: ClaudeRun): string {
  const id = run.messages.filter((m) => m.type === "result").at(-1)?.session_id;
  if (typeof id !== "string") throw new Error(`no session id in the result\n${describeRun(run)}`);
  return id;
}

describe.skipIf(!availability.available)("plugin at startup (real Claude Code)", () => {
  let sandbox: ClaudeSandbox;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: textReply("ok", USAGE) } });
  });
  afterAll(async () => sandbox?.dispose());

  describe("in a repository with a ThreadMind project", () => {
    let repo: ThreadMindRepo;
    let run: ClaudeRun;
    let sessionId: string;
    beforeAll(async () => {
      repo = await createThreadMindRepo("Startup project", "MAIN-MARKER-7c1: the project's root decisions.");
      const feature = await repo.addThread("Login feature", "main", "FEATURE-MARKER-3f9: the login form posts to /api/session.");
      await repo.startOn(feature);
      run = await sandbox.run(["-p", "hello", "--output-format", "json", ...PLUGIN_ARGS], {
        cwd: repo.dir,
        timeoutMs: RUN_TIMEOUT,
      });
      expectSuccess(run);
      sessionId = resultSessionId(run);
    }, RUN_TIMEOUT);
    afterAll(() => repo?.cleanup());

    it("hands the model the start thread's context (its ancestors' included) in the first request, exactly as the hook printed it", () => {
      const records = readTranscript(transcriptPath(sandbox.home, repo.dir, sessionId));
      const [printed, ...others] = sessionStartPrinted(records);
      expect(others).toEqual([]);
      const context = printed?.additionalContext ?? "";
      expect(
        context.startsWith(`${THREADMIND_HEADER}at session start: the context of thread "Login feature" (login-feature)`),
      ).toBe(true);
      expect(context).toContain("FEATURE-MARKER-3f9");
      expect(context).toContain("MAIN-MARKER-7c1"); // the parent's summary, as an ancestor
      expect(sandbox.mock.messageRequests()).toHaveLength(1);
      expect(bodyText(sandbox.mock.messageRequests()[0])).toContain(CONTEXT_PREFIX + context);
      expect(recordedContexts(records)).toEqual([context]);
      expect(printed?.systemMessage).toBeUndefined();
    });

    it("records the injection with a delivered receipt, and the session's size at SessionEnd", () => {
      const records = readTranscript(transcriptPath(sandbox.home, repo.dir, sessionId));
      const context = sessionStartPrinted(records)[0]?.additionalContext ?? "";
      const { measurements } = repo.recorded();
      expect(measurements.injections).toEqual([
        expect.objectContaining({
          sessionId,
          source: "startup",
          projectId: repo.projectId,
          threadId: "login-feature",
          chars: context.length,
          omitted: 0,
          contentHash: contentHash(context),
          // Settled by SessionEnd against the transcript's hook_additional_context record.
          receipt: "delivered",
        }),
      ]);
      expect(measurements.sessionEnds).toEqual([
        expect.objectContaining({
          sessionId,
          reason: "other",
          contextTokens: USAGE.input_tokens + USAGE.cache_creation_input_tokens + USAGE.cache_read_input_tokens,
          transcriptPath: transcriptPath(sandbox.home, repo.dir, sessionId),
        }),
      ]);
      expect(measurements.hooksSeen.map((h) => h.event)).toEqual(["SessionStart:startup", "SessionEnd:other"]);
    });
  });

  describe("in a repository without a ThreadMind project", () => {
    let repo: PlainRepo;
    let run: ClaudeRun;
    let before: ReturnType<typeof snapshotDir>;
    beforeAll(async () => {
      repo = createPlainRepo();
      before = snapshotDir(repo.dir);
      run = await sandbox.run([...PLUGIN_ARGS], { cwd: repo.dir, turns: ["hello without a project"], timeoutMs: RUN_TIMEOUT });
      expectSuccess(run);
    }, RUN_TIMEOUT);
    afterAll(() => repo?.cleanup());

    it("writes nothing: no .threadmind/, the repository unchanged", () => {
      expect(existsSync(join(repo.dir, ".threadmind"))).toBe(false);
      expect(snapshotDir(repo.dir)).toEqual(before);
    });

    it("prints nothing at SessionStart and exits 0", () => {
      const responses = hookResponses(run.messages).filter((r) => r.hookName === "SessionStart:startup");
      expect(responses).toHaveLength(1);
      expect(responses[0]).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
      const [transcript, ...others] = listTranscripts(sandbox.home, repo.dir);
      expect(others).toEqual([]);
      expect(recordedContexts(readTranscript(transcript ?? ""))).toEqual([]);
    });

    it("hands the model no ThreadMind context", () => {
      const request = sandbox.mock.messageRequests().at(-1);
      expect(bodyText(request)).toContain("hello without a project");
      expect(bodyText(request)).not.toContain(THREADMIND_HEADER);
      expect(bodyText(request)).not.toContain(CONTEXT_PREFIX);
    });
  });
});
