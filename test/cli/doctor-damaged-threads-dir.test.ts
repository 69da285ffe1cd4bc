// Bug: doctor (and search) stopped at a project's threads directory that is a symbolic link out of .threadmind/ or a file: it printed
// one error (or a stack trace) and none of its checks, although naming such damage is what it is for.
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DoctorCheck } from "../../src/core/doctor/doctor-types.js";
import { servicesFor } from "../support/core-services.js";
import { reposPerTest } from "../support/temp-repo.js";
import { homesPerTest, runCli } from "../support/run-cli.js";

const newRepo = reposPerTest();
const newHome = homesPerTest();

async function damagedRepo(damage: (threadsDir: string, outside: string) => void) {
  const r = newRepo();
  r.commit("init");
  const services = servicesFor(r.dir);
  const project = await services.projectCreate({ title: "Shop" });
  const threadsDir = join(r.dir, ".threadmind", "threads", project.project.id);
  const outside = join(r.dir, "outside");
  damage(threadsDir, outside);
  const h = newHome();
  const run = runCli(["doctor", "--json"], { cwd: r.dir, home: h });
  return { run };
}

function threadsCheck(stdout: string): DoctorCheck | undefined {
  const parsed = JSON.parse(stdout) as { checks: DoctorCheck[] };
  return parsed.checks.find((c) => c.id === "threads");
}

describe("doctor with a damaged threads directory", () => {
  it("a threads/<project> that is a symbolic link out of .threadmind/ fails the thread-files check, naming it, and every check is printed", async () => {
    const { run } = await damagedRepo((dir, outside) => {
      renameSync(dir, outside);
      symlinkSync(outside, dir);
    });
    expect(run.stderr).toBe("");
    const check = threadsCheck(run.stdout);
    expect(check?.status).toBe("fail");
    expect(check?.detail.join("\n")).toContain(join(".threadmind", "threads"));
    expect(run.code).toBe(1);
  });

  it("a threads/<project> that is a file fails the thread-files check, naming it, and every check is printed", async () => {
    const { run } = await damagedRepo((dir) => {
      rmSync(dir, { recursive: true });
      mkdirSync(join(dir, ".."), { recursive: true });
      writeFileSync(dir, "not a directory\n");
    });
    expect(run.stderr).toBe("");
    const check = threadsCheck(run.stdout);
    expect(check?.status).toBe("fail");
    expect(run.code).toBe(1);
  });
});

describe("doctor with a damaged projects directory", () => {
  it("a .threadmind/projects that is a file fails the thread-files check, naming it, and every check is printed", async () => {
    const r = newRepo();
    r.commit("init");
    await servicesFor(r.dir).projectCreate({ title: "Shop" });
    const projects = join(r.dir, ".threadmind", "projects");
    rmSync(projects, { recursive: true });
    writeFileSync(projects, "not a directory\n");
    const h = newHome();
    const run = runCli(["doctor", "--json"], { cwd: r.dir, home: h });
    expect(run.stderr).toBe("");
    const check = threadsCheck(run.stdout);
    expect(check?.status).toBe("fail");
    expect(check?.detail.join("\n")).toContain(projects);
    expect(run.code).toBe(1);
  });
});

describe("search with a damaged threads directory", () => {
  it("thread-mind-mcp search names a threads/<project> that is a file, instead of a stack trace", async () => {
    const r = newRepo();
    r.commit("init");
    await servicesFor(r.dir).projectCreate({ title: "Shop" });
    const dir = join(r.dir, ".threadmind", "threads", "shop");
    rmSync(dir, { recursive: true });
    writeFileSync(dir, "not a directory\n");
    const h = newHome();
    const run = runCli(["search", "postgres"], { cwd: r.dir, home: h });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `thread-mind-mcp search: Cannot read ${dir}: ENOTDIR: not a directory, scandir '${dir}'. Fix or remove the file; ThreadMind will not overwrite it.\n`,
    );
  });
});
