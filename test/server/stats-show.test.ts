// Guards stats_show: counts, active context, per-summary table, and the measured part with and without local measurements.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo());
  await call(server, "project_create", { title: "Shop" });
  await call(server, "summary_update", { content: "## Decisions\n- Use Postgres" });
  await call(server, "thread_create", { title: "Auth" });
  await call(server, "summary_update", { content: "## State\n- login works" });
  await call(server, "thread_create", { title: "Old idea", parentId: "main" });
  await call(server, "thread_status", { threadId: "old-idea", status: "abandoned", reason: "not needed" });
  await call(server, "thread_create", { title: "Shipped", parentId: "main" });
  await call(server, "thread_status", { threadId: "shipped", status: "done" });
  await call(server, "thread_switch", { threadId: "auth" });
});
afterAll(() => closeServerInTempRepo(server, repo));

const configPath = () => join(repo.dir, ".threadmind", "config.json");
function setMeasurements(measurements: Record<string, unknown[]>): void {
  const state = JSON.parse(readFileSync(configPath(), "utf8")) as Record<string, unknown>;
  state.measurements = { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [], ...measurements };
  writeFileSync(configPath(), JSON.stringify(state));
}
const injection = (at: string, sessionId: string, source: string, tokens: number, receipt: string) => ({
  at,
  sessionId,
  source,
  projectId: "shop",
  threadId: "auth",
  chars: tokens * 4,
  tokens,
  omitted: 0,
  receipt,
  contentHash: "x",
});

describe("stats_show", () => {
  test("without measurements: counts, the active thread's context, each summary, and how to get measurements", async () => {
    const text = await call(server, "stats_show");
    const context = await call(server, "context_get");
    const contextTokens = /~(\d+) tokens \| depth/.exec(context)![1];
    const lines = text.split("\n");
    expect(lines.slice(0, 6)).toEqual([
      'ThreadMind Stats: "Shop"',
      "",
      "Threads: 4 (2 open, 1 done, 1 abandoned)",
      `Current thread: auth (depth 2, ~${contextTokens} tokens of context)`,
      "",
      "Summaries:",
    ]);
    expect(lines[6]).toBe(`  ${"Thread".padEnd(24)} ${"Tokens".padEnd(8)} Updated`);
    expect(lines.slice(7, 11).map((l) => l.trim().split(/\s+/)[0])).toEqual(["main", "auth", "old-idea", "shipped"]);
    for (const line of lines.slice(7, 11)) expect(line).toMatch(/^ {2}[a-z-]+ +~\d+ +\d{4}-\d{2}-\d{2}$/);
    expect(lines.slice(11, 15)).toEqual([
      "",
      "Measured sessions (Claude Code and Codex plugins):",
      "  No measurements yet. Install the ThreadMind plugin for Claude Code or Codex: its hooks reload the context after /clear and compaction",
      "  and measure each conversation's size from the agent's transcripts. Figures appear here after a session ends.",
    ]);
    expect(text).toContain("Sizes marked ~ are estimates (summaries, ThreadMind's context); the others are measured");
  });

  test("hooks seen but no session ended yet says when measurements will appear", async () => {
    setMeasurements({ hooksSeen: [{ at: "2026-09-20T10:00:00.000Z", event: "SessionStart", sessionId: "s1" }] });
    expect(await call(server, "stats_show")).toContain(
      "  No session has ended since the plugin's hooks started running (last seen 2026-09-20T10:00:00.000Z). Sizes appear here after a session ends (/clear, /compact or exit).",
    );
  });

  test("with measurements (an older config.json's, no first request measured): measured sizes without ~, estimates with ~, restarts by kind", async () => {
    setMeasurements({
      sessionEnds: [
        { at: "2026-09-20T10:00:00.000Z", sessionId: "s1", contextTokens: 40_000, reason: "clear" },
        { at: "2026-09-20T12:00:00.000Z", sessionId: "s2", contextTokens: 60_000, reason: "other" },
        { at: "2026-09-20T12:30:00.000Z", sessionId: "s9", contextTokens: null, reason: "other" },
      ],
      preCompacts: [{ at: "2026-09-20T11:00:00.000Z", sessionId: "s2", contextTokens: 150_000, reason: "auto" }],
      injections: [
        injection("2026-09-20T09:00:00.000Z", "s1", "startup", 1_000, "delivered"),
        injection("2026-09-20T10:00:01.000Z", "s2", "clear", 1_200, "delivered"),
        injection("2026-09-20T11:00:05.000Z", "s2", "compact", 1_100, "preview"),
      ],
    });
    const text = await call(server, "stats_show");
    expect(text).toContain(
      [
        "Measured sessions (Claude Code and Codex plugins):",
        "  Conversation size when sessions ended: 50,000 tokens on average, 60,000 at most (2 sessions, measured)",
        "  ThreadMind context loaded at session start: ~1,100 tokens on average (3 sessions, estimated)",
        "  Context delivery: 2 confirmed in the transcript, 1 replaced by a preview, 0 missing, 0 not checked yet",
        "  Restarts: 2 (/clear 1, compaction 1); before → first request after, each kind on its own:",
        "    /clear: 1 with ThreadMind context (~1,200 tokens, estimated) whose first request after is not measured (it is read when that session next ends or compacts; older versions did not record it)",
        "    auto compaction: 1 with ThreadMind context (~1,100 tokens, estimated) whose first request after is not measured (it is read when that session next ends or compacts; older versions did not record it)",
      ].join("\n"),
    );
  });

  test("restarts without a following injection are counted but not averaged", async () => {
    setMeasurements({
      sessionEnds: [{ at: "2026-09-20T10:00:00.000Z", sessionId: "s1", contextTokens: 40_000, reason: "clear" }],
    });
    expect(await call(server, "stats_show")).toContain(
      "    /clear: 1 after which no ThreadMind context reached the model (none loaded, or its receipt is missing)",
    );
  });
});
