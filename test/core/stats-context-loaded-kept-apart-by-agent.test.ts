// Guards #28's "averages kept apart by agent" in /thread-mind:stats for ThreadMind's context loaded at session start: its
// estimate is averaged per agent (told from the transcript path each SessionStart hook got), each line naming its agent
// when both agents loaded a context; with one agent only the line reads as before.
import { describe, expect, test } from "vitest";
import { measuredPart, renderStats } from "../../src/core/savings/stats.js";
import { emptyMeasurements, type InjectionRecord } from "../../src/core/measure/measurements.js";
import { freshnessFromLog } from "../../src/core/savings/freshness-figure.js";
import { DEFAULT_NUDGE_TOKENS } from "../../src/core/freshness/freshness.js";

const CLAUDE = "/home/u/.claude/projects/-w/a.jsonl";
const CODEX = "/home/u/.codex/sessions/2026/09/20/rollout-2026-09-20T10-00-00-c.jsonl";

function loaded(minute: number, sessionId: string, tokens: number, transcriptPath?: string): InjectionRecord {
  return {
    at: new Date(Date.parse("2026-09-20T10:00:00.000Z") + minute * 60_000).toISOString(),
    sessionId,
    source: "startup",
    projectId: "shop",
    threadId: "main",
    chars: tokens * 4,
    tokens,
    omitted: 0,
    receipt: "delivered",
    contentHash: `hash-${sessionId}`,
    ...(transcriptPath === undefined ? {} : { transcriptPath }),
  };
}

function statsText(injections: InjectionRecord[]): string {
  return renderStats({
    projectTitle: "Shop",
    counts: { active: 1, done: 0, abandoned: 0, total: 1, unreadable: 0 },
    active: { threadId: "main", depth: 1, contextTokens: 100 },
    summaries: [],
    measured: measuredPart({ ...emptyMeasurements(), injections }),
    freshness: freshnessFromLog([], DEFAULT_NUDGE_TOKENS),
  });
}

describe("stats: ThreadMind context loaded at session start", () => {
  // Claude Code 1,000 and 3,000 (one older record without a path: Claude Code's), Codex 500 and 700.
  const mixed = [loaded(0, "a", 1_000, CLAUDE), loaded(1, "c1", 500, CODEX), loaded(2, "b", 3_000), loaded(3, "c2", 700, CODEX)];

  test("is averaged per agent, never the two agents together", () => {
    expect(measuredPart({ ...emptyMeasurements(), injections: mixed }).injections).toEqual([
      { agent: "claude-code", count: 2, averageTokens: 2_000 },
      { agent: "codex", count: 2, averageTokens: 600 },
    ]);
  });

  test("names each agent's line when both agents loaded a context, and counts deliveries once", () => {
    const text = statsText(mixed);
    expect(text).toContain(
      "  ThreadMind context loaded at Claude Code session start: ~2,000 tokens on average (2 sessions, estimated)",
    );
    expect(text).toContain("  ThreadMind context loaded at Codex session start: ~600 tokens on average (2 sessions, estimated)");
    // Both agents averaged together (1,300 over 4 sessions) appears nowhere.
    expect(text).not.toContain("(4 sessions, estimated)");
    expect(text.match(/Context delivery: 4 confirmed/g)).toHaveLength(1);
  });

  test("reads as before with one agent's contexts only", () => {
    expect(statsText([loaded(0, "c1", 500, CODEX), loaded(1, "c2", 700, CODEX)])).toContain(
      "  ThreadMind context loaded at session start: ~600 tokens on average (2 sessions, estimated)",
    );
    expect(measuredPart(emptyMeasurements()).injections).toEqual([]);
  });
});
