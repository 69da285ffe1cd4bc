// Guards leftovers of interrupted writes: temp files of dead writers are swept on the first locked write, live ones kept.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { sweepDeadTempFiles } from "../../src/core/store/temp-sweep.js";

let repo: TempRepo;
afterEach(() => repo?.cleanup());

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("temp files left by interrupted atomic writes", () => {
  test("a dead writer's temp file is removed by the next locked write; a live writer's is left alone", async () => {
    repo = makeTempRepo();
    await servicesFor(repo.dir, "setup").projectCreate({ title: "Shop" });
    const threads = join(repo.dir, ".threadmind", "threads", "shop");
    const dead = join(threads, `.main.md.${deadPid()}.0123456789ab.tmp`);
    const live = join(threads, `.main.md.${process.pid}.ba9876543210.tmp`);
    writeFileSync(dead, "half a file");
    writeFileSync(live, "being written");
    await servicesFor(repo.dir, "next").summaryUpdate({ content: "## State\n- ok" });
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  test("thread folders are swept by the writes into them, not by the first lock's walk of every folder", async () => {
    repo = makeTempRepo();
    const s = servicesFor(repo.dir, "setup");
    await s.projectCreate({ title: "Shop" });
    const other = await s.threadCreate({ title: "Other", parentId: "main" });
    await s.summaryUpdate({ threadId: other.thread.id, content: "## Decisions\n- d" });
    const folder = join(repo.dir, ".threadmind", "threads", "shop", other.thread.id);
    const inFolder = join(folder, `.thread.md.${deadPid()}.0123456789ab.tmp`);
    const inSection = join(folder, "decisions", `.i-abcd.md.${deadPid()}.0123456789ab.tmp`);
    writeFileSync(inFolder, "half");
    writeFileSync(inSection, "half");
    // A fresh process's first locked write, to main: the other thread's folder is not listed.
    await servicesFor(repo.dir, "next").summaryUpdate({ threadId: "main", content: "## State\n- ok" });
    expect(existsSync(inFolder)).toBe(true);
    expect(existsSync(inSection)).toBe(true);
    // A write to that thread sweeps its folder and its sections.
    await servicesFor(repo.dir, "next").summaryUpdate({ threadId: other.thread.id, section: "state", content: "- s" });
    expect(existsSync(inFolder)).toBe(false);
    expect(existsSync(inSection)).toBe(false);
  });

  test("the sweep reaches the store layout's deepest directory and stops there (a hostile deep tree is not walked)", async () => {
    repo = makeTempRepo();
    await servicesFor(repo.dir, "setup").projectCreate({ title: "Shop" });
    const store = join(repo.dir, ".threadmind");
    const deepest = join(store, "cache", "context", "shop");
    const tooDeep = join(deepest, "a");
    mkdirSync(tooDeep, { recursive: true });
    const inLayout = join(deepest, `.main.json.${deadPid()}.0123456789ab.tmp`);
    const beyond = join(tooDeep, `.x.json.${deadPid()}.0123456789ab.tmp`);
    writeFileSync(inLayout, "half");
    writeFileSync(beyond, "half");
    expect(sweepDeadTempFiles(store)).toEqual([inLayout]);
    expect(existsSync(beyond)).toBe(true);
  });

  test("only names an atomic write makes are swept: look-alikes and a directory with a temp name are left", async () => {
    repo = makeTempRepo();
    await servicesFor(repo.dir, "setup").projectCreate({ title: "Shop" });
    const store = join(repo.dir, ".threadmind");
    const threads = join(store, "threads", "shop");
    const pid = deadPid();
    const temp = join(threads, `.main.md.${pid}.0123456789ab.tmp`);
    const lookAlikes = [
      `main.md.${pid}.0123456789ab.tmp`,
      `.main.md.${pid}.0123456789ab.tmpx`,
      `.main.md.${pid}.0123456789AB.tmp`,
    ];
    for (const name of [temp, ...lookAlikes.map((n) => join(threads, n))]) writeFileSync(name, "half");
    const tempNamedDir = join(threads, `.dir.${pid}.0123456789ab.tmp`);
    mkdirSync(tempNamedDir);
    expect(sweepDeadTempFiles(store)).toEqual([temp]);
    for (const name of lookAlikes) expect(existsSync(join(threads, name))).toBe(true);
    expect(existsSync(tempNamedDir)).toBe(true);
  });

  test("temp files are ignored by git in the store", async () => {
    repo = makeTempRepo();
    await servicesFor(repo.dir).projectCreate({ title: "Shop" });
    const leftover = join(repo.dir, ".threadmind", "threads", "shop", `.main.md.${deadPid()}.0123456789ab.tmp`);
    writeFileSync(leftover, "x");
    expect(repo.git("status", "--porcelain", "--untracked-files=all")).not.toContain(".tmp");
  });
});
