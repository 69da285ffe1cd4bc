// Services keep config.json as last read while it is unchanged: a change by another process must be seen at once.
import { afterEach, describe, expect, it } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

describe("cached local state", () => {
  it("a branch's start thread changed by another session is what the next startThread returns", async () => {
    const repo = makeTempRepo({ prefix: "tm-state-cache-" });
    repos.push(repo);
    repo.commit("init", { "README.md": "x" });
    repo.git("checkout", "-q", "-b", "feature");
    const writer = servicesFor(repo.dir, "writer");
    const { project } = await writer.projectCreate({ title: "Cache" });
    const { thread } = await writer.threadCreate({ title: "Feature work" });
    const reader = servicesFor(repo.dir, "reader");
    expect((await reader.startThread(project.id)).id).toBe(thread.id); // config.json read and kept
    await writer.threadSwitch("main"); // another process rewrites config.json: the branch now starts on main
    expect((await reader.startThread(project.id)).id).toBe("main");
    await writer.threadSwitch(thread.id);
    expect((await reader.startThread(project.id)).id).toBe(thread.id);
  });
});
