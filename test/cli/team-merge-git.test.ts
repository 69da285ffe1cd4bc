// Team memory through git, on real repositories with the driver configured by `thread-mind-mcp git-setup`: decisions
// added on several branches merge, rebase, cherry-pick and pull with no conflict; real conflicts are confined and
// reported; modify/delete is git's; same-title threads both survive; a clone without the driver is fixed by `resolve`.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseThread } from "../../src/core/store/frontmatter.js";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "../support/temp-repo.js";
import { BUILT_CLI, runCli } from "../support/run-cli.js";
import { MAIN, gitRun, addDecision, decisions, teamReposPerTest } from "../support/team-repo.js";
import { addDecisionFormat1, branchAddingFormat1, toFormat1, writeFormat1 } from "../support/format1-threads.js";

const { home, cli, teamRepo, branchAdding, onCleanup } = teamReposPerTest();

/**
 * The Decisions bullets of a thread whose decisions were added on several branches at once: the oldest first, then the
 * others sorted, since format 2 orders items added concurrently by their keys' random suffixes (each is still kept once).
 */
function concurrentDecisions(dir: string, path?: string): string[] {
  const [first, ...rest] = decisions(dir, path);
  return [first ?? "", ...rest.sort()];
}

/** The team repository with its main thread as a format-1 file (MAIN), for the conflicts of format-1 files. */
async function teamRepoFormat1(options?: { driver?: boolean }): Promise<TempRepo> {
  const repo = await teamRepo(options);
  toFormat1(repo.dir, "shop", "main");
  repo.commit("main thread in format 1");
  return repo;
}

/**
 * Thread "Rate limiting" (a decision from its branch) added as a format-1 file on branches a and b off main (with a child
 * "Limits UI <branch>" when `children`), `more` done on each before its commit; then b merged into a, which git leaves in
 * conflict (two files added at one path). Format 1: a team project's new threads (format 2) get a random suffix and never
 * collide.
 */
async function mergeRateLimitingFromTwoBranches(
  repo: TempRepo,
  { children = false, more = () => {} }: { children?: boolean; more?: (branch: string) => unknown },
): Promise<void> {
  for (const [i, b] of ["a", "b"].entries()) {
    repo.git("checkout", "-q", "-b", b, "main");
    const at = `2025-03-0${i + 1}T00:00:00.000Z`;
    const common = { author: b, createdAt: at, updatedAt: at, branch: b };
    writeFormat1(repo.dir, "shop", {
      ...common,
      id: "rate-limiting",
      title: "Rate limiting",
      parentId: "main",
      summary: `## Decisions\n- Limit from ${b}`,
    });
    if (children)
      writeFormat1(repo.dir, "shop", {
        ...common,
        id: `limits-ui-${b}`,
        title: `Limits UI ${b}`,
        parentId: "rate-limiting",
        summary: "",
      });
    await more(b);
    repo.commit(b);
  }
  repo.git("checkout", "-q", "a");
  expect(gitRun(repo.dir, "merge", "-m", "merge b", "b").code).not.toBe(0);
}

