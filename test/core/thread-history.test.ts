// Guards thread_history: versions from git newest first, per-section additions and removals, authors, uncommitted changes, outside git.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { addDecisionFormat1, format1Path, writeFormat1 } from "../support/format1-threads.js";
import { commitStore, git, gitOk, INTEGRATIONS, integrate, PLAIN_GIT_ENV } from "../support/plain-git.js";

let repo: TempRepo;
afterEach(() => repo?.cleanup());

/** Commits everything as the given author (the test identity is only the default). */
function commitAs(r: TempRepo, who: "Alice" | "Bob", message: string): string {
  const env = { ...process.env, ...TEST_GIT_ENV, GIT_AUTHOR_NAME: who, GIT_AUTHOR_EMAIL: `${who.toLowerCase()}@example.com` };
  execFileSync("git", ["add", "-A"], { cwd: r.dir, env });
  execFileSync("git", ["commit", "-q", "-m", message], { cwd: r.dir, env });
  return r.git("rev-parse", "HEAD");
}

describe("thread history", () => {
  test("versions by two authors, newest first, with what each section gained and lost, uncommitted changes on top", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    await s.threadCreate({ title: "Auth" });
    const c1 = commitAs(repo, "Alice", "Start auth");
    await s.summaryUpdate({
      content: "## Decisions\n- Sessions in Redis\n\n## Constraints\n- No third-party IdP\n- EU data only",
    });
    const c2 = commitAs(repo, "Bob", "Auth: first decisions");
    await s.summaryUpdate({ section: "decisions", content: "## Decisions\n- JWT in cookies", replaceSection: true });
    await s.summaryUpdate({ section: "constraints", content: "- EU data only", replaceSection: true });
    await s.summaryUpdate({ content: "- x", section: "state", related: ["main"] });
    const c3 = commitAs(repo, "Alice", "Auth: JWT instead of sessions");
    await s.threadStatus({ status: "done", threadId: "auth", reason: "shipped" });
    const c4 = commitAs(repo, "Bob", "Close auth");
    await s.threadStatus({ status: "active", threadId: "auth" });
    await s.summaryUpdate({ threadId: "auth", section: "next-steps", content: "- rotate keys" });

    const h = await s.threadHistory({ threadId: "auth" });
    expect(h.gitAvailable).toBe(true);
    expect(h.path).toBe(".threadmind/threads/shop/auth/");
    expect(h.truncated).toBe(false);
    expect(h.entries.map((e) => [e.commit, e.author, e.subject, e.change])).toEqual([
      [null, null, null, "modified"],
      [c4, "Bob", "Close auth", "modified"],
      [c3, "Alice", "Auth: JWT instead of sessions", "modified"],
      [c2, "Bob", "Auth: first decisions", "modified"],
      [c1, "Alice", "Start auth", "created"],
    ]);
    const [uncommitted, close, jwt, first] = h.entries;
    expect(uncommitted!.meta).toEqual(["status: done → open"]);
    expect(uncommitted!.sections).toEqual([{ section: "Next steps", added: ["- rotate keys"], removed: [] }]);
    expect(close!.meta).toEqual(["status: open → done"]);
    expect(close!.sections).toEqual([
      { section: "Decisions", added: [expect.stringMatching(/^- Closed as done \(\d{4}-\d{2}-\d{2}\): shipped$/)], removed: [] },
    ]);
    expect(jwt!.meta).toEqual(["related: + main"]);
    expect(jwt!.sections).toEqual([
      { section: "Decisions", added: ["- JWT in cookies"], removed: ["- Sessions in Redis"] },
      { section: "Constraints", added: [], removed: ["- No third-party IdP"] },
      { section: "State", added: ["- x"], removed: [] },
    ]);
    expect(first!.sections).toEqual([
      { section: "Decisions", added: ["- Sessions in Redis"], removed: [] },
      { section: "Constraints", added: ["- No third-party IdP", "- EU data only"], removed: [] },
    ]);
    expect(h.entries[1]!.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(h.text).toContain('History of "Auth" (auth), .threadmind/threads/shop/auth/, newest first: 5 versions.');
    expect(h.text).toContain("● Uncommitted changes\n  status: done → open\n  Next steps: + - rotate keys");
    expect(h.text).toContain(
      `${c3.slice(0, 8)} Alice — Auth: JWT instead of sessions\n  related: + main\n  Decisions: + - JWT in cookies | − - Sessions in Redis\n  Constraints: − - No third-party IdP`,
    );

    const limited = await s.threadHistory({ threadId: "auth", limit: 2 });
    expect(limited.entries.map((e) => e.commit)).toEqual([null, c4]);
    expect(limited.truncated).toBe(true);
    expect(limited.text).toContain("(older ones left out; limit 2)");
  });

  test("commits made on a merged branch are part of the history", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    await s.summaryUpdate({ content: "## Decisions\n- monolith" });
    commitAs(repo, "Alice", "main summary");
    repo.git("checkout", "-q", "-b", "feature");
    await s.summaryUpdate({ section: "decisions", content: "- queue for emails" });
    const onBranch = commitAs(repo, "Bob", "emails via a queue");
    repo.git("checkout", "-q", "main");
    repo.commit("unrelated", { "src/x.ts": "1\n" });
    repo.git("merge", "-q", "--no-ff", "-m", "Merge feature", "feature");
    const h = await s.threadHistory({ threadId: "main" });
    expect(h.entries.map((e) => [e.author, e.subject])).toEqual([
      ["Bob", "emails via a queue"],
      ["Alice", "main summary"],
    ]);
    expect(h.entries[0]!.commit).toBe(onBranch);
    expect(h.entries[0]!.sections).toEqual([{ section: "Decisions", added: ["- queue for emails"], removed: [] }]);
  });

  // #25 item 6: who added each decision, and in which commit, once two branches that each added one are integrated by
  // plain git. A clean merge commit adds nothing of its own: its diff against the first parent is the other branch's.
  test.each(INTEGRATIONS)(
    "%s of two branches that each added a decision: each named once, by its author, in its commit",
    async (how) => {
      repo = makeTempRepo();
      repo.commit("init", { "README.md": "x\n" });
      const s = servicesFor(repo.dir);
      await s.projectCreate({ title: "Shop" });
      await s.summaryUpdate({ content: "## Decisions\n- monolith" });
      commitStore(repo.dir, "main summary");
      const made = new Map<string, { author: string; commit: string }>();
      for (const [branch, author, decision] of [
        ["a", "Ann", "- A: carts in Redis"],
        ["b", "Bob", "- B: sessions are JWT"],
      ] as const) {
        gitOk(repo.dir, "checkout", "-q", "-b", branch, "main");
        await s.summaryUpdate({ threadId: "main", section: "decisions", content: decision });
        gitOk(repo.dir, "add", "-A");
        execFileSync("git", ["commit", "-q", "-m", `${branch}: ${decision}`], {
          cwd: repo.dir,
          env: { ...process.env, ...PLAIN_GIT_ENV, GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: `${author}@example.com` },
        });
        made.set(decision, { author, commit: gitOk(repo.dir, "rev-parse", "HEAD") });
      }
      const result = integrate(repo.dir, how, "a", "b", "merged");
      expect(result.clean, result.out).toBe(true);
      const h = await s.threadHistory({ threadId: "main" });
      for (const [decision, by] of made) {
        const adding = h.entries.filter((e) => e.sections.some((d) => d.added.includes(decision)));
        expect(
          adding.map((e) => e.author),
          `${decision} in:\n${h.text}`,
        ).toEqual([by.author]);
        // A merge keeps the branches' commits; a rebase or cherry-pick makes new ones, by the same author.
        if (how === "git merge" || how === "merge-tree") expect(adding[0]!.commit).toBe(by.commit);
      }
      expect(h.entries.filter((e) => e.sections.length === 0 && e.meta.length === 0 && !e.problem)).toEqual([]);
    },
  );

  test("a merge that settled a conflict names what it settled: the item as written in the merge", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    await s.summaryUpdate({ content: "## Decisions\n- orders in Postgres" });
    commitStore(repo.dir, "main summary");
    for (const [branch, text] of [
      ["a", "- orders in Postgres 16"],
      ["b", "- orders in MySQL"],
    ] as const) {
      gitOk(repo.dir, "checkout", "-q", "-b", branch, "main");
      await s.summaryUpdate({ threadId: "main", content: `## Decisions\n${text}` });
      commitStore(repo.dir, `${branch}: ${text}`);
    }
    expect(git(repo.dir, "merge", "-q", "a").code).not.toBe(0);
    const conflicted = gitOk(repo.dir, "diff", "--name-only", "--diff-filter=U");
    // git's markers span the item's stamps too: the item written whole, as a person settling it would.
    const settled = "---\nat: 2026-01-01T00:00:00.000Z\nby: carol\n---\n- orders in Postgres 16, MySQL for reports\n";
    writeFileSync(join(repo.dir, conflicted), settled);
    commitStore(repo.dir, "merge a, settled by hand");
    const h = await s.threadHistory({ threadId: "main" });
    expect(h.entries[0]).toMatchObject({
      subject: "merge a, settled by hand",
      sections: [{ section: "Decisions", added: ["- orders in Postgres 16, MySQL for reports"], removed: ["- orders in MySQL"] }],
    });
  });

  // #25 items 5 and 6: the first write of this release moves a thread from its one file to a folder. The decisions the
  // file already held were added by whoever added them to the file, not by that write.
  test("a thread moved from its one file: its history goes on into that file's commits, each decision named once", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    const at = "2026-01-01T00:00:00.000Z";
    writeFormat1(repo.dir, "shop", {
      id: "auth",
      title: "Auth",
      parentId: "main",
      author: "alice",
      createdAt: at,
      updatedAt: at,
      summary: "## Decisions\n- D1 sessions in Redis",
    });
    const c1 = commitAs(repo, "Alice", "auth, in one file");
    addDecisionFormat1(repo.dir, format1Path("shop", "auth"), "D2 JWT in cookies");
    const c2 = commitAs(repo, "Bob", "auth: JWT");
    // The write that moves it also replaces D2: what it changed is named, what it only moved is not.
    await s.summaryUpdate({ threadId: "auth", content: "## Decisions\n- D1 sessions in Redis\n- D3 rotate keys monthly" });
    const moving = await s.threadHistory({ threadId: "auth" });
    expect(moving.entries.map((e) => [e.commit, e.author, e.change])).toEqual([
      [null, null, "modified"],
      [c2, "Bob", "modified"],
      [c1, "Alice", "created"],
    ]);
    const changes = [{ section: "Decisions", added: ["- D3 rotate keys monthly"], removed: ["- D2 JWT in cookies"] }];
    expect(moving.entries[0]!.sections).toEqual(changes);
    const c3 = commitAs(repo, "Alice", "auth: keys (the thread moves to a folder)");
    const h = await s.threadHistory({ threadId: "auth" });
    expect(h.entries.map((e) => [e.commit, e.author, e.change])).toEqual([
      [c3, "Alice", "modified"],
      [c2, "Bob", "modified"],
      [c1, "Alice", "created"],
    ]);
    expect(h.entries[0]!.sections).toEqual(changes);
    expect(h.entries[0]!.meta).toEqual(["moved from .threadmind/threads/shop/auth.md to its folder (one file per item)"]);
    expect(h.entries[1]!.sections).toEqual([{ section: "Decisions", added: ["- D2 JWT in cookies"], removed: [] }]);
    expect(h.entries[2]!.sections).toEqual([{ section: "Decisions", added: ["- D1 sessions in Redis"], removed: [] }]);
    expect(h.truncated).toBe(false);
    const limited = await s.threadHistory({ threadId: "auth", limit: 2 });
    expect(limited.entries.map((e) => e.commit)).toEqual([c3, c2]);
    expect(limited.truncated).toBe(true);
  });

  test("a thread never committed shows its uncommitted creation and says it was never committed", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    await s.summaryUpdate({ content: "## Decisions\n- keep it small" });
    const h = await s.threadHistory();
    expect(h.entries).toHaveLength(1);
    expect(h.entries[0]).toMatchObject({
      commit: null,
      change: "created",
      sections: [{ section: "Decisions", added: ["- keep it small"], removed: [] }],
    });
    expect(h.message).toBe(
      'Thread "main" has never been committed (.threadmind/threads/shop/main/): only uncommitted changes are shown.',
    );
  });

  test("limit 1 with uncommitted changes does not say a committed thread was never committed: its versions are cut", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    await s.summaryUpdate({ content: "## Decisions\n- keep it small" });
    commitAs(repo, "Alice", "Shop: first decision");
    await s.summaryUpdate({ section: "constraints", content: "- EU data only" });
    const h = await s.threadHistory({ limit: 1 });
    expect(h.entries.map((e) => e.commit)).toEqual([null]);
    expect(h.truncated).toBe(true);
    expect(h.message).toBeUndefined();
  });

  test("a deleted thread keeps its history: the deletion on top, then its committed versions", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    await s.threadCreate({ title: "Spike" });
    await s.summaryUpdate({ content: "## Decisions\n- try GraphQL" });
    commitAs(repo, "Alice", "spike");
    await s.threadDelete("spike");
    const h = await s.threadHistory({ threadId: "spike" });
    expect(h.entries.map((e) => [e.commit === null, e.change])).toEqual([
      [true, "deleted"],
      [false, "created"],
    ]);
    expect(h.entries[0]!.sections).toEqual([{ section: "Decisions", added: [], removed: ["- try GraphQL"] }]);
    expect(h.text).toContain('History of "spike"');
    await expect(s.threadHistory({ threadId: "never-was" })).rejects.toThrow('Thread "never-was" not found');
  });

  test("a committed version that cannot be parsed is reported in its entry, not guessed", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    commitAs(repo, "Alice", "project");
    // Format 2: the bad merge left its markers in the thread's head (main/thread.md).
    const file = s.store.threadPath("shop", "main");
    repo.write(
      ".threadmind/threads/shop/main/thread.md",
      `${readFileSync(file, "utf8")}\n<<<<<<< HEAD\n- a\n=======\n- b\n>>>>>>> x\n`,
    );
    commitAs(repo, "Bob", "bad merge");
    const h = await s.threadHistory({ threadId: "main" });
    expect(h.entries[0]).toMatchObject({
      author: "Bob",
      sections: [],
      problem: expect.stringContaining("thread.md could not be parsed in this version: contains git conflict markers"),
    });
    expect(h.text).toContain("⚠ thread.md could not be parsed in this version");
  });

  test("outside git there is no history, and the answer says why", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    const h = await s.threadHistory();
    expect(h.gitAvailable).toBe(false);
    expect(h.entries).toEqual([]);
    expect(h.text).toBe(
      "No history for thread \"main\": this workspace is not in a git repository. ThreadMind's history is git's: commit .threadmind/ in a repository to get it.",
    );
  });

  test("limits outside 1–50 are refused before git runs", async () => {
    repo = makeTempRepo();
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    await expect(s.threadHistory({ limit: 0 })).rejects.toThrow("The history limit must be a whole number from 1 to 50, not 0.");
    await expect(s.threadHistory({ limit: 51 })).rejects.toThrow(/not 51/);
  });
});
