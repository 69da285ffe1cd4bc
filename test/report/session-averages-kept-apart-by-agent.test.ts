// Guards #28's "averages kept apart by agent" for sessions: one workspace used from Claude Code and from Codex, sessions
// with and without ThreadMind's context in each; the report (its JSON and its text) averages each agent's first, peak
// and final request sizes on their own, never the two agents together.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSavingsReport, type SavingsReport, type SessionGroup } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements } from "../../src/core/measure/measurements.js";
import { reportDocument } from "../../src/cli/report-tables.js";
import { renderMarkdown } from "../../src/cli/report-markdown.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import { assistant, hookInjection, jsonl, secondsApart, user } from "../transcript/transcript-builders.js";
import { TokenCounter, hookContext, sessionMeta, turnContext, userMessage } from "../transcript/rollout-builders.js";

const T0 = Date.parse("2026-11-20T09:00:00.000Z");
const HOUR = 3_600_000;
const header = `ThreadMind memory, loaded at session start: the context of thread "Shop" (main). Keep it current with summary_update.\n\n## Thread: Shop`;

/** Rollout lines one second apart from `startMs` (the builders' own clock replaced). */
function rolloutAt(startMs: number, lines: Record<string, unknown>[]): string {
  return jsonl(lines.map((l, i) => ({ ...l, timestamp: new Date(startMs + i * 1000).toISOString() })));
}

/** A Codex session whose requests had these sizes, ThreadMind's context first when `withContext`. */
function codexSession(id: string, startMs: number, cwd: string, sizes: number[], withContext: boolean): string {
  const counter = new TokenCounter();
  return rolloutAt(startMs, [
    sessionMeta(id, cwd),
    turnContext(),
    ...(withContext ? [hookContext(header)] : []),
    ...sizes.flatMap((input) => [userMessage("go"), counter.response({ input, cached: 0, output: 10 })]),
  ]);
}

describe("session averages of a workspace used from Claude Code and Codex", () => {
  let setting: ReportSetting;
  let report: SavingsReport;

  beforeAll(async () => {
    setting = makeReportSetting("tm-two-agents-sessions-");
    const { fake, workspace } = setting;
    const ccSession = (id: string, startMs: number, sizes: number[], withContext: boolean) =>
      fake.write(
        workspace,
        `${id}.jsonl`,
        jsonl(
          secondsApart(
            id,
            startMs,
            [
              ...(withContext ? hookInjection(header, "startup") : []),
              ...sizes.flatMap((cacheRead, i) => [
                user(`prompt ${i}`),
                assistant({ id: `${id}-${i}`, input: 0, cacheRead, output: 10 }),
              ]),
            ],
            workspace,
          ),
        ),
      );
    // Claude Code: with ThreadMind 20,000 → 100,000; without 30,000 → 50,000 (peak 70,000).
    ccSession("cccccccc-0000-4000-8000-000000000001", T0, [20_000, 100_000], true);
    ccSession("cccccccc-0000-4000-8000-000000000002", T0 + HOUR, [30_000, 70_000, 50_000], false);
    // Codex: with ThreadMind 10,000 → 40,000; without 12,000 → 16,000.
    const day = join(workspace, ".codex-home", "sessions", "2026", "11", "20");
    mkdirSync(day, { recursive: true });
    writeFileSync(
      join(day, "rollout-2026-11-20T11-00-00-cx-with.jsonl"),
      codexSession("cx-with", T0 + 2 * HOUR, workspace, [10_000, 40_000], true),
    );
    writeFileSync(
      join(day, "rollout-2026-11-20T12-00-00-cx-without.jsonl"),
      codexSession("cx-without", T0 + 3 * HOUR, workspace, [12_000, 16_000], false),
    );
    report = await buildSavingsReport({
      workspaceRoot: workspace,
      projectsDir: fake.projectsDir,
      measurements: emptyMeasurements(),
      env: { CODEX_HOME: join(workspace, ".codex-home") },
    });
  });
  afterAll(() => setting.cleanup());

  it("finds each agent's sessions, with and without ThreadMind context", () => {
    expect(report.sessions.map((s) => [s.agent, s.withThreadMind, s.firstContextTokens, s.finalContextTokens])).toEqual([
      ["claude-code", true, 20_000, 100_000],
      ["claude-code", false, 30_000, 50_000],
      ["codex", true, 10_000, 40_000],
      ["codex", false, 12_000, 16_000],
    ]);
  });

  it("averages each agent's sessions on their own in the JSON, never the two together", () => {
    const json = JSON.parse(JSON.stringify(report)) as Pick<SavingsReport, "sessionComparison">;
    const figures = (g: SessionGroup) => [g.sessions, g.averageFirst, g.averagePeak, g.averageFinal];
    const groups = json.sessionComparison.flatMap((c) => [
      [c.agent, "with", ...figures(c.withThreadMind)],
      [c.agent, "without", ...figures(c.withoutThreadMind)],
    ]);
    expect(groups).toEqual([
      ["claude-code", "with", 1, 20_000, 100_000, 100_000],
      ["claude-code", "without", 1, 30_000, 70_000, 50_000],
      ["codex", "with", 1, 10_000, 40_000, 40_000],
      ["codex", "without", 1, 12_000, 16_000, 16_000],
    ]);
  });

  it("names each row's agent in the text report", () => {
    const text = renderMarkdown(reportDocument(report));
    expect(text).toContain("| Claude Code: With ThreadMind context | 1 | 20,000 | 100,000 | 100,000 |");
    expect(text).toContain("| Claude Code: Without | 1 | 30,000 | 70,000 | 50,000 |");
    expect(text).toContain("| Codex: With ThreadMind context | 1 | 10,000 | 40,000 | 40,000 |");
    expect(text).toContain("| Codex: Without | 1 | 12,000 | 16,000 | 16,000 |");
    expect(text).toContain("Sessions of different agents are never averaged together");
    // The two agents' sessions with ThreadMind averaged together (15,000 first, 70,000 final) appear nowhere.
    expect(text).not.toContain("| 2 | 15,000 |");
  });
});
