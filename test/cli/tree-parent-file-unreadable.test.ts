// Bug: when a thread file could not be read (bad YAML, a conflict left in it, a FIFO), the tree (CLI tree, thread_list,
// every write's tree) and doctor said its children's parent "does not exist" and told the user to fix their parentId:
// the children's files are fine, it is the parent's file that needs fixing.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DoctorCheck } from "../../src/core/doctor/doctor-types.js";
import { servicesFor } from "../support/core-services.js";
import { reposPerTest } from "../support/temp-repo.js";
import { homesPerTest, runCli } from "../support/run-cli.js";

const newRepo = reposPerTest();
const newHome = homesPerTest();

async function repoWithDamagedParent() {
  const r = newRepo();
  r.commit("init");
  const services = servicesFor(r.dir);
  await services.projectCreate({ title: "Shop" });
  await services.threadCreate({ title: "Auth" });
  await services.threadCreate({ title: "Login", parentId: "auth" });
  const authFile = join(r.dir, ".threadmind", "threads", "shop", "auth.md");
  writeFileSync(authFile, "---\nid: auth\ntitle: [unclosed\n---\n");
  const h = newHome();
  return { r, services, authFile, h };
}

describe("a thread under a parent whose file cannot be read", () => {
  it("the tree names the parent's file as the thing to fix, never says the parent does not exist", async () => {
    const { services, authFile } = await repoWithDamagedParent();
    const { text } = await services.threadList();
    expect(text).toContain(authFile);
    expect(text).not.toContain('parent "auth" does not exist');
    expect(text).toContain(`Login (login) ◀ current: parent "auth" could not be read (${authFile})`);
  });

  it("thread-mind-mcp tree says the same", async () => {
    const { r, authFile, h } = await repoWithDamagedParent();
    const run = runCli(["tree"], { cwd: r.dir, home: h });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('parent "auth" does not exist');
    expect(run.stdout).toContain(`parent "auth" could not be read (${authFile})`);
  });

  it("doctor names the parent's file, not the child's parentId", async () => {
    const { r, h } = await repoWithDamagedParent();
    const run = runCli(["doctor", "--json"], { cwd: r.dir, home: h });
    const threads = (JSON.parse(run.stdout) as { checks: DoctorCheck[] }).checks.find((c) => c.id === "threads");
    const detail = threads?.detail.join("\n") ?? "";
    expect(detail).toContain("auth.md: invalid YAML frontmatter");
    expect(detail).not.toContain('parent "auth" does not exist');
    expect(detail).toContain('parent "auth" could not be read');
  });
});
