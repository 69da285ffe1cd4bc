// Team repositories for the merge tests: project "Shop" committed with git's merge driver set up as `git-setup` sets it, and the git and CLI helpers those tests share.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect } from "vitest";
import { parseThread } from "../../src/core/store/frontmatter.js";
import { parseSummary } from "../../src/core/store/summary-sections.js";
import { servicesFor } from "./core-services.js";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "./temp-repo.js";
import { makeHome, runCli, type CliRun } from "./run-cli.js";

/** Project "Shop"'s main thread file. */
export const MAIN = ".threadmind/threads/shop/main.md";

/** git in `dir`, whatever its exit code. */
export function gitRun(dir: string, ...args: string[]): { code: number | null; out: string } {
  const r = spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...TEST_GIT_ENV } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

export async function addDecision(dir: string, text: string, threadId = "main"): Promise<void> {
  await servicesFor(dir, `s-${Math.random()}`).summaryUpdate({ threadId, section: "decisions", content: `- ${text}` });
}

/**
 * The Decisions bullets of a thread, named by its format-1 path (`.threadmind/threads/<project>/<id>.md`): read as the
 * store reads it (its folder in format 2, else that file).
 */
export function decisions(dir: string, path = MAIN): string[] {
  const match = /threads\/([^/]+)\/([^/]+)\.md$/.exec(path);
  const thread = match
    ? servicesFor(dir, `reader-${Math.random()}`).store.readThread(match[1]!, match[2]!)
    : parseThread(readFileSync(join(dir, path), "utf8"));
  const section = parseSummary(thread.summary).sections.find((s) => s.key === "decisions");
  return (section?.body ?? "").split("\n").filter((l) => l.startsWith("- "));
}

export interface TeamRepos {
  /** A fresh HOME for the CLI. */
  home(): string;
  /** The built CLI in `dir`, with the tests' git identity. */
  cli(dir: string, ...args: string[]): CliRun;
  /** A repository with project "Shop" (one decision in main) committed, the driver set up unless `driver: false`. */
  teamRepo(options?: { driver?: boolean }): Promise<TempRepo>;
  /** Branch `name` off `from` with one decision added and committed. */
  branchAdding(repo: TempRepo, name: string, decision: string, from?: string): Promise<void>;
  /** Runs `cleanup` after the current test. */
  onCleanup(cleanup: () => void): void;
}

/** The helpers for the calling file's tests: what they make is removed after the test that made it. */
export function teamReposPerTest(): TeamRepos {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });
  const home = () => {
    const h = makeHome();
    cleanups.push(() => rmSync(h, { recursive: true, force: true }));
    return h;
  };
  const cli = (dir: string, ...args: string[]) => runCli(args, { cwd: dir, home: home(), env: { ...TEST_GIT_ENV } });
  return {
    home,
    cli,
    async teamRepo(options = {}) {
      const repo = makeTempRepo();
      cleanups.push(repo.cleanup);
      const s = servicesFor(repo.dir);
      await s.projectCreate({ title: "Shop" });
      await s.summaryUpdate({ content: "## Decisions\n- Use Postgres\n\n## State\nThe shop sells socks." });
      if (options.driver !== false) expect(cli(repo.dir, "git-setup").code).toBe(0);
      repo.commit("ThreadMind project");
      return repo;
    },
    async branchAdding(repo, name, decision, from = "main") {
      repo.git("checkout", "-q", "-b", name, from);
      await addDecision(repo.dir, decision);
      repo.commit(`${name}: ${decision}`);
      repo.git("checkout", "-q", from);
    },
    onCleanup: (cleanup) => void cleanups.push(cleanup),
  };
}
