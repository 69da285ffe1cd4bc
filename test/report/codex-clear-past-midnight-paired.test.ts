// Guards a Codex /clear just past midnight: Codex files a rollout under the day its session started
// ($CODEX_HOME/sessions/YYYY/MM/DD), so the session a /clear ended can sit in the day before's folder. The report pairs
// it among the workspace's rollouts (it found no ended session when it paired within a folder, as for Claude Code).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSavingsReport } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements } from "../../src/core/measure/measurements.js";
import { jsonl, tempDirPerTest } from "../transcript/transcript-builders.js";
import { TokenCounter, hookContext, sessionMeta, turnContext, userMessage } from "../transcript/rollout-builders.js";

const dir = tempDirPerTest();
const header = (when: string) =>
  `ThreadMind memory, loaded ${when}: the context of thread "Shop" (main). Keep it current with summary_update.`;

/** Rollout lines one second apart from `startIso` (the builders' own clock replaced). */
function rolloutAt(startIso: string, lines: Record<string, unknown>[]): string {
  const start = Date.parse(startIso);
  return jsonl(lines.map((l, i) => ({ ...l, timestamp: new Date(start + i * 1000).toISOString() })));
}

describe("a Codex /clear just past midnight", () => {
  it("is paired with the session it ended, whose rollout is in the day before's folder", async () => {
    const workspace = join(dir.path, "repo");
    const sessions = join(dir.path, "codex-home", "sessions");
    await mkdir(workspace, { recursive: true });
    await mkdir(join(sessions, "2026", "11", "20"), { recursive: true });
    await mkdir(join(sessions, "2026", "11", "21"), { recursive: true });
    await writeFile(
      join(sessions, "2026", "11", "20", "rollout-2026-11-20T23-50-00-late.jsonl"),
      rolloutAt("2026-11-20T23:50:00.000Z", [
        sessionMeta("late", workspace),
        turnContext(),
        userMessage("hi"),
        new TokenCounter().response({ input: 70_000, cached: 60_000, output: 10 }),
      ]),
    );
    await writeFile(
      join(sessions, "2026", "11", "21", "rollout-2026-11-21T00-00-30-next.jsonl"),
      rolloutAt("2026-11-21T00:00:30.000Z", [
        sessionMeta("next", workspace),
        turnContext(),
        hookContext(header("after /clear")),
        userMessage("go on"),
        new TokenCounter().response({ input: 12_000, cached: 0, output: 10 }),
      ]),
    );
    const report = await buildSavingsReport({
      workspaceRoot: workspace,
      projectsDir: join(dir.path, "claude", "projects"),
      measurements: emptyMeasurements(),
      env: { CODEX_HOME: join(dir.path, "codex-home") },
    });
    expect(report.restarts.map((r) => [r.agent, r.kind, r.previousSessionId, r.before, r.after, r.notAveraged])).toEqual([
      ["codex", "clear", "late", 70_000, 12_000, null],
    ]);
  });
});
