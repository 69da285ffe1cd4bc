// Guards issue #28: a Codex rollout records no trigger with a compaction, so the report said "compaction (trigger not
// recorded)" for every one. The report now takes manual / auto from ThreadMind's PreCompact record of the same session
// (measurements.jsonl, written by the hook whose Codex input carries the trigger), written before that compaction and
// after the previous one; a compaction without such a record stays unlabelled.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/cli/report-markdown.js";
import { reportDocument } from "../../src/cli/report-tables.js";
import { appendMeasurementEvents, type MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import { readMeasurementLog } from "../../src/core/measure/measurement-log-read.js";
import { restartKindKey, buildSavingsReport } from "../../src/core/savings/savings-report.js";
import { restartKindFigures } from "../../src/core/savings/stats-restarts.js";
import { jsonl, tempDirPerTest } from "../transcript/transcript-builders.js";
import { TokenCounter, compacted, sessionMeta, turnContext, userMessage } from "../transcript/rollout-builders.js";

const dir = tempDirPerTest();
const START = Date.parse("2026-11-20T10:00:00.000Z");
/** The time of the rollout's line `index` (lines are one second apart) shifted by `ms`. */
const at = (index: number, ms = 0) => new Date(START + index * 1000 + ms).toISOString();

describe("a Codex compaction in the report", () => {
  it("is labelled manual or auto from the PreCompact record of its session, and stays unlabelled without one", async () => {
    const workspace = join(dir.path, "repo");
    const day = join(dir.path, "codex-home", "sessions", "2026", "11", "20");
    const store = join(workspace, ".threadmind");
    await mkdir(day, { recursive: true });
    await mkdir(store, { recursive: true });
    const rollout = join(day, "rollout-2026-11-20T10-00-00-cmp.jsonl");
    const counter = new TokenCounter();
    const lines = [
      sessionMeta("cmp", workspace),
      turnContext(),
      userMessage("start"),
      counter.response({ input: 50_000, cached: 0, output: 10 }),
      compacted(), // line 4: /compact
      counter.estimate(),
      counter.response({ input: 2_500, cached: 0, output: 10 }),
      counter.response({ input: 40_000, cached: 2_000, output: 10 }),
      compacted(), // line 8: auto
      counter.response({ input: 3_000, cached: 0, output: 10 }),
      counter.response({ input: 30_000, cached: 3_000, output: 10 }),
      compacted(), // line 11: no record of its own
      counter.response({ input: 2_800, cached: 0, output: 10 }),
    ];
    await writeFile(rollout, jsonl(lines.map((l, i) => ({ ...l, timestamp: at(i) }))));
    const preCompact = (sessionId: string, when: string, reason: string, transcriptPath = rollout): MeasurementEvent => ({
      kind: "preCompact",
      at: when,
      sessionId,
      contextTokens: 50_000,
      reason,
      transcriptPath,
    });
    const claudeTranscript = join(dir.path, "claude", "projects", "-repo", "cmp.jsonl");
    appendMeasurementEvents(store, [
      preCompact("cmp", at(4, -900), "manual"),
      // A PreCompact whose compaction never came (it failed), before the one that did: the latest before it counts.
      preCompact("cmp", at(8, -1500), "manual"),
      preCompact("cmp", at(8, -400), "auto"),
      // None of these is the third compaction's: another session's, the same id from Claude Code, one written after it.
      preCompact("other", at(11, -300), "manual"),
      preCompact("cmp", at(11, -200), "manual", claudeTranscript),
      preCompact("cmp", at(11, 200), "auto"),
    ]);
    const measurements = readMeasurementLog(store).measurements;

    const report = await buildSavingsReport({
      workspaceRoot: workspace,
      projectsDir: join(dir.path, "claude", "projects"),
      measurements,
      env: { CODEX_HOME: join(dir.path, "codex-home") },
    });
    const compactions = report.restarts.filter((r) => r.kind === "compaction");
    expect(compactions.map((r) => [r.agent, r.trigger, restartKindKey(r), r.evidence.boundary?.preCompactRecordAt])).toEqual([
      ["codex", "manual", "manual-compaction", at(4, -900)],
      ["codex", "auto", "auto-compaction", at(8, -400)],
      ["codex", null, "other-compaction", null],
    ]);
    expect(compactions.map((r) => [r.before, r.after])).toEqual([
      [50_000, 2_500],
      [40_000, 3_000],
      [30_000, 2_800],
    ]);
    const markdown = renderMarkdown(reportDocument(report));
    expect(markdown).toContain("compaction (manual)");
    expect(markdown).toContain("compaction (auto)");

    // stats reads the same records: each Codex PreCompact is labelled by its own trigger.
    const kinds = restartKindFigures([], measurements.preCompacts, []).map((k) => [k.agent, k.label, k.restarts]);
    expect(kinds).toEqual([
      ["claude-code", "manual compaction", 1],
      ["codex", "manual compaction", 3],
      ["codex", "auto compaction", 2],
    ]);
  });

  it("is not labelled from a record written over half an hour before it (the summarising request takes minutes, not hours)", async () => {
    const workspace = join(dir.path, "repo");
    const day = join(dir.path, "codex-home", "sessions", "2026", "11", "20");
    const store = join(workspace, ".threadmind");
    await mkdir(day, { recursive: true });
    await mkdir(store, { recursive: true });
    const rollout = join(day, "rollout-2026-11-20T10-00-00-late.jsonl");
    const counter = new TokenCounter();
    const lines = [
      sessionMeta("late", workspace),
      counter.response({ input: 50_000, cached: 0, output: 10 }),
      compacted(),
      counter.response({ input: 2_500, cached: 0, output: 10 }),
    ];
    await writeFile(rollout, jsonl(lines.map((l, i) => ({ ...l, timestamp: at(i) }))));
    appendMeasurementEvents(store, [
      {
        kind: "preCompact",
        at: at(2, -31 * 60_000),
        sessionId: "late",
        contextTokens: 1,
        reason: "manual",
        transcriptPath: rollout,
      },
    ]);
    const report = await buildSavingsReport({
      workspaceRoot: workspace,
      projectsDir: join(dir.path, "claude", "projects"),
      measurements: readMeasurementLog(store).measurements,
      env: { CODEX_HOME: join(dir.path, "codex-home") },
    });
    expect(report.restarts.map((r) => [r.kind, r.trigger])).toEqual([["compaction", null]]);
  });
});
