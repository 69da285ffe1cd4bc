// Issue #25's end-to-end case: two clones push feature branches (each with decisions, one folding a finished thread into
// main) to a bare repository, which merges them server-side as a Git host does (merge-tree + commit-tree + update-ref,
// no merge driver), in either order; a third, fresh clone's SessionStart hook (the built bundle) injects every decision once.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { commitStore, conflictMarkerFiles, createdId, expectNoDriver, git, gitOk, occurrences } from "../support/plain-git.js";
import { call, spawnServer, type RunningServer } from "../server/support/spawn-server.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const BASE = "## Decisions\n- BASE-D1 orders live in Postgres\n\n## State\nThe shop sells socks.";
const EVERY_DECISION = [
  "- BASE-D1 orders live in Postgres",
  "- A-D1 cache carts in Redis",
  "- A-OUT checkout is one page",
  "- B-D1 sessions are JWT in cookies",
  "- B-D2 prices are in cents",
];

const made: TempRepo[] = [];
const temp = (prefix: string) => {
  const r = makeTempRepo({ git: false, prefix });
  made.push(r);
  return r.dir;
};
let bare: string;

/** A clone of the bare repository with the built server running in it. */
async function cloneWithServer(): Promise<{ dir: string; server: RunningServer }> {
  const dir = temp("tm-clone-");
  gitOk(dir, "clone", "-q", bare, ".");
  return { dir, server: await spawnServer({ cwd: dir }) };
}

/** Merges `branch` into `into` inside the bare repository as a Git host does: no work tree, no driver. */
function serverSideMerge(into: string, branch: string): void {
  const old = gitOk(bare, "rev-parse", `refs/heads/${into}`);
  const merged = git(bare, "merge-tree", "--write-tree", "--messages", into, branch);
  expect(merged.code, merged.out).toBe(0);
  expect(merged.out).not.toContain("CONFLICT");
  const tree = merged.out.split("\n")[0] ?? "";
  const commit = gitOk(bare, "commit-tree", tree, "-p", into, "-p", branch, "-m", `Merge pull request: ${branch}`);
  gitOk(bare, "update-ref", `refs/heads/${into}`, commit, old);
}

beforeAll(async () => {
  const seed = temp("tm-seed-");
  gitOk(seed, "init", "-q", "-b", "main");
  const first = await spawnServer({ cwd: seed });
  try {
    await call(first, "project_create", { title: "Shop" });
    await call(first, "summary_update", { content: BASE });
  } finally {
    await first.close();
  }
  commitStore(seed, "ThreadMind project");
  expectNoDriver(seed);
  bare = temp("tm-bare-");
  gitOk(bare, "clone", "-q", "--bare", seed, ".");

  // Clone 1: a decision on main, and a finished thread folded into main (its pull request's everyday shape).
  const one = await cloneWithServer();
  try {
    gitOk(one.dir, "checkout", "-q", "-b", "feature-a");
    await call(one.server, "summary_update", { threadId: "main", section: "decisions", content: "- A-D1 cache carts in Redis" });
    const id = createdId(await call(one.server, "thread_create", { title: "Checkout", parentId: "main" }));
    await call(one.server, "summary_update", { threadId: id, section: "decisions", content: "- A-CHECKOUT one page" });
    const main = await call(one.server, "thread_switch", { threadId: "main" });
    expect(main).toContain("- A-D1 cache carts in Redis");
    await call(one.server, "thread_merge", {
      threadId: id,
      parentSummary: BASE.replace("\n\n## State", "\n- A-D1 cache carts in Redis\n- A-OUT checkout is one page\n\n## State"),
    });
  } finally {
    await one.server.close();
  }
  commitStore(one.dir, "feature a");
  expectNoDriver(one.dir);
  gitOk(one.dir, "push", "-q", "origin", "feature-a");

  // Clone 2, from the same main: two decisions in two commits.
  const two = await cloneWithServer();
  try {
    gitOk(two.dir, "checkout", "-q", "-b", "feature-b");
    await call(two.server, "summary_update", {
      threadId: "main",
      section: "decisions",
      content: "- B-D1 sessions are JWT in cookies",
    });
    commitStore(two.dir, "feature b, 1");
    await call(two.server, "summary_update", { threadId: "main", section: "decisions", content: "- B-D2 prices are in cents" });
    commitStore(two.dir, "feature b, 2");
  } finally {
    await two.server.close();
  }
  expectNoDriver(two.dir);
  gitOk(two.dir, "push", "-q", "origin", "feature-b");

  expect(git(bare, "config", "--get-regexp", "^merge\\.threadmind\\.")).toEqual({ code: 1, out: "" });
  gitOk(bare, "branch", "main-ba", "main");
  serverSideMerge("main", "feature-a");
  serverSideMerge("main", "feature-b");
  serverSideMerge("main-ba", "feature-b");
  serverSideMerge("main-ba", "feature-a");
});
afterAll(() => {
  for (const r of made.splice(0)) r.cleanup();
});

describe("pull requests merged on the server, then a fresh clone's SessionStart", () => {
  test.each([
    ["main", "a then b"],
    ["main-ba", "b then a"],
  ])("%s (%s): every decision injected exactly once, no marker", async (branch) => {
    const dir = temp("tm-fresh-");
    gitOk(dir, "clone", "-q", "-b", branch, bare, ".");
    expect(conflictMarkerFiles(dir)).toEqual([]);
    const sessionId = `s-${Math.random()}`;
    const run = await runHookProcess("session-start", {
      cwd: dir,
      sessionId,
      transcriptPath: join(dir, `${sessionId}.jsonl`),
      claudePid: process.pid,
      event: { source: "startup" },
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const context = parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext ?? "";
    for (const d of EVERY_DECISION) expect(occurrences(context, d), `${d} in:\n${context}`).toBe(1);
  });
});
