// Guards the report's restart figures a careful user would check: /clear pairs found by time order carry their gap and
// a confidence (only confident ones are averaged), each kind of restart (/clear, plan accepted with "clear context",
// manual and auto compaction) is averaged on its own, every restart left out of the averages says why, and a malformed
// line is named by file and line ("still being written" only for a file's last line). Hand-built transcripts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { MAX_CONFIDENT_GAP_MS, type Restart } from "../../src/core/savings/savings-pairing.js";
import { reportDocument } from "../../src/cli/report-tables.js";
import { renderMarkdown } from "../../src/cli/report-markdown.js";
import { renderSvg } from "../../src/cli/report-svg.js";
import { byClass, findAll, parseXml } from "../support/strict-xml.js";
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
const T0 = Date.parse("2026-05-04T08:00:00.000Z");
const HOUR = 3_600_000;
const PLAN = "Implement the following plan:\n\n# Plan: refunds admin UI\n\n1. Add the button";

const id = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, "0")}`;
const IDS = {
  lateOld: id(1),
  lateNew: id(2),
  nearOld: id(3),
  nearNew: id(4),
  planOld: id(5),
  planNew: id(6),
  planHookOld: id(7),
  planHookNew: id(8),
  typedPlan: id(9),
  orphanClear: id(10),
  silentOld: id(11),
  silentNew: id(12),
  compactions: id(13),
  middleBad: id(14),
  lastCut: id(15),
};

/** Records of one session, one second apart from `startMs`, with its session id and the workspace as cwd. */
function session(sessionId: string, startMs: number, records: Json[], cwd: string): string {
  return jsonl(secondsApart(sessionId, startMs, records, cwd));
}

/** The plan accepted in scenarios 3 and 4 (the text after the prompt's first line, as the ExitPlanMode call holds it). */
const PLAN_TEXT = "# Plan: refunds admin UI\n\n1. Add the button";

/** The records with Claude Code 2.1.x's session slug on each. */
const withSlug = (slug: string, records: Json[]) => records.map((r) => ({ ...r, slug }));

/** An assistant record whose content is an ExitPlanMode call with this plan text. */
function exitPlanCall(record: Json, plan: string): Json {
  const message = record.message as Json;
  return {
    ...record,
    message: { ...message, content: [{ type: "tool_use", id: "toolu_plan", name: "ExitPlanMode", input: { plan } }] },
  };
}

/** `two`, the last response calling ExitPlanMode with the plan: the session the plan was made in. */
const twoWithPlan = (tag: string, size: number, slug: string) => {
  const records = two(tag, size);
  records[2] = exitPlanCall(records[2]!, PLAN_TEXT);
  return withSlug(slug, records);
};

const two = (tag: string, size: number) => [
  user("hi"),
  assistant({ id: `${tag}-1`, input: 5, cacheRead: size - 9_000, cacheCreation: 8_995, output: 10 }),
  assistant({ id: `${tag}-2`, input: 5, cacheRead: size - 5, output: 10 }),
];

describe("restart kinds, pair confidence and unpaired reasons in the report", () => {
  let setting: ReportSetting;
  let report: SavingsReport;
  const restartOf = (sessionId: string): Restart => report.restarts.find((r) => r.sessionId === sessionId)!;

  beforeAll(async () => {
    setting = makeReportSetting("tm-kinds-");
    const { fake, workspace } = setting;
    const put = (sessionId: string, startMs: number, records: Json[]) =>
      fake.write(workspace, `${sessionId}.jsonl`, session(sessionId, startMs, records, workspace));
    // Each scenario has its own day, so that time order pairs nothing across scenarios.
    const day = (n: number) => T0 + n * 48 * HOUR;
    // 1. A session that ended 33 hours before a /clear: paired by time order only, listed, not averaged.
    put(IDS.lateOld, day(0), two("late", 40_000));
    put(IDS.lateNew, day(0) + 33 * HOUR, [
      user(CLEAR_COMMAND),
      user("next"),
      assistant({ id: "late-3", input: 5, cacheRead: 18_000, output: 10 }),
    ]);
    // 2. Two minutes between the last response and the /clear: confident.
    put(IDS.nearOld, day(1), two("near", 60_000));
    put(IDS.nearNew, day(1) + 2 * 60_000, [
      user(CLEAR_COMMAND),
      user("next"),
      assistant({ id: "near-3", input: 5, cacheRead: 19_000, output: 10 }),
    ]);
    // 3. A plan accepted with "clear context" (2.1.x: the planContent field), no /clear typed, no hook record: the
    // session that made it holds the ExitPlanMode call with the same text and shares the slug.
    put(IDS.planOld, day(2), twoWithPlan("plan", 90_000, "brave-plan-otter"));
    put(
      IDS.planNew,
      day(2) + 60_000,
      withSlug("brave-plan-otter", [
        user(PLAN, { planContent: PLAN_TEXT }),
        assistant({ id: "plan-3", input: 5, cacheRead: 21_000, output: 10 }),
      ]),
    );
    // 4. An older version's plan acceptance: the prompt text, with another plugin's SessionStart:clear record.
    put(IDS.planHookOld, day(3), twoWithPlan("planhook", 80_000, "calm-hook-heron"));
    put(
      IDS.planHookNew,
      day(3) + 60_000,
      withSlug("calm-hook-heron", [
        ...hookInjection("OTHER PLUGIN CONTEXT", "clear"),
        user(PLAN),
        assistant({ id: "planhook-3", input: 5, cacheRead: 20_000, output: 10 }),
      ]),
    );
    // 5. A new session whose user typed the plan text, with no /clear evidence: not a restart.
    put(IDS.typedPlan, day(3) + 2 * HOUR, [user(PLAN), assistant({ id: "typed-1", input: 5, cacheRead: 15_000, output: 10 })]);
    // 6. A /clear with no earlier session in the folder.
    put(IDS.orphanClear, day(-1), [
      user(CLEAR_COMMAND),
      user("first"),
      assistant({ id: "orphan-1", input: 5, cacheRead: 15_000, output: 10 }),
    ]);
    // 7. A /clear followed by no request.
    put(IDS.silentOld, day(4), two("silent", 30_000));
    put(IDS.silentNew, day(4) + 60_000, [user(CLEAR_COMMAND)]);
    // 8. A manual and an auto compaction in one session, and a boundary without preTokens or a request before it.
    put(IDS.compactions, day(5), [
      compactBoundary(null),
      compactSummary(),
      user("go"),
      assistant({ id: "c-1", input: 5, cacheRead: 50_000, output: 10 }),
      compactBoundary({ trigger: "manual", preTokens: 120_000 }),
      compactSummary(),
      assistant({ id: "c-2", input: 5, cacheRead: 30_000, output: 10 }),
      compactBoundary({ trigger: "auto", preTokens: 160_000 }),
      compactSummary(),
      assistant({ id: "c-3", input: 5, cacheRead: 35_000, output: 10 }),
    ]);
    // 9. Malformed lines: one in the middle of a finished file, one cut at the end of a file still being written.
    const middle = session(IDS.middleBad, day(6), [user("a"), assistant({ id: "m-1", input: 5, output: 1 })], workspace).split(
      "\n",
    );
    fake.write(workspace, `${IDS.middleBad}.jsonl`, [middle[0], '{"type":"user","message":', middle[1], ""].join("\n"));
    const cut = session(IDS.lastCut, day(7), [user("a"), assistant({ id: "l-1", input: 5, output: 1 })], workspace);
    fake.write(workspace, `${IDS.lastCut}.jsonl`, `${cut}{"type":"assistant","mess`);
    report = await setting.report();
  });

  afterAll(() => setting.cleanup());

  it("gives a pair found by time order its gap; 33 hours apart it is inferred, listed and never averaged", () => {
    const late = restartOf(IDS.lateNew);
    expect(late).toMatchObject({
      kind: "clear",
      previousSessionId: IDS.lateOld,
      pairedBy: "clear-command",
      confidence: "inferred",
      notAveraged: "gap-over-limit",
      before: 40_000,
      after: 18_005,
    });
    expect(late.gapMs).toBe(33 * HOUR - 2_000);
    const near = restartOf(IDS.nearNew);
    expect(near).toMatchObject({ confidence: "clear-record", notAveraged: null, before: 60_000, after: 19_005 });
    expect(near.gapMs).toBe(2 * 60_000 - 2_000);
    expect(near.gapMs!).toBeLessThanOrEqual(MAX_CONFIDENT_GAP_MS);
    const clears = report.byKind.find((k) => k.kind === "clear")!.withoutThreadMind;
    // The confident /clear is the only one averaged: 60,000 → 19,005.
    expect(clears).toMatchObject({ measured: 1, averageBefore: 60_000, averageAfter: 19_005 });
    const md = renderMarkdown(reportDocument(report));
    expect(md).toContain("inferred by time order, 33 h gap");
    expect(md).toContain(
      "the ended session was found by time order only, 33 h before the /clear (over 30 min): it may have been closed, not cleared",
    );
    expect(md).toContain("/clear record, 2 min gap");
  });

  it('names a plan accepted with "clear context" as its own kind, never averaged with /clear', () => {
    expect(restartOf(IDS.planNew)).toMatchObject({
      kind: "plan-clear",
      previousSessionId: IDS.planOld,
      pairedBy: "plan-record",
      confidence: "clear-record",
      before: 90_000,
      after: 21_005,
    });
    expect(restartOf(IDS.planHookNew)).toMatchObject({
      kind: "plan-clear",
      previousSessionId: IDS.planHookOld,
      pairedBy: "clear-hook",
      before: 80_000,
      after: 20_005,
    });
    expect(report.restarts.find((r) => r.sessionId === IDS.typedPlan)).toBeUndefined();
    expect(
      report.sessions
        .filter((s) => s.startedByPlan)
        .map((s) => s.sessionId)
        .sort(),
    ).toEqual([IDS.planNew, IDS.planHookNew].sort());
    const plans = report.byKind.find((k) => k.kind === "plan-clear")!.withoutThreadMind;
    expect(plans).toMatchObject({ restarts: 2, measured: 2, averageBefore: 85_000, averageAfter: 20_505 });
    expect(report.byKind.map((k) => k.kind)).toEqual([
      "clear",
      "plan-clear",
      "manual-compaction",
      "auto-compaction",
      "other-compaction",
    ]);
    // One name for the kind wherever the report names it: the averages, every restart, the sessions, the chart.
    const md = renderMarkdown(reportDocument(report));
    expect(md).toContain('| plan accepted with "clear context", without (baseline) | 2 | 2 | 85,000 | 20,505 |');
    expect(md).toContain('| plan accepted with "clear context" | aaaaaaaa ← aaaaaaaa | 90,000 | 21,005 |');
    expect(md).toContain('| aaaaaaaa (plan accepted with "clear context") |');
    expect(md).not.toContain("plan accepted, clear context");
    const planMarks = findAll(parseXml(renderSvg(report)), (e) => e.attributes["data-kind"] === "plan-clear");
    expect(planMarks.map((g) => g.children.find((c) => c.name === "text")?.text)).toEqual([
      'plan accepted with "clear context"',
      'plan accepted with "clear context"',
    ]);
  });

  it("builds the freshness table into the document, so the Markdown and the HTML page both show it", () => {
    const doc = reportDocument(report);
    expect(doc.tables.at(-1)).toMatchObject({
      title: "Summary freshness at restarts",
      rows: [
        // Growth beyond each conversation's first request (these cleared sessions end at their first), never the absolute
        // size; the pair inferred by time order (scenario 1) is in no average, this one included.
        ["/clear", "4", "4", "0", "0"],
        ["compaction", "2", "0", "2", "99,995"],
      ],
    });
    expect(renderMarkdown(doc)).toContain("## Summary freshness at restarts");
  });

  it("averages manual and auto compactions apart", () => {
    const manual = report.byKind.find((k) => k.kind === "manual-compaction")!.withoutThreadMind;
    const auto = report.byKind.find((k) => k.kind === "auto-compaction")!.withoutThreadMind;
    expect(manual).toMatchObject({ restarts: 1, measured: 1, averageBefore: 120_000, averageAfter: 30_005 });
    expect(auto).toMatchObject({ restarts: 1, measured: 1, averageBefore: 160_000, averageAfter: 35_005 });
  });

  it("says on each row why a restart is not in the averages", () => {
    expect(restartOf(IDS.orphanClear)).toMatchObject({
      previousSessionId: null,
      confidence: "clear-record",
      gapMs: null,
      notAveraged: "no-ended-session",
    });
    expect(renderMarkdown(reportDocument(report))).toContain(
      "| /clear record, no ended session found | no session of this project folder ended before it (nothing to measure before) |",
    );
    expect(restartOf(IDS.silentNew)).toMatchObject({
      previousSessionId: IDS.silentOld,
      notAveraged: "no-request-after",
      after: null,
    });
    const noTrigger = report.restarts.find((r) => r.kind === "compaction" && r.trigger === null)!;
    expect(noTrigger).toMatchObject({ notAveraged: "no-size-before", before: null });
    const doc = reportDocument(report);
    const every = doc.tables.find((t) => t.title === "Every restart")!;
    const last = every.headers.length - 1;
    expect(every.headers[last]).toBe("In averages");
    expect(every.rows).toHaveLength(report.restarts.length);
    const reasons = every.rows.map((row) => row[last]);
    expect(reasons.filter((r) => r === "yes")).toHaveLength(report.restarts.filter((r) => r.notAveraged === null).length);
    expect(reasons).toContain("no session of this project folder ended before it (nothing to measure before)");
    expect(reasons).toContain("no request after it in the transcript (no size after)");
    expect(reasons).toContain("no preTokens in the boundary and no request before it (no size before)");
    // Every restart counted under Restarts and not under In averages has its reason.
    for (const k of report.byKind) {
      for (const g of [k.withThreadMind, k.withoutThreadMind]) expect(g.measured).toBeLessThanOrEqual(g.restarts);
    }
    expect(report.restarts.filter((r) => r.notAveraged !== null).length).toBe(
      report.byKind.reduce(
        (n, k) =>
          n + k.withThreadMind.restarts + k.withoutThreadMind.restarts - k.withThreadMind.measured - k.withoutThreadMind.measured,
        0,
      ),
    );
  });

  it("names each malformed line by file and line, and says 'still being written' only for a file's last line", () => {
    const middlePath = report.sessions.find((s) => s.sessionId === IDS.middleBad)!.path;
    const cutPath = report.sessions.find((s) => s.sessionId === IDS.lastCut)!.path;
    expect(report.malformedFiles).toEqual(
      expect.arrayContaining([
        { path: middlePath, count: 1, lineNumbers: [2], lines: 3 },
        { path: cutPath, count: 1, lineNumbers: [3], lines: 3 },
      ]),
    );
    const doc = reportDocument(report);
    expect(doc.intro.join("\n")).toContain('2 malformed lines skipped: see "Malformed lines" below.');
    expect(doc.intro.join("\n")).not.toContain("still being written");
    const lines = doc.sections.find((s) => s.title === "Malformed lines")!.lines;
    expect(lines).toContain(`${middlePath}: line 2 is not a JSON record and was skipped`);
    expect(lines).toContain(
      `${cutPath}: line 3, the last, is incomplete and was skipped (the session was probably still being written)`,
    );
    expect(lines.filter((l) => l.includes("still being written"))).toHaveLength(1);
  });
});

