// headCommit reads HEAD from git's files instead of starting git: it must give git's answer in every ref layout.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gitDir, headCommit } from "../../src/core/git/git.js";
import { headCommitFromFiles } from "../../src/core/git/git-refs.js";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "../support/temp-repo.js";

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

function repo(): TempRepo {
  const r = makeTempRepo({ prefix: "tm-head-" });
  repos.push(r);
  return r;
}

/** What git itself says HEAD is (null before the first commit). */
function gitHead(dir: string): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--verify", "-q", "HEAD"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, ...TEST_GIT_ENV },
    }).trim();
  } catch {
    return null;
  }
}

async function expectSameAsGit(dir: string): Promise<void> {
  expect(headCommitFromFiles(gitDir(dir))).not.toBeUndefined(); // answered from the files, no git process
  expect(await headCommit(dir)).toBe(gitHead(dir));
}

describe("HEAD's commit without starting git", () => {
  it("a branch with no commit yet reads as no commit, not as an error", async () => {
    const r = repo();
    await expectSameAsGit(r.dir);
    expect(await headCommit(r.dir)).toBeNull();
  });

  it("a loose branch ref gives the commit git gives", async () => {
    const r = repo();
    r.commit("one", { "a.txt": "a" });
    await expectSameAsGit(r.dir);
  });

  it("a branch only in packed-refs (after git pack-refs) is still found", async () => {
    const r = repo();
    r.commit("one", { "a.txt": "a" });
    r.commit("two", { "a.txt": "b" });
    r.git("pack-refs", "--all", "--prune");
    await expectSameAsGit(r.dir);
  });

  it("a loose ref newer than its packed copy wins, as in git", async () => {
    const r = repo();
    r.commit("one", { "a.txt": "a" });
    r.git("pack-refs", "--all");
    r.commit("two", { "a.txt": "b" });
    await expectSameAsGit(r.dir);
  });

  it("a detached HEAD gives its commit", async () => {
    const r = repo();
    const first = r.commit("one", { "a.txt": "a" });
    r.commit("two", { "a.txt": "b" });
    r.git("checkout", "-q", "--detach", first);
    await expectSameAsGit(r.dir);
  });

  it("a linked worktree reads its own HEAD and the shared branch refs", async () => {
    const r = repo();
    r.commit("one", { "a.txt": "a" });
    const other = join(r.dir, "..", `${r.dir.split("/").pop()}-wt`);
    r.git("worktree", "add", "-q", "-b", "feature", other);
    repos.push({
      dir: other,
      git: () => "",
      write: () => {},
      commit: () => "",
      cleanup: () => execFileSync("rm", ["-rf", other]),
    });
    execFileSync("git", ["commit", "-q", "--allow-empty", "-m", "on feature"], {
      cwd: other,
      env: { ...process.env, ...TEST_GIT_ENV },
    });
    await expectSameAsGit(other);
    await expectSameAsGit(r.dir);
    expect(await headCommit(other)).not.toBe(await headCommit(r.dir));
  });

  it("a HEAD the files cannot explain is left to git (no guess)", async () => {
    const r = repo();
    r.commit("one", { "a.txt": "a" });
    writeFileSync(join(r.dir, ".git", "HEAD"), "something unexpected\n");
    expect(headCommitFromFiles(gitDir(r.dir))).toBeUndefined();
    expect(await headCommit(r.dir)).toBe(gitHead(r.dir));
  });
});
