// Guards the mark on sessions whose output counts come from Claude Code versions before 2.1.97 (which wrote partial
// output_tokens for many responses): in the report's JSON, Markdown and HTML, with one line saying why, and on the total.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { PARTIAL_OUTPUT_NOTE, recordsPartialOutput } from "../../src/core/savings/partial-output-versions.js";
import { reportDocument } from "../../src/cli/report-tables.js";
import { renderMarkdown } from "../../src/cli/report-markdown.js";
import { renderHtml } from "../../src/cli/report-html.js";
import { renderSvg, xmlEscape } from "../../src/cli/report-svg.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import { assistant, jsonl, user, secondsApart } from "../transcript/transcript-builders.js";

type Json = Record<string, unknown>;
const T0 = Date.parse("2026-10-01T08:00:00.000Z");
const id = (n: number) => `ffffffff-1111-4000-8000-${String(n).padStart(12, "0")}`;
const IDS = { older: id(1), newer: id(2), mixed: id(3) };

const ofVersion = (version: string, records: Json[]) => records.map((r) => ({ ...r, version }));

describe("which Claude Code versions recorded partial output_tokens", () => {
  it("says before 2.1.97, by number, and nothing for a text that is no version", () => {
    expect(["2.0.76", "2.1.39", "2.1.96", "1.0.98"].map(recordsPartialOutput)).toEqual([true, true, true, true]);
    expect(["2.1.97", "2.1.100", "2.1.119", "3.0.0"].map(recordsPartialOutput)).toEqual([false, false, false, false]);
    expect(recordsPartialOutput("next")).toBeNull();
  });
});

describe("sessions with partial output counts in the report", () => {
  let setting: ReportSetting;
  let report: SavingsReport;

  beforeAll(async () => {
    setting = makeReportSetting("tm-partial-out-");
    const { fake, workspace } = setting;
    const put = (sessionId: string, startMs: number, records: Json[]) =>
      fake.write(workspace, `${sessionId}.jsonl`, jsonl(secondsApart(sessionId, startMs, records, workspace)));
    put(IDS.older, T0, ofVersion("2.1.96", [user("hi"), assistant({ id: "o-1", input: 20_000, output: 1 })]));
    put(IDS.newer, T0 + 3_600_000, ofVersion("2.1.97", [user("hi"), assistant({ id: "n-1", input: 20_000, output: 400 })]));
    // Updated mid-session: one of its responses was written by 2.1.96.
    put(IDS.mixed, T0 + 7_200_000, [
      ...ofVersion("2.1.96", [user("hi"), assistant({ id: "m-1", input: 20_000, output: 2 })]),
      ...ofVersion("2.1.98", [user("more"), assistant({ id: "m-2", input: 21_000, output: 300 })]),
    ]);
    report = await setting.report();
  });

  afterAll(() => setting.cleanup());

  it("marks each session in the JSON, with the versions its counted responses came from", () => {
    const json = JSON.parse(JSON.stringify(report)) as SavingsReport;
    const marks = Object.fromEntries(
      json.sessions.map((s) => [s.sessionId, { partial: s.partialOutputCounts, versions: s.claudeCodeVersions }]),
    );
    expect(marks).toEqual({
      [IDS.older]: { partial: true, versions: ["2.1.96"] },
      [IDS.newer]: { partial: false, versions: ["2.1.97"] },
      [IDS.mixed]: { partial: true, versions: ["2.1.96", "2.1.98"] },
    });
    expect(json.outputTotals).toEqual({ outputTokens: 703, sessions: 3, partialSessions: 2 });
  });

  it("marks them in the Markdown and the HTML, says why in one line, and says the total includes them", () => {
    const doc = reportDocument(report);
    const md = renderMarkdown(doc);
    expect(md).toContain("| 1 (partial) |");
    expect(md).toContain("| 400 |");
    expect(md).toContain("| 302 (partial) |");
    expect(md).toContain(`Output "partial": ${PARTIAL_OUTPUT_NOTE}`);
    expect(md).toContain(
      'Output tokens: 703 in 3 sessions, 2 of them with partial output counts (marked "partial" under Sessions)',
    );
    const html = renderHtml(doc, renderSvg(report));
    expect(html).toContain(`<td class="num">1 (partial)</td>`);
    expect(html).toContain(xmlEscape(`Output "partial": ${PARTIAL_OUTPUT_NOTE}`));
  });
});