describe("with the driver set up, thread files merge by themselves", () => {
  test("git-setup writes the driver into the repository's own config and the attributes beside the threads", async () => {
    const repo = await teamRepo();
    const driver = repo.git("config", "--local", "--get", "merge.threadmind.driver");
    expect(driver).toMatch(/^".+node[^"]*" ".+\/plugin\/dist\/cli\.mjs" merge-file %O %A %B %P$/);
    expect(repo.git("check-attr", "merge", "--", MAIN)).toBe(`${MAIN}: merge: threadmind`);
    expect(repo.git("check-attr", "merge", "--", ".threadmind/projects/shop.json")).toBe(
      ".threadmind/projects/shop.json: merge: threadmind",
    );
  });

  test("two branches adding decisions merge with no conflict, every decision kept exactly once", async () => {
    const repo = await teamRepo();
    await branchAdding(repo, "a", "Cache in Redis");
    await branchAdding(repo, "b", "JWT in cookies");
    repo.git("merge", "-q", "--no-ff", "-m", "merge a", "a");
    const merged = gitRun(repo.dir, "merge", "--no-ff", "-m", "merge b", "b");
    expect(merged.code, merged.out).toBe(0);
    expect(concurrentDecisions(repo.dir)).toEqual(["- Use Postgres", "- Cache in Redis", "- JWT in cookies"]);
  });

  test("three branches adding decisions merge with no conflict", async () => {
    const repo = await teamRepo();
    for (const [b, d] of [
      ["a", "A decision"],
      ["b", "B decision"],
      ["c", "C decision"],
    ] as const)
      await branchAdding(repo, b, d);
    for (const b of ["a", "b", "c"]) expect(gitRun(repo.dir, "merge", "--no-ff", "-m", `merge ${b}`, b).code).toBe(0);
    expect(concurrentDecisions(repo.dir)).toEqual(["- Use Postgres", "- A decision", "- B decision", "- C decision"]);
    expect(repo.git("status", "--porcelain")).toBe("");
  });

  test("git rebase replays decisions onto a branch that added others", async () => {
    const repo = await teamRepo();
    await branchAdding(repo, "a", "From a");
    await branchAdding(repo, "b", "From b");
    repo.git("checkout", "-q", "b");
    const rebased = gitRun(repo.dir, "rebase", "a");
    expect(rebased.code, rebased.out).toBe(0);
    expect(concurrentDecisions(repo.dir)).toEqual(["- Use Postgres", "- From a", "- From b"]);
  });

  test("git cherry-pick takes one decision onto another branch", async () => {
    const repo = await teamRepo();
    await branchAdding(repo, "a", "From a");
    await branchAdding(repo, "b", "From b");
    repo.git("checkout", "-q", "a");
    const picked = gitRun(repo.dir, "cherry-pick", "b");
    expect(picked.code, picked.out).toBe(0);
    expect(concurrentDecisions(repo.dir)).toEqual(["- Use Postgres", "- From a", "- From b"]);
  });

  test("a project file changed in different fields on two branches merges field by field", async () => {
    const repo = await teamRepo();
    const path = join(repo.dir, ".threadmind", "projects", "shop.json");
    const edit = (change: (p: Record<string, unknown>) => void) => {
      const project = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
      change(project);
      writeFileSync(path, `${JSON.stringify(project, null, 2)}\n`);
    };
    repo.git("checkout", "-q", "-b", "a");
    edit((p) => {
      p.title = "Sock shop";
    });
    await addDecision(repo.dir, "From a");
    repo.commit("a");
    repo.git("checkout", "-q", "-b", "b", "main");
    edit((p) => {
      p.systemContext = "TypeScript monorepo.";
    });
    await addDecision(repo.dir, "From b");
    repo.commit("b");
    const merged = gitRun(repo.dir, "merge", "-m", "merge a", "a");
    expect(merged.code, merged.out).toBe(0);
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({
      id: "shop",
      title: "Sock shop",
      systemContext: "TypeScript monorepo.",
    });
    expect(concurrentDecisions(repo.dir)).toEqual(["- Use Postgres", "- From a", "- From b"]);
  });

  test("git pull merges a teammate's decisions into ours", async () => {
    const origin = await teamRepo();
    const clone = makeTempRepo({ git: false });
    onCleanup(clone.cleanup);
    gitRun(clone.dir, "clone", "-q", origin.dir, ".");
    clone.git("config", "pull.rebase", "false");
    expect(cli(clone.dir, "git-setup").code).toBe(0);
    await addDecision(origin.dir, "Teammate's decision");
    origin.commit("teammate");
    await addDecision(clone.dir, "My decision");
    clone.commit("mine");
    const pulled = gitRun(clone.dir, "pull", "-q", "--no-edit", "origin", "main");
    expect(pulled.code, pulled.out).toBe(0);
    expect(concurrentDecisions(clone.dir)).toEqual(["- Use Postgres", "- My decision", "- Teammate's decision"]);
    // And with --rebase: our commits are replayed onto the teammate's (the merge commit is dropped), each decision once.
    await addDecision(origin.dir, "Teammate's second");
    origin.commit("teammate 2");
    await addDecision(clone.dir, "My second");
    clone.commit("mine 2");
    const rebased = gitRun(clone.dir, "pull", "-q", "--rebase", "origin", "main");
    expect(rebased.code, rebased.out).toBe(0);
    expect(concurrentDecisions(clone.dir)).toEqual([
      "- Use Postgres",
      "- My decision",
      "- My second",
      "- Teammate's decision",
      "- Teammate's second",
    ]);
  });
});