describe("restart reasons and malformed lines on the repository's Claude Code 2.1.332 fixtures", () => {
  const cc = join(import.meta.dirname, "../fixtures/transcripts/cc-2.1.332");
  let setting: ReportSetting;
  let report: SavingsReport;
  let damagedPath: string;

  beforeAll(async () => {
    setting = makeReportSetting("tm-kinds-cc-");
    const { fake, workspace } = setting;
    // The session after /clear without the one it ended; and the compaction session with its 10th line damaged.
    fake.place(join(cc, "clear-after.jsonl"), workspace);
    const compact = fake.place(join(cc, "compact.jsonl"), workspace);
    const lines = readFileSync(compact, "utf8").split("\n");
    lines[9] = lines[9]!.slice(0, 40);
    damagedPath = fake.write(workspace, compact.split("/").pop()!, lines.join("\n"));
    report = await setting.report();
  });

  afterAll(() => setting.cleanup());

  it("explains the /clear whose ended session is not among the transcripts", () => {
    const clear = report.restarts.find((r) => r.kind === "clear")!;
    expect(clear).toMatchObject({
      pairedBy: "clear-command",
      previousSessionId: null,
      before: null,
      after: 62_344,
      notAveraged: "no-ended-session",
    });
    const every = reportDocument(report).tables.find((t) => t.title === "Every restart")!;
    expect(every.rows.find((row) => row[1] === "/clear")!.at(-1)).toBe(
      "no session of this project folder ended before it (nothing to measure before)",
    );
    expect(report.byKind.find((k) => k.kind === "clear")!.withoutThreadMind).toMatchObject({
      restarts: 1,
      measured: 0,
      averageBefore: null,
    });
    // The chart marks it at the start of its session.
    const marks = byClass(parseXml(renderSvg(report)), "unpaired");
    expect(marks.map((m) => [m.attributes["data-to"], m.attributes["data-after"]])).toEqual([[clear.sessionId, "62344"]]);
  });

  it("names the damaged line of a finished file without saying it is still being written", () => {
    expect(report.malformedFiles).toEqual([
      {
        path: damagedPath,
        count: 1,
        lineNumbers: [10],
        lines: readFileSync(damagedPath, "utf8").split("\n").filter(Boolean).length,
      },
    ]);
    const doc = reportDocument(report);
    expect(doc.sections.find((s) => s.title === "Malformed lines")!.lines).toEqual([
      `${damagedPath}: line 10 is not a JSON record and was skipped`,
    ]);
    expect(renderMarkdown(doc)).not.toContain("still being written");
    // The compaction's figures are unchanged by a damaged line that is not a response.
    expect(report.restarts.find((r) => r.kind === "compaction")).toMatchObject({
      trigger: "manual",
      before: 62_431,
      after: 62_344,
      notAveraged: null,
    });
  });
});
