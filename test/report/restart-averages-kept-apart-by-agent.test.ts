// Guards #28's "kinds and averages kept apart by agent": one workspace used from Claude Code and from Codex, a /clear
// with ThreadMind's context in each; the report (its JSON and its text) averages each agent's /clear on its own, never
// the two together (that average, 80,000 → 15,000, is neither agent's).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSavingsReport, type SavingsReport } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements } from "../../src/core/measure/measurements.js";
import { reportDocument } from "../../src/cli/report-tables.js";
import { renderMarkdown } from "../../src/cli/report-markdown.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import { CLEAR_COMMAND, assistant, hookInjection, jsonl, secondsApart, user } from "../transcript/transcript-builders.js";
import { TokenCounter, hookContext, sessionMeta, turnContext, userMessage } from "../transcript/rollout-builders.js";

const T0 = Date.parse("2026-11-20T09:00:00.000Z");
const CC_OLD = "cccccccc-0000-4000-8000-000000000001";
const CC_NEW = "cccccccc-0000-4000-8000-000000000002";
const header = (when: string) =>
  `ThreadMind memory, loaded ${when}: the context of thread "Shop" (main). Keep it current with summary_update.\n\n## Thread: Shop`;

/** Rollout lines one second apart from `startMs` (the builders' own clock replaced). */
function rolloutAt(startMs: number, lines: Record<string, unknown>[]): string {
  return jsonl(lines.map((l, i) => ({ ...l, timestamp: new Date(startMs + i * 1000).toISOString() })));
}

describe("restart averages of a workspace used from Claude Code and Codex", () => {
  let setting: ReportSetting;
  let report: SavingsReport;

  beforeAll(async () => {
    setting = makeReportSetting("tm-two-agents-");
    const { fake, workspace } = setting;
    // Claude Code: 100,000 tokens, /clear, 20,000 with ThreadMind's context.
    fake.write(
      workspace,
      `${CC_OLD}.jsonl`,
      jsonl(secondsApart(CC_OLD, T0, [user("hi"), assistant({ id: "o-1", input: 5, cacheRead: 99_995, output: 10 })], workspace)),
    );
    fake.write(
      workspace,
      `${CC_NEW}.jsonl`,
      jsonl(
        secondsApart(
          CC_NEW,
          T0 + 60_000,
          [
            user(CLEAR_COMMAND),
            ...hookInjection(header("after /clear"), "clear"),
            user("next"),
            assistant({ id: "n-1", input: 5, cacheRead: 19_995, output: 10 }),
          ],
          workspace,
        ),
      ),
    );
    // Codex: 60,000 tokens, /clear (the new session opens with ThreadMind's "after /clear" context), 10,000.
    const day = join(setting.workspace, ".codex-home", "sessions", "2026", "11", "20");
    mkdirSync(day, { recursive: true });
    writeFileSync(
      join(day, "rollout-2026-11-20T10-00-00-cx-old.jsonl"),
      rolloutAt(T0 + 3_600_000, [
        sessionMeta("cx-old", workspace),
        turnContext(),
        hookContext(header("at session start")),
        userMessage("hi"),
        new TokenCounter().response({ input: 60_000, cached: 50_000, output: 10 }),
      ]),
    );
    writeFileSync(
      join(day, "rollout-2026-11-20T10-02-00-cx-new.jsonl"),
      rolloutAt(T0 + 3_600_000 + 120_000, [
        sessionMeta("cx-new", workspace),
        turnContext(),
        hookContext(header("after /clear")),
        userMessage("next"),
        new TokenCounter().response({ input: 10_000, cached: 0, output: 10 }),
      ]),
    );
    report = await buildSavingsReport({
      workspaceRoot: workspace,
      projectsDir: fake.projectsDir,
      measurements: emptyMeasurements(),
      env: { CODEX_HOME: join(setting.workspace, ".codex-home") },
    });
  });
  afterAll(() => setting.cleanup());

  it("pairs each agent's /clear within its own sessions, each restart labelled with its agent", () => {
    expect(report.restarts.map((r) => [r.agent, r.kind, r.previousSessionId, r.before, r.after])).toEqual([
      ["claude-code", "clear", CC_OLD, 100_000, 20_000],
      ["codex", "clear", "cx-old", 60_000, 10_000],
    ]);
  });

  it("averages each agent's /clear on its own in the JSON's byKind, never the two together", () => {
    const rows = report.byKind.map((k) => [
      k.agent,
      k.kind,
      k.withThreadMind.measured,
      k.withThreadMind.averageBefore,
      k.withThreadMind.averageAfter,
      k.withThreadMind.averageSaving,
    ]);
    expect(rows).toEqual([
      ["claude-code", "clear", 1, 100_000, 20_000, 80_000],
      ["codex", "clear", 1, 60_000, 10_000, 50_000],
    ]);
    const json = JSON.parse(JSON.stringify(report)) as { byKind: { agent: string }[] };
    expect(json.byKind.map((k) => k.agent)).toEqual(["claude-code", "codex"]);
  });

  it("names each row's agent in the text report", () => {
    const text = renderMarkdown(reportDocument(report));
    expect(text).toContain("| Claude Code: /clear, with ThreadMind context | 1 | 1 | 100,000 | 20,000 | 80,000 (−80.0%) |");
    expect(text).toContain("| Codex: /clear, with ThreadMind context | 1 | 1 | 60,000 | 10,000 | 50,000 (−83.3%) |");
    expect(text).toContain("Restarts of different agents are never averaged together");
    expect(text).not.toContain("80,000 | 15,000");
  });
});
