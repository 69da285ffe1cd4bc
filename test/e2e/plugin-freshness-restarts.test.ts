// Real Claude Code + the plugin: /clear and /compact record how current the thread's summary was; after a stale one the user is told and the model gets the pointer or the compact line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { startClaudeSession } from "../support/claude-session.js";
import type { ClaudeSession, ClaudeSessionEnd } from "../support/claude-session.js";
import { readTranscript, transcriptPath } from "../support/claude-transcripts.js";
import {
  CONTEXT_PREFIX,
  PLUGIN_ARGS,
  bodyText,
  hookResponses,
  promptRequests,
  recordedContexts,
  requestFor,
} from "../support/plugin-e2e.js";
import { NUDGE_PREFIX, UPDATE_TOOL, sizedModel } from "../support/freshness-e2e.js";
import { logLines } from "../support/store-measurements.js";
import type { StreamJsonMessage } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import { runCli } from "../support/run-cli.js";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 180_000;

function sessionIdOf(message: StreamJsonMessage): string {
  if (typeof message.session_id !== "string") throw new Error(`no session_id in ${JSON.stringify(message).slice(0, 300)}`);
  return message.session_id;
}

describe.skipIf(!availability.available)("summary freshness at /clear and /compact (real Claude Code, stream-json)", () => {
  let sandbox: ClaudeSandbox;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({
      bin,
      mock: { defaultReply: sizedModel, compaction: { summary: "MOCK-COMPACTION-SUMMARY" } },
    });
  });
  afterAll(async () => {
    await sandbox?.dispose();
  });

  async function conversation(
    prompts: string[],
    repo: ThreadMindRepo,
  ): Promise<{ session: ClaudeSession; end: ClaudeSessionEnd; results: StreamJsonMessage[] }> {
    const session = startClaudeSession({
      bin,
      home: sandbox.home,
      baseUrl: sandbox.mock.url,
      cwd: repo.dir,
      args: [...PLUGIN_ARGS, "--allowedTools", UPDATE_TOOL],
      timeoutMs: RUN_TIMEOUT,
    });
    const results: StreamJsonMessage[] = [];
    let end: ClaudeSessionEnd;
    try {
      for (const prompt of prompts) results.push(await session.send(prompt));
    } finally {
      end = await session.close();
    }
    return { session, end, results };
  }

  describe("a /clear after a conversation that wrote the summary, then a /clear after one that grew 38,200 tokens beyond its first request without", () => {
    let repo: ThreadMindRepo;
    let run: Awaited<ReturnType<typeof conversation>>;
    let staleId: string;
    let afterId: string;
    beforeAll(async () => {
      repo = await createThreadMindRepo("Refunds", "- Refunds: nothing decided yet.");
      run = await conversation(["SAVE", "/clear", "SIZE 10000", "SIZE 48200", "/clear", "after the stale clear"], repo);
      staleId = sessionIdOf(run.results[3]!);
      afterId = sessionIdOf(run.results[5]!);
    }, RUN_TIMEOUT + 30_000);
    afterAll(() => repo?.cleanup());

    it("exits 0", () => {
      expect(run.end, run.end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
    });

    it("records one current and one stale restart, with the tokens since the last write", () => {
      const records = logLines(repo.dir).filter((e) => e.kind === "staleness");
      expect(records.map((r) => [r.restart, r.written, r.stale, r.sinceWriteTokens, r.instance])).toEqual([
        ["clear", true, false, 0, `claude-${run.session.pid}`],
        ["clear", false, true, 38_200, `claude-${run.session.pid}`],
      ]);
    });

    it("tells the user in one line at the next SessionStart(clear), naming the thread, the last write and the transcript", () => {
      const clears = hookResponses(run.session.messages).filter((r) => r.hookName === "SessionStart:clear");
      expect(clears).toHaveLength(2);
      expect(clears[0]?.printed.systemMessage).toBeUndefined();
      const line = clears[1]?.printed.systemMessage ?? "";
      expect(line).toMatch(
        /^ThreadMind: the cleared conversation grew ~38,200 tokens without updating the summary of 'Refunds' \(last written \d{4}-\d\d-\d\d \d\d:\d\d UTC[+-]\d\d:\d\d\); decisions made since may be missing\. Transcript: /,
      );
      expect(line.endsWith(`Transcript: ${transcriptPath(sandbox.home, repo.dir, staleId)}`)).toBe(true);
    });

    it("puts the cleared transcript's path and the last write's time in the model's context, and the receipt still recognises it", () => {
      const after = bodyText(requestFor(sandbox.mock.requests, "after the stale clear"));
      expect(after).toContain(`Its transcript: ${transcriptPath(sandbox.home, repo.dir, staleId)}.`);
      expect(after).toMatch(/was ~38,200 tokens behind \(last written \d{4}-\d\d-\d\dT/);
      const [context] = recordedContexts(readTranscript(transcriptPath(sandbox.home, repo.dir, afterId)));
      expect(after).toContain(CONTEXT_PREFIX + (context ?? ""));
      const injection = repo.recorded().measurements.injections.find((i) => i.sessionId === afterId);
      expect(injection?.chars).toBe(context?.length);
      expect(injection?.receipt).toBe("delivered");
    });

    it("stats counts one current and one stale /clear from the hooks' records", () => {
      const stats = runCli(["stats"], { cwd: repo.dir, home: sandbox.home });
      expect(stats.code, stats.stderr).toBe(0);
      expect(stats.stdout).toContain(
        "Summary freshness at restarts (stale: the conversation grew more than 30,000 tokens since the summary was last written, or since its first request when it wrote none; measured):",
      );
      expect(stats.stdout).toContain(
        "  /clear: 2 (1 with the summary current, 1 stale), 19,100 conversation tokens since the last summary write on average",
      );
      expect(stats.stdout).toContain("  compaction: none measured");
    });

    it("report backfills the same count from the transcripts' summary_update calls", () => {
      const cli = runCli(["report", "--json"], { cwd: repo.dir, home: sandbox.home });
      expect(cli.code, cli.stderr).toBe(0);
      const report = JSON.parse(cli.stdout) as SavingsReport;
      // The written conversation: 28,000 at the clear less 900 at the summary_update call; the stale one: 48,200 less its
      // first request, 10,000.
      expect(report.freshness).toEqual({
        threshold: 30_000,
        clear: { restarts: 2, current: 1, stale: 1, averageSinceWrite: (28_000 - 900 + 38_200) / 2 },
        compaction: { restarts: 0, current: 0, stale: 0, averageSinceWrite: null },
      });
      const markdown = runCli(["report"], { cwd: repo.dir, home: sandbox.home }).stdout;
      expect(markdown).toContain("## Summary freshness at restarts");
      expect(markdown).toContain("| /clear | 2 | 1 | 1 | 32,650 |");
    });
  });

  describe("a /compact while the conversation grew 45,000 tokens beyond its first request", () => {
    let repo: ThreadMindRepo;
    let run: Awaited<ReturnType<typeof conversation>>;
    beforeAll(async () => {
      repo = await createThreadMindRepo("Refunds", "- Refunds: nothing decided yet.");
      run = await conversation(["SIZE 10000", "SIZE 55000", "/compact", "after the compaction"], repo);
    }, RUN_TIMEOUT + 30_000);
    afterAll(() => repo?.cleanup());

    it("exits 0 and records the compaction as stale", () => {
      expect(run.end, run.end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
      const records = logLines(repo.dir).filter((e) => e.kind === "staleness");
      expect(records.map((r) => [r.restart, r.stale, r.sinceWriteTokens])).toEqual([["compact", true, 45_000]]);
    });

    it("adds the compact line to the reinjected context", () => {
      const after = bodyText(requestFor(sandbox.mock.requests, "after the compaction"));
      expect(after).toContain(
        'ThreadMind: this conversation was compacted while the summary of thread "Refunds" was ~45,000 tokens behind: fold what was decided since its last update into the thread now (summary_update).',
      );
      // The response before the compaction (55,000) is not the compacted conversation's size: no nudge on top.
      expect(after).not.toContain(NUDGE_PREFIX);
      expect(repo.recorded().measurements.injections.map((i) => [i.source, i.receipt])).toEqual([
        ["startup", "delivered"],
        ["compact", "delivered"],
      ]);
    });

    it("stats and report count the compaction as stale, 45,000 tokens since the last write", () => {
      const stats = runCli(["stats"], { cwd: repo.dir, home: sandbox.home });
      expect(stats.stdout).toContain(
        "  compaction: 1 (0 with the summary current, 1 stale), 45,000 conversation tokens since the last summary write on average",
      );
      const report = JSON.parse(runCli(["report", "--json"], { cwd: repo.dir, home: sandbox.home }).stdout) as SavingsReport;
      // The report's size before a compaction is the boundary's own count (preTokens), as for its savings figure.
      const before = report.restarts.find((r) => r.kind === "compaction")?.before;
      expect(before).toBeGreaterThanOrEqual(55_000);
      // Counted from the conversation's first request (10,000), never from 0.
      expect(report.freshness.compaction).toEqual({
        restarts: 1,
        current: 0,
        stale: 1,
        averageSinceWrite: (before ?? 0) - 10_000,
      });
    });
  });

  describe("a conversation that writes early, grows 40,000 tokens more, ignores the reminder and is cleared", () => {
    let repo: ThreadMindRepo;
    let run: Awaited<ReturnType<typeof conversation>>;
    let clearedId: string;
    beforeAll(async () => {
      repo = await createThreadMindRepo("Refunds", "- Refunds: nothing decided yet.");
      run = await conversation(
        [
          "SIZE 10000 early",
          "SAVE early",
          "SIZE 30000 early",
          "SIZE 60000 early",
          "SIZE 68000 ignores the reminder",
          "/clear",
          "SIZE 20000 after the clear",
          "SIZE 40000 after the clear",
          "SIZE 51000 after the clear",
          "SIZE 52000 after the clear",
        ],
        repo,
      );
      clearedId = sessionIdOf(run.results[4]!);
    }, RUN_TIMEOUT + 30_000);
    afterAll(() => repo?.cleanup());
    /** The request sent for `prompt`: the first that carries it (every later one of the conversation repeats it). */
    const requestSentFor = (prompt: string) => {
      const found = promptRequests(sandbox.mock.requests).find((r) => bodyText(r).includes(prompt));
      if (found === undefined) throw new Error(`no request for prompt "${prompt}"`);
      return found;
    };

    it("exits 0; the reminder reached the model before the /clear", () => {
      expect(run.end, run.end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
      const reminded = bodyText(requestFor(sandbox.mock.requests, "SIZE 68000 ignores the reminder"));
      expect(reminded).toContain(
        `${NUDGE_PREFIX}ThreadMind: about 32,000 conversation tokens since the summary of thread "main" was last written.`,
      );
    });

    it("records the /clear as stale although the conversation wrote: 40,000 tokens since the write", () => {
      const records = logLines(repo.dir).filter((e) => e.kind === "staleness");
      expect(records.map((r) => [r.restart, r.written, r.stale, r.sinceWriteTokens])).toEqual([["clear", true, true, 40_000]]);
    });

    it("tells the user in one line, with the write's date and zone, and hands the next conversation the cleared transcript", () => {
      const clears = hookResponses(run.session.messages).filter((r) => r.hookName === "SessionStart:clear");
      expect(clears).toHaveLength(1);
      const line = clears[0]?.printed.systemMessage ?? "";
      expect(line).toMatch(
        /^ThreadMind: the cleared conversation grew ~40,000 tokens after it last updated the summary of 'Refunds' \(last written \d{4}-\d\d-\d\d \d\d:\d\d UTC[+-]\d\d:\d\d\); decisions made since may be missing\. Transcript: /,
      );
      const cleared = transcriptPath(sandbox.home, repo.dir, clearedId);
      expect(line.endsWith(`Transcript: ${cleared}`)).toBe(true);
      const next = bodyText(requestSentFor("SIZE 20000 after the clear"));
      expect(next).toContain(`Its transcript: ${cleared}.`);
      expect(next).toContain("was ~40,000 tokens behind");
    });

    it("after the /clear reminds only once the conversation grew 30,000 beyond its first request, and says so", () => {
      // The first request after the clear was 20,000: 40,000 and 51,000 are 20,000 and 31,000 beyond it.
      expect(bodyText(requestSentFor("SIZE 40000 after the clear"))).not.toContain(NUDGE_PREFIX);
      expect(bodyText(requestSentFor("SIZE 51000 after the clear"))).not.toContain(NUDGE_PREFIX);
      expect(bodyText(requestSentFor("SIZE 52000 after the clear"))).toContain(
        `${NUDGE_PREFIX}ThreadMind: about 31,000 conversation tokens since this conversation's first request, and the summary of thread "main" was not written in it.`,
      );
    });
  });
});
