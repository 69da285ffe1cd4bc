// Issue #25 §4 under plain git (no merge driver, as a Git host merges a pull request): what is truly contradictory (one
// item edited two ways, one section replaced two ways, a title or a parent changed two ways) is a conflict git reports,
// confined to the one file of that item or of that thread's head, with both versions between the markers; what else the
// branches wrote merges; the server names the conflicted file with the fix; `resolve` keeps an item's two versions as
// two items, and leaves a head's contradictory field marked.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import {
  commitStore,
  conflictMarkerFiles,
  expectNoDriver,
  git,
  gitOk,
  occurrences,
  PLAIN_GIT_ENV,
} from "../support/plain-git.js";
import { makeHome, runCli } from "../support/run-cli.js";
import { allTextOf, call, spawnServer, type RunningServer } from "./support/spawn-server.js";

const BASE = "## Decisions\n- BASE-D1 orders live in Postgres\n\n## State\nThe shop sells socks.";
const THREADS = ".threadmind/threads/shop";

const open: { repo: TempRepo; server: RunningServer; home: string }[] = [];
afterEach(async () => {
  for (const { repo, server, home } of open.splice(0)) {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  }
});

interface Shop {
  repo: TempRepo;
  server: RunningServer;
  /** The built CLI in the repository (no driver configured). */
  cli(...args: string[]): ReturnType<typeof runCli>;
}

/** Project Shop (main with BASE; threads Billing, Payments, Shipping under it) committed on main, the server running. */
async function shop(): Promise<Shop> {
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
 * Branches a and b off main, each written by `write` and given a decision of its own, committed; then b merged into a
 * by merge-tree (as a Git host) and by git merge: both stop on the same files, which are returned; each branch's own
 * decision merged, outside them.
 */
async function contradict({ repo, server }: Shop, write: (branch: "a" | "b") => Promise<void>): Promise<string[]> {
  for (const branch of ["a", "b"] as const) {
    gitOk(repo.dir, "checkout", "-q", "-b", branch, "main");
    await write(branch);
    await call(server, "summary_update", { threadId: "main", section: "decisions", content: `- OWN-${branch} decision` });
    commitStore(repo.dir, `${branch}'s writes`);
  }
  const tree = git(repo.dir, "merge-tree", "--write-tree", "--name-only", "a", "b");
  expect(tree.code, tree.out).toBe(1);
  gitOk(repo.dir, "checkout", "-q", "a");
  const merged = git(repo.dir, "merge", "-m", "merge b", "b");
  expect(merged.code, merged.out).not.toBe(0);
  const conflicted = gitOk(repo.dir, "diff", "--name-only", "--diff-filter=U").split("\n").filter(Boolean);
  expect(tree.out.split("\n\n")[0]?.split("\n").slice(1)).toEqual(conflicted);
  const clean = gitOk(repo.dir, "grep", "-l", "-e", "OWN-a decision", "-e", "OWN-b decision", "--", THREADS).split("\n");
  expect(clean.filter((p) => conflicted.includes(p))).toEqual([]);
  for (const own of ["- OWN-a decision", "- OWN-b decision"])
    expect(gitOk(repo.dir, "grep", "-c", "-F", "-e", own, "--", THREADS).split("\n")).toHaveLength(1);
  return conflicted;
}

/** The lines inside each <<<<<<< … >>>>>>> block of `text` (the markers and ======= left out). */
function conflictLines(text: string): string[] {
  const out: string[] = [];
  let inside = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("<<<<<<<")) inside = true;
    else if (line.startsWith(">>>>>>>")) inside = false;
    else if (inside && line !== "=======") out.push(line);
  }
  return out;
}

