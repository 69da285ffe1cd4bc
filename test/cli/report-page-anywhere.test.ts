// `report --page`, what /thread-mind:report runs: the HTML page goes to the workspace's .threadmind/cache/report.html
// from any folder of the repository (with --html .threadmind/cache/report.html, Claude Code started in a subfolder got
// "cannot write …/src/.threadmind/cache/report.html: its folder does not exist. Nothing was scanned."), and, before a
// project exists, to the system temp folder (the report also measures the sessions from before ThreadMind).
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { reposPerTest } from "../support/temp-repo.js";
import { homesPerTest, runCli } from "../support/run-cli.js";

const repo = reposPerTest();
const home = homesPerTest();

describe("thread-mind-mcp report --page", () => {
  it("writes the page to the workspace's .threadmind/cache from a subfolder, making cache/ when missing, and says where", async () => {
    const r = repo();
    r.commit("init", { "src/app.ts": "export {};\n" });
    await servicesFor(r.dir).projectCreate({ title: "Shop" });
    rmSync(join(r.dir, ".threadmind", "cache"), { recursive: true, force: true }); // a fresh clone: cache/ is gitignored
    const page = join(r.dir, ".threadmind", "cache", "report.html");
    const run = runCli(["report", "--page"], { cwd: join(r.dir, "src"), home: home() });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("# ThreadMind savings report");
    expect(run.stderr).toContain(`Report written to ${page}`);
    expect(existsSync(page)).toBe(true);
    expect(existsSync(join(r.dir, "src", ".threadmind"))).toBe(false);
  });

  it("before any project writes it to the system temp folder, and makes no .threadmind", () => {
    const r = repo();
    r.commit("init", { "README.md": "x\n" });
    const tmp = home();
    const run = runCli(["report", "--page"], { cwd: r.dir, home: home(), env: { TMPDIR: tmp } });
    expect(run.code, run.stderr).toBe(0);
    const page = join(tmp, `thread-mind-report-${basename(r.dir)}.html`);
    expect(run.stderr).toContain(`Report written to ${page}`);
    expect(existsSync(page)).toBe(true);
    expect(existsSync(join(r.dir, ".threadmind"))).toBe(false);
  });

  it("refuses --page with --html FILE (exit 2)", () => {
    const r = repo();
    mkdirSync(join(r.dir, "out"));
    const run = runCli(["report", "--page", "--html", "out/r.html"], { cwd: r.dir, home: home() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("give --html FILE or --page, not both");
  });
});
