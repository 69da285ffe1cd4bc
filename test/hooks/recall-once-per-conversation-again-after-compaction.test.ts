// Guards "each thread at most once per conversation, again after a compaction" of point-of-action recall (issue 27,
// item 1): the threads already handed over are those recalled since the conversation's last compaction (its PreCompact
// record, or the SessionStart injection after it), and a subagent keeps its own "once" apart from the main conversation's.
// (/clear starts a new session id: its events are another conversation's, tested with the real client in
// test/e2e/plugin-point-of-action-recall.test.ts.)
import { describe, expect, it } from "vitest";
import type { MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import { alreadyRecalled } from "../../src/hooks/tool-recall.js";

const SESSION = "abababab-2222-4333-8444-555555555555";
let clock = 0;
const at = () => new Date(Date.UTC(2026, 11, 1, 10, 0, clock++)).toISOString();

function recall(threads: string[], agentId?: string): MeasurementEvent {
  return {
    kind: "recall",
    at: at(),
    sessionId: SESSION,
    instance: "claude-1",
    ...(agentId !== undefined ? { agentId } : {}),
    file: "src/payments/refund.ts",
    threads,
    chars: 100,
    tokens: 29,
  };
}

const preCompact: MeasurementEvent = {
  kind: "preCompact",
  at: at(),
  sessionId: SESSION,
  contextTokens: 150_000,
  reason: "manual",
};
const compactInjection: MeasurementEvent = {
  kind: "injection",
  at: at(),
  sessionId: SESSION,
  source: "compact",
  projectId: "p",
  threadId: "main",
  chars: 10,
  tokens: 3,
  omitted: 0,
  contentHash: "h",
};

describe("threads already recalled in a conversation", () => {
  it("are those handed over since its last compaction", () => {
    expect([...alreadyRecalled([recall(["p/refunds"]), recall(["p/search"])], null)]).toEqual(["p/refunds", "p/search"]);
    // A compaction drops what was handed over from the model's context: the thread may come again.
    expect([...alreadyRecalled([recall(["p/refunds"]), preCompact], null)]).toEqual([]);
    expect([...alreadyRecalled([recall(["p/refunds"]), preCompact, compactInjection, recall(["p/search"])], null)]).toEqual([
      "p/search",
    ]);
    // Seen from the context loaded after it as well (a PreCompact that was not recorded).
    expect([...alreadyRecalled([recall(["p/refunds"]), compactInjection], null)]).toEqual([]);
  });

  it("are counted apart for each subagent and for the main conversation", () => {
    const events = [recall(["p/refunds"]), recall(["p/search"], "agent-1")];
    expect([...alreadyRecalled(events, null)]).toEqual(["p/refunds"]);
    expect([...alreadyRecalled(events, "agent-1")]).toEqual(["p/search"]);
    expect([...alreadyRecalled(events, "agent-2")]).toEqual([]);
  });
});
