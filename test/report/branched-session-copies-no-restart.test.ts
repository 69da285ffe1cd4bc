// Guards the report against a branched (forked) session: its copies of the original's records (marked forkedFrom) are no second /clear or compaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import {
  assistant,
  compactBoundary,
  compactSummary,
  hookInjection,
  jsonl,
  user,
  CLEAR_COMMAND,
  secondsApart,
} from "../transcript/transcript-builders.js";

type Json = Record<string, unknown>;
const T0 = Date.parse("2026-06-01T08:00:00.000Z");
const MINUTE = 60_000;
const CONTEXT = "ThreadMind memory, loaded after /clear: thread Refunds (refunds-ui). Decisions...";

const id = (n: number) => `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, "0")}`;
const IDS = { old: id(1), cleared: id(2), branchOfCleared: id(3), compacted: id(4), branchOfCompacted: id(5) };

/** Records of one session, one second apart from `startMs`. */

/**
 * What Claude Code 2.1.x writes when a conversation is branched (/branch, --fork-session): each record of the original's
 * chain copied whole (its timestamp, uuid, message id and request id kept), under the new session id, marked forkedFrom.
 */
function branchCopies(original: Json[], sessionId: string): Json[] {
  return original.map((r) => ({ ...r, sessionId, forkedFrom: { sessionId: r.sessionId, messageUuid: r.uuid } }));
}

describe("a branched session in the report", () => {
  let setting: ReportSetting;
  let report: SavingsReport;

  beforeAll(async () => {
    setting = makeReportSetting("tm-branch-");
    const { fake, workspace } = setting;
    const put = (sessionId: string, list: Json[]) => fake.write(workspace, `${sessionId}.jsonl`, jsonl(list));
    put(
      IDS.old,
      secondsApart(IDS.old, T0, [user("hi"), assistant({ id: "old-1", input: 5, cacheRead: 59_995, output: 10 })], workspace),
    );
    // Started by /clear two minutes after the old session's last record, ThreadMind's context loaded.
    const cleared = secondsApart(
      IDS.cleared,
      T0 + 2 * MINUTE,
      [
        user(CLEAR_COMMAND),
        ...hookInjection(CONTEXT, "clear"),
        user("next"),
        assistant({ id: "cl-1", input: 5, cacheRead: 17_995, output: 10 }),
      ],
      workspace,
    );
    put(IDS.cleared, cleared);
    // Branched an hour later, then worked on.
    put(IDS.branchOfCleared, [
      ...branchCopies(cleared, IDS.branchOfCleared),
      ...secondsApart(
        IDS.branchOfCleared,
        T0 + 60 * MINUTE,
        [user("try the other way"), assistant({ id: "br-1", input: 5, cacheRead: 18_500, output: 10 })],
        workspace,
      ),
    ]);
    // A session compacted once, branched after the compaction (the chain copied from its boundary on).
    const compacted = secondsApart(
      IDS.compacted,
      T0 + 3 * 60 * MINUTE,
      [
        user("start"),
        assistant({ id: "cp-1", input: 5, cacheRead: 149_995, output: 10 }),
        compactBoundary({ trigger: "auto", preTokens: 150_000 }),
        compactSummary(),
        assistant({ id: "cp-2", input: 5, cacheRead: 29_995, output: 10 }),
      ],
      workspace,
    );
    put(IDS.compacted, compacted);
    put(IDS.branchOfCompacted, [
      ...branchCopies(compacted.slice(2), IDS.branchOfCompacted),
      ...secondsApart(
        IDS.branchOfCompacted,
        T0 + 5 * 60 * MINUTE,
        [user("branch work"), assistant({ id: "bc-1", input: 5, cacheRead: 31_000, output: 10 })],
        workspace,
      ),
    ]);
    report = await setting.report();
  });
  afterAll(() => setting.cleanup());

  it("counts the /clear once, in the session it started, not again in its branch (a /clear that never happened)", () => {
    const clears = report.restarts.filter((r) => r.kind !== "compaction");
    expect(clears.map((r) => [r.sessionId, r.previousSessionId])).toEqual([[IDS.cleared, IDS.old]]);
    expect(report.sessions.find((s) => s.sessionId === IDS.branchOfCleared)?.startedByClear).toBe(false);
  });

  it("counts the compaction once, in the session it happened in, not again in its branch", () => {
    const compactions = report.restarts.filter((r) => r.kind === "compaction");
    expect(compactions.map((r) => r.sessionId)).toEqual([IDS.compacted]);
    expect(report.byKind.find((k) => k.kind === "auto-compaction")?.withoutThreadMind.restarts).toBe(1);
  });

  it("counts the copied requests once, in the original: the branch's figures are its own requests", () => {
    const branch = report.sessions.find((s) => s.sessionId === IDS.branchOfCompacted)!;
    expect([branch.apiResponses, branch.firstContextTokens, branch.finalContextTokens]).toEqual([1, 31_005, 31_005]);
    const original = report.sessions.find((s) => s.sessionId === IDS.compacted)!;
    expect([original.apiResponses, original.firstContextTokens, original.finalContextTokens]).toEqual([2, 150_000, 30_000]);
  });
});
