// Guards the report's figures on real public transcripts (Claude Code 1.0.98 to 2.1.39): they must match an independent
// reading of the same files to the token.
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { readTranscriptIndependently, type IndependentReading } from "../support/independent-transcript-reading.js";
import { folderNameFor } from "../support/fake-claude-projects.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../../..");
const fixtures = process.env.THREADMIND_SHARED_FIXTURES ?? resolve(repoRoot, "../shared/fixtures/transcripts");
const present = existsSync(fixtures);

const PUBLIC_MAIN_SESSIONS = [
  "spotter/short.jsonl",
  "spotter/tool_heavy.jsonl",
  "spotter/subagent.jsonl",
  "spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
  "claude-code-viewer/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl",
  "claude-code-viewer/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
];
const SUBAGENTS = "spotter/4d5611e5-241a-462a-8d15-5122611a9569/subagents";

// Skipped with its reason, not silently: the fixtures live outside the repository.
sayWhySkipped(
  present ? null : `no shared transcript fixtures at ${fixtures} (set THREADMIND_SHARED_FIXTURES to a folder of them)`,
);

describe.skipIf(!present)("the savings report on real public transcripts", () => {
  let setting: ReportSetting;
  let report: SavingsReport;
  /** Independent readings of the placed copies, by session id (the copy's file name). */
  const expected = new Map<string, IndependentReading>();

  beforeAll(async () => {
    setting = makeReportSetting("tm-report-ws-");
    const { fake, workspace } = setting;
    for (const name of PUBLIC_MAIN_SESSIONS) {
      const placed = fake.place(join(fixtures, name), workspace);
      expected.set(
        placed
          .split("/")
          .pop()!
          .replace(/\.jsonl$/, ""),
        readTranscriptIndependently(placed),
      );
    }
    // The 2.1.x layout keeps subagent transcripts in <session>/subagents/: present, and never read as sessions.
    const sub = join(fake.projectsDir, folderNameFor(workspace), "4d5611e5-241a-462a-8d15-5122611a9569", "subagents");
    mkdirSync(sub, { recursive: true });
    cpSync(join(fixtures, SUBAGENTS), sub, { recursive: true });
    report = await setting.report();
  });

  afterAll(() => setting.cleanup());

  it("finds every main session (and no subagent file) in the workspace's folder", () => {
    expect(report.scannedFiles).toBe(PUBLIC_MAIN_SESSIONS.length);
    expect(report.folders).toEqual([folderNameFor(setting.workspace)]);
    expect(report.rejected).toEqual([]);
    expect(new Set(report.sessions.map((s) => s.sessionId))).toEqual(new Set(expected.keys()));
  });

  it("gives each session the first, peak and final context, API responses and output tokens of the independent reading", () => {
    for (const s of report.sessions) {
      const e = expected.get(s.sessionId)!;
      expect({
        id: s.sessionId,
        first: s.firstContextTokens,
        peak: s.peakContextTokens,
        final: s.finalContextTokens,
        responses: s.apiResponses,
        output: s.outputTokens,
      }).toEqual({
        id: s.sessionId,
        first: e.firstContext,
        peak: e.peakContext,
        final: e.finalContext,
        responses: e.apiResponses,
        output: e.outputTokensSum,
      });
      expect(s.compactionMarks).toHaveLength(e.compactions.length);
    }
  });

  it("reports every compaction as a restart with preTokens (else the size before) → the size after, to the token", () => {
    const independent = [...expected.entries()].flatMap(([id, e]) =>
      e.compactions.map((c) => ({
        sessionId: id,
        before: typeof c.preTokens === "number" ? c.preTokens : c.contextBefore,
        after: c.contextAfter ?? (typeof c.postTokens === "number" ? c.postTokens : null),
      })),
    );
    expect(independent).toEqual([{ sessionId: "4d5611e5-241a-462a-8d15-5122611a9569", before: 170251, after: 36081 }]);
    expect(report.restarts.map((r) => ({ sessionId: r.sessionId, before: r.before, after: r.after }))).toEqual(independent);
    expect(report.restarts[0]).toMatchObject({
      kind: "compaction",
      trigger: "auto",
      pairedBy: "boundary",
      confidence: "boundary",
      notAveraged: null,
      saving: 170251 - 36081,
      threadMind: null,
    });
  });

  it("finds no /clear in these files (none of them opens with the /clear command)", () => {
    expect(report.restarts.filter((r) => r.kind === "clear")).toEqual([]);
    expect(report.sessions.every((s) => !s.startedByClear)).toBe(true);
  });

  it("puts every session and restart on the side without ThreadMind, with averages of the independent figures", () => {
    const finals = [...expected.values()].map((e) => e.finalContext).filter((v): v is number => v !== null);
    const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(report.sessionComparison.map((c) => c.agent)).toEqual(["claude-code"]);
    const [sessions] = report.sessionComparison;
    expect(sessions!.withThreadMind.sessions).toBe(0);
    expect(sessions!.withoutThreadMind.sessions).toBe(PUBLIC_MAIN_SESSIONS.length);
    expect(sessions!.withoutThreadMind.averageFinal).toBeCloseTo(average(finals), 9);
    expect(report.byKind.map((k) => k.kind)).toEqual(["auto-compaction"]);
    expect(report.byKind[0]!.withoutThreadMind).toMatchObject({
      restarts: 1,
      measured: 1,
      averageBefore: 170251,
      averageAfter: 36081,
    });
    expect(report.byKind[0]!.withThreadMind).toMatchObject({ restarts: 0, measured: 0, averageBefore: null });
  });

  it("counts the other hooks' injections but recognises none as ThreadMind's", () => {
    for (const s of report.sessions) {
      expect(s.otherInjections).toBe(expected.get(s.sessionId)!.hookContextCount);
      expect(s.threadMindInjections).toBe(0);
    }
    expect(report.receipts.seenInTranscripts).toBe(0);
  });

  it("keeps the chart's series to the recorded sizes (the last point is the final size)", () => {
    for (const s of report.sessions) {
      const e = expected.get(s.sessionId)!;
      if (e.finalContext === null) {
        expect(s.points).toEqual([]);
        continue;
      }
      expect(s.points.at(-1)!.tokens).toBe(e.finalContext);
      expect(s.points.at(-1)!.index).toBe(e.apiResponses - 1);
      expect(Math.max(...s.points.map((p) => p.tokens))).toBeLessThanOrEqual(e.peakContext!);
    }
  });
});
