// Guards `resolve` against a hostile branch: when two threads added under one id are split, the other side's new thread
// files that name the moved id are rewritten; one of them that is a symbolic link (out of the repository, to a device or
// another project's thread) is never read or rewritten through: it is left as it is, for the store to refuse.
import { spawnSync } from "node:child_process";
import { lstatSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { resolveFile, unmergedFiles } from "../../src/core/merge/resolve-conflicts.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import { servicesFor } from "../support/core-services.js";
import { writeFormat1 } from "../support/format1-threads.js";
import { reposPerTest, TEST_GIT_ENV, type TempRepo } from "../support/temp-repo.js";

const newRepo = reposPerTest();
const temp = (prefix: string): TempRepo => newRepo({ prefix });

test("resolve splitting two threads of one id never rewrites, through a symbolic link, a file out of the repository", async () => {
  const outside = temp("tm-resolve-outside-");
  // Another project's private thread, which happens to name the colliding id as its parent.
  const secret = join(outside.dir, "secret.md");
  const secretText = serializeThread({
    id: "secret",
    title: "Private",
    parentId: "rate-limiting",
    author: "someone",
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    summary: "## Decisions\n- payroll credentials rotate quarterly",
  });
  writeFileSync(secret, secretText);

  const repo = temp("tm-resolve-");
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  repo.commit("ThreadMind project");
  const dir = ".threadmind/threads/shop";
  for (const b of ["a", "b"]) {
    repo.git("checkout", "-q", "-b", b, "main");
    // A format-1 file added on each branch (the store writes folders now): the add/add conflict resolve splits.
    writeFormat1(repo.dir, "shop", {
      id: "rate-limiting",
      title: "Rate limiting",
      parentId: "main",
      author: b,
      createdAt: `2025-02-0${b === "a" ? 1 : 2}T00:00:00.000Z`,
      updatedAt: `2025-02-0${b === "a" ? 1 : 2}T00:00:00.000Z`,
      summary: `## Decisions\n- Limit from ${b}`,
    });
    // The hostile branch commits a link where a thread file should be.
    if (b === "b") symlinkSync(secret, join(repo.dir, dir, "secret.md"));
    repo.commit(b);
  }
  repo.git("checkout", "-q", "a");
  const merge = spawnSync("git", ["merge", "-m", "merge b", "b"], { cwd: repo.dir, env: { ...process.env, ...TEST_GIT_ENV } });
  expect(merge.status).not.toBe(0);

  const files = await unmergedFiles(repo.dir, join(repo.dir, ".threadmind"));
  expect(files.map((f) => f.path)).toEqual([`${dir}/rate-limiting.md`]);
  const outcome = await resolveFile(repo.dir, files[0]!);
  expect(outcome).toEqual({
    path: `${dir}/rate-limiting.md`,
    kind: "split",
    movedTo: `${dir}/rate-limiting-2.md`,
    rewritten: [],
  });
  const link = join(repo.dir, dir, "secret.md");
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(readlinkSync(link)).toBe(secret);
  expect(repo.git("show", `:${dir}/secret.md`)).not.toContain("payroll");
  rmSync(secret);
});
