// The everyday cases of team memory under plain git (issue #25 §3), written through the built server on two branches a
// and b off main, each with what its merged context must hold; and the describe block that integrates them every way
// (the merge-tree result also read by the built SessionStart hook in a fresh clone).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../../support/temp-repo.js";
import {
  commitStore,
  conflictMarkerFiles,
  createdId,
  expectNoDriver,
  git,
  gitOk,
  INTEGRATIONS,
  integrate,
  occurrences,
} from "../../support/plain-git.js";
import { call, spawnServer, type RunningServer } from "./spawn-server.js";
import { parseHookStdout, runHookProcess } from "../../reliability/hook-process.js";

/** Main's summary on main, before the branches. */
export const BASE_SUMMARY =
  "## Decisions\n- BASE-D1 orders live in Postgres\n\n## State\nThe shop sells socks.\n\n## Next steps\n- BASE-N1 ship the cart";

/** What one thread's context (thread_switch to it) must hold after the merge. */
export interface Expect {
  threadId: string;
  /** Each exactly once. */
  once: string[];
  /** None of these. */
  absent?: string[];
}

export interface EverydayCase {
  name: string;
  /** The project's mode (default solo). */
  mode?: "solo" | "team";
  /** The repository has a remote (where a pull request is merged): an `origin` pointing at a bare repository. */
  remote?: boolean;
  /** Threads on main before the branches (main's summary is BASE_SUMMARY). */
  setup?(server: RunningServer): Promise<void>;
  /** Branch a's writes, then b's (each branch checked out off main, committed after); the ids they created are kept. */
  a(server: RunningServer, ids: Map<string, string>): Promise<void>;
  b(server: RunningServer, ids: Map<string, string>): Promise<void>;
  expected(ids: Map<string, string>): Expect[];
  /** More checks on the merged result. */
  more?(server: RunningServer, ids: Map<string, string>): Promise<void>;
}

/** The context the built SessionStart hook injects in a fresh clone of `branch` of the repository in `dir`. */
export async function freshCloneSessionStart(dir: string, branch: string): Promise<string> {
  const clone = makeTempRepo({ git: false, prefix: "tm-fresh-clone-" });
  try {
    gitOk(clone.dir, "clone", "-q", "-b", branch, dir, ".");
    const sessionId = `s-${Math.random()}`;
    const run = await runHookProcess("session-start", {
      cwd: clone.dir,
      sessionId,
      transcriptPath: join(clone.dir, `${sessionId}.jsonl`),
      claudePid: process.pid,
      event: { source: "startup" },
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    return parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext ?? "";
  } finally {
    clone.cleanup();
  }
}

/** The id `name` that a branch created, or the test fails. */
export function idOf(ids: Map<string, string>, name: string): string {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`no thread "${name}" was created`);
  return id;
}

/** Creates thread `title` under `parentId`, remembered as `name`; returns its id as the server said it. */
export async function create(
  server: RunningServer,
  ids: Map<string, string>,
  name: string,
  title: string,
  parentId = "main",
): Promise<string> {
  const id = createdId(await call(server, "thread_create", { title, parentId }));
  ids.set(name, id);
  return id;
}

export async function addTo(server: RunningServer, threadId: string, section: string, line: string): Promise<void> {
  await call(server, "summary_update", { threadId, section, content: line });
}

/**
 * For each case: a repository with project Shop on main, branches a and b written through one built server, and one
 * test per way of integrating b into a (git merge, merge-tree + commit-tree, rebase, cherry-pick): git reports no
 * conflict, no file under .threadmind holds a marker, and each thread's context holds what the case expects.
 */
export function describeEverydayCases(cases: EverydayCase[]): void {
  for (const c of cases) {
    describe(c.name, () => {
      let repo: TempRepo;
      let bare: string | undefined;
      let server: RunningServer;
      const ids = new Map<string, string>();

      beforeAll(async () => {
        repo = makeTempRepo();
        repo.commit("init", { "README.md": "shop\n" });
        if (c.remote === true) {
          bare = mkdtempSync(join(tmpdir(), "tm-everyday-origin-"));
          gitOk(bare, "init", "-q", "--bare");
          gitOk(repo.dir, "remote", "add", "origin", bare);
        }
        server = await spawnServer({ cwd: repo.dir });
        await call(server, "project_create", { title: "Shop", mode: c.mode ?? "solo" });
        await call(server, "summary_update", { content: BASE_SUMMARY });
        await c.setup?.(server);
        commitStore(repo.dir, "ThreadMind project");
        expectNoDriver(repo.dir);
        for (const [branch, write] of [
          ["a", c.a],
          ["b", c.b],
        ] as const) {
          gitOk(repo.dir, "checkout", "-q", "-b", branch, "main");
          await write(server, ids);
          commitStore(repo.dir, `${branch}'s writes`);
        }
        expectNoDriver(repo.dir);
      });
      afterAll(async () => {
        await server?.close();
        repo?.cleanup();
        if (bare !== undefined) rmSync(bare, { recursive: true, force: true });
      });

      test.each(INTEGRATIONS)("%s: no conflict, no marker, each decision in the context exactly once", async (how) => {
        const result = integrate(repo.dir, how, "a", "b", `result-${how.replace(" ", "-")}`);
        expect(result.clean, result.out).toBe(true);
        expect(result.out).not.toContain("CONFLICT");
        expect(git(repo.dir, "status", "--porcelain").out).toBe("");
        expect(conflictMarkerFiles(repo.dir)).toEqual([]);
        for (const e of c.expected(ids)) {
          const context = await call(server, "thread_switch", { threadId: e.threadId });
          for (const line of e.once) expect(occurrences(context, line), `${line} in ${e.threadId}:\n${context}`).toBe(1);
          for (const line of e.absent ?? []) expect(context, `${e.threadId}`).not.toContain(line);
        }
        await c.more?.(server, ids);
        // As a Git host's merge would be pulled: a fresh clone of the merged commit, whose SessionStart injects main's.
        if (how === "merge-tree") {
          const main = c.expected(ids).find((e) => e.threadId === "main");
          if (main !== undefined) {
            const context = await freshCloneSessionStart(repo.dir, `result-${how}`);
            for (const line of main.once) expect(occurrences(context, line), `${line} in:\n${context}`).toBe(1);
          }
        }
      });
    });
  }
}
