// The report scanned on worker threads (several files at once) is the report scanned by one thread, byte for byte.
import { mkdtempSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeFakeClaudeConfig } from "../support/fake-claude-projects.js";
import { homesPerTest, reportThreadCount, runCli } from "../support/run-cli.js";
import { fixtureTranscripts } from "../transcript/fixture-transcripts.js";
import { WORKERS_FROM_BYTES } from "../../src/core/savings/scan-worker-start.js";

const fake = makeFakeClaudeConfig();
const workspace = realpathSync(mkdtempSync(join(tmpdir(), "tm-report-workers-")));
afterAll(() => {
  fake.cleanup();
  rmSync(workspace, { recursive: true, force: true });
});

describe("the report's scan on worker threads", () => {
  // Each test's HOME is removed after it (makeHome alone left a tm-cli-home-* folder per run).
  const makeHome = homesPerTest();
  it("gives exactly the sequential scan's JSON, with 2 and with 3 lanes", () => {
    // Every fixture transcript that is a main session, placed as several sessions of this workspace.
    const mains = fixtureTranscripts().filter((f) => !f.path.includes("/subagents/"));
    for (const [i, f] of mains.entries())
      fake.place(f.path, workspace, { sessionId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` });
    expect(mains.length).toBeGreaterThan(2);
    const home = makeHome();
    const run = (workers: string) =>
      runCli(["report", "--json"], {
        cwd: workspace,
        home,
        env: { CLAUDE_CONFIG_DIR: fake.configDir, THREADMIND_SCAN_WORKERS: workers },
      });
    const sequential = run("0");
    expect(sequential.code).toBe(0);
    const report = JSON.parse(sequential.stdout) as { scannedFiles: number };
    expect(report.scannedFiles).toBe(mains.length);
    for (const lanes of ["2", "3"]) {
      const parallel = run(lanes);
      expect(parallel.code).toBe(0);
      expect(parallel.stdout).toBe(sequential.stdout);
    }
  });

  it("runs its lanes on threads of the bundled scan-worker.cjs (one CPU profile per thread)", () => {
    // The main thread and two workers (this thread is one of the three lanes).
    expect(reportThreadCount(workspace, { CLAUDE_CONFIG_DIR: fake.configDir, THREADMIND_SCAN_WORKERS: "3" })).toBe(3);
  });

  it("gives the sequential scan's JSON by default past WORKERS_FROM_BYTES, whichever lanes the probe keeps", () => {
    // Past the bytes from which the default starts a second lane at once and lets the probe stop it or keep it.
    const many = realpathSync(mkdtempSync(join(tmpdir(), "tm-report-workers-big-")));
    try {
      const mains = fixtureTranscripts().filter((f) => !f.path.includes("/subagents/"));
      let bytes = 0;
      for (let i = 0; bytes < WORKERS_FROM_BYTES + 2 * 1024 * 1024; i++) {
        const f = mains[i % mains.length]!;
        bytes += statSync(fake.place(f.path, many, { sessionId: `00000000-0000-4000-9000-${String(i).padStart(12, "0")}` })).size;
      }
      const home = makeHome();
      const run = (workers: string | null) =>
        runCli(["report", "--json"], {
          cwd: many,
          home,
          env: { CLAUDE_CONFIG_DIR: fake.configDir, ...(workers === null ? {} : { THREADMIND_SCAN_WORKERS: workers }) },
        });
      const sequential = run("0");
      expect(sequential.code).toBe(0);
      for (let round = 0; round < 2; round++) {
        const byDefault = run(null);
        expect(byDefault.code).toBe(0);
        expect(byDefault.stdout).toBe(sequential.stdout);
      }
    } finally {
      rmSync(many, { recursive: true, force: true });
    }
  });
});