describe("an item or a section written two ways: a conflict in that item's one file", () => {
  test.each([
    {
      name: "one item edited two ways (a whole-summary rewrite on each branch)",
      folder: `${THREADS}/main/`,
      versions: ["- BASE-D1 orders live in Postgres 16", "- BASE-D1 orders live in MySQL"] as const,
      write: (server: RunningServer, version: string) =>
        call(server, "summary_update", { threadId: "main", content: BASE.replace("- BASE-D1 orders live in Postgres", version) }),
    },
    {
      name: "one section replaced two ways",
      folder: `${THREADS}/main/`,
      versions: ["A-STATE socks ship from Lyon.", "B-STATE socks ship from Berlin."] as const,
      write: (server: RunningServer, version: string) =>
        call(server, "summary_update", { threadId: "main", section: "state", content: version, replaceSection: true }),
    },
  ])(
    "$name: git reports it in one file holding both versions; the context names it; resolve keeps both as two items",
    async (c) => {
      const s = await shop();
      const conflicted = await contradict(s, async (b) => {
        await c.write(s.server, c.versions[b === "a" ? 0 : 1]);
      });
      expect(conflicted).toHaveLength(1);
      const path = conflicted[0] ?? "";
      expect(path.startsWith(c.folder), path).toBe(true);
      for (const v of c.versions) expect(readFileSync(join(s.repo.dir, path), "utf8")).toContain(v);

      // Nothing read silently: the context still loads, and names the file with the fix.
      const context = await s.server.client.callTool({ name: "context_get", arguments: {} });
      const text = allTextOf(context);
      expect(context.isError, text).toBeFalsy();
      expect(text).toContain(path);
      expect(text).toContain("resolve");

      // resolve (the driver's rules, from git's index) keeps both versions as two items, stamped, staged: nothing lost.
      const resolved = s.cli("resolve");
      expect(resolved.code, resolved.stdout).toBe(0);
      const after = readFileSync(join(s.repo.dir, path), "utf8");
      for (const v of c.versions) expect(after.split(v)).toHaveLength(2);
      expect(conflictLines(after)).toEqual([]);
      expect(conflictMarkerFiles(s.repo.dir)).toEqual([]);
      gitOk(s.repo.dir, "commit", "-q", "--no-edit");
      const settled = await call(s.server, "thread_switch", { threadId: "main" });
      for (const line of [...c.versions, "- OWN-a decision", "- OWN-b decision"])
        expect(occurrences(settled, line), `${line} in:\n${settled}`).toBe(1);
    },
  );
});

describe("a title or a parent changed two ways: a conflict in that thread's head, which resolve names by field", () => {
  test.each([
    {
      name: "a parent changed two ways (thread_rebase on each branch)",
      field: "parentId",
      versions: ["payments", "shipping"] as const,
      write: async (s: Shop, version: string) => {
        await call(s.server, "thread_rebase", { threadId: "billing", newParentId: version });
      },
    },
    {
      name: "a title changed two ways (the thread's head edited by hand on each branch)",
      field: "title",
      versions: ["Billing and invoices", "Billing and refunds"] as const,
      write: async (s: Shop, version: string) => {
        const head = join(s.repo.dir, THREADS, "billing", "thread.md");
        writeFileSync(head, readFileSync(head, "utf8").replace("title: Billing\n", `title: ${version}\n`));
      },
    },
  ])("$name", async (c) => {
    const s = await shop();
    const conflicted = await contradict(s, (b) => c.write(s, c.versions[b === "a" ? 0 : 1]));
    expect(conflicted).toHaveLength(1);
    const path = conflicted[0] ?? "";
    expect(path.startsWith(`${THREADS}/billing/`), path).toBe(true);
    const text = readFileSync(join(s.repo.dir, path), "utf8");
    for (const v of c.versions) expect(conflictLines(text)).toContain(`${c.field}: ${v}`);
    // The tree says which thread's file it could not read, with the fix; the other threads are there.
    const tree = await call(s.server, "thread_list");
    expect(tree).toContain(path);
    expect(tree).toContain("resolve");
    expect(tree).toContain("Payments (payments)");
    const resolved = s.cli("resolve");
    expect(resolved.code).toBe(1);
    expect(resolved.stdout).toContain(`still in conflict: ${path} (field "${c.field}")`);
  });
});
