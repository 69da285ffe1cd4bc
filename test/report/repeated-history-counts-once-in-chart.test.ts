// Guards the chart's series against a transcript that repeats earlier responses (Claude Code issue 5034: stream-json input rewrote the history).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import { assistant, compactBoundary, jsonl, user } from "../transcript/transcript-builders.js";

type Json = Record<string, unknown>;
const SESSION = "eeeeeeee-0000-4000-8000-000000000001";
const T0 = Date.parse("2026-07-01T08:00:00.000Z");

describe("a transcript that repeats earlier responses", () => {
  let setting: ReportSetting;
  let report: SavingsReport;

  beforeAll(async () => {
    setting = makeReportSetting("tm-repeated-");
    const r1 = [user("one"), assistant({ id: "r-1", input: 5, cacheRead: 9_995, output: 10 })];
    const r2 = [user("two"), assistant({ id: "r-2", input: 5, cacheRead: 19_995, output: 10 })];
    const r3 = [user("three"), assistant({ id: "r-3", input: 5, cacheRead: 29_995, output: 10 })];
    // Each turn written again with the whole history before it, then a compaction and one more response.
    const list: Json[] = [
      ...r1,
      ...r1,
      ...r2,
      ...r1,
      ...r2,
      ...r3,
      compactBoundary({ trigger: "manual", preTokens: 30_000 }),
      user("four"),
      assistant({ id: "r-4", input: 5, cacheRead: 4_995, output: 10 }),
    ];
    setting.fake.write(
      setting.workspace,
      `${SESSION}.jsonl`,
      jsonl(
        list.map((r, i) => ({
          ...r,
          sessionId: SESSION,
          cwd: setting.workspace,
          timestamp: new Date(T0 + i * 1000).toISOString(),
        })),
      ),
    );
    report = await setting.report();
  });
  afterAll(() => setting.cleanup());

  it("places each response once: the series and the compaction mark stay within the session's responses (they ran past its end)", () => {
    const session = report.sessions[0]!;
    expect(session.apiResponses).toBe(4);
    expect(session.points.map((p) => [p.index, p.tokens])).toEqual([
      [0, 10_000],
      [1, 20_000],
      [2, 30_000],
      [3, 5_000],
    ]);
    expect(session.compactionMarks.map((m) => m.responsesBefore)).toEqual([3]);
  });
});
