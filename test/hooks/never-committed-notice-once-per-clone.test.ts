// SessionStart tells the user once per clone when the thread files of a project older than a day were never committed
// (a `git clean -fdx` would delete them), with the fix; never again in that clone, never once they are committed.
import { existsSync, readdirSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { COMMIT_NOTICE_MARK } from "../../src/hooks/commit-notice.js";

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

async function sessionStart(repo: TempRepo): Promise<string | undefined> {
  const sessionId = `s-${Math.random()}`;
  const run = await runHookProcess("session-start", {
    cwd: repo.dir,
    sessionId,
    transcriptPath: join(repo.dir, `${sessionId}.jsonl`),
    claudePid: process.pid,
  });
  expect(run).toMatchObject({ code: 0, stderr: "" });
  return parseHookStdout(run.stdout)?.systemMessage;
}

/** A repository with a project made `daysOld` days ago (its project file's time) and nothing of it committed. */
async function shopRepo(daysOld: number): Promise<TempRepo> {
  const repo = makeTempRepo();
  repos.push(repo);
  repo.commit("init");
  const s = servicesFor(repo.dir, "setup");
  await s.projectCreate({ title: "Shop" });
  await s.summaryUpdate({ content: "## Decisions\n- Postgres for orders." });
  const projects = join(repo.dir, ".threadmind", "projects");
  const then = new Date(Date.now() - daysOld * 24 * 60 * 60 * 1000);
  for (const f of readdirSync(projects)) utimesSync(join(projects, f), then, then);
  return repo;
}

const NOTICE =
  'ThreadMind: the thread summaries in .threadmind/ have never been committed, so a `git clean -fdx` would delete them and no other clone has them; fix: `git add .threadmind && git commit -m "ThreadMind summaries"`. (Said once for this clone; /thread-mind:doctor keeps checking: `thread-mind-mcp doctor` in a terminal.)';

describe("SessionStart and thread files never committed", () => {
  test("says it once for the clone, with the fix, and never again", async () => {
    const repo = await shopRepo(2);
    expect(await sessionStart(repo)).toBe(NOTICE);
    expect(existsSync(join(repo.dir, ".threadmind", "cache", COMMIT_NOTICE_MARK))).toBe(true);
    expect(await sessionStart(repo)).toBeUndefined();
  });

  test("says nothing on a project's first day, nor once the thread files are committed", async () => {
    const young = await shopRepo(0);
    expect(await sessionStart(young)).toBeUndefined();
    expect(existsSync(join(young.dir, ".threadmind", "cache", COMMIT_NOTICE_MARK))).toBe(false);
    const committed = await shopRepo(2);
    committed.git("add", ".threadmind");
    committed.git("commit", "-qm", "ThreadMind summaries");
    expect(await sessionStart(committed)).toBeUndefined();
    // Settled for this clone: git is not asked again.
    expect(existsSync(join(committed.dir, ".threadmind", "cache", COMMIT_NOTICE_MARK))).toBe(true);
  });
});