describe("doctor and the driver's configuration", () => {
  test("a new project writes .threadmind/.gitattributes; an edited one gets the missing lines back", async () => {
    const repo = await teamRepo({ driver: false });
    const path = join(repo.dir, ".threadmind", ".gitattributes");
    expect(readFileSync(path, "utf8")).toContain("threads/**/*.md merge=threadmind\nprojects/*.json merge=threadmind\n");
    writeFileSync(path, "*.png binary");
    expect(cli(repo.dir, "git-setup").stdout).toContain(".threadmind/.gitattributes: written (commit it with the project)");
    expect(readFileSync(path, "utf8")).toBe("*.png binary\nthreads/**/*.md merge=threadmind\nprojects/*.json merge=threadmind\n");
    expect(cli(repo.dir, "git-setup").stdout).toContain(".threadmind/.gitattributes: already up to date");
  });

  test("doctor says when the driver is missing or runs another install, with git-setup as the fix, and ok once set", async () => {
    const repo = await teamRepo({ driver: false });
    // Missing, it says what plain git still merges (#25: thread folders) and what it leaves marked.
    expect(cli(repo.dir, "doctor").stdout).toContain(
      "[warn] Merge driver: merge.threadmind.driver is not set in this repository: thread folders still merge with git's own rules, but what git cannot settle (an item or a field of thread.md changed two ways, a format-1 thread or a project file changed on both branches) is left marked for you or `resolve`",
    );
    repo.git("config", "merge.threadmind.driver", '"/old/node" "/old/plugin/dist/cli.mjs" merge-file %O %A %B %P');
    const stale = cli(repo.dir, "doctor").stdout;
    expect(stale).toContain(
      '[warn] Merge driver: merge.threadmind.driver runs "/old/node" "/old/plugin/dist/cli.mjs" merge-file %O %A %B %P, not this install',
    );
    expect(stale).toContain("; /old/node and /old/plugin/dist/cli.mjs no longer exist, so git cannot merge thread files");
    expect(stale).toContain("fix: Run `thread-mind-mcp git-setup`");
    expect(cli(repo.dir, "git-setup").code).toBe(0);
    const fixed = cli(repo.dir, "doctor").stdout;
    expect(fixed).toContain("[ok  ] Merge driver: thread files merge by meaning");
    expect(fixed).toContain("[ok  ] Conflicted thread files: none in git's index");
  });

  test("git-setup quotes paths with spaces, and git runs the driver through them", async () => {
    const repo = await teamRepo({ driver: false });
    const spaced = makeTempRepo({ git: false, prefix: "tm dir with spaces " });
    onCleanup(spaced.cleanup);
    const cliCopy = join(spaced.dir, "plugin", "dist", "cli.mjs");
    mkdirSync(dirname(cliCopy), { recursive: true });
    // The entry (cli.mjs, the name the driver command holds, runs cli.cjs) and the CLI it loads (not the report's bundle).
    for (const bundle of ["cli.mjs", "cli.cjs", "cli-main.mjs"])
      copyFileSync(join(dirname(BUILT_CLI), bundle), join(dirname(cliCopy), bundle));
    const setup = runCli(["git-setup"], { cwd: repo.dir, home: home(), cli: cliCopy, env: { ...TEST_GIT_ENV } });
    expect(setup.code, setup.stderr).toBe(0);
    expect(repo.git("config", "--get", "merge.threadmind.driver")).toContain(`"${cliCopy}" merge-file`);
    await branchAdding(repo, "a", "From a");
    await branchAdding(repo, "b", "From b");
    repo.git("merge", "-q", "--no-ff", "-m", "a", "a");
    const merged = gitRun(repo.dir, "merge", "--no-ff", "-m", "b", "b");
    expect(merged.code, merged.out).toBe(0);
    expect(concurrentDecisions(repo.dir)).toEqual(["- Use Postgres", "- From a", "- From b"]);
  });
});

