// Real Claude Code + the plugin: UserPromptSubmit nudges the model once the conversation grew 30,000 tokens beyond its first request (or the last summary write), again past 60,000, never after a write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { startClaudeSession } from "../support/claude-session.js";
import type { ClaudeSession, ClaudeSessionEnd } from "../support/claude-session.js";
import type { RecordedRequest } from "../support/mock-anthropic.js";
import { PLUGIN_ARGS, answersToolResult, bodyText, promptRequests } from "../support/plugin-e2e.js";
import { NUDGE_OPENING, NUDGE_PREFIX, UPDATE_TOOL, sizedModel } from "../support/freshness-e2e.js";
import { logLines } from "../support/store-measurements.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";
import { threadFilesText } from "../support/thread-files.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 180_000;
/** How many nudges the model has seen in each ordinary request (a nudge stays in the conversation once given). */
function nudgesPerRequest(requests: RecordedRequest[]): number[] {
  return promptRequests(requests)
    .filter((r) => !answersToolResult(r))
    .map((r) => bodyText(r).split(NUDGE_PREFIX + NUDGE_OPENING).length - 1);
}

describe.skipIf(!availability.available)(
  "summary freshness nudges (real Claude Code, stream-json, usage growing turn by turn)",
  () => {
    let sandbox: ClaudeSandbox;
    beforeAll(async () => {
      sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: sizedModel } });
    });
    afterAll(async () => {
      await sandbox?.dispose();
    });

    async function conversation(
      prompts: string[],
      repo: ThreadMindRepo,
    ): Promise<{ session: ClaudeSession; end: ClaudeSessionEnd; requests: RecordedRequest[] }> {
      const before = sandbox.mock.requests.length;
      const session = startClaudeSession({
        bin,
        home: sandbox.home,
        baseUrl: sandbox.mock.url,
        cwd: repo.dir,
        args: [...PLUGIN_ARGS, "--allowedTools", UPDATE_TOOL],
        timeoutMs: RUN_TIMEOUT,
      });
      let end: ClaudeSessionEnd;
      try {
        for (const prompt of prompts) await session.send(prompt);
      } finally {
        end = await session.close();
      }
      return { session, end, requests: sandbox.mock.requests.slice(before) };
    }

    describe("a conversation that grows 30,000 and then 60,000 tokens beyond its first request (10,000) without summary_update", () => {
      let repo: ThreadMindRepo;
      let run: Awaited<ReturnType<typeof conversation>>;
      beforeAll(async () => {
        repo = await createThreadMindRepo("Refunds", "- Refunds: nothing decided yet.");
        run = await conversation(
          ["SIZE 10000", "SIZE 20000", "SIZE 41000", "SIZE 50000", "SIZE 60000", "SIZE 71000", "SIZE 75000", "SIZE 76000"],
          repo,
        );
      }, RUN_TIMEOUT + 30_000);
      afterAll(() => repo?.cleanup());

      it("exits 0", () => {
        expect(run.end, run.end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
      });

      it("carries the nudge in exactly the request after growth crossed 30,000 beyond the first request, and again after 60,000", () => {
        // Request k is sent after response k-1: the 41,000 response is followed by the first nudge, 71,000 by the second
        // (counted from 10,000, the first request, not from 0: the 31,000 that used to nudge no longer does).
        expect(nudgesPerRequest(run.requests)).toEqual([0, 0, 0, 1, 1, 1, 2, 2]);
      });

      it("states the growth beyond the first request and asks for summary_update, within 400 characters", () => {
        const body = bodyText(promptRequests(run.requests)[3]);
        const start = body.indexOf(NUDGE_PREFIX) + NUDGE_PREFIX.length;
        const nudge = body.slice(start).split("\n")[0] ?? "";
        expect(nudge).toContain(
          'about 31,000 conversation tokens since this conversation\'s first request, and the summary of thread "main" was not written in it',
        );
        expect(nudge).toContain("summary_update");
        expect(nudge.length).toBeLessThanOrEqual(400);
      });

      it("logs the first request's size as the baseline, then the two nudges, for this instance (keyed on its Claude Code pid)", () => {
        const marks = logLines(repo.dir).filter((e) => e.kind === "freshnessMark");
        expect(marks.map((m) => [m.mark, m.level, m.contextTokens, m.instance])).toEqual([
          ["baseline", undefined, 10_000, `claude-${run.session.pid}`],
          ["nudge", 1, 41_000, `claude-${run.session.pid}`],
          ["nudge", 2, 71_000, `claude-${run.session.pid}`],
        ]);
      });
    });

    describe("a conversation that calls summary_update (a scripted tool_use)", () => {
      let repo: ThreadMindRepo;
      let run: Awaited<ReturnType<typeof conversation>>;
      beforeAll(async () => {
        repo = await createThreadMindRepo("Refunds", "- Refunds: nothing decided yet.");
        run = await conversation(["SIZE 10000", "SIZE 25000", "SAVE", "SIZE 40000", "SIZE 52000", "SIZE 57000"], repo);
      }, RUN_TIMEOUT + 30_000);
      afterAll(() => repo?.cleanup());

      it("exits 0 and the write reached the thread", () => {
        expect(run.end, run.end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
        expect(threadFilesText(repo.dir, repo.projectId, "main")).toContain("DECIDED-IN-TEST");
      });

      it("logs the write with the writing instance: the MCP server's parent pid, the hooks' CLAUDE_PID", () => {
        const writes = logLines(repo.dir).filter((e) => e.kind === "summaryWrite" && e.instance !== "test-session");
        expect(writes.map((w) => [w.instance, w.threadId, w.via])).toEqual([
          [`claude-${run.session.pid}`, "main", "summary_update"],
        ]);
      });

      it("is never nudged: growth is counted from the write", () => {
        expect(nudgesPerRequest(run.requests)).toEqual([0, 0, 0, 0, 0, 0]);
        const marks = logLines(repo.dir).filter((e) => e.kind === "freshnessMark");
        expect(marks.map((m) => [m.mark, m.contextTokens])).toEqual([
          ["baseline", 10_000],
          ["baseline", 28_000],
        ]);
      });
    });
  },
);
