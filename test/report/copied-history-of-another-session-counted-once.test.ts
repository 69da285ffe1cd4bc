// Guards the report against a conversation continued from another one: its file opens with copies of the earlier
// session's records (same message.id + requestId, the earlier sessionId on each), which are that session's, counted
// once (in its own file, or nowhere when its file is gone), while a /clear or compaction of the file's own is kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportSession, SavingsReport } from "../../src/core/savings/savings-report.js";
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
const T0 = Date.parse("2026-07-01T08:00:00.000Z");
const HOUR = 3_600_000;

const id = (n: number) => `cccccccc-0000-4000-8000-${String(n).padStart(12, "0")}`;
const IDS = {
  earlier: id(1),
  continued: id(2),
  gone: id(3),
  continuedFromGone: id(4),
  renamed: id(5),
  clearedAfterCopies: id(6),
  switchesId: id(7),
};

describe("a session file that opens with another session's records", () => {
  let setting: ReportSetting;
  let report: SavingsReport;
  const sessionOf = (sessionId: string): ReportSession => report.sessions.find((s) => s.sessionId === sessionId)!;

  beforeAll(async () => {
    setting = makeReportSetting("tm-copied-");
    const { fake, workspace } = setting;
    const put = (fileId: string, list: Json[]) => fake.write(workspace, `${fileId}.jsonl`, jsonl(list));
    // The earlier session: three responses (peak 60,810), a compaction of its own, 14,000 output tokens in all.
    const earlier = secondsApart(
      IDS.earlier,
      T0,
      [
        user("hi"),
        assistant({ id: "e-1", input: 16_921, output: 4_000 }),
        assistant({ id: "e-2", input: 60_810, output: 5_000 }),
        compactBoundary({ trigger: "auto", preTokens: 60_810 }),
        compactSummary(),
        assistant({ id: "e-3", input: 20_000, output: 5_000 }),
      ],
      workspace,
    );
    put(IDS.earlier, earlier);
    // Continued a day later: the earlier records copied whole, then its own (a compaction of its own among them).
    const own = secondsApart(
      IDS.continued,
      T0 + 24 * HOUR,
      [
        user("go on"),
        assistant({ id: "c-1", input: 44_306, output: 1_000 }),
        assistant({ id: "c-2", input: 49_596, output: 1_000 }),
        compactBoundary({ trigger: "manual", preTokens: 49_596 }),
        compactSummary(),
        assistant({ id: "c-3", input: 30_000, output: 269 }),
      ],
      workspace,
    );
    put(IDS.continued, [...earlier, ...own]);
    // Continued from a session whose file is gone: its copies are counted nowhere.
    const goneRecords = secondsApart(
      IDS.gone,
      T0 + 48 * HOUR,
      [user("old"), assistant({ id: "g-1", input: 90_000, output: 7_000 })],
      workspace,
    );
    put(IDS.continuedFromGone, [
      ...goneRecords,
      ...secondsApart(
        IDS.continuedFromGone,
        T0 + 49 * HOUR,
        [user("again"), assistant({ id: "cg-1", input: 25_000, output: 300 })],
        workspace,
      ),
    ]);
    // A file named after no session of its records (renamed): every record is its own.
    put(
      IDS.renamed,
      secondsApart(
        "dddddddd-0000-4000-8000-000000000009",
        T0 + 72 * HOUR,
        [user("x"), assistant({ id: "r-1", input: 12_000, output: 50 }), assistant({ id: "r-2", input: 13_000, output: 60 })],
        workspace,
      ),
    );
    // Copies of the earlier session, then the file's own /clear: a /clear that really happened in the file.
    put(IDS.clearedAfterCopies, [
      ...earlier,
      ...secondsApart(
        IDS.clearedAfterCopies,
        T0 + 24 * HOUR + 10 * 60_000,
        [user(CLEAR_COMMAND), user("next"), assistant({ id: "ca-1", input: 18_000, output: 20 })],
        workspace,
      ),
    ]);
    // Its own records first, then a compaction after which the records carry another id: all of them the file's own.
    put(IDS.switchesId, [
      ...secondsApart(
        IDS.switchesId,
        T0 + 96 * HOUR,
        [user("a"), assistant({ id: "s-1", input: 70_000, output: 30 }), compactBoundary({ trigger: "auto", preTokens: 70_000 })],
        workspace,
      ),
      ...secondsApart(
        "dddddddd-0000-4000-8000-000000000010",
        T0 + 96 * HOUR + 10_000,
        [compactSummary(), assistant({ id: "s-2", input: 22_000, output: 40 })],
        workspace,
      ),
    ]);
    report = await setting.report();
  });

  afterAll(() => setting.cleanup());

  it("gives the continued session the figures of its own records only", () => {
    expect(sessionOf(IDS.continued)).toMatchObject({
      firstContextTokens: 44_306,
      peakContextTokens: 49_596,
      finalContextTokens: 30_000,
      apiResponses: 3,
      outputTokens: 2_269,
      copiedResponses: 3,
      copiedFromSessions: [IDS.earlier],
      compactionMarks: [{ responsesBefore: 2 }],
      startedAt: new Date(T0 + 24 * HOUR).toISOString(),
    });
    // The earlier session keeps its own figures: each response counted once, in the session that owns it.
    expect(sessionOf(IDS.earlier)).toMatchObject({ apiResponses: 3, outputTokens: 14_000, peakContextTokens: 60_810 });
    expect(sessionOf(IDS.earlier).compactionMarks).toHaveLength(1);
  });

  it("keeps the continued file's own compaction and does not count the copied one again", () => {
    const compactions = report.restarts.filter(
      (r) => r.kind === "compaction" && (r.sessionId === IDS.earlier || r.sessionId === IDS.continued),
    );
    expect(compactions.map((r) => [r.sessionId, r.trigger, r.before])).toEqual([
      [IDS.earlier, "auto", 60_810],
      [IDS.continued, "manual", 49_596],
    ]);
  });

  it("counts copies of a session whose file is gone nowhere", () => {
    expect(sessionOf(IDS.continuedFromGone)).toMatchObject({
      apiResponses: 1,
      outputTokens: 300,
      firstContextTokens: 25_000,
      peakContextTokens: 25_000,
      copiedResponses: 1,
      copiedFromSessions: [IDS.gone],
    });
    expect(report.sessions.some((s) => s.sessionId === IDS.gone)).toBe(false);
  });

  it("reads a renamed file's records as its own", () => {
    expect(sessionOf(IDS.renamed)).toMatchObject({
      apiResponses: 2,
      outputTokens: 110,
      copiedResponses: 0,
      copiedFromSessions: [],
    });
  });

  it("counts every record after the file's own first one as its own, whatever id it carries", () => {
    expect(sessionOf(IDS.switchesId)).toMatchObject({ apiResponses: 2, outputTokens: 70, copiedResponses: 0 });
    expect(report.restarts.find((r) => r.sessionId === IDS.switchesId)).toMatchObject({
      kind: "compaction",
      before: 70_000,
      after: 22_000,
    });
  });

  it("finds the /clear a file records after another session's copies", () => {
    const clear = report.restarts.find((r) => r.sessionId === IDS.clearedAfterCopies)!;
    expect(clear).toMatchObject({ kind: "clear", pairedBy: "clear-command", after: 18_000 });
    expect(clear.evidence.clearRecord).toEqual({
      record: "clear-command",
      at: new Date(T0 + 24 * HOUR + 10 * 60_000).toISOString(),
    });
    expect(sessionOf(IDS.clearedAfterCopies)).toMatchObject({ apiResponses: 1, outputTokens: 20, copiedResponses: 3 });
  });
});
