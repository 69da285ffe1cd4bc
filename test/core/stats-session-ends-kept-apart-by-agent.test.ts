// Guards #28's "averages kept apart by agent" in /thread-mind:stats: the conversation size at session end is averaged
// per agent (told from the transcript path each SessionEnd hook got), each line naming its agent when both have ended
// sessions; with one agent only the line reads as before.
import { describe, expect, test } from "vitest";
import { measuredPart, renderStats } from "../../src/core/savings/stats.js";
import { emptyMeasurements, type SizeRecord } from "../../src/core/measure/measurements.js";
import { freshnessFromLog } from "../../src/core/savings/freshness-figure.js";
import { DEFAULT_NUDGE_TOKENS } from "../../src/core/freshness/freshness.js";

const CLAUDE = "/home/u/.claude/projects/-w/a.jsonl";
const CODEX = "/home/u/.codex/sessions/2026/09/20/rollout-2026-09-20T10-00-00-c.jsonl";

function end(minute: number, sessionId: string, contextTokens: number, transcriptPath?: string): SizeRecord {
  return {
    at: new Date(Date.parse("2026-09-20T10:00:00.000Z") + minute * 60_000).toISOString(),
    sessionId,
    contextTokens,
    reason: "other",
    ...(transcriptPath === undefined ? {} : { transcriptPath }),
  };
}

function statsText(sessionEnds: SizeRecord[]): string {
  return renderStats({
    projectTitle: "Shop",
    counts: { active: 1, done: 0, abandoned: 0, total: 1, unreadable: 0 },
    active: { threadId: "main", depth: 1, contextTokens: 100 },
    summaries: [],
    measured: measuredPart({ ...emptyMeasurements(), sessionEnds }),
    freshness: freshnessFromLog([], DEFAULT_NUDGE_TOKENS),
  });
}

describe("stats: conversation size at session end", () => {
  // Claude Code 40,000 and 80,000 (one older record without a path: Claude Code's), Codex 10,000 and 30,000.
  const mixed = [end(0, "a", 40_000, CLAUDE), end(1, "c1", 10_000, CODEX), end(2, "b", 80_000), end(3, "c2", 30_000, CODEX)];

  test("is averaged per agent, never the two agents together", () => {
    expect(measuredPart({ ...emptyMeasurements(), sessionEnds: mixed }).sessionEnds).toEqual([
      { agent: "claude-code", count: 2, averageTokens: 60_000, maxTokens: 80_000 },
      { agent: "codex", count: 2, averageTokens: 20_000, maxTokens: 30_000 },
    ]);
  });

  test("names each agent's line when both agents have ended sessions", () => {
    const text = statsText(mixed);
    expect(text).toContain(
      "  Conversation size when Claude Code sessions ended: 60,000 tokens on average, 80,000 at most (2 sessions, measured)",
    );
    expect(text).toContain(
      "  Conversation size when Codex sessions ended: 20,000 tokens on average, 30,000 at most (2 sessions, measured)",
    );
    // Both agents averaged together (40,000 over 4 sessions) appears nowhere.
    expect(text).not.toContain("(4 sessions, measured)");
  });

  test("reads as before with one agent's sessions only", () => {
    expect(statsText([end(0, "c1", 10_000, CODEX), end(1, "c2", 30_000, CODEX)])).toContain(
      "  Conversation size when sessions ended: 20,000 tokens on average, 30,000 at most (2 sessions, measured)",
    );
    expect(measuredPart(emptyMeasurements()).sessionEnds).toEqual([]);
  });
});