describe("real conflicts are confined, reported and explained", () => {
  test("one section edited differently on both branches: git reports a conflict confined to that section; resolve explains it", async () => {
    // A format-1 file edited as an older release edits it (the store's writes would migrate it to a folder).
    const repo = await teamRepoFormat1();
    for (const [b, state] of [
      ["a", "Socks ship from Lyon."],
      ["b", "Socks ship from Berlin."],
    ] as const) {
      repo.git("checkout", "-q", "-b", b, "main");
      const path = join(repo.dir, MAIN);
      writeFileSync(path, readFileSync(path, "utf8").replace("The shop sells socks.", state));
      addDecisionFormat1(repo.dir, MAIN, `Decision of ${b}`);
      repo.commit(b);
    }
    repo.git("checkout", "-q", "a");
    const merged = gitRun(repo.dir, "merge", "-m", "merge b", "b");
    expect(merged.code).not.toBe(0);
    expect(merged.out).toContain(`CONFLICT (content): Merge conflict in ${MAIN}`);
    const text = readFileSync(join(repo.dir, MAIN), "utf8");
    expect(text).toContain(
      "## Decisions\n- Use Postgres\n- Decision of a\n- Decision of b\n\n## State\n<<<<<<< ours\nSocks ship from Lyon.\n=======\nSocks ship from Berlin.\n>>>>>>> theirs\n",
    );
    expect(text.split("\n---\n")[0]).not.toContain("<<<<<<<"); // the frontmatter merged cleanly
    // Meanwhile context_get reads the last committed version, and says so; a write to the file is refused.
    const s = servicesFor(repo.dir, "reader");
    const context = await s.contextGet();
    expect(context.text).toContain("Socks ship from Lyon.");
    expect(context.notices[0]).toContain(
      `${MAIN} is in conflict (a merge left it unresolved), so its last committed version is loaded; fix: run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal)`,
    );
    await expect(s.summaryUpdate({ content: "- x", section: "decisions" })).rejects.toThrow("contains git conflict markers");
    const resolved = cli(repo.dir, "resolve");
    expect(resolved.code).toBe(1);
    expect(resolved.stdout).toContain(`still in conflict: ${MAIN} (section "State")`);
    const doctor = cli(repo.dir, "doctor");
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(
      `[FAIL] Conflicted thread files: 1 ThreadMind file in conflict\n       ${MAIN}\n       fix: Run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal)`,
    );
    expect(doctor.stdout).toContain(`${MAIN}: contains git conflict markers`);
  });

  test("a title changed differently on both branches is a conflict", async () => {
    const repo = await teamRepoFormat1();
    for (const b of ["a", "b"]) {
      repo.git("checkout", "-q", "-b", b, "main");
      const path = join(repo.dir, MAIN);
      writeFileSync(path, readFileSync(path, "utf8").replace("title: Shop", `title: Shop ${b}`));
      repo.commit(b);
    }
    repo.git("checkout", "-q", "a");
    const merged = gitRun(repo.dir, "merge", "-m", "merge b", "b");
    expect(merged.code).not.toBe(0);
    expect(readFileSync(join(repo.dir, MAIN), "utf8")).toContain(
      "<<<<<<< ours\ntitle: Shop a\n=======\ntitle: Shop b\n>>>>>>> theirs\n",
    );
  });

  test("deleted on one branch, edited on the other: git's modify/delete conflict, which resolve explains", async () => {
    const repo = await teamRepo();
    const billingId = (await servicesFor(repo.dir).threadCreate({ title: "Billing" })).thread.id;
    // Format 1: the thread's one file is deleted on one side and changed on the other (edited as an older release does).
    toFormat1(repo.dir, "shop", billingId);
    repo.commit("billing");
    const billing = `.threadmind/threads/shop/${billingId}.md`;
    repo.git("checkout", "-q", "-b", "a");
    await servicesFor(repo.dir, "a").threadDelete(billingId);
    repo.commit("delete billing");
    repo.git("checkout", "-q", "-b", "b", "main");
    const thread = servicesFor(repo.dir, "b").store.readThread("shop", billingId);
    writeFormat1(repo.dir, "shop", { ...thread, summary: "## Decisions\n- Invoices monthly" });
    repo.commit("edit billing");
    const merged = gitRun(repo.dir, "merge", "-m", "merge a", "a");
    expect(merged.code).not.toBe(0);
    expect(merged.out).toContain(`CONFLICT (modify/delete): ${billing} deleted in a and modified in HEAD`);
    const resolved = cli(repo.dir, "resolve");
    expect(resolved.stdout).toContain(
      `deleted on one side (theirs), changed on the other: ${billing}: \`git rm ${billing}\` to delete it, or \`git add ${billing}\` to keep it`,
    );
  });

  test("a thread with the same title created on two branches: both threads survive (resolve moves one to a free id)", async () => {
    const repo = await teamRepo();
    // A child created with it on each branch follows its parent wherever it goes.
    await mergeRateLimitingFromTwoBranches(repo, { children: true });
    const resolved = cli(repo.dir, "resolve");
    expect(resolved.code, resolved.stdout).toBe(0);
    const dir = ".threadmind/threads/shop";
    expect(resolved.stdout).toContain(
      `two threads had one id: kept ${dir}/rate-limiting.md, moved the other to ${dir}/rate-limiting-2.md (and updated ${dir}/limits-ui-b.md); staged`,
    );
    expect(gitRun(repo.dir, "commit", "-q", "--no-edit").code).toBe(0);
    expect(decisions(repo.dir, `${dir}/rate-limiting.md`)).toEqual(["- Limit from a"]);
    expect(decisions(repo.dir, `${dir}/rate-limiting-2.md`)).toEqual(["- Limit from b"]);
    expect(parseThread(readFileSync(join(repo.dir, dir, "rate-limiting-2.md"), "utf8")).id).toBe("rate-limiting-2");
    expect(parseThread(readFileSync(join(repo.dir, dir, "limits-ui-b.md"), "utf8")).parentId).toBe("rate-limiting-2");
    expect(parseThread(readFileSync(join(repo.dir, dir, "limits-ui-a.md"), "utf8")).parentId).toBe("rate-limiting");
    expect((await servicesFor(repo.dir, "check").threadList()).problems).toEqual([]);
  });

  test("a file whose name is not its thread's id, added on two branches: resolve refuses it with the store's error and writes nothing (it used to cut the folder at the id's length)", async () => {
    const repo = await teamRepo();
    const dir = ".threadmind/threads/shop";
    const notes = `${dir}/notes.md`;
    await mergeRateLimitingFromTwoBranches(repo, {
      more: () => renameSync(join(repo.dir, dir, "rate-limiting.md"), join(repo.dir, notes)),
    });
    const before = readFileSync(join(repo.dir, notes), "utf8");
    const resolved = cli(repo.dir, "resolve");
    expect(resolved.code, resolved.stdout).toBe(1);
    expect(resolved.stdout.trim()).toBe(
      `could not re-merge ${notes}: Cannot read ${notes}: frontmatter id "rate-limiting" does not match the file name "notes". ` +
        "Fix or remove the file; ThreadMind will not overwrite it. (left as it was)",
    );
    expect(readFileSync(join(repo.dir, notes), "utf8")).toBe(before);
    expect(gitRun(repo.dir, "status", "--porcelain", "--untracked-files=all").out).toBe(`AA ${notes}\n`);
  });

  test("a clone without the driver gets git's markers; resolve re-merges from the index and stages the result", async () => {
    const repo = await teamRepoFormat1({ driver: false });
    branchAddingFormat1(repo, MAIN, "a", "From a");
    branchAddingFormat1(repo, MAIN, "b", "From b");
    repo.git("checkout", "-q", "a");
    const merged = gitRun(repo.dir, "merge", "-m", "merge b", "b");
    expect(merged.code).not.toBe(0);
    expect(readFileSync(join(repo.dir, MAIN), "utf8")).toContain("<<<<<<<");
    const resolved = cli(repo.dir, "resolve");
    expect(resolved.code, resolved.stdout).toBe(0);
    expect(resolved.stdout).toContain(`merged and staged: ${MAIN}`);
    expect(decisions(repo.dir)).toEqual(["- Use Postgres", "- From a", "- From b"]);
    expect(gitRun(repo.dir, "commit", "-q", "--no-edit").code).toBe(0);
    expect(existsSync(join(repo.dir, ".git", "MERGE_HEAD"))).toBe(false);
  });
});
