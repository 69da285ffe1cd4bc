// In a fresh clone of a repository with two projects (config.json is per machine, so none is chosen), every terminal
// command failed with the model's advice "Use project_switch to select one": a tool a person at a terminal cannot call.
// They now name the projects and the slash command that chooses one, which the CLI then follows.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { makeHome, runCli } from "../support/run-cli.js";

let repo: TempRepo;
const home = makeHome();

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "x\n" });
  const services = servicesFor(repo.dir);
  await services.projectCreate({ title: "Alpha" });
  await services.projectCreate({ title: "Beta" });
  rmSync(join(repo.dir, ".threadmind", "config.json")); // a fresh clone: the choice is not committed
});
afterAll(() => {
  repo.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe("terminal commands with several projects and none chosen", () => {
  it.each(["tree", "context", "stats", "history"])("%s names the projects and /thread-mind:project switch, exit 1", (name) => {
    const run = runCli([name], { cwd: repo.dir, home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("(alpha, beta)");
    expect(run.stderr).toContain("/thread-mind:project switch <id>");
    expect(run.stderr).not.toContain("project_switch");
  });

  it("the slash command's choice is what the CLI follows", async () => {
    await servicesFor(repo.dir).projectSwitch("beta");
    const run = runCli(["tree"], { cwd: repo.dir, home });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Project: Beta");
  });
});
