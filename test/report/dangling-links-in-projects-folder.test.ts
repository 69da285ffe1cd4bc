// Guards the report against a link to nothing in Claude Code's projects folder: it is named as not read, the report still made.
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { folderNameFor } from "../support/fake-claude-projects.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import { assistant, jsonl, user } from "../transcript/transcript-builders.js";

const SESSION = "cccccccc-0000-4000-8000-000000000001";

describe("links to nothing in the projects folder", () => {
  let setting: ReportSetting;
  let folder: string;

  beforeEach(() => {
    setting = makeReportSetting("tm-dangling-");
    const { fake, workspace } = setting;
    fake.write(
      workspace,
      `${SESSION}.jsonl`,
      jsonl(
        [user("hi"), assistant({ id: "d-1", input: 5, cacheRead: 9_995, output: 10 })].map((r) => ({
          ...r,
          sessionId: SESSION,
          cwd: workspace,
        })),
      ),
    );
    folder = join(fake.projectsDir, folderNameFor(workspace));
  });
  afterEach(() => setting.cleanup());

  it("a transcript that is a link to nothing is listed as not read; the other sessions are measured (the report failed on it)", async () => {
    const dangling = join(folder, "dddddddd-0000-4000-8000-000000000002.jsonl");
    symlinkSync(join(setting.workspace, "gone.jsonl"), dangling);
    const report = await setting.report();
    expect(report.sessions.map((s) => s.sessionId)).toEqual([SESSION]);
    expect(report.rejected.map((r) => r.path)).toEqual([dangling]);
    expect(report.rejected[0]!.reason).toContain("link to nothing");
  });

  it("a subdirectory's folder that is a link to nothing is listed as not read (the report failed on it)", async () => {
    const sub = join(setting.workspace, "web");
    mkdirSync(sub);
    const linked = join(setting.fake.projectsDir, folderNameFor(sub));
    symlinkSync(join(setting.workspace, "moved-away"), linked);
    const report = await setting.report();
    expect(report.sessions.map((s) => s.sessionId)).toEqual([SESSION]);
    expect(report.rejected.map((r) => r.path)).toEqual([linked]);
  });
});
