// Contradictory writes on two branches for the plain-git contradiction tests (issue #25 §4): project Shop through the
// built server, branches a and b each writing one side (plus a decision of its own), merged by plain git until it stops.
import { rmSync } from "node:fs";
import { afterEach, expect } from "vitest";
import { makeTempRepo, type TempRepo } from "../../support/temp-repo.js";
import { commitStore, expectNoDriver, git, gitOk, PLAIN_GIT_ENV } from "../../support/plain-git.js";
import { makeHome, runCli } from "../../support/run-cli.js";
import { call, spawnServer, type RunningServer } from "./spawn-server.js";

export const BASE = "## Decisions\n- BASE-D1 orders live in Postgres\n\n## State\nThe shop sells socks.";
export const THREADS = ".threadmind/threads/shop";

const open: { repo: TempRepo; server: RunningServer; home: string }[] = [];
/** Closes and removes what shop() made, after each test of the importing file. */
afterEach(async () => {
  for (const { repo, server, home } of open.splice(0)) {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  }
});

export interface Shop {
  repo: TempRepo;
  server: RunningServer;
  /** The built CLI in the repository (no driver configured). */
  cli(...args: string[]): ReturnType<typeof runCli>;
}

/** Project Shop (main with BASE; threads Billing, Payments, Shipping under it) committed on main, the server running. */
export async function shop(): Promise<Shop> {
  const repo = makeTempRepo();
  repo.commit("init", { "README.md": "shop\n" });
  const server = await spawnServer({ cwd: repo.dir });
  const home = makeHome();
  open.push({ repo, server, home });
  await call(server, "project_create", { title: "Shop" });
  await call(server, "summary_update", { content: BASE });
  for (const title of ["Billing", "Payments", "Shipping"]) await call(server, "thread_create", { title, parentId: "main" });
  await call(server, "thread_switch", { threadId: "main" });
  commitStore(repo.dir, "ThreadMind project");
  expectNoDriver(repo.dir);
  return { repo, server, cli: (...args) => runCli(args, { cwd: repo.dir, home, env: { ...PLAIN_GIT_ENV } }) };
}

/**
 * Branches a and b off main, each written by `write` and given a decision of its own, committed; then b brought onto a
 * by merge-tree (as a Git host), rebase and cherry-pick (each then aborted), and git merge: all stop on the same files,
 * which are returned (the git merge left in progress); each branch's own decision merged, outside them.
 */
export async function contradict({ repo, server }: Shop, write: (branch: "a" | "b") => Promise<void>): Promise<string[]> {
  for (const branch of ["a", "b"] as const) {
    gitOk(repo.dir, "checkout", "-q", "-b", branch, "main");
    await write(branch);
    await call(server, "summary_update", { threadId: "main", section: "decisions", content: `- OWN-${branch} decision` });
    commitStore(repo.dir, `${branch}'s writes`);
  }
  const tree = git(repo.dir, "merge-tree", "--write-tree", "--name-only", "a", "b");
  expect(tree.code, tree.out).toBe(1);
  const stopsOn = tree.out.split("\n\n")[0]?.split("\n").slice(1);
  for (const [how, start, args, abort] of [
    ["rebase", "b", ["rebase", "a"], ["rebase", "--abort"]],
    ["cherry-pick", "a", ["cherry-pick", "a..b"], ["cherry-pick", "--abort"]],
  ] as const) {
    gitOk(repo.dir, "checkout", "-q", "-B", `contradict-${how}`, start);
    const r = git(repo.dir, ...args);
    expect(r.code, `${how}: ${r.out}`).not.toBe(0);
    expect(gitOk(repo.dir, "diff", "--name-only", "--diff-filter=U").split("\n").filter(Boolean), how).toEqual(stopsOn);
    gitOk(repo.dir, ...abort);
  }
  gitOk(repo.dir, "checkout", "-q", "a");
  const merged = git(repo.dir, "merge", "-m", "merge b", "b");
  expect(merged.code, merged.out).not.toBe(0);
  const conflicted = gitOk(repo.dir, "diff", "--name-only", "--diff-filter=U").split("\n").filter(Boolean);
  expect(stopsOn).toEqual(conflicted);
  const clean = gitOk(repo.dir, "grep", "-l", "-e", "OWN-a decision", "-e", "OWN-b decision", "--", THREADS).split("\n");
  expect(clean.filter((p) => conflicted.includes(p))).toEqual([]);
  for (const own of ["- OWN-a decision", "- OWN-b decision"])
    expect(gitOk(repo.dir, "grep", "-c", "-F", "-e", own, "--", THREADS).split("\n")).toHaveLength(1);
  return conflicted;
}

/** The lines inside each <<<<<<< … >>>>>>> block of `text` (the markers and ======= left out). */
export function conflictLines(text: string): string[] {
  const out: string[] = [];
  let inside = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("<<<<<<<")) inside = true;
    else if (line.startsWith(">>>>>>>")) inside = false;
    else if (inside && line !== "=======") out.push(line);
  }
  return out;
}
