// Guards SessionStart's part in team memory through git: it sets or refreshes the merge driver in the repository's own
// .git/config (read as a file), names thread files git left in conflict outside the active chain in one line with the
// fix, and loads a conflicted active thread from its last committed version with a notice.
import { spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { HOOK_BUNDLE, parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { RACY_MARGIN_MS } from "../../src/core/context/context-cache.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";

const CLI = join(HOOK_BUNDLE, "..", "cli.mjs");
const EXPECTED = `"${process.execPath}" "${CLI}" merge-file %O %A %B %P`;
const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

async function sessionStart(repo: TempRepo, source: "startup" | "clear" = "startup") {
  const sessionId = `s-${Math.random()}`;
  const run = await runHookProcess("session-start", {
    cwd: repo.dir,
    sessionId,
    transcriptPath: join(repo.dir, `${sessionId}.jsonl`),
    claudePid: process.pid,
    event: { source },
  });
  expect(run).toMatchObject({ code: 0, stderr: "" });
  return parseHookStdout(run.stdout);
}

async function shopRepo(): Promise<TempRepo> {
  const repo = makeTempRepo();
  repos.push(repo);
  const s = servicesFor(repo.dir, "setup");
  await s.projectCreate({ title: "Shop" });
  await s.summaryUpdate({ content: "## Decisions\n- MAIN-DECISION\n\n## State\nSocks." });
  await s.threadCreate({ title: "Billing", parentId: "main" });
  await s.summaryUpdate({ threadId: "billing", content: "## State\nInvoices." });
  await s.threadSwitch("main");
  repo.commit("project");
  return repo;
}

/** The item file (format 2: `<thread>/<section>/<key>.md`) of shop's thread `threadId` that holds `text`. */
function itemFileHolding(repo: TempRepo, threadId: string, section: string, text: string): string {
  const dir = join(repo.dir, ".threadmind", "threads", "shop", threadId, section);
  const files = readdirSync(dir).filter((name) => readFileSync(join(dir, name), "utf8").includes(text));
  expect(files).toHaveLength(1);
  return join(dir, files[0]!);
}

/** The one file git left in conflict, relative to the repository (format 2: one item file of the thread's folder). */
function conflictedFile(repo: TempRepo): string {
  const files = repo.git("diff", "--name-only", "--diff-filter=U").split("\n").filter(Boolean);
  expect(files).toHaveLength(1);
  return files[0]!;
}

/** A merge of two branches that both rewrote `threadId`'s State differently, stopped on the conflict (no driver here). */
async function conflictOn(repo: TempRepo, threadId: string): Promise<void> {
  for (const b of ["a", "b"]) {
    repo.git("checkout", "-q", "-b", b, "main");
    await servicesFor(repo.dir, b).summaryUpdate({ threadId, section: "state", content: `State of ${b}.`, replaceSection: true });
    repo.commit(b);
  }
  repo.git("checkout", "-q", "a");
  spawnSync("git", ["config", "--unset", "merge.threadmind.driver"], { cwd: repo.dir }); // as on a machine without the plugin
  const merged = spawnSync("git", ["merge", "-m", "merge b", "b"], { cwd: repo.dir, env: { ...process.env, ...TEST_GIT_ENV } });
  expect(merged.status).not.toBe(0);
}

describe("SessionStart keeps the merge driver set", () => {
  test("a repository without the driver gets it in its own .git/config, pointing at this plugin's CLI", async () => {
    const repo = await shopRepo();
    await sessionStart(repo);
    expect(repo.git("config", "--local", "--get", "merge.threadmind.driver")).toBe(EXPECTED);
    expect(repo.git("config", "--local", "--get", "merge.threadmind.name")).toContain("ThreadMind");
    const config = readFileSync(join(repo.dir, ".git", "config"), "utf8");
    await sessionStart(repo, "clear");
    expect(readFileSync(join(repo.dir, ".git", "config"), "utf8")).toBe(config); // already current: not rewritten
  });

  test("in a linked worktree the driver goes into the repository's common config, as `git config --local` puts it", async () => {
    const repo = await shopRepo();
    const tree = makeTempRepo({ git: false, prefix: "tm-worktree-" });
    repos.push(tree);
    repo.git("worktree", "add", "-q", join(tree.dir, "wt"), "-b", "wt");
    const wt = { ...tree, dir: join(tree.dir, "wt") };
    await sessionStart(wt);
    expect(repo.git("config", "--local", "--get", "merge.threadmind.driver")).toBe(EXPECTED);
  });

  test("a stale driver (an older plugin's path) is refreshed, the rest of the config kept", async () => {
    const repo = await shopRepo();
    repo.git("config", "merge.threadmind.driver", '"/old/node" "/old/cache/0.4.0/plugin/dist/cli.mjs" merge-file %O %A %B %P');
    repo.git("config", "core.editor", "vi");
    await sessionStart(repo);
    expect(repo.git("config", "--get-all", "merge.threadmind.driver")).toBe(EXPECTED);
    expect(repo.git("config", "--get", "core.editor")).toBe("vi");
  });
});

describe("SessionStart names thread files in conflict", () => {
  test("a conflicted thread outside the active chain is named in one line with the fix; the context still loads", async () => {
    const repo = await shopRepo();
    await conflictOn(repo, "billing");
    const file = conflictedFile(repo);
    expect(file).toMatch(/^\.threadmind\/threads\/shop\/billing\/state\/[^/]+\.md$/);
    const out = await sessionStart(repo);
    expect(out?.hookSpecificOutput?.additionalContext).toContain("MAIN-DECISION");
    expect(out?.systemMessage).toBe(
      `ThreadMind: 1 thread file in conflict (${file}); fix: run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal).`,
    );
    // Served from the context cache the second time, and still said.
    expect((await sessionStart(repo, "startup"))?.systemMessage).toContain(
      `${file}); fix: run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal)`,
    );
  });

  test("a conflicted active thread is loaded from its last committed version, with one line naming the file and the fix", async () => {
    const repo = await shopRepo();
    await conflictOn(repo, "main");
    const file = conflictedFile(repo);
    expect(file).toMatch(/^\.threadmind\/threads\/shop\/main\/state\/[^/]+\.md$/);
    const out = await sessionStart(repo);
    const context = out?.hookSpecificOutput?.additionalContext ?? "";
    expect(context).toContain("MAIN-DECISION");
    expect(context).toContain("State of a."); // HEAD is branch a: its version
    expect(context).not.toMatch(/^<{7}/m);
    expect(context).toContain("Updates to this thread are refused until then.");
    expect(out?.systemMessage).toBe(
      `ThreadMind: ${file} is in conflict (a merge left it unresolved), so its last committed version is loaded; fix: run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal), or edit between the <<<<<<< and >>>>>>> markers. Updates to this thread are refused until then.`,
    );
  });

  test("a thread file committed with conflict markers is named from its stamp (swept once), and no longer once fixed", async () => {
    const repo = await shopRepo();
    // Billing as a format-1 file (`billing.md`, still read: a teammate on an older version commits it), which the sweep
    // judges by its stamp (format 2's item files: the next test).
    const threads = join(repo.dir, ".threadmind", "threads", "shop");
    const billing = join(threads, "billing.md");
    rmSync(join(threads, "billing"), { recursive: true });
    writeFileSync(
      billing,
      serializeThread({
        id: "billing",
        title: "Billing",
        parentId: "main",
        author: "setup",
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
        summary: "## State\nInvoices.",
      }),
    );
    repo.commit("billing in format 1");
    await sleep(RACY_MARGIN_MS + 200); // every file old enough for its verdict to be kept
    await sessionStart(repo); // the sweep knows every file and the directory now
    const good = readFileSync(billing, "utf8");
    // As git writes a file it checks out: a new file in the file's place.
    writeFileSync(`${billing}.new`, good.replace("Invoices.", "<<<<<<< HEAD\nInvoices.\n=======\nReceipts.\n>>>>>>> other"));
    renameSync(`${billing}.new`, billing);
    repo.commit("a bad merge, committed");
    const line =
      "ThreadMind: 1 thread file holds git conflict markers (.threadmind/threads/shop/billing.md) and cannot be read; fix: edit the part between <<<<<<< and >>>>>>> (`git log -p <file>` shows both sides).";
    const out = await sessionStart(repo);
    expect(out?.hookSpecificOutput?.additionalContext).toContain("MAIN-DECISION");
    expect(out?.systemMessage).toBe(line);
    expect((await sessionStart(repo, "clear"))?.systemMessage).toBe(line); // known from the saved verdicts
    writeFileSync(billing, good); // fixed in place
    expect((await sessionStart(repo, "clear"))?.systemMessage).toBeUndefined();
  });

  // A format-2 thread's item file lives in `<id>/<section>/`, whose writes leave the project directory's stamp unchanged:
  // the commit (git's index rewritten) makes the sweep look at the thread folders' own stamps (#25).
  test("a format-2 item file committed with conflict markers is named at session start, and no longer once fixed", async () => {
    const repo = await shopRepo();
    await sleep(RACY_MARGIN_MS + 200);
    await sessionStart(repo);
    const item = itemFileHolding(repo, "billing", "state", "Invoices.");
    const good = readFileSync(item, "utf8");
    writeFileSync(`${item}.new`, good.replace("Invoices.", "<<<<<<< HEAD\nInvoices.\n=======\nReceipts.\n>>>>>>> other"));
    renameSync(`${item}.new`, item);
    repo.commit("a bad merge, committed");
    const line = `ThreadMind: 1 thread file holds git conflict markers (${relative(repo.dir, item)}) and cannot be read; fix: edit the part between <<<<<<< and >>>>>>> (\`git log -p <file>\` shows both sides).`;
    expect((await sessionStart(repo))?.systemMessage).toBe(line);
    writeFileSync(item, good);
    expect((await sessionStart(repo, "clear"))?.systemMessage).toBeUndefined();
  });

  test("a conflicted ancestor is left out with a notice naming the file and the fix; the active thread still loads", async () => {
    const repo = await shopRepo();
    const s = servicesFor(repo.dir, "child");
    await s.threadSwitch("billing");
    // format 2: the item file holding it (a Decisions item: the context reads nothing else of an ancestor's sections)
    const main = itemFileHolding(repo, "main", "decisions", "MAIN-DECISION");
    writeFileSync(
      main,
      readFileSync(main, "utf8").replace("- MAIN-DECISION", "<<<<<<< HEAD\n- MAIN-DECISION\n=======\n- OTHER\n>>>>>>> other"),
    );
    const context = await servicesFor(repo.dir, "child").contextGet();
    expect(context.text).toContain("Invoices.");
    expect(context.notices.join("\n")).toContain(
      `Ancestor "main" could not be read (${main}: contains git conflict markers (<<<<<<< / ======= / >>>>>>>): run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal)`,
    );
  });

  test("no operation under way: nothing is said and git is not asked", async () => {
    const repo = await shopRepo();
    writeFileSync(join(repo.dir, ".git", "MERGE_HEAD.not"), "");
    const out = await sessionStart(repo);
    expect(out?.systemMessage).toBeUndefined();
  });
});
