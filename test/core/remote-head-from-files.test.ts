// The default branch read from git's files (origin's HEAD) instead of starting git: the same answer as
// `git symbolic-ref --short refs/remotes/origin/HEAD` in every layout, and "ask git" where the files cannot say (#31).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { defaultBranch, gitDir, isDefaultBranchFromFiles } from "../../src/core/git/git.js";
import { remoteHeadBranchFromFiles } from "../../src/core/git/git-refs.js";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "../support/temp-repo.js";

const repos: TempRepo[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const env = { ...process.env, ...TEST_GIT_ENV };
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim();

/** An origin with branches main and develop, develop checked out (so a clone's origin/HEAD names develop). */
function origin(): TempRepo {
  const r = makeTempRepo({ prefix: "tm-origin-" });
  repos.push(r);
  r.commit("init", { "README.md": "x\n" });
  r.git("checkout", "-q", "-b", "develop");
  return r;
}

function cloneOf(from: string): string {
  const scratch = mkdtempSync(join(tmpdir(), "tm-remote-head-"));
  dirs.push(scratch);
  const clone = join(scratch, "clone");
  execFileSync("git", ["clone", "-q", from, clone], { env });
  return clone;
}

describe("origin's HEAD from git's files", () => {
  test("a fresh clone: the branch git clone recorded, the same as git says, and isDefaultBranchFromFiles agrees", async () => {
    const clone = cloneOf(origin().dir);
    expect(git(clone, "symbolic-ref", "--short", "refs/remotes/origin/HEAD")).toBe("origin/develop");
    expect(remoteHeadBranchFromFiles(gitDir(clone))).toBe("develop");
    expect(await defaultBranch(clone)).toBe("develop");
    expect(isDefaultBranchFromFiles(clone, "develop")).toBe(true);
    expect(isDefaultBranchFromFiles(clone, "main")).toBe(false);
  });

  test("a branch name with slashes, set by git remote set-head; and the refs packed (the symbolic ref never is)", async () => {
    const o = origin();
    o.git("checkout", "-q", "-b", "release/v2");
    const clone = cloneOf(o.dir);
    git(clone, "remote", "set-head", "origin", "release/v2");
    git(clone, "pack-refs", "--all");
    expect(remoteHeadBranchFromFiles(gitDir(clone))).toBe("release/v2");
    expect(await defaultBranch(clone)).toBe("release/v2");
  });

  test("a linked worktree reads the common git dir's", () => {
    const clone = cloneOf(origin().dir);
    const tree = join(clone, "..", "tree");
    git(clone, "worktree", "add", "-q", "-b", "topic", tree);
    expect(remoteHeadBranchFromFiles(gitDir(tree))).toBe("develop");
    expect(isDefaultBranchFromFiles(tree, "topic")).toBe(false);
  });

  test("no remote: no remote HEAD, and main or master count as the default from the files alone", async () => {
    const r = makeTempRepo({ prefix: "tm-no-remote-" });
    repos.push(r);
    r.commit("init", { "README.md": "x\n" });
    expect(remoteHeadBranchFromFiles(gitDir(r.dir))).toBeNull();
    expect(await defaultBranch(r.dir)).toBeNull();
    expect(isDefaultBranchFromFiles(r.dir, "main")).toBe(true);
    expect(isDefaultBranchFromFiles(r.dir, "master")).toBe(true);
    // init.defaultBranch is git's to tell: not answered from the files (the caller then looks, as before).
    expect(isDefaultBranchFromFiles(r.dir, "trunk")).toBe(false);
  });

  test("a remote HEAD that is not a symbolic ref to origin's branches: git decides", async () => {
    const clone = cloneOf(origin().dir);
    const head = join(gitDir(clone), "refs", "remotes", "origin", "HEAD");
    writeFileSync(head, `${git(clone, "rev-parse", "HEAD")}\n`);
    expect(remoteHeadBranchFromFiles(gitDir(clone))).toBeUndefined();
    expect(await defaultBranch(clone)).toBeNull(); // git symbolic-ref refuses a plain ref
    expect(isDefaultBranchFromFiles(clone, "develop")).toBe(false);
    writeFileSync(head, "ref: refs/remotes/origin/../../heads/x\n");
    expect(remoteHeadBranchFromFiles(gitDir(clone))).toBeUndefined();
  });
});
