// The hooks keep the measurement index current (built bundles, as Claude Code runs them): a UserPromptSubmit or a
// SessionEnd that found the log far past its index has it written anew (by hook-core.cjs), and still prints and logs
// exactly what it did without an index.
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { logLines } from "../support/store-measurements.js";
import { assistant, jsonl, user } from "../transcript/transcript-builders.js";
import { runHookProcess } from "../reliability/hook-process.js";
import { measurementLogPaths } from "../../src/core/measure/measurement-log.js";
import { measurementIndexPath } from "../../src/core/measure/measurement-index.js";
import { measurementIndexCoverage } from "../../src/core/measure/measurement-index-write.js";

const CLAUDE_PID = 424_243;
const SESSION = "bbbbbbbb-2222-4333-8444-555555555555";
let repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos) r.cleanup();
  repos = [];
});

/**
 * A store with a project, and 1.2 MB of other sessions' events in the previous log file (as after long use: past
 * INDEX_MIN_LOG_BYTES, the current file below the rotation size).
 */
async function usedStore(): Promise<string> {
  const r = makeTempRepo({ prefix: "tm-index-upkeep-" });
  repos.push(r);
  const services = servicesFor(r.dir);
  await services.projectCreate({ title: "Refunds" });
  await services.summaryUpdate({ content: "## Decisions\n- Nothing yet." });
  const log = join(r.dir, ".threadmind", "measurements.1.jsonl");
  const lines: string[] = [];
  for (let i = 0; lines.length < 6_000; i++)
    lines.push(
      JSON.stringify({
        kind: "hookSeen",
        at: `2026-01-01T00:00:${String(i % 60).padStart(2, "0")}.000Z`,
        event: `SessionEnd:other ${"x".repeat(100)}`,
        sessionId: `other-${i}`,
      }),
    );
  writeFileSync(log, `${lines.join("\n")}\n`);
  return r.dir;
}

describe("measurement index upkeep by the hooks", () => {
  it("UserPromptSubmit with nothing to say has the index written, and logs nothing", async () => {
    const dir = await usedStore();
    const storeDir = join(dir, ".threadmind");
    const path = join(dir, "transcript.jsonl");
    writeFileSync(path, jsonl([user("hello"), assistant({ id: "m1", input: 1_000, output: 5 })]));
    const sizeBefore = statSync(join(storeDir, "measurements.jsonl")).size;
    // A first prompt records the baseline of the summary write above; the second has nothing to say.
    for (const _ of [1, 2])
      expect(
        await runHookProcess("user-prompt-submit", { cwd: dir, sessionId: SESSION, transcriptPath: path, claudePid: CLAUDE_PID }),
      ).toMatchObject({ code: 0, stdout: "" });
    const log = readFileSync(join(storeDir, "measurements.jsonl"), "utf8");
    expect(existsSync(measurementIndexPath(storeDir))).toBe(true);
    // Written before the first prompt's append (over the log as that prompt read it): the append is scanned.
    expect(measurementIndexCoverage(storeDir, measurementLogPaths(storeDir))).toEqual([
      statSync(join(storeDir, "measurements.1.jsonl")).size,
      sizeBefore,
    ]);
    const third = await runHookProcess("user-prompt-submit", {
      cwd: dir,
      sessionId: SESSION,
      transcriptPath: path,
      claudePid: CLAUDE_PID,
    });
    expect(third).toMatchObject({ code: 0, stdout: "" });
    expect(readFileSync(join(storeDir, "measurements.jsonl"), "utf8")).toBe(log);
  });

  it("SessionEnd measures as before and leaves the index current", async () => {
    const dir = await usedStore();
    const storeDir = join(dir, ".threadmind");
    const path = join(dir, "transcript.jsonl");
    writeFileSync(path, jsonl([user("hello"), assistant({ id: "m1", input: 4_321, output: 5 })]));
    const sizeBefore = statSync(join(storeDir, "measurements.jsonl")).size;
    const run = await runHookProcess("session-end", {
      cwd: dir,
      sessionId: SESSION,
      transcriptPath: path,
      claudePid: CLAUDE_PID,
    });
    expect(run.code).toBe(0);
    expect(
      logLines(dir)
        .filter((e) => e.kind === "sessionEnd")
        .map((e) => e.contextTokens),
    ).toEqual([4_321]);
    // Written before the hook's own append, over the log as the hook read it (a log put back to that state, as the
    // benchmark does before each run, keeps a valid index).
    expect(measurementIndexCoverage(storeDir, measurementLogPaths(storeDir))).toEqual([
      statSync(join(storeDir, "measurements.1.jsonl")).size,
      sizeBefore,
    ]);
  });
});
