// A report test's setting: a fake Claude Code configuration, a real temp workspace, and the savings report over them.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSavingsReport, type SavingsReport } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements, type Measurements } from "../../src/core/measure/measurements.js";
import { makeFakeClaudeConfig, type FakeClaudeConfig } from "./fake-claude-projects.js";

export interface ReportSetting {
  fake: FakeClaudeConfig;
  /** The workspace (its real path) whose transcripts the fake configuration holds. */
  workspace: string;
  /** The savings report of the workspace's transcripts, with these hook records (none by default). */
  report: (measurements?: Measurements) => Promise<SavingsReport>;
  cleanup: () => void;
}

/** A fresh setting; the workspace's temp folder name starts with `prefix`. */
export function makeReportSetting(prefix: string): ReportSetting {
  const fake = makeFakeClaudeConfig();
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  return {
    fake,
    workspace,
    report: (measurements = emptyMeasurements()) =>
      buildSavingsReport({ workspaceRoot: workspace, projectsDir: fake.projectsDir, measurements }),
    cleanup: () => {
      fake.cleanup();
      rmSync(workspace, { recursive: true, force: true });
    },
  };
}
