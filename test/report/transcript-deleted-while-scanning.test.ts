// Guards issue #30 item 7: a transcript deleted while the report scans (Claude Code's own 30-day cleanup does this) is
// named in one notice and left out; the report of every other transcript is made (it exited 1 with a stack trace).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { buildSavingsReport } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements } from "../../src/core/measure/measurements.js";
import { reportDocument } from "../../src/cli/report-tables.js";
import { folderNameFor } from "../support/fake-claude-projects.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import { assistant, jsonl, user } from "../transcript/transcript-builders.js";

const KEPT = "aaaaaaaa-0000-4000-8000-000000000001";
const DELETED = "bbbbbbbb-0000-4000-8000-000000000002";
let setting: ReportSetting;

beforeEach(() => {
  setting = makeReportSetting("tm-deleted-mid-scan-");
  const { fake, workspace } = setting;
  for (const id of [KEPT, DELETED])
    fake.write(
      workspace,
      `${id}.jsonl`,
      jsonl(
        [user("hi"), assistant({ id: `${id}-r`, input: 5, cacheRead: 9_995, output: 10 })].map((r) => ({
          ...r,
          sessionId: id,
          cwd: workspace,
        })),
      ),
    );
});
afterEach(() => setting.cleanup());

it("a transcript deleted after it was located and before it was scanned is named as not scanned; the others are reported", async () => {
  const deleted = join(setting.fake.projectsDir, folderNameFor(setting.workspace), `${DELETED}.jsonl`);
  const folder = join(setting.fake.projectsDir, folderNameFor(setting.workspace));
  let removed: string | null = null;
  const report = await buildSavingsReport({
    workspaceRoot: setting.workspace,
    projectsDir: setting.fake.projectsDir,
    measurements: emptyMeasurements(),
    // The first file's scan begins: the cleanup removes the other one, which is located but not scanned yet.
    onProgress: (p) => {
      if (removed !== null || p.currentPath === null) return;
      removed = p.currentPath === deleted ? join(folder, `${KEPT}.jsonl`) : deleted;
      rmSync(removed);
    },
  });
  expect(removed).not.toBeNull();
  expect(report.sessions).toHaveLength(1);
  expect(report.unscanned.map((u) => u.path)).toEqual([removed]);
  const [gone] = report.unscanned;
  expect(gone!.reason).toContain("ENOENT");
  const section = reportDocument(report).sections.find((s) => s.title === "Transcripts that could not be scanned");
  expect(section?.lines.slice(1)).toEqual([`${gone!.path}: ${gone!.reason}`]);
});
