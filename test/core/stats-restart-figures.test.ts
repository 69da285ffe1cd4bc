// Guards stats_show's restart figures: each kind on its own, measured "after" only from a measured request, estimates
// never averaged with measured sizes, pairs only within a short gap, and `~` only on estimates.
import { describe, expect, test } from "vitest";
import { measuredPart, renderStats, type StatsReport } from "../../src/core/savings/stats.js";
import {
  emptyMeasurements,
  type InjectionRecord,
  type Measurements,
  type SizeRecord,
} from "../../src/core/measure/measurements.js";
import { freshnessFromLog } from "../../src/core/savings/freshness-figure.js";
import { DEFAULT_NUDGE_TOKENS } from "../../src/core/freshness/freshness.js";

const at = (minutes: number) => new Date(Date.parse("2026-09-20T10:00:00.000Z") + minutes * 60_000).toISOString();

function injection(
  minutes: number,
  sessionId: string,
  source: string,
  tokens: number,
  extra: Partial<InjectionRecord> = {},
): InjectionRecord {
  return {
    at: at(minutes),
    sessionId,
    source,
    projectId: "shop",
    threadId: "auth",
    chars: tokens * 4,
    tokens,
    omitted: 0,
    receipt: "delivered",
    contentHash: `h${minutes}`,
    ...extra,
  };
}
const end = (minutes: number, sessionId: string, contextTokens: number | null, reason = "clear"): SizeRecord => ({
  at: at(minutes),
  sessionId,
  contextTokens,
  reason,
});

function measured(m: Partial<Measurements>) {
  return measuredPart({ ...emptyMeasurements(), ...m });
}

function render(m: Partial<Measurements>): string {
  const report: StatsReport = {
    projectTitle: "Shop",
    counts: { active: 1, done: 0, abandoned: 0, total: 1, unreadable: 0 },
    active: { threadId: "main", depth: 1, contextTokens: 100 },
    summaries: [],
    measured: measured(m),
    freshness: freshnessFromLog([], DEFAULT_NUDGE_TOKENS),
  };
  return renderStats(report);
}

