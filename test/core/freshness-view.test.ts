// How far a conversation is behind its thread's summary, from the instance's logged events (positions, not clocks).
import { describe, expect, it } from "vitest";
import { freshnessView, isStale, nudgeDecision, nudgeLevel, tokensSinceWrite } from "../../src/core/freshness/freshness.js";
import { freshnessConfigOf } from "../../src/core/freshness/freshness-config.js";
import { nudgeText, NUDGE_MAX_CHARS } from "../../src/hooks/prompt-nudge.js";
import type { MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import { parseEventLine } from "../../src/core/measure/measurement-log-read.js";
import { INSTRUCTIONS_MAX_CHARS, SERVER_INSTRUCTIONS } from "../../src/server/instructions.js";

const I = "claude-42";
const T = { projectId: "p", threadId: "refunds" };
const conversation = (sessionId: string): MeasurementEvent => ({ kind: "conversation", at: "t", sessionId, ...T, instance: I });
const write = (threadId = T.threadId): MeasurementEvent => ({
  kind: "summaryWrite",
  at: "t",
  sessionId: null,
  instance: I,
  projectId: T.projectId,
  threadId,
  via: "summary_update",
});
const mark = (sessionId: string, kind: "baseline" | "nudge", contextTokens: number, level?: number): MeasurementEvent => ({
  kind: "freshnessMark",
  at: "t",
  sessionId,
  instance: I,
  ...T,
  mark: kind,
  contextTokens,
  ...(level !== undefined ? { level } : {}),
});

describe("freshness of a conversation", () => {
  it("counts from the conversation's first request, never from zero, when nothing was written in it (even if an earlier conversation wrote)", () => {
    const events = [write(), conversation("s2")];
    const fresh = freshnessView(events, "s2", T);
    expect(fresh).toMatchObject({ written: false, baseline: null, firstSegment: true, lastLevel: 0 });
    // The first size seen (the first request, ~20,000 of system prompt, tools and restored context) is the baseline.
    expect(nudgeDecision(fresh, 20_000, 30_000)).toEqual({ kind: "baseline", contextTokens: 20_000 });
    const view = freshnessView([...events, mark("s2", "baseline", 20_000)], "s2", T);
    expect(nudgeDecision(view, 31_000, 30_000)).toEqual({ kind: "none" });
    expect(nudgeDecision(view, 50_000, 30_000)).toEqual({ kind: "none" });
    expect(nudgeDecision(view, 50_001, 30_000)).toEqual({ kind: "nudge", level: 1, growth: 30_001 });
  });

  it("after a write asks for a baseline, then counts from it", () => {
    const events = [conversation("s"), write()];
    expect(nudgeDecision(freshnessView(events, "s", T), 28_000, 30_000)).toEqual({ kind: "baseline", contextTokens: 28_000 });
    const view = freshnessView([...events, mark("s", "baseline", 28_000)], "s", T);
    expect(nudgeDecision(view, 58_000, 30_000)).toEqual({ kind: "none" });
    expect(nudgeDecision(view, 58_001, 30_000)).toEqual({ kind: "nudge", level: 1, growth: 30_001 });
  });

  it("gives each level once: past 30,000, then past 60,000", () => {
    const view = freshnessView([conversation("s"), mark("s", "baseline", 1_000), mark("s", "nudge", 32_000, 1)], "s", T);
    expect(nudgeDecision(view, 60_000, 30_000)).toEqual({ kind: "none" });
    expect(nudgeDecision(view, 62_000, 30_000)).toEqual({ kind: "nudge", level: 2, growth: 61_000 });
    expect([0, 1, 30_000, 30_001, 60_000, 60_001].map((g) => nudgeLevel(g, 30_000))).toEqual([0, 0, 0, 1, 1, 2]);
  });

  it("ignores writes to another thread and marks of another conversation", () => {
    const view = freshnessView([conversation("s"), write("other"), mark("elsewhere", "nudge", 40_000, 1)], "s", T);
    expect(view).toMatchObject({ written: false, baseline: null, lastLevel: 0 });
  });

  it("starts a new segment at a compaction of the conversation", () => {
    const compacted: MeasurementEvent = {
      kind: "staleness",
      at: "t",
      sessionId: "s",
      instance: I,
      ...T,
      restart: "compact",
      contextTokens: 90_000,
      sinceWriteTokens: 90_000,
      written: false,
      stale: true,
      threshold: 30_000,
      lastWriteAt: null,
    };
    const view = freshnessView(
      [conversation("s"), mark("s", "baseline", 1_000), mark("s", "nudge", 61_000, 2), compacted],
      "s",
      T,
    );
    expect(view).toMatchObject({ written: false, baseline: null, firstSegment: false, lastLevel: 0 });
    // The transcript's first request is not this segment's: without a baseline mark the growth is unknown.
    expect(tokensSinceWrite(view, 40_000)).toBeNull();
  });

  it("judges a restart stale when it grew past the threshold beyond its first request, and never from its absolute size", () => {
    const unwritten = freshnessView([conversation("s"), mark("s", "baseline", 20_000)], "s", T);
    expect(isStale(tokensSinceWrite(unwritten, 58_200), 30_000)).toBe(true);
    expect(tokensSinceWrite(unwritten, 38_200)).toBe(18_200);
    expect(isStale(tokensSinceWrite(unwritten, 38_200), 30_000)).toBe(false);
    expect(isStale(tokensSinceWrite(unwritten, null), 30_000)).toBe(false);
    // No prompt measured a baseline (a one-prompt conversation): the transcript's first request is the baseline.
    const onePrompt = freshnessView([conversation("s")], "s", T);
    expect(tokensSinceWrite(onePrompt, 60_000, 21_000)).toBe(39_000);
    expect(tokensSinceWrite(onePrompt, 60_000)).toBeNull();
    const writtenNoPromptSince = freshnessView([conversation("s"), write()], "s", T);
    expect(tokensSinceWrite(writtenNoPromptSince, 90_000)).toBe(0);
  });

  it("judges stale a conversation that wrote early and grew past the threshold since (the ignored reminder)", () => {
    const events = [conversation("s"), mark("s", "baseline", 10_000), write(), mark("s", "baseline", 28_000)];
    const view = freshnessView(events, "s", T);
    expect(view.written).toBe(true);
    expect(tokensSinceWrite(view, 68_000)).toBe(40_000);
    expect(isStale(tokensSinceWrite(view, 68_000), 30_000)).toBe(true);
    expect(isStale(tokensSinceWrite(view, 50_000), 30_000)).toBe(false);
  });
});

describe("the freshness events in the log", () => {
  it("reads back each kind, and refuses a summary write with a conversation id or an unknown origin", () => {
    for (const event of [write(), mark("s", "nudge", 31_000, 1), conversation("s")])
      expect(parseEventLine(JSON.stringify(event))).toEqual(event);
    expect(parseEventLine(JSON.stringify({ ...write(), sessionId: "s" }))).toBeNull();
    expect(parseEventLine(JSON.stringify({ ...write(), via: "guess" }))).toBeNull();
    expect(parseEventLine(JSON.stringify({ ...mark("s", "nudge", 1), contextTokens: -1 }))).toBeNull();
  });
});

describe("the nudge setting and text", () => {
  it("reads freshness.nudgeTokens, 0 meaning off, and says why a wrong value is not used", () => {
    expect(freshnessConfigOf({ id: "p" })).toEqual({ nudgeTokens: 30_000 });
    expect(freshnessConfigOf({ freshness: { nudgeTokens: 0 } })).toEqual({ nudgeTokens: 0 });
    expect(freshnessConfigOf({ freshness: { nudgeTokens: 50_000 } })).toEqual({ nudgeTokens: 50_000 });
    expect(freshnessConfigOf({ freshness: { nudgeTokens: "many" } })).toMatchObject({
      nudgeTokens: 30_000,
      problem: expect.stringContaining("freshness.nudgeTokens"),
    });
    expect(freshnessConfigOf({ freshness: 5 })).toMatchObject({ nudgeTokens: 30_000, problem: expect.any(String) });
  });

  it("stays within 400 characters with the longest thread id", () => {
    for (const written of [true, false]) {
      const text = nudgeText(123_456_789, { projectId: "p", threadId: "x".repeat(64) }, written);
      expect(text.length).toBeLessThanOrEqual(NUDGE_MAX_CHARS);
      expect(text).toContain("summary_update");
    }
  });

  it("states the growth and what it is counted from", () => {
    expect(nudgeText(31_000, T, false)).toContain(
      'about 31,000 conversation tokens since this conversation\'s first request, and the summary of thread "refunds" was not written in it.',
    );
    expect(nudgeText(31_000, T, true)).toContain(
      'about 31,000 conversation tokens since the summary of thread "refunds" was last written.',
    );
  });
});

describe("what the model is told about keeping the summary current", () => {
  it("the MCP instructions say when to update (after each decision, before /clear) within Claude Code's 2,048 characters", () => {
    expect(SERVER_INSTRUCTIONS).toContain("after each decision or finished task");
    expect(SERVER_INSTRUCTIONS).toContain("before the user clears the conversation (/clear)");
    expect(SERVER_INSTRUCTIONS.length).toBeLessThanOrEqual(INSTRUCTIONS_MAX_CHARS);
  });
});
