// Guards #25's last add/add case: a solo project without a remote keeps plain slugs, so two branches creating "Caching"
// both add caching/thread.md. Plain git (merge-tree, git merge without a driver) reports the add/add conflict on that one
// file (the items, new files, merge); `resolve` used to leave it (it split only format-1 files): it now keeps ours and
// moves theirs to the next free id with the items it brought, and a child thread that came with theirs follows it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { commitStore, conflictMarkerFiles, expectNoDriver, git, gitOk } from "../support/plain-git.js";
import { resolveFile, unmergedFiles } from "../../src/core/merge/resolve-conflicts.js";

const newRepo = reposPerTest();
const THREADS = join(".threadmind", "threads", "p");

async function branchCreatingCaching(dir: string, branch: string, decision: string, child?: string): Promise<void> {
  gitOk(dir, "checkout", "-q", "-b", branch, "main");
  const s = servicesFor(dir);
  const created = await s.threadCreate({ title: "Caching", parentId: "main" });
  expect(created.thread.id).toBe("caching");
  await s.summaryUpdate({ threadId: "caching", section: "decisions", content: decision });
  if (child !== undefined) {
    const c = await s.threadCreate({ title: child, parentId: "caching" });
    await s.summaryUpdate({ threadId: c.thread.id, section: "decisions", content: `- ${child} decided` });
  }
  commitStore(dir, `${branch}: Caching`);
}

describe("resolve splits two thread folders created under one plain slug", () => {
  test("merge-tree and git merge report the add/add on thread.md only; resolve keeps both threads, each with its decisions", async () => {
    const { dir } = newRepo();
    const s = servicesFor(dir);
    await s.projectCreate({ title: "P" });
    commitStore(dir, "base");
    expectNoDriver(dir);
    await branchCreatingCaching(dir, "a", "- A-CACHE carts in Redis");
    await new Promise((r) => setTimeout(r, 5));
    await branchCreatingCaching(dir, "b", "- B-CACHE pages in a CDN", "CDN vendor");

    const tree = git(dir, "merge-tree", "--write-tree", "--name-only", "a", "b");
    expect(tree.code).toBe(1);
    expect(tree.out).toContain(`CONFLICT (add/add): Merge conflict in ${THREADS}/caching/thread.md`);
    expect(tree.out.match(/CONFLICT/g)).toHaveLength(1);

    gitOk(dir, "checkout", "-q", "a");
    expect(git(dir, "merge", "-m", "merge b", "b").code).not.toBe(0);
    const unmerged = await unmergedFiles(dir, join(dir, ".threadmind"));
    expect(unmerged.map((f) => f.path)).toEqual([`${THREADS}/caching/thread.md`]);
    const outcome = await resolveFile(dir, unmerged[0]!);
    expect(outcome).toMatchObject({ kind: "split", movedTo: `${THREADS}/caching-2/thread.md` });
    expect(git(dir, "diff", "--name-only", "--diff-filter=U").out).toBe("");
    gitOk(dir, "commit", "-q", "--no-edit");
    expect(conflictMarkerFiles(dir)).toEqual([]);

    const after = servicesFor(dir);
    const ours = after.store.readThread("p", "caching");
    const theirs = after.store.readThread("p", "caching-2");
    expect(ours.summary).toContain("- A-CACHE carts in Redis");
    expect(ours.summary).not.toContain("B-CACHE");
    expect(theirs.summary).toContain("- B-CACHE pages in a CDN");
    expect(theirs.summary).not.toContain("A-CACHE");
    expect(theirs.title).toBe("Caching");
    // The child b created under its Caching now hangs under caching-2.
    expect(after.store.readThread("p", "cdn-vendor").parentId).toBe("caching-2");
    expect(readFileSync(join(dir, THREADS, "caching-2", "thread.md"), "utf8")).toContain("id: caching-2");
    expect(existsSync(join(dir, THREADS, "caching", "decisions"))).toBe(true);
    expect(git(dir, "status", "--porcelain").out).toBe("");
  });
});
