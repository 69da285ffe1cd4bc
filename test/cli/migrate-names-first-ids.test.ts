// Guards `thread-mind-mcp migrate`'s report (#25): one line per project with the exact count and at most the first 10
// migrated ids ("and N more"), so that a store of 1,000 threads does not print 1,000 ids on one line.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { makeHome, runCli } from "../support/run-cli.js";
import { migratedLine, NAMED_IDS } from "../../src/cli/commands/migrate.js";
import { olderReleaseThreads } from "../support/format1-threads.js";
import { MAX_FILES_READ, type SweepWork, threadFilesWithMarkers } from "../../src/core/conflicts/conflict-marker-sweep.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const ids = (n: number) => Array.from({ length: n }, (_, i) => `t-${String(i).padStart(4, "0")}`);

describe("migrate's report", () => {
  test("1,000 migrated threads: the exact count, the first 10 ids and how many more", () => {
    const line = migratedLine("shop", ids(1_000));
    expect(NAMED_IDS).toBe(10);
    expect(line).toBe(
      "shop: 1,000 threads migrated (t-0000, t-0001, t-0002, t-0003, t-0004, t-0005, t-0006, t-0007, t-0008, t-0009 and 990 more)",
    );
  });

  test("ten or fewer are all named; none, one and eleven read as counts", () => {
    expect(migratedLine("shop", [])).toBe("shop: 0 threads migrated");
    expect(migratedLine("shop", ["billing"])).toBe("shop: 1 thread migrated (billing)");
    expect(migratedLine("shop", ids(10))).toBe(`shop: 10 threads migrated (${ids(10).join(", ")})`);
    expect(migratedLine("shop", ids(11))).toBe(`shop: 11 threads migrated (${ids(10).join(", ")} and 1 more)`);
  });

  test("the command prints that line for a store of 25 format-1 threads, and migrates them all", async () => {
    const repo: TempRepo = makeTempRepo();
    cleanups.push(repo.cleanup);
    const home = makeHome();
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const s = servicesFor(repo.dir, "setup");
    await s.projectCreate({ title: "Shop" });
    olderReleaseThreads(repo.dir, "shop", ids(25));
    const run = runCli(["migrate"], { cwd: repo.dir, home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split("\n")).toContain(`shop: 25 threads migrated (${ids(10).join(", ")} and 15 more)`);
    expect(servicesFor(repo.dir).store.threadsToMigrate("shop")).toEqual({ unmigrated: [], edited: [] });
  });

  test("migrate completes the conflict-marker sweep over the files it wrote: the next session start reads none of them", async () => {
    const repo: TempRepo = makeTempRepo();
    cleanups.push(repo.cleanup);
    const home = makeHome();
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const s = servicesFor(repo.dir, "setup");
    await s.projectCreate({ title: "Shop" });
    // More item files than one sweep reads (each decision becomes one file in its folder).
    const lines = Array.from({ length: 12 }, (_, i) => `- decision ${i}`).join("\n");
    olderReleaseThreads(repo.dir, "shop", ids(30), () => `## Decisions\n${lines}`);
    const run = runCli(["migrate"], { cwd: repo.dir, home });
    expect(run.code, run.stderr).toBe(0);
    const work: SweepWork = { listed: 0, read: 0 };
    expect(threadFilesWithMarkers(join(repo.dir, ".threadmind"), Date.now(), work)).toEqual([]);
    expect(work.read).toBe(0);
    expect(30 * 12).toBeGreaterThan(MAX_FILES_READ);
  });
});
