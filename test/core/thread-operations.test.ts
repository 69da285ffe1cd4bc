// Guards the thread and project operations: status, merge, delete, rebase, summary sections, paths, commits,
// size limits, projects and the exact error texts the tools return.
import { afterEach, describe, expect, test } from "vitest";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ThreadMindError } from "../../src/core/errors.js";
import type { ThreadMindServices } from "../../src/core/services.js";
import { threadFilesText } from "../support/thread-files.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

async function setup(options: { git?: boolean } = {}): Promise<ThreadMindServices> {
  repo = makeTempRepo({ git: options.git ?? false });
  if (options.git) repo.commit("init", { "README.md": "x\n" });
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "P" });
  return s;
}

/** The error a call fails with (the test fails if it succeeds). */
async function failure(call: () => Promise<unknown>): Promise<ThreadMindError> {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ThreadMindError);
  return error as ThreadMindError;
}

const read = (s: ThreadMindServices, id: string) => s.store.readThread("p", id);

describe("thread status", () => {
  test("done with a reason: status set, reason appended to Decisions, session moves to the parent", async () => {
    const s = await setup();
    await s.threadCreate({ title: "A" });
    await s.summaryUpdate({ content: "## Decisions\n- first\n\n## State\n- working" });
    const r = await s.threadStatus({ status: "done", reason: "  shipped in v2  " });
    expect(r.thread.status).toBe("done");
    const day = r.thread.updatedAt.slice(0, 10);
    expect(read(s, "a").summary).toBe(`## Decisions\n- first\n- Closed as done (${day}): shipped in v2\n\n## State\n- working`);
    expect((await s.contextGet()).thread.id).toBe("main");
    expect(r.activeId).toBe("main");
    const tree = (await s.threadList()).text;
    expect(tree).toContain("A (a) [done]");
    expect(tree).toContain("P (main) ◀ current");
  });

  test("abandoned creates a missing Decisions section in its canonical place; reopen clears the status", async () => {
    const s = await setup();
    await s.threadCreate({ title: "A" });
    await s.summaryUpdate({ content: "Intro line.\n\n## State\n- s" });
    await s.threadStatus({ status: "abandoned", threadId: "a", reason: "dead end" });
    const a = read(s, "a");
    expect(a.status).toBe("abandoned");
    expect(a.summary).toMatch(/^Intro line\.\n\n## Decisions\n- Abandoned \(\d{4}-\d\d-\d\d\): dead end\n\n## State\n- s$/);
    const reopened = await s.threadStatus({ status: "active", threadId: "a", reason: "new idea" });
    expect(reopened.thread.status).toBeUndefined();
    expect(threadFilesText(repo!.dir, "p", "a")).not.toContain("status:");
    expect(read(s, "a").summary).toContain("- Reopened (");
    // Without a reason the summary is left as it is.
    const before = read(s, "a").summary;
    await s.threadStatus({ status: "done", threadId: "a" });
    expect(read(s, "a").summary).toBe(before);
  });

  test("the status a thread has already, without a reason, writes nothing and says so; with a reason it is recorded", async () => {
    const s = await setup();
    await s.threadCreate({ title: "A" });
    const closed = await s.threadStatus({ status: "done", threadId: "a" });
    expect(closed.unchanged).toBe(false);
    const files = threadFilesText(repo!.dir, "p", "a");
    expect(closed.moved).toBe(true); // A was the session's thread: the session moved to its parent
    const again = await s.threadStatus({ status: "done", threadId: "a" });
    expect(again.unchanged).toBe(true);
    expect(again.moved).toBe(false);
    expect(again.thread.updatedAt).toBe(read(s, "a").updatedAt);
    expect(threadFilesText(repo!.dir, "p", "a")).toBe(files);
    const reason = await s.threadStatus({ status: "done", threadId: "a", reason: "shipped" });
    expect(reason.unchanged).toBe(false);
    expect(read(s, "a").summary).toMatch(/- Closed as done \(\d{4}-\d\d-\d\d\): shipped/);
    expect((await s.threadStatus({ status: "active", threadId: "main" })).unchanged).toBe(true);
  });

  test("the main thread cannot be closed", async () => {
    const s = await setup();
    for (const status of ["done", "abandoned"] as const) {
      const e = await failure(() => s.threadStatus({ status, threadId: "main" }));
      expect(e.message).toBe("The main thread cannot be closed");
      expect((await failure(() => s.threadStatus({ status }))).message).toBe("The main thread cannot be closed");
    }
    expect(read(s, "main").status).toBeUndefined();
  });
});

describe("merge", () => {
  test("replaces the parent's summary, marks the thread done with mergedInto, makes the parent active", async () => {
    const s = await setup({ git: true });
    await s.summaryUpdate({ content: "old parent summary" });
    await s.threadCreate({ title: "A" });
    await s.summaryUpdate({ content: "## Decisions\n- a thing" });
    const head = repo!.commit("more work", { "src/x.ts": "x" });
    const r = await s.threadMerge({ parentSummary: "  ## Decisions\n- merged: a thing\n" });
    expect(r.parent.summary).toBe("## Decisions\n- merged: a thing");
    expect(read(s, "main").summary).toBe("## Decisions\n- merged: a thing");
    expect(read(s, "main").commit).toBe(head);
    expect(read(s, "a")).toMatchObject({ status: "done", mergedInto: "main", summary: "## Decisions\n- a thing" });
    expect((await s.contextGet()).thread.id).toBe("main");
    expect((await s.threadList()).text).toContain("A (a) [done → main]");
  });

  test("main has nothing to merge into; an empty parent summary is refused", async () => {
    const s = await setup();
    expect((await failure(() => s.threadMerge({ parentSummary: "x" }))).message).toBe(
      'Thread "main" has no parent to merge into (the main thread cannot be closed)',
    );
    await s.threadCreate({ title: "A" });
    expect((await failure(() => s.threadMerge({ parentSummary: "  \n " }))).message).toBe(
      "The parent summary must not be empty.",
    );
    expect(read(s, "a").status).toBeUndefined();
  });
});

describe("delete", () => {
  test("cascades to descendants, moves the session to the deleted thread's parent, cleans related references", async () => {
    const s = await setup();
    await s.threadCreate({ title: "A" });
    await s.threadCreate({ title: "A1" });
    await s.threadCreate({ title: "A1x" });
    await s.threadCreate({ title: "B", parentId: "main", related: ["a1", "a"] });
    await s.threadCreate({ title: "C", parentId: "main", related: ["a1x", "b"] });
    await s.threadSwitch("a1x");
    const r = await s.threadDelete("a1");
    expect(r.deleted).toEqual(["a1", "a1x"]);
    expect(existsSync(join(repo!.dir, ".threadmind/threads/p/a1"))).toBe(false);
    expect(existsSync(join(repo!.dir, ".threadmind/threads/p/a1x"))).toBe(false);
    expect((await s.contextGet()).thread.id).toBe("a");
    expect(read(s, "b").related).toEqual(["a"]);
    expect(read(s, "c").related).toEqual(["b"]);
    await s.threadDelete("a");
    expect(read(s, "b").related).toBeUndefined();
    expect((await s.contextGet()).thread.id).toBe("main");
  });

  test("never main; a missing thread is named", async () => {
    const s = await setup();
    expect((await failure(() => s.threadDelete("main"))).message).toBe("Cannot delete the main thread");
    expect((await failure(() => s.threadDelete("nope"))).message).toBe('Thread "nope" not found');
  });
});

describe("rebase", () => {
  test("moves a thread with its descendants", async () => {
    const s = await setup();
    await s.threadCreate({ title: "A" });
    await s.threadCreate({ title: "A1" });
    await s.threadCreate({ title: "A1x" });
    await s.threadCreate({ title: "B", parentId: "main" });
    const r = await s.threadRebase("a1", "b");
    expect(r.thread.parentId).toBe("b");
    expect(read(s, "a1x").parentId).toBe("a1");
    expect((await s.threadList()).text).toBe(
      ["Project: P", "P (main)", "├── A (a)", "└── B (b) ◀ current", "    └── A1 (a1)", "        └── A1x (a1x)"].join("\n"),
    );
  });

  test("refuses main, itself, its current parent, a descendant and missing threads with exact texts", async () => {
    const s = await setup();
    await s.threadCreate({ title: "A" });
    await s.threadCreate({ title: "A1" });
    await s.threadCreate({ title: "A1x" });
    expect((await failure(() => s.threadRebase("main", "a"))).message).toBe("Cannot rebase the main thread");
    expect((await failure(() => s.threadRebase("a", "a"))).message).toBe('Cannot rebase "a" onto itself');
    expect((await failure(() => s.threadRebase("a1", "a"))).message).toBe('"a1" is already a child of "a"');
    expect((await failure(() => s.threadRebase("a", "a1"))).message).toBe('"a1" is a descendant of "a"');
    expect((await failure(() => s.threadRebase("a", "a1x"))).message).toBe('"a1x" is a descendant of "a"');
    expect((await failure(() => s.threadRebase("nope", "a"))).message).toBe('Thread "nope" not found');
    expect((await failure(() => s.threadRebase("a1", "nope"))).message).toBe('Parent thread "nope" not found');
    expect(read(s, "a").parentId).toBe("main");
    expect(read(s, "a1").parentId).toBe("a");
  });
});

describe("summaries", () => {
  test("a section is appended by default, replaced on request, created in its canonical place when missing", async () => {
    const s = await setup();
    await s.summaryUpdate({ content: "Preamble.\n\n## Decisions\n- d1\n\n## State\n- s1" });
    await s.summaryUpdate({ section: "decisions", content: "- d2" });
    await s.summaryUpdate({ section: "state", content: "- s2", replaceSection: true });
    await s.summaryUpdate({ section: "constraints", content: "- c1" });
    await s.summaryUpdate({ section: "next-steps", content: "- n1" });
    await s.summaryUpdate({ section: "open-questions", content: "- q1" });
    expect(read(s, "main").summary).toBe(
      "Preamble.\n\n## Decisions\n- d1\n- d2\n\n## Constraints\n- c1\n\n## State\n- s2\n\n## Open questions\n- q1\n\n## Next steps\n- n1",
    );
  });

  test("sections go in canonical order after the text outside them (unknown sections first), ignoring code fences", async () => {
    const s = await setup();
    await s.summaryUpdate({
      content: "## Notes\nfree text\n\n## State\n```md\n## Decisions\nnot a heading\n```\n### Sub heading\n- s1",
    });
    await s.summaryUpdate({ section: "decisions", content: "- d1" });
    expect(read(s, "main").summary).toBe(
      "## Notes\nfree text\n\n## Decisions\n- d1\n\n## State\n```md\n## Decisions\nnot a heading\n```\n### Sub heading\n- s1",
    );
    await s.summaryUpdate({ section: "state", content: "- s2" });
    expect(read(s, "main").summary.endsWith("### Sub heading\n- s1\n- s2")).toBe(true);
  });

  test("a whole-summary update replaces everything; an empty section body gets the text", async () => {
    const s = await setup();
    await s.summaryUpdate({ content: "## Decisions\n\n## State\n- x" });
    await s.summaryUpdate({ section: "decisions", content: "\n\n- d\n\n" });
    expect(read(s, "main").summary).toBe("## Decisions\n- d\n\n## State\n- x");
    const r = await s.summaryUpdate({ content: "  replaced  \n" });
    expect(r.thread.summary).toBe("replaced");
    expect(r.chars).toBe(8);
  });

  test("appending nothing to a section changes nothing; replacing it with nothing empties it", async () => {
    const s = await setup();
    await s.summaryUpdate({ content: "## Decisions\n- d\n\n## State\n- s" });
    for (const content of ["", "  ", "\n\n"]) {
      await s.summaryUpdate({ section: "state", content });
      expect(read(s, "main").summary).toBe("## Decisions\n- d\n\n## State\n- s");
    }
    await s.summaryUpdate({ section: "state", content: "", replaceSection: true });
    // An empty section has no item: it is not shown.
    expect(read(s, "main").summary).toBe("## Decisions\n- d");
    await s.summaryUpdate({ section: "state", content: "- back" });
    expect(read(s, "main").summary).toBe("## Decisions\n- d\n\n## State\n- back");
  });

  test("replaceSection without a section is refused and the summary is kept (it used to replace the whole summary)", async () => {
    const s = await setup();
    await s.summaryUpdate({ content: "## Decisions\n- d\n\n## State\n- s" });
    const e = await failure(() => s.summaryUpdate({ content: "- only this", replaceSection: true }));
    expect(e.code).toBe("invalid-input");
    expect(e.message).toBe(
      "replaceSection needs a section (decisions, constraints, state, open-questions or next-steps): without one, " +
        "content replaces the whole summary. Nothing was written.",
    );
    expect(read(s, "main").summary).toBe("## Decisions\n- d\n\n## State\n- s");
    await s.summaryUpdate({ content: "## State\n- whole", replaceSection: false });
    expect(read(s, "main").summary).toBe("## State\n- whole");
  });

  test("paths are recorded, trimmed, and an empty list clears them; they survive updates that do not mention them", async () => {
    const s = await setup();
    await s.summaryUpdate({ content: "x", paths: [" src/auth/ ", "", "README.md"] });
    // One file per path (so that two branches adding paths merge), named so that they read back in the order given.
    expect(read(s, "main").paths).toEqual(["src/auth/", "README.md"]);
    await s.summaryUpdate({ content: "y" });
    expect(read(s, "main").paths).toEqual(["src/auth/", "README.md"]);
    await s.summaryUpdate({ content: "z", paths: [] });
    expect(read(s, "main").paths).toBeUndefined();
    expect(threadFilesText(repo!.dir, "p", "main")).not.toContain("paths/");
  });

  test("every summary write records the current commit", async () => {
    const s = await setup({ git: true });
    const first = repo!.git("rev-parse", "HEAD");
    await s.summaryUpdate({ content: "x" });
    expect(read(s, "main").commit).toBe(first);
    const second = repo!.commit("two", { "a.txt": "a" });
    await s.summaryUpdate({ section: "state", content: "- y" });
    expect(read(s, "main").commit).toBe(second);
    await s.threadCreate({ title: "A" });
    const third = repo!.commit("three", { "b.txt": "b" });
    await s.threadMerge({ parentSummary: "merged" });
    expect(read(s, "main").commit).toBe(third);
  });

  test("no commit is recorded outside git or before the first commit", async () => {
    const s = await setup();
    await s.summaryUpdate({ content: "x" });
    expect(read(s, "main").commit).toBeUndefined();
    repo!.git("init", "-q");
    await s.summaryUpdate({ content: "y" });
    expect(read(s, "main").commit).toBeUndefined();
  });
});

describe("size limits", () => {
  test("every input has a limit with a clear error, and nothing is written", async () => {
    const s = await setup();
    await s.threadCreate({ title: "A" });
    const cases: [() => Promise<unknown>, string][] = [
      [() => s.threadCreate({ title: "t".repeat(201) }), "The thread title is too long: 201 characters (limit 200)."],
      [() => s.threadCreate({ title: " \n\t" }), "The thread title must not be empty."],
      [() => s.projectCreate({ title: "p".repeat(201) }), "The project title is too long: 201 characters (limit 200)."],
      [() => s.projectCreate({ title: "" }), "The project title must not be empty."],
      [
        () => s.projectCreate({ title: "Q", systemContext: "s".repeat(8001) }),
        "The system context is too long: 8,001 characters (limit 8,000).",
      ],
      [() => s.summaryUpdate({ content: "x".repeat(32_001) }), "The content is too long: 32,001 characters (limit 32,000)."],
      [
        () => s.summaryUpdate({ content: "x".repeat(16_001), section: "state" }),
        "The content is too long: 16,001 characters (limit 16,000).",
      ],
      [
        () => s.threadStatus({ status: "done", reason: "r".repeat(2001) }),
        "The reason is too long: 2,001 characters (limit 2,000).",
      ],
      [
        () => s.threadMerge({ parentSummary: "m".repeat(32_001) }),
        "The parent summary is too long: 32,001 characters (limit 32,000).",
      ],
      [
        () => s.summaryUpdate({ content: "x", paths: Array.from({ length: 101 }, (_, i) => `f${i}`) }),
        "Too many paths: 101 (limit 100).",
      ],
      [() => s.summaryUpdate({ content: "x", paths: ["p".repeat(501)] }), "A path is too long: 501 characters (limit 500)."],
      [() => s.summaryUpdate({ content: "x", paths: ["a\0b"] }), "A path must not contain NUL characters."],
      [
        () => s.threadCreate({ title: "R", related: Array.from({ length: 51 }, (_, i) => `r${i}`) }),
        "Too many related threads: 51 (limit 50).",
      ],
    ];
    const before = threadFilesText(repo!.dir, "p", "a");
    for (const [call, message] of cases) {
      const e = await failure(call);
      expect(e.code).toBe("invalid-input");
      expect(e.message).toBe(message);
    }
    expect(threadFilesText(repo!.dir, "p", "a")).toBe(before);
    expect(s.projectList().projects.map((p) => p.id)).toEqual(["p"]);
  });

  test("enumerated inputs from untyped callers must be one of their values", async () => {
    const s = await setup();
    const untyped = s as unknown as {
      summaryUpdate(i: unknown): Promise<unknown>;
      threadStatus(i: unknown): Promise<unknown>;
      projectCreate(i: unknown): Promise<unknown>;
    };
    const before = threadFilesText(repo!.dir, "p", "main");
    expect((await failure(() => untyped.summaryUpdate({ content: "x", section: "bogus" }))).message).toBe(
      'Invalid section "bogus": use one of decisions, constraints, state, open-questions, next-steps.',
    );
    expect((await failure(() => untyped.threadStatus({ status: "deleted" }))).message).toBe(
      'Invalid status "deleted": use one of active, done, abandoned.',
    );
    expect((await failure(() => untyped.threadStatus({}))).message).toBe(
      "Invalid status undefined: use one of active, done, abandoned.",
    );
    expect((await failure(() => untyped.projectCreate({ title: "Q", mode: "admin" }))).message).toBe(
      'Invalid mode "admin": use one of solo, team.',
    );
    expect(threadFilesText(repo!.dir, "p", "main")).toBe(before);
    expect(s.projectList().projects.map((p) => p.id)).toEqual(["p"]);
  });

  test("section appends that grow the summary past its limit are refused", async () => {
    const s = await setup();
    await s.summaryUpdate({ content: `## State\n${"x".repeat(31_000)}` });
    const e = await failure(() => s.summaryUpdate({ section: "state", content: "y".repeat(2000) }));
    expect(e.message).toMatch(/^The summary of "main" is too long: 33,0\d\d characters \(limit 32,000\)\.$/);
    expect(read(s, "main").summary.length).toBeLessThan(32_000);
  });
});

describe("threads: create, switch, warnings", () => {
  test("a new thread is a child of the active thread, becomes active, and warns when the parent has no summary", async () => {
    const s = await setup();
    const a = await s.threadCreate({ title: "A" });
    expect(a.thread).toMatchObject({ id: "a", parentId: "main", title: "A" });
    expect(a.warnings).toEqual([
      'Parent thread "main" has no summary yet: consider writing one (summary_update) so its decisions carry over to this thread.',
    ]);
    await s.summaryUpdate({ content: "a summary" });
    const b = await s.threadCreate({ title: "B" });
    expect(b.thread.parentId).toBe("a");
    expect(b.warnings).toEqual([]);
    expect((await failure(() => s.threadCreate({ title: "C", parentId: "nope" }))).message).toBe(
      'Parent thread "nope" not found',
    );
    expect((await failure(() => s.threadSwitch("nope"))).message).toBe('Thread "nope" not found');
    const related = await s.threadCreate({ title: "R", related: ["a", "ghost"] });
    expect(related.thread.related).toEqual(["a", "ghost"]);
    expect(related.warnings).toContain('Related thread "ghost" does not exist (kept as a reference).');
  });

  test("a child of a closed thread is made, with a warning that says the parent is closed and how to reopen it", async () => {
    const s = await setup();
    await s.threadCreate({ title: "A" });
    await s.summaryUpdate({ threadId: "a", content: "## Decisions\n- d" });
    await s.threadStatus({ status: "abandoned", threadId: "a" });
    const child = await s.threadCreate({ title: "Under A", parentId: "a" });
    expect(child.thread.parentId).toBe("a");
    expect(child.warnings).toEqual([
      'Parent thread "a" is abandoned: its decisions still carry over; thread_status it open again if the work goes on there.',
    ]);
    await s.threadStatus({ status: "active", threadId: "a" });
    expect((await s.threadCreate({ title: "Under A again", parentId: "a" })).warnings).toEqual([]);
  });

  test("switch returns the assembled context and the tree shows the hierarchy, statuses and the active marker", async () => {
    const s = await setup();
    await s.threadCreate({ title: "A" });
    await s.threadCreate({ title: "A1" });
    await s.threadCreate({ title: "A2", parentId: "a" });
    await s.threadCreate({ title: "A2x" });
    await s.threadCreate({ title: "B", parentId: "main" });
    await s.threadStatus({ status: "done" });
    const sw = await s.threadSwitch("a2x");
    expect(sw.context.threadId).toBe("a2x");
    expect(sw.context.text).toContain("## Thread: A2x (current)");
    const { text } = await s.threadList();
    expect(text).toBe(
      [
        "Project: P",
        "P (main)",
        "├── A (a)",
        "│   ├── A1 (a1)",
        "│   └── A2 (a2)",
        "│       └── A2x (a2x) ◀ current",
        "└── B (b) [done]",
      ].join("\n"),
    );
  });
});

describe("projects", () => {
  test("no project: the exact text, for reads and writes", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir);
    const text = "No ThreadMind project in this workspace. Only create one (project_create) if the user asks for it.";
    expect((await failure(() => s.contextGet())).message).toBe(text);
    expect((await failure(() => s.threadCreate({ title: "x" }))).message).toBe(text);
    expect((await failure(() => s.threadList())).message).toBe(text);
    expect(s.projectList()).toEqual({ projects: [], activeId: null, problems: [] });
    expect(existsSync(join(repo.dir, ".threadmind"))).toBe(false);
  });

  test("create, list, switch; one project is selected automatically; several and none selected is an error listing them", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir, "creator");
    const { project, thread } = await s.projectCreate({ title: "Shop", systemContext: "  TS monorepo  ", mode: "team" });
    expect(project).toMatchObject({ id: "shop", title: "Shop", mode: "team", systemContext: "TS monorepo" });
    expect(thread).toMatchObject({ id: "main", parentId: null, title: "Shop" });
    expect(JSON.parse(readFileSync(join(repo.dir, ".threadmind/projects/shop.json"), "utf8"))).toEqual({
      id: "shop",
      title: "Shop",
      mode: "team",
      createdAt: project.createdAt,
      systemContext: "TS monorepo",
    });
    expect(readFileSync(join(repo.dir, ".threadmind/.gitignore"), "utf8")).toContain("config.json\n");
    // One project: any session selects it.
    expect((await servicesFor(repo.dir, "other").contextGet()).project.id).toBe("shop");
    // The same title again is refused (project-create-title-taken.test.ts); another title of the same slug takes the next id.
    await expect(s.projectCreate({ title: "shop " })).rejects.toThrow('A project titled "Shop" exists already (id shop).');
    const second = await s.projectCreate({ title: "Shop!" });
    expect(second.project.id).toBe("shop-2");
    expect(second.project.mode).toBe("solo");
    expect((await s.contextGet()).project.id).toBe("shop-2");
    expect(s.projectList()).toMatchObject({ activeId: "shop-2", problems: [] });
    expect(s.projectList().projects.map((p) => p.id)).toEqual(["shop", "shop-2"]);
    // A new session on this machine starts in the last project used here.
    expect((await servicesFor(repo.dir, "third").contextGet()).project.id).toBe("shop-2");
    const switched = await servicesFor(repo.dir, "third").projectSwitch("shop");
    expect(switched.thread.id).toBe("main");
    // Several projects and none selected (no local state: a fresh clone).
    rmSync(join(repo.dir, ".threadmind/config.json"));
    const fresh = servicesFor(repo.dir, "fresh");
    const e = await failure(() => fresh.contextGet());
    expect(e.message).toBe("No active project. Existing projects: shop, shop-2. Use project_switch to select one.");
    expect(fresh.projectList().activeId).toBeNull();
    expect((await failure(() => fresh.projectSwitch("nope"))).message).toBe(
      'Project "nope" not found. Existing projects: shop, shop-2',
    );
    await fresh.projectSwitch("shop-2");
    expect((await fresh.contextGet()).project.id).toBe("shop-2");
  });

  test("a new project never takes the id of a threads/<id>/ directory left without its project file", async () => {
    const s = await setup();
    await s.summaryUpdate({ content: "precious" });
    rmSync(join(repo!.dir, ".threadmind/projects/p.json"));
    const again = await servicesFor(repo!.dir, "other").projectCreate({ title: "P" });
    expect(again.project.id).toBe("p-2");
    expect(s.store.readThread("p", "main").summary).toBe("precious");
  });

  test("a damaged project file is named by project_list and does not hide the others", async () => {
    const s = await setup();
    await s.projectCreate({ title: "Q" });
    writeFileSync(join(repo!.dir, ".threadmind/projects/p.json"), "{ nope");
    const list = s.projectList();
    expect(list.projects.map((p) => p.id)).toEqual(["q"]);
    expect(list.problems).toHaveLength(1);
    expect(list.problems[0]).toContain(join(repo!.dir, ".threadmind/projects/p.json"));
    expect(list.problems[0]).toContain("invalid JSON");
  });
});
