// Bug: doctor and `thread-mind-mcp stats` told the user to create a project with /thread-mind:init, which writes agent
// instructions (AGENTS.md, .threadmind/instructions.md) and creates no project: following the advice left the workspace
// without one, and doctor gave the same advice again. The command that creates a project is /thread-mind:project.
// tree, context and history printed the model's advice instead ("Only create one (project_create) if the user asks").
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import type { DoctorCheck } from "../../src/core/doctor/doctor-types.js";
import { reposPerTest } from "../support/temp-repo.js";
import { homesPerTest, REPO_ROOT, runCli } from "../support/run-cli.js";

const newRepo = reposPerTest();
const newHome = homesPerTest();

function setup() {
  const r = newRepo();
  const h = newHome();
  return { dir: r.dir, h };
}

const checksOf = (stdout: string) => (JSON.parse(stdout) as { checks: DoctorCheck[] }).checks;

it("the slash command named to create a project is the one that creates one", () => {
  const project = readFileSync(join(REPO_ROOT, "commands", "project.md"), "utf8");
  const init = readFileSync(join(REPO_ROOT, "commands", "init.md"), "utf8");
  expect(project).toContain("__project_create");
  expect(init).not.toContain("project_create");
});

it("doctor without .threadmind/ and with an empty one advises /thread-mind:project, never /thread-mind:init", () => {
  const { dir, h } = setup();
  const none = checksOf(runCli(["doctor", "--json"], { cwd: dir, home: h }).stdout).find((c) => c.id === "workspace");
  expect(none?.fix).toContain("/thread-mind:project");
  expect(none?.fix).not.toContain("/thread-mind:init");
  mkdirSync(join(dir, ".threadmind"));
  const empty = checksOf(runCli(["doctor", "--json"], { cwd: dir, home: h }).stdout).find((c) => c.id === "threads");
  expect(empty?.fix).toContain("/thread-mind:project");
  expect(empty?.fix).not.toContain("/thread-mind:init");
});

it("stats without a project advises /thread-mind:project, never /thread-mind:init", () => {
  const { dir, h } = setup();
  const run = runCli(["stats"], { cwd: dir, home: h });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain("/thread-mind:project");
  expect(run.stderr).not.toContain("/thread-mind:init");
});

it("tree, context and history without a project tell a person the slash command, not the model's tool", () => {
  const { dir, h } = setup();
  for (const command of ["tree", "context", "history"]) {
    const run = runCli([command], { cwd: dir, home: h });
    expect(run.code, command).toBe(1);
    expect(run.stderr, command).toBe(
      `thread-mind-mcp ${command}: no ThreadMind project in ${dir}. Create one with /thread-mind:project <title> in Claude Code.\n`,
    );
  }
});
