// Guards the bug where `thread-mind-mcp resolve` re-merged a thread file whose side held bytes that are not UTF-8 (a
// teammate's Latin-1 editor): git's stages were decoded leniently, so the merge wrote U+FFFD in place of those bytes and
// staged the loss. The driver (merge-file) already refused such a side; resolve now refuses it too and changes nothing.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { MAIN, gitRun, teamReposPerTest } from "../support/team-repo.js";
import { branchAddingFormat1, toFormat1 } from "../support/format1-threads.js";

const { cli, teamRepo } = teamReposPerTest();
describe("resolve and a side that is not UTF-8", () => {
  test("the file is not re-merged nor staged, and resolve says why (it used to write U+FFFD and stage it)", async () => {
    const repo = await teamRepo({ driver: false });
    // The main thread as a format-1 file (MAIN): the one file whose sides git's index holds.
    toFormat1(repo.dir, "shop", "main");
    repo.commit("main thread in format 1");
    repo.git("checkout", "-q", "-b", "a", "main");
    const [head, tail] = readFileSync(join(repo.dir, MAIN), "utf8").split("- Use Postgres\n");
    const latin1 = Buffer.concat([
      Buffer.from(`${head}- Use Postgres\n- Caf`),
      Buffer.from([0xe9]),
      Buffer.from(` menu\n${tail}`),
    ]);
    writeFileSync(join(repo.dir, MAIN), latin1);
    repo.commit("a: latin-1 decision");
    repo.git("checkout", "-q", "main");
    branchAddingFormat1(repo, MAIN, "b", "From b");
    repo.git("checkout", "-q", "b");
    expect(gitRun(repo.dir, "merge", "-m", "merge a", "a").code).not.toBe(0);
    const conflicted = readFileSync(join(repo.dir, MAIN));
    const resolved = cli(repo.dir, "resolve");
    expect(resolved.stdout).toContain(
      `could not re-merge ${MAIN}: Cannot read their version of ${MAIN} in git's index: is not valid UTF-8`,
    );
    expect(resolved.stdout).toContain("is not valid UTF-8");
    expect(readFileSync(join(repo.dir, MAIN)).equals(conflicted)).toBe(true);
    expect(gitRun(repo.dir, "status", "--porcelain").out).toContain(`UU ${MAIN}`);
    expect(resolved.code).not.toBe(0);
  });
});
