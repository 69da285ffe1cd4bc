// Guards the bug where `thread-mind-mcp resolve` threw away a conflict the user had already resolved by hand (markers
// removed, not yet staged: the SessionStart line keeps asking for resolve until `git add`): it re-merged from git's stages
// and wrote the conflict markers back over the user's resolution. A file with no markers that is not git's version is now left.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { TempRepo } from "../support/temp-repo.js";
import { MAIN, gitRun, teamReposPerTest } from "../support/team-repo.js";
import { branchAddingFormat1, toFormat1 } from "../support/format1-threads.js";

const { cli, teamRepo: teamRepoFormat2 } = teamReposPerTest();
/** The team repository with its main thread as a format-1 file (MAIN), the file these conflicts are about. */
async function teamRepo(options?: { driver?: boolean }): Promise<TempRepo> {
  const repo = await teamRepoFormat2(options);
  toFormat1(repo.dir, "shop", "main");
  repo.commit("main thread in format 1");
  return repo;
}
/** Branches a and b off main, each changing the main thread's title; b merged into a, leaving the title in conflict. */
async function titleConflict(repo: TempRepo): Promise<void> {
  for (const b of ["a", "b"]) {
    repo.git("checkout", "-q", "-b", b, "main");
    writeFileSync(join(repo.dir, MAIN), readFileSync(join(repo.dir, MAIN), "utf8").replace("title: Shop", `title: Shop ${b}`));
    repo.commit(b);
  }
  repo.git("checkout", "-q", "a");
  expect(gitRun(repo.dir, "merge", "-m", "merge b", "b").code).not.toBe(0);
}

describe("resolve and a conflict already resolved by hand", () => {
  test("the user's resolution is left as it is (it used to be overwritten with the markers again), and resolve says what to do", async () => {
    const repo = await teamRepo();
    await titleConflict(repo);
    const conflicted = readFileSync(join(repo.dir, MAIN), "utf8");
    expect(conflicted).toContain("<<<<<<<");
    const mine = conflicted.replace(/<<<<<<< ours\n[\s\S]*?>>>>>>> theirs\n/, "title: Shop for everyone\n");
    writeFileSync(join(repo.dir, MAIN), mine);
    const resolved = cli(repo.dir, "resolve");
    expect(readFileSync(join(repo.dir, MAIN), "utf8")).toBe(mine);
    expect(resolved.stdout).toContain(`edited by hand: ${MAIN}`);
    expect(resolved.stdout).toContain(`\`git add ${MAIN}\``);
    expect(resolved.code).toBe(1);
    expect(gitRun(repo.dir, "status", "--porcelain").out).toContain(`UU ${MAIN}`);
  });

  test("a file git left as our version (a driver that could not run) is still re-merged, CRLF checkouts included", async () => {
    const repo = await teamRepo();
    repo.git("config", "core.autocrlf", "true");
    repo.git("config", "merge.threadmind.driver", "false");
    branchAddingFormat1(repo, MAIN, "a", "From a");
    branchAddingFormat1(repo, MAIN, "b", "From b");
    repo.git("checkout", "-q", "a");
    expect(gitRun(repo.dir, "merge", "-m", "merge b", "b").code).not.toBe(0);
    expect(readFileSync(join(repo.dir, MAIN), "utf8")).not.toContain("<<<<<<<");
    const resolved = cli(repo.dir, "resolve");
    expect(resolved.stdout).toContain(`merged and staged: ${MAIN}`);
    expect(resolved.code).toBe(0);
  });
});
