// Guards the bug where `thread-mind-mcp resolve` re-merged a thread file whose side held bytes that are not UTF-8 (a
// teammate's Latin-1 editor): git's stages were decoded leniently, so the merge wrote U+FFFD in place of those bytes and
// staged the loss. The driver (merge-file) already refused such a side; resolve now refuses it too and changes nothing.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "../support/temp-repo.js";
import { makeHome, runCli } from "../support/run-cli.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const MAIN = ".threadmind/threads/shop/main.md";

function home(): string {
  const h = makeHome();
  cleanups.push(() => rmSync(h, { recursive: true, force: true }));
  return h;
}

/** git in `dir`, whatever its exit code. */
function gitRun(dir: string, ...args: string[]): { code: number | null; out: string } {
  const r = spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...TEST_GIT_ENV } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

function cli(dir: string, ...args: string[]) {
  return runCli(args, { cwd: dir, home: home(), env: { ...TEST_GIT_ENV } });
}

/** A repository with project "Shop" (one decision in main) committed, the driver set up as git-setup sets it. */
async function teamRepo(options: { driver?: boolean } = {}): Promise<TempRepo> {
  const repo = makeTempRepo();
  cleanups.push(repo.cleanup);
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  await s.summaryUpdate({ content: "## Decisions\n- Use Postgres\n\n## State\nThe shop sells socks." });
  if (options.driver !== false) expect(cli(repo.dir, "git-setup").code).toBe(0);
  repo.commit("ThreadMind project");
  return repo;
}

async function addDecision(dir: string, text: string, threadId = "main"): Promise<void> {
  await servicesFor(dir, `s-${Math.random()}`).summaryUpdate({ threadId, section: "decisions", content: `- ${text}` });
}

/** Branch `name` off `from` with one decision added and committed. */
async function branchAdding(repo: TempRepo, name: string, decision: string, from = "main"): Promise<void> {
  repo.git("checkout", "-q", "-b", name, from);
  await addDecision(repo.dir, decision);
  repo.commit(`${name}: ${decision}`);
  repo.git("checkout", "-q", from);
}
describe("resolve and a side that is not UTF-8", () => {
  test("the file is not re-merged nor staged, and resolve says why (it used to write U+FFFD and stage it)", async () => {
    const repo = await teamRepo({ driver: false });
    repo.git("checkout", "-q", "-b", "a", "main");
    const [head, tail] = readFileSync(join(repo.dir, MAIN), "utf8").split("- Use Postgres\n");
    const latin1 = Buffer.concat([
      Buffer.from(`${head}- Use Postgres\n- Caf`),
      Buffer.from([0xe9]),
      Buffer.from(` menu\n${tail}`),
    ]);
    writeFileSync(join(repo.dir, MAIN), latin1);
    repo.commit("a: latin-1 decision");
    repo.git("checkout", "-q", "main");
    await branchAdding(repo, "b", "From b");
    repo.git("checkout", "-q", "b");
    expect(gitRun(repo.dir, "merge", "-m", "merge a", "a").code).not.toBe(0);
    const conflicted = readFileSync(join(repo.dir, MAIN));
    const resolved = cli(repo.dir, "resolve");
    expect(resolved.stdout).toContain(
      `could not re-merge ${MAIN}: Cannot read their version of ${MAIN} in git's index: is not valid UTF-8`,
    );
    expect(resolved.stdout).toContain("is not valid UTF-8");
    expect(readFileSync(join(repo.dir, MAIN)).equals(conflicted)).toBe(true);
    expect(gitRun(repo.dir, "status", "--porcelain").out).toContain(`UU ${MAIN}`);
    expect(resolved.code).not.toBe(0);
  });
});
