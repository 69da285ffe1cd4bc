// Guards the pairing of a plan accepted with "clear context": by the plan's own evidence (the ExitPlanMode call with the
// same plan text, the shared slug), never the latest session that ended before it; without that evidence it is listed
// as not averaged with the reason. Also the evidence every restart's JSON gives, and the gap rule of a pair by time order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import type { Restart } from "../../src/core/savings/savings-pairing.js";
import { contentHash } from "../../src/core/content-hash.js";
import { reportDocument } from "../../src/cli/report-tables.js";
import { renderMarkdown } from "../../src/cli/report-markdown.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import {
  assistant,
  compactBoundary,
  compactSummary,
  jsonl,
  user,
  CLEAR_COMMAND,
  secondsApart,
} from "../transcript/transcript-builders.js";

type Json = Record<string, unknown>;
const T0 = Date.parse("2026-09-01T08:00:00.000Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PLAN_A = "# Plan: invoice export\n\n1. Add the CSV writer\n2. Wire the button";
const PLAN_B = "# Plan: a plan whose session is gone";
const PLAN_C = "# Plan: same text, another slug";

const id = (n: number) => `eeeeeeee-0000-4000-8000-${String(n).padStart(12, "0")}`;
const IDS = {
  planMaker: id(1),
  unrelated: id(2),
  planNew: id(3),
  unrelatedB: id(4),
  orphanPlanNew: id(5),
  otherSlugMaker: id(6),
  otherSlugNew: id(7),
  gapOld: id(8),
  gapNew: id(9),
  fileReadPlanMaker: id(10),
  fileReadPlanNew: id(11),
};

const withSlug = (slug: string, records: Json[]) => records.map((r) => ({ ...r, slug }));

/** An assistant record calling ExitPlanMode with this plan text (as Claude Code writes the tool call; null: with no input, as 2.1.38 did). */
function exitPlanCall(spec: { id: string; input: number }, plan: string | null): Json {
  const record = assistant({ id: spec.id, input: spec.input, output: 10 });
  const message = record.message as Json;
  return {
    ...record,
    message: {
      ...message,
      content: [{ type: "tool_use", id: `toolu_${spec.id}`, name: "ExitPlanMode", input: plan === null ? {} : { plan } }],
    },
  };
}

/** The first user record of a session a plan accepted with "clear context" opens (2.1.x: planContent). */
const planOpening = (plan: string) => user(`Implement the following plan:\n\n${plan}`, { planContent: plan });

/** A Stop hook's progress record (written by Claude Code after the turn's last record). */
function hookProgress(): Json {
  return {
    type: "progress",
    data: { type: "hook_progress", hookEvent: "Stop", hookName: "Stop", command: "true" },
    parentToolUseID: "x",
    toolUseID: "x",
    isSidechain: false,
    uuid: "progress-1",
  };
}

describe('a plan accepted with "clear context" in the report', () => {
  let setting: ReportSetting;
  let report: SavingsReport;
  const restartOf = (sessionId: string): Restart => report.restarts.find((r) => r.sessionId === sessionId)!;

  beforeAll(async () => {
    setting = makeReportSetting("tm-plan-pair-");
    const { fake, workspace } = setting;
    const put = (sessionId: string, startMs: number, records: Json[]) =>
      fake.write(workspace, `${sessionId}.jsonl`, jsonl(secondsApart(sessionId, startMs, records, workspace)));
    // 1. The plan's own session (its last request calls ExitPlanMode), and an unrelated session of the same folder that
    // ended later, just before the new session: the time-order rule would take the unrelated one.
    put(
      IDS.planMaker,
      T0,
      withSlug("quiet-plan-fox", [
        user("plan it"),
        assistant({ id: "pm-1", input: 40_000, output: 10 }),
        exitPlanCall({ id: "pm-2", input: 52_000 }, PLAN_A),
      ]),
    );
    put(
      IDS.unrelated,
      T0 + 3_000,
      withSlug("loud-other-bee", [user("other"), assistant({ id: "u-1", input: 70_000, output: 10 })]),
    );
    put(
      IDS.planNew,
      T0 + 6_000,
      withSlug("quiet-plan-fox", [planOpening(PLAN_A), assistant({ id: "pn-1", input: 19_000, output: 10 })]),
    );
    // 2. A plan whose session is not among the transcripts; an unrelated session ended a minute before.
    put(IDS.unrelatedB, T0 + DAY, [user("other"), assistant({ id: "ub-1", input: 80_000, output: 10 })]);
    put(IDS.orphanPlanNew, T0 + DAY + MINUTE, [planOpening(PLAN_B), assistant({ id: "op-1", input: 18_000, output: 10 })]);
    // 3. The same plan text in a session of another slug: no evidence.
    put(
      IDS.otherSlugMaker,
      T0 + 2 * DAY,
      withSlug("slug-one", [user("plan"), exitPlanCall({ id: "os-1", input: 45_000 }, PLAN_C)]),
    );
    put(
      IDS.otherSlugNew,
      T0 + 2 * DAY + 2_000,
      withSlug("slug-two", [planOpening(PLAN_C), assistant({ id: "on-1", input: 17_000, output: 10 })]),
    );
    // 4. A /clear paired by time order: the ended session's last record that is not a progress record is 60 s before the
    // /clear (its Stop hook's progress record, 10 s later, is not counted), and it compacted once.
    fake.write(
      workspace,
      `${IDS.gapOld}.jsonl`,
      jsonl([
        ...secondsApart(
          IDS.gapOld,
          T0 + 3 * DAY,
          [
            user("hi"),
            assistant({ id: "go-1", input: 30_000, output: 10 }),
            compactBoundary({ trigger: "manual", preTokens: 30_000 }),
            compactSummary(),
            assistant({ id: "go-2", input: 20_000, output: 10 }),
          ],
          workspace,
        ),
        { ...hookProgress(), sessionId: IDS.gapOld, cwd: workspace, timestamp: new Date(T0 + 3 * DAY + 14_000).toISOString() },
      ]),
    );
    put(IDS.gapNew, T0 + 3 * DAY + 4_000 + MINUTE, [
      user(CLEAR_COMMAND),
      user("next"),
      assistant({ id: "gn-1", input: 16_000, output: 10 }),
    ]);
    // 5. A version whose ExitPlanMode call holds no plan text (read from the plan file): the shared slug pairs it.
    put(
      IDS.fileReadPlanMaker,
      T0 + 4 * DAY,
      withSlug("plan-file-owl", [user("plan"), exitPlanCall({ id: "fr-1", input: 33_000 }, null)]),
    );
    put(
      IDS.fileReadPlanNew,
      T0 + 4 * DAY + 2_000,
      withSlug("plan-file-owl", [planOpening(PLAN_A), assistant({ id: "fn-1", input: 16_500, output: 10 })]),
    );
    report = await setting.report();
  });

  afterAll(() => setting.cleanup());

  it("pairs it with the session holding the ExitPlanMode call of the same plan text and slug, not the latest one that ended", () => {
    expect(restartOf(IDS.planNew)).toMatchObject({
      kind: "plan-clear",
      previousSessionId: IDS.planMaker,
      pairedBy: "plan-record",
      confidence: "clear-record",
      before: 52_000,
      beforeFrom: "plan-call",
      after: 19_000,
      notAveraged: null,
      gapMs: 4_000,
    });
    expect(restartOf(IDS.planNew).evidence).toEqual({
      hookRecords: null,
      clearRecord: { record: "planContent", at: new Date(T0 + 6_000).toISOString() },
      plan: {
        textHash: contentHash(PLAN_A),
        callAt: new Date(T0 + 2_000).toISOString(),
        matchedBy: "plan-text",
        newSlug: "quiet-plan-fox",
        endedSlug: "quiet-plan-fox",
      },
      timeOrder: null,
      boundary: null,
    });
  });

  it("lists a plan whose session is not there as not averaged, with the reason, and pairs it with nothing", () => {
    expect(restartOf(IDS.orphanPlanNew)).toMatchObject({
      kind: "plan-clear",
      previousSessionId: null,
      before: null,
      notAveraged: "plan-session-not-found",
    });
    expect(restartOf(IDS.orphanPlanNew).evidence.plan).toEqual({
      textHash: contentHash(PLAN_B),
      callAt: null,
      matchedBy: null,
      newSlug: null,
      endedSlug: null,
    });
    expect(report.byKind.find((k) => k.kind === "plan-clear")!.withoutThreadMind).toMatchObject({ restarts: 4, measured: 2 });
    expect(renderMarkdown(reportDocument(report))).toContain(
      "no scanned session holds the ExitPlanMode call with the accepted plan's text",
    );
  });

  it("pairs by the shared slug when the ExitPlanMode call holds no plan text (older versions read the plan file)", () => {
    expect(restartOf(IDS.fileReadPlanNew)).toMatchObject({
      previousSessionId: IDS.fileReadPlanMaker,
      before: 33_000,
      notAveraged: null,
    });
    expect(restartOf(IDS.fileReadPlanNew).evidence.plan).toMatchObject({ matchedBy: "slug", endedSlug: "plan-file-owl" });
  });

  it("takes no session of another slug as the plan's, even with the same plan text", () => {
    expect(restartOf(IDS.otherSlugNew)).toMatchObject({ previousSessionId: null, notAveraged: "plan-session-not-found" });
  });

  it("measures a time-order pair's gap from the ended session's last record that is not a progress record, and says so in its evidence", () => {
    const clear = restartOf(IDS.gapNew);
    expect(clear).toMatchObject({ kind: "clear", previousSessionId: IDS.gapOld, gapMs: MINUTE, before: 20_000 });
    expect(clear.evidence).toEqual({
      hookRecords: null,
      clearRecord: { record: "clear-command", at: new Date(T0 + 3 * DAY + 4_000 + MINUTE).toISOString() },
      plan: null,
      timeOrder: { endedSessionLastRecordAt: new Date(T0 + 3 * DAY + 4_000).toISOString(), gapMs: MINUTE },
      boundary: null,
    });
    const compaction = report.restarts.find((r) => r.kind === "compaction" && r.sessionId === IDS.gapOld)!;
    expect(compaction.evidence).toEqual({
      hookRecords: null,
      clearRecord: null,
      plan: null,
      timeOrder: null,
      boundary: { lineNumber: 3, preCompactRecordAt: null },
    });
  });
});
