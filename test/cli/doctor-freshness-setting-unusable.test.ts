// A project's "freshness": { "nudgeTokens": "0" } (a string, meant to turn the reminders off) was ignored without a word:
// the hooks applied the default 30,000 and kept reminding, and the reason ThreadMind computed was shown nowhere. doctor
// now warns, naming the file and the fix; a usable setting adds no check.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DoctorCheck } from "../../src/core/doctor/doctor-types.js";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { makeHome, runCli } from "../support/run-cli.js";

let repo: TempRepo;
const home = makeHome();
const projectFile = () => join(repo.dir, ".threadmind", "projects", "shop.json");

function setFreshness(value: unknown): void {
  const project = JSON.parse(readFileSync(projectFile(), "utf8")) as Record<string, unknown>;
  project.freshness = { nudgeTokens: value };
  writeFileSync(projectFile(), JSON.stringify(project, null, 2));
}

function doctorChecks(): Map<string, DoctorCheck> {
  const run = runCli(["doctor", "--json"], { cwd: repo.dir, home });
  const parsed = JSON.parse(run.stdout) as { checks: DoctorCheck[] };
  return new Map(parsed.checks.map((c) => [c.id, c]));
}

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "x\n" });
  await servicesFor(repo.dir).projectCreate({ title: "Shop" });
});
afterAll(() => {
  repo.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe("doctor and the freshness setting", () => {
  it('warns about "nudgeTokens": "0", naming the project file, the default that applies and the fix', () => {
    setFreshness("0");
    const check = doctorChecks().get("freshness");
    expect(check?.status).toBe("warn");
    expect(check?.detail.join("\n")).toContain(".threadmind/projects/shop.json");
    expect(check?.detail.join("\n")).toContain("the default 30000 applies");
    expect(check?.fix).toContain("0 turns the reminders off");
  });

  it("adds no check for a usable setting (0 turns the reminders off)", () => {
    setFreshness(0);
    expect(doctorChecks().has("freshness")).toBe(false);
  });
});
