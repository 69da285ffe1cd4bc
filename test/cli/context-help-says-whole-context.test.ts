// `thread-mind-mcp context --help` said it prints "the context the plugin would load", but it prints the whole context
// (23,000 characters here) while the plugin's SessionStart cuts it to 10,000: the help now says what it prints.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { makeHome, runCli } from "../support/run-cli.js";

let repo: TempRepo;
const home = makeHome();
const decisions = Array.from({ length: 600 }, (_, i) => `- decision number ${i} is recorded here`);

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "x\n" });
  const services = servicesFor(repo.dir);
  await services.projectCreate({ title: "Shop" });
  await services.summaryUpdate({ content: `## Decisions\n${decisions.join("\n")}` });
});
afterAll(() => {
  repo.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe("thread-mind-mcp context", () => {
  it("prints the whole context, longer than the 10,000 characters the plugin loads, and its help says so", () => {
    const run = runCli(["context"], { cwd: repo.dir, home });
    expect(run.code).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(10_000);
    expect(run.stdout).toContain(decisions[599]);
    const help = runCli(["context", "--help"], { cwd: repo.dir, home }).stdout;
    const listed = runCli(["--help"], { cwd: repo.dir, home }).stdout;
    for (const text of [help, listed]) expect(text).not.toContain("the context the plugin would load");
    expect(help).toContain("whole, unless bounded");
    expect(help).toContain("within 10,000 characters");
  });

  it("--max-chars 10000 bounds it as the help says", () => {
    const run = runCli(["context", "--max-chars", "10000"], { cwd: repo.dir, home });
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().length).toBeLessThanOrEqual(10_000);
  });
});
