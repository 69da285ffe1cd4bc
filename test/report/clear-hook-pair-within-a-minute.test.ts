// Guards the hooks' /clear pairing: a SessionStart(clear) pairs only with a SessionEnd(clear) of the minute before it, not with an old end whose start was never recorded when this /clear's own end hook was killed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements } from "../../src/core/measure/measurements.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import { assistant, jsonl, user, CLEAR_COMMAND, secondsApart } from "../transcript/transcript-builders.js";

type Json = Record<string, unknown>;
const T0 = Date.parse("2026-08-03T08:00:00.000Z");
const HOUR = 3_600_000;
const EARLIER = "eeeeeeee-0000-4000-8000-000000000001";
const BEFORE = "eeeeeeee-0000-4000-8000-000000000002";
const AFTER = "eeeeeeee-0000-4000-8000-000000000003";
const iso = (ms: number) => new Date(ms).toISOString();

describe("a /clear whose SessionEnd hook was killed, two hours after an unpaired SessionEnd(clear)", () => {
  let setting: ReportSetting;
  let report: SavingsReport;
  const clearAt = T0 + 2 * HOUR;

  beforeAll(async () => {
    setting = makeReportSetting("tm-hook-pair-gap-");
    const { fake, workspace } = setting;
    const session = (id: string, at: number, tokens: number, first: Json = user("hi")) =>
      fake.write(
        workspace,
        `${id}.jsonl`,
        jsonl(
          secondsApart(id, at, [first, assistant({ id: `${id}-m`, input: 5, cacheRead: tokens - 5, output: 10 })], workspace),
        ),
      );
    session(EARLIER, T0, 40_000);
    session(BEFORE, clearAt - 10 * 60_000, 70_000);
    session(AFTER, clearAt, 12_000, user(CLEAR_COMMAND));
    const measurements = emptyMeasurements();
    measurements.hooksSeen.push(
      // Two hours earlier: a /clear's end whose new session's start hook left no record.
      { at: iso(T0 + 30_000), event: "SessionEnd:clear", sessionId: EARLIER },
      // This /clear: its end hook was killed (no record), its start hook ran.
      { at: iso(clearAt + 500), event: "SessionStart:clear", sessionId: AFTER },
    );
    report = await setting.report(measurements);
  });
  afterAll(() => setting.cleanup());

  it("is not paired by the hooks with the old end; the transcripts pair it with the session it cleared", () => {
    const clear = report.restarts.find((r) => r.kind === "clear" && r.sessionId === AFTER);
    expect(clear?.previousSessionId).toBe(BEFORE);
    expect(clear?.pairedBy).not.toBe("hooks");
  });
});
