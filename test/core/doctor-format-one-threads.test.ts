// Guards doctor's "threads still in format 1" check (#25): ok when every thread is a folder; otherwise a warning that
// names how many threads of each project are still one <id>.md file (and migrated threads whose <id>.md was edited
// since), with `thread-mind-mcp migrate` and a commit as the fix; ok again once migrated.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reposPerTest, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { checkFormatOne, FORMAT_ONE_FIX } from "../../src/core/doctor/doctor-format-check.js";
import { olderReleaseThreads } from "../support/format1-threads.js";

const tempRepo = reposPerTest();

/** A repository with project `title`, its main thread written by the store (a folder, format 2). */
async function withProject(repo: TempRepo, title: string): Promise<void> {
  const s = servicesFor(repo.dir, "setup");
  await s.projectCreate({ title });
  await s.summaryUpdate({ content: `## Decisions\n- ${title} decided.` });
}

/** Threads of `projectId` as a release before format 2 wrote them: one threads/<project>/<id>.md file each. */
function formatOneThreads(repo: TempRepo, projectId: string, ids: readonly string[]): void {
  olderReleaseThreads(repo.dir, projectId, ids);
}

describe("doctor: threads still in format 1", () => {
  test("every thread a folder: ok", async () => {
    const repo = tempRepo();
    await withProject(repo, "Shop");
    expect(checkFormatOne(servicesFor(repo.dir))).toEqual({
      id: "format-1",
      title: "Threads still in format 1",
      status: "ok",
      detail: ["none: every thread is a folder (format 2)"],
    });
  });

  test("format-1 files are counted per project and named, with migrate and a commit as the fix", async () => {
    const repo = tempRepo();
    await withProject(repo, "Shop");
    await withProject(repo, "Docs");
    formatOneThreads(repo, "shop", ["billing", "refunds"]);
    formatOneThreads(repo, "docs", ["a1", "a2", "a3", "a4", "a5", "a6", "a7"]);
    const check = checkFormatOne(servicesFor(repo.dir));
    expect(check).toEqual({
      id: "format-1",
      title: "Threads still in format 1",
      status: "warn",
      fix: FORMAT_ONE_FIX,
      detail: [
        "9 threads still in format 1 in 2 projects: a thread in format 1 conflicts under plain git (a pull request merged on the server) when two branches write it",
        "docs: 7 threads in format 1 (a1, a2, a3, a4, a5 and 2 more)",
        "shop: 2 threads in format 1 (billing, refunds)",
      ],
    });
    expect(FORMAT_ONE_FIX).toContain("`thread-mind-mcp migrate`");
    expect(FORMAT_ONE_FIX).toContain("git commit");
  });

  test("after `migrate` the check is ok; a frozen <id>.md edited since by an unmigrated branch is counted apart", async () => {
    const repo = tempRepo();
    await withProject(repo, "Shop");
    formatOneThreads(repo, "shop", ["billing"]);
    const s = servicesFor(repo.dir);
    await s.store.locked(() => s.store.migrateProject("shop"));
    expect(checkFormatOne(servicesFor(repo.dir))?.status).toBe("ok");
    // The frozen file, as a branch that had not migrated leaves it after a merge: another decision in it.
    const frozen = join(repo.dir, ".threadmind", "threads", "shop", "billing.md");
    writeFileSync(frozen, readFileSync(frozen, "utf8").replace("- billing decided.", "- billing decided.\n- Later, elsewhere."));
    expect(checkFormatOne(servicesFor(repo.dir))).toMatchObject({
      status: "warn",
      detail: [
        "1 migrated thread with an edited format-1 file in 1 project",
        "shop: 1 migrated thread whose <id>.md was edited since, by a branch that had not migrated (billing)",
      ],
    });
  });

  test("a thread file that cannot be read is left to the thread files' check; the readable ones are counted", async () => {
    const repo = tempRepo();
    await withProject(repo, "Shop");
    formatOneThreads(repo, "shop", ["billing"]);
    writeFileSync(join(repo.dir, ".threadmind", "threads", "shop", "broken.md"), "not a thread\n");
    expect(checkFormatOne(servicesFor(repo.dir))?.detail).toEqual([
      "1 thread still in format 1 in 1 project: a thread in format 1 conflicts under plain git (a pull request merged on the server) when two branches write it",
      "shop: 1 thread in format 1 (billing)",
    ]);
  });

  test("no project yet: no check (the thread files' check says so)", () => {
    const repo = tempRepo();
    expect(checkFormatOne(servicesFor(repo.dir))).toBeNull();
  });
});
