// Guards a thread's paths order in format 2 (#27: most recent first): paths/ names carry a recency, so that two branches
// adding paths merge clean under plain git (git merge, merge-tree) and read back newest first, the bound drops the
// oldest, and a folder of the previous layout (paths/<hash>) still reads, in its old order, untouched until reordered.
import { readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { commitStore, conflictMarkerFiles, expectNoDriver, gitOk, integrate } from "../support/plain-git.js";
import { memberFileName } from "../../src/core/store/thread-folder-format.js";
import { LIMITS } from "../../src/core/limits.js";

const newRepo = reposPerTest();

const pathsDir = (dir: string) => join(dir, ".threadmind", "threads", "p", "main", "paths");

async function base(dir: string) {
  const s = servicesFor(dir);
  await s.projectCreate({ title: "P" });
  await s.summaryUpdate({ content: "## Decisions\n- D1", paths: ["src/old.ts"] });
  commitStore(dir, "base");
  expectNoDriver(dir);
}

describe("paths most recent first under plain git", () => {
  for (const how of ["git merge", "merge-tree"] as const) {
    test(`two branches adding paths merge clean and read back newest first (${how})`, async () => {
      const { dir } = newRepo();
      await base(dir);
      gitOk(dir, "checkout", "-q", "-b", "a");
      const a = servicesFor(dir);
      await a.summaryUpdate({ content: "## Decisions\n- D1", paths: ["src/a.ts", ...a.store.readThread("p", "main").paths!] });
      commitStore(dir, "a adds a path");
      await new Promise((r) => setTimeout(r, 5));
      gitOk(dir, "checkout", "-q", "-b", "b", "main");
      const b = servicesFor(dir);
      const before = b.store.readThread("p", "main").paths!;
      await b.summaryUpdate({ content: "## Decisions\n- D1", paths: ["src/b2.ts", "src/b1.ts", ...before] });
      commitStore(dir, "b adds two paths");
      const r = integrate(dir, how, "a", "b", "merged");
      expect(r.clean, r.out).toBe(true);
      expect(conflictMarkerFiles(dir)).toEqual([]);
      // b wrote last: its two paths (in its order) come first, then a's, then the base's.
      expect(servicesFor(dir).store.readThread("p", "main").paths).toEqual(["src/b2.ts", "src/b1.ts", "src/a.ts", "src/old.ts"]);
    });
  }

  test("adding a path in front adds one file and rewrites none; moving one up renames only it", async () => {
    const { dir } = newRepo();
    await base(dir);
    const s = servicesFor(dir);
    await s.summaryUpdate({ content: "## Decisions\n- D1", paths: ["src/x.ts", "src/old.ts"] });
    const two = readdirSync(pathsDir(dir)).sort();
    await s.summaryUpdate({ content: "## Decisions\n- D1", paths: ["src/y.ts", "src/x.ts", "src/old.ts"] });
    const three = readdirSync(pathsDir(dir)).sort();
    expect(three.filter((f) => !two.includes(f))).toHaveLength(1);
    expect(two.every((f) => three.includes(f))).toBe(true);
    await s.summaryUpdate({ content: "## Decisions\n- D1", paths: ["src/old.ts", "src/y.ts", "src/x.ts"] });
    const moved = readdirSync(pathsDir(dir)).sort();
    expect(moved.filter((f) => !three.includes(f))).toHaveLength(1);
    expect(s.store.readThread("p", "main").paths).toEqual(["src/old.ts", "src/y.ts", "src/x.ts"]);
  });

  test("two branches' paths past the limit together: the oldest are dropped on reading and by the next write", async () => {
    const { dir } = newRepo();
    await base(dir);
    const half = (p: string) => Array.from({ length: LIMITS.pathsCount / 2 + 5 }, (_, i) => `src/${p}${i}.ts`);
    gitOk(dir, "checkout", "-q", "-b", "a");
    await servicesFor(dir).summaryUpdate({ content: "## Decisions\n- D1", paths: half("a") });
    commitStore(dir, "a");
    await new Promise((r) => setTimeout(r, 5));
    gitOk(dir, "checkout", "-q", "-b", "b", "main");
    await servicesFor(dir).summaryUpdate({ content: "## Decisions\n- D1", paths: half("b") });
    commitStore(dir, "b");
    expect(integrate(dir, "merge-tree", "a", "b", "merged").clean).toBe(true);
    const s = servicesFor(dir);
    const paths = s.store.readThread("p", "main").paths!;
    expect(paths).toHaveLength(LIMITS.pathsCount);
    expect(paths.slice(0, half("b").length)).toEqual(half("b"));
    expect(paths.slice(half("b").length)).toEqual(half("a").slice(0, LIMITS.pathsCount - half("b").length));
    await s.summaryUpdate({ content: "## Decisions\n- D1\n- D2" });
    expect(readdirSync(pathsDir(dir))).toHaveLength(LIMITS.pathsCount);
  });

  test("a folder of the previous layout (paths/<hash>) reads in its old order and a write in front keeps its files", async () => {
    const { dir } = newRepo();
    await base(dir);
    const s = servicesFor(dir);
    await s.summaryUpdate({ content: "## Decisions\n- D1", paths: ["src/m.ts", "src/n.ts"] });
    // The previous release named a path's file by its hash alone, and read the paths sorted.
    for (const name of readdirSync(pathsDir(dir))) {
      renameSync(join(pathsDir(dir), name), join(pathsDir(dir), name.slice(name.indexOf("-") + 1)));
    }
    const old = readdirSync(pathsDir(dir)).sort();
    expect(old).toEqual([memberFileName("src/m.ts"), memberFileName("src/n.ts")].sort());
    const fresh = servicesFor(dir);
    expect(fresh.store.readThread("p", "main").paths).toEqual(["src/m.ts", "src/n.ts"]);
    await fresh.summaryUpdate({ content: "## Decisions\n- D1", paths: ["src/new.ts", "src/m.ts", "src/n.ts"] });
    const after = readdirSync(pathsDir(dir)).sort();
    expect(old.every((f) => after.includes(f))).toBe(true);
    expect(after).toHaveLength(3);
    expect(fresh.store.readThread("p", "main").paths).toEqual(["src/new.ts", "src/m.ts", "src/n.ts"]);
  });
});
