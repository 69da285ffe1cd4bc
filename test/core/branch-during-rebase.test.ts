// During a rebase HEAD is detached: the branch is the one being rebased (as `git status` names it), so a session started then begins on that branch's thread, not main.
import { afterEach, expect, test } from "vitest";
import { readBranch } from "../../src/core/git/git.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

let repo: TempRepo | null = null;
afterEach(() => {
  repo?.cleanup();
  repo = null;
});

/** A repository stopped in the middle of `git rebase main` on branch feature (a conflict in app.ts). */
async function midRebase(): Promise<{ repo: TempRepo; featureThread: string }> {
  const r = makeTempRepo();
  r.commit("init", { "app.ts": "base\n" });
  const setup = servicesFor(r.dir, "setup");
  await setup.projectCreate({ title: "Shop" });
  r.commit("threadmind");
  r.git("checkout", "-q", "-b", "feature");
  const window = servicesFor(r.dir, "window");
  const featureThread = (await window.threadCreate({ title: "Checkout flow", parentId: "main" })).thread.id;
  await window.threadSwitch(featureThread);
  r.commit("feature work", { "app.ts": "feature\n" });
  r.git("checkout", "-q", "main");
  r.commit("main work", { "app.ts": "main\n" });
  r.git("checkout", "-q", "feature");
  try {
    r.git("rebase", "main");
  } catch {
    // stopped on the conflict in app.ts, as expected
  }
  return { repo: r, featureThread };
}

test("readBranch names the branch being rebased, and a new session starts on its thread", async () => {
  const setup = await midRebase();
  repo = setup.repo;
  expect(repo.git("rev-parse", "--abbrev-ref", "HEAD")).toBe("HEAD"); // detached: git is mid-rebase
  expect(readBranch(repo.dir)).toBe("feature");
  const { thread } = await servicesFor(repo.dir, "new-window").currentThread({ newProcess: true });
  expect(thread.id).toBe(setup.featureThread);
  repo.git("rebase", "--abort");
  expect(readBranch(repo.dir)).toBe("feature");
});

test("a detached HEAD that is no rebase is still no branch", async () => {
  repo = makeTempRepo();
  const first = repo.commit("init", { "a.txt": "a\n" });
  repo.git("checkout", "-q", "--detach", first);
  expect(readBranch(repo.dir)).toBeNull();
});
