// `report --svg FILE` / `--html FILE` into a folder that does not exist (or onto a directory) crashed with Node's stack trace
// after the whole scan and the printed report; it now says which file cannot be written, before scanning, and exits 1.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/run-cli.js";

const workspace = realpathSync(mkdtempSync(join(tmpdir(), "tm-report-out-")));
const home = makeHome();
afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe("thread-mind-mcp report with a chart file it cannot write", () => {
  it.each([
    ["--svg", join(workspace, "no-such-folder", "chart.svg"), "folder does not exist"],
    ["--html", join(workspace, "no-such-folder", "report.html"), "folder does not exist"],
    ["--html", join(workspace, "a-folder"), "is a directory"],
  ])("%s %s: names the file and why, prints no report and no stack trace, exits 1", (flag, file, why) => {
    mkdirSync(join(workspace, "a-folder"), { recursive: true });
    const run = runCli(["report", flag, file], { cwd: workspace, home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`thread-mind-mcp report: cannot write ${file}`);
    expect(run.stderr).toContain(why);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe("");
  });
});
