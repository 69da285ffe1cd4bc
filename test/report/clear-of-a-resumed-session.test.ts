// Guards a /clear's size before when the session it ended was resumed later (/resume): the size at the /clear, not the resumed session's final size.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements } from "../../src/core/measure/measurements.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import { assistant, jsonl, user, CLEAR_COMMAND, secondsApart } from "../transcript/transcript-builders.js";

const T0 = Date.parse("2026-08-03T08:00:00.000Z");
const DAY = 24 * 3_600_000;
const OLD = "ffffffff-0000-4000-8000-000000000001";
const NEW = "ffffffff-0000-4000-8000-000000000002";
const iso = (ms: number) => new Date(ms).toISOString();

describe("a /clear whose ended session was resumed a day later", () => {
  let setting: ReportSetting;
  let report: SavingsReport;
  const clearAt = T0 + 60_000;

  beforeAll(async () => {
    setting = makeReportSetting("tm-resumed-");
    const { fake, workspace } = setting;
    fake.write(
      workspace,
      `${OLD}.jsonl`,
      jsonl([
        ...secondsApart(OLD, T0, [user("hi"), assistant({ id: "o-1", input: 5, cacheRead: 59_995, output: 10 })], workspace),
        // Resumed the next day (the same file goes on), and worked on much further.
        ...secondsApart(
          OLD,
          T0 + DAY,
          [user("back to it"), assistant({ id: "o-2", input: 5, cacheRead: 119_995, output: 10 })],
          workspace,
        ),
      ]),
    );
    fake.write(
      workspace,
      `${NEW}.jsonl`,
      jsonl(
        secondsApart(
          NEW,
          clearAt,
          [user(CLEAR_COMMAND), user("next"), assistant({ id: "n-1", input: 5, cacheRead: 17_995, output: 10 })],
          workspace,
        ),
      ),
    );
    const measurements = emptyMeasurements();
    // What ThreadMind's hooks recorded at the /clear: the ended session's size then, and both hooks.
    measurements.sessionEnds.push({ at: iso(clearAt - 200), sessionId: OLD, contextTokens: 60_000, reason: "clear" });
    measurements.hooksSeen.push(
      { at: iso(clearAt - 100), event: "SessionEnd:clear", sessionId: OLD },
      { at: iso(clearAt + 500), event: "SessionStart:clear", sessionId: NEW },
    );
    report = await setting.report(measurements);
  });
  afterAll(() => setting.cleanup());

  it("measures the size before at the /clear (it took the resumed session's final size, a day of work later)", () => {
    const clear = report.restarts.find((r) => r.kind === "clear")!;
    expect([clear.previousSessionId, clear.pairedBy, clear.before, clear.after]).toEqual([OLD, "hooks", 60_000, 18_000]);
    expect(report.byKind.find((k) => k.kind === "clear")?.withoutThreadMind.averageBefore).toBe(60_000);
  });
});