describe("stats_show restart figures", () => {
  test("the size after a restart is the measured first request, with ThreadMind's estimated share beside it", () => {
    const text = render({
      sessionEnds: [end(0, "a", 48_210)],
      injections: [injection(0.01, "b", "clear", 165, { firstRequestTokens: 19_960 })],
    });
    expect(text).toContain("    /clear: 48,210 → 19,960 tokens measured (−58.6%; ThreadMind ~165 of it), average of 1 restart");
  });

  test("an estimate-only restart is said to be one and is not averaged with the measured ones", () => {
    const part = measured({
      sessionEnds: [end(0, "a", 40_000), end(60, "c", 60_000)],
      injections: [injection(0.01, "b", "clear", 200, { firstRequestTokens: 20_000 }), injection(60.01, "d", "clear", 300)],
    });
    expect(part.restarts.kinds).toEqual([
      {
        agent: "claude-code",
        label: "/clear",
        restarts: 2,
        measured: { count: 1, averageBefore: 40_000, averageAfter: 20_000, averageThreadMind: 200 },
        estimateOnly: { count: 1, averageThreadMind: 300 },
        noSizeBefore: 0,
        noThreadMindAfter: 0,
      },
    ]);
  });

  test("/clear, manual and auto compaction are shown apart, never in one average", () => {
    const part = measured({
      sessionEnds: [end(0, "a", 50_000)],
      preCompacts: [end(10, "b", 150_000, "auto"), end(20, "b", 90_000, "manual")],
      injections: [
        injection(0.01, "b", "clear", 100, { firstRequestTokens: 18_000 }),
        injection(12, "b", "compact", 120, { firstRequestTokens: 30_000 }),
        injection(21, "b", "compact", 130, { firstRequestTokens: 25_000 }),
      ],
    });
    expect(part.restarts.kinds.map((k) => [k.label, k.measured?.averageBefore, k.measured?.averageAfter])).toEqual([
      ["/clear", 50_000, 18_000],
      ["manual compaction", 90_000, 25_000],
      ["auto compaction", 150_000, 30_000],
    ]);
    const text = render({
      sessionEnds: [end(0, "a", 50_000)],
      preCompacts: [end(10, "b", 150_000, "auto")],
      injections: [injection(12, "b", "compact", 120, { firstRequestTokens: 30_000 })],
    });
    expect(text).toContain("  Restarts: 2 (/clear 1, compaction 1); before → first request after, each kind on its own:");
    expect(text).toContain(
      "    auto compaction: 150,000 → 30,000 tokens measured (−80.0%; ThreadMind ~120 of it), average of 1 restart",
    );
    expect(text).toContain("    /clear: 1 after which no ThreadMind context reached the model");
  });

  test("Claude Code's and Codex's restarts are averaged apart, each /clear paired only with its own agent's injection", () => {
    const claude = { transcriptPath: "/home/u/.claude/projects/-w/a.jsonl" };
    const codex = { transcriptPath: "/home/u/.codex/sessions/2026/09/20/rollout-2026-09-20T10-00-00-c.jsonl" };
    // In time order the Codex /clear comes first, and Claude Code's injection right after it: paired by time alone,
    // each /clear would take the other agent's context.
    const m = {
      sessionEnds: [
        { ...end(0, "c", 30_000), ...codex },
        { ...end(0.005, "a", 48_000), ...claude },
      ],
      injections: [
        injection(0.01, "b", "clear", 150, { firstRequestTokens: 20_000, ...claude }),
        injection(0.02, "d", "clear", 120, { firstRequestTokens: 8_000, ...codex }),
      ],
    };
    expect(
      measured(m).restarts.kinds.map((k) => [k.agent, k.label, k.measured?.averageBefore, k.measured?.averageAfter]),
    ).toEqual([
      ["claude-code", "/clear", 48_000, 20_000],
      ["codex", "/clear", 30_000, 8_000],
    ]);
    const text = render(m);
    expect(text).toContain("each kind of each agent on its own:");
    expect(text).toContain(
      "    Claude Code /clear: 48,000 → 20,000 tokens measured (−58.3%; ThreadMind ~150 of it), average of 1 restart",
    );
    expect(text).toContain(
      "    Codex /clear: 30,000 → 8,000 tokens measured (−73.3%; ThreadMind ~120 of it), average of 1 restart",
    );
  });

  test("a /clear is paired only with a clear injection within a minute of it (a session that ended hours before is not)", () => {
    const part = measured({
      sessionEnds: [end(0, "a", 48_000)],
      injections: [injection(33 * 60, "b", "clear", 150, { firstRequestTokens: 19_000 })],
    });
    expect(part.restarts.kinds[0]).toMatchObject({ label: "/clear", restarts: 1, measured: null, noThreadMindAfter: 1 });
  });

  test("a compaction context is paired with the last PreCompact before it in its own session, not an earlier one", () => {
    const part = measured({
      preCompacts: [end(0, "s", 100_000, "auto"), end(5, "s", 110_000, "auto"), end(6, "other", 90_000, "auto")],
      injections: [injection(7, "s", "compact", 100, { firstRequestTokens: 20_000 })],
    });
    expect(part.restarts.kinds).toEqual([
      {
        agent: "claude-code",
        label: "auto compaction",
        restarts: 3,
        measured: { count: 1, averageBefore: 110_000, averageAfter: 20_000, averageThreadMind: 100 },
        estimateOnly: null,
        noSizeBefore: 0,
        noThreadMindAfter: 2,
      },
    ]);
  });

  test("a missing receipt or an unknown size before is not measured, and each is explained", () => {
    const text = render({
      sessionEnds: [end(0, "a", 48_000), end(10, "c", null)],
      injections: [
        injection(0.01, "b", "clear", 150, { receipt: "missing", firstRequestTokens: 19_000 }),
        injection(10.01, "d", "clear", 150, { firstRequestTokens: 19_000 }),
      ],
    });
    expect(text).toContain(
      "    /clear: 1 after which no ThreadMind context reached the model (none loaded, or its receipt is missing); 1 whose size before could not be read from the transcript",
    );
  });

  test("measured sizes carry no ~; estimates do", () => {
    const text = render({
      sessionEnds: [end(0, "a", 48_210, "other")],
      injections: [injection(-60, "a", "startup", 165)],
    });
    expect(text).toContain(
      "  Conversation size when sessions ended: 48,210 tokens on average, 48,210 at most (1 session, measured)",
    );
    expect(text).toContain("  ThreadMind context loaded at session start: ~165 tokens on average (1 session, estimated)");
    expect(text).not.toMatch(/~48,210/);
  });
});
