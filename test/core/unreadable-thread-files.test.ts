// Guards damaged thread files (bad YAML, conflicts, orphans, cycles, duplicate ids, bad bytes, huge files, links out):
// the tree lists the rest and names each bad file, context assembly never loops, and nothing damaged is overwritten.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { saveContextCacheEntry } from "../../src/core/context/context-cache-write.js";
import type { ContextCacheEntry } from "../../src/core/context/context-cache.js";
import { join } from "node:path";
import { UnreadableFileError } from "../../src/core/errors.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import { collectStats } from "../../src/core/savings/stats.js";
import { runDoctor } from "../../src/core/doctor/doctor.js";
import type { Thread } from "../../src/core/types.js";
import { threadFilesText } from "../support/thread-files.js";

/** The one item file of a thread's State section (format 2: threads/<p>/<id>/state/<key>.md), where a conflict lands. */
function stateItemOf(id: string): string {
  const dir = join(threadsDir, id, "state");
  return join(dir, readdirSync(dir)[0]!);
}
import type { ThreadMindServices } from "../../src/core/services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { snapshotDir } from "../support/dir-snapshot.js";

let repo: TempRepo;
let outside: TempRepo;
let s: ThreadMindServices;
let threadsDir: string;

function threadFile(id: string, parentId: string | null, summary = "", title = id): string {
  const t: Thread = {
    id,
    title,
    parentId,
    author: "someone",
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    summary,
  };
  return serializeThread(t);
}

const BAD = {
  "bad-yaml": "---\nid: bad-yaml\ntitle: [unclosed\nparentId: main\n---\n\nbody\n",
  conflict:
    "---\nid: conflict\n<<<<<<< HEAD\ntitle: Ours\n=======\ntitle: Theirs\n>>>>>>> feature\nparentId: main\nauthor: x\ncreatedAt: a\nupdatedAt: b\n---\n",
  dup: threadFile("a", "main", "I claim to be a"),
  "no-fence": "just some text\n",
} as const;

beforeEach(async () => {
  repo = makeTempRepo({ git: false });
  outside = makeTempRepo({ git: false, prefix: "tm-outside-" });
  s = servicesFor(repo.dir);
  await s.projectCreate({ title: "P" });
  await s.summaryUpdate({ content: "## Decisions\n- root decision" });
  await s.threadCreate({ title: "A", parentId: "main" });
  await s.summaryUpdate({ content: "## Decisions\n- a decision" });
  await s.threadCreate({ title: "B", parentId: "a" });
  await s.summaryUpdate({ content: "## State\n- b state" });
  threadsDir = join(repo.dir, ".threadmind", "threads", "p");
  for (const [id, text] of Object.entries(BAD)) writeFileSync(join(threadsDir, `${id}.md`), text);
  writeFileSync(join(threadsDir, "orphan.md"), threadFile("orphan", "ghost", "## Decisions\n- orphan decision"));
  writeFileSync(join(threadsDir, "cycle-x.md"), threadFile("cycle-x", "cycle-y", "## Decisions\n- x decision"));
  writeFileSync(join(threadsDir, "cycle-y.md"), threadFile("cycle-y", "cycle-x", "## Decisions\n- y decision"));
  writeFileSync(
    join(threadsDir, "latin1.md"),
    Buffer.concat([Buffer.from(threadFile("latin1", "main", "caf")), Buffer.from([0xe9, 0x0a])]),
  );
  // 50 MB (sparse: the size is what matters, and the suite stays fast).
  writeFileSync(join(threadsDir, "huge.md"), threadFile("huge", "main", "big"));
  truncateSync(join(threadsDir, "huge.md"), 50 * 1024 * 1024);
  outside.write("secret.md", threadFile("link", "main", "outside content"));
  symlinkSync(join(outside.dir, "secret.md"), join(threadsDir, "link.md"));
  symlinkSync(join(outside.dir, "missing.md"), join(threadsDir, "dangling.md"));
  writeFileSync(join(threadsDir, "Upper Case.md"), threadFile("upper", "main"));
});
afterEach(() => {
  repo.cleanup();
  outside.cleanup();
});

const UNREADABLE: Record<string, RegExp> = {
  "bad-yaml": /invalid YAML frontmatter/,
  conflict: /git conflict markers/,
  dup: /frontmatter id "a" does not match the file name "dup"/,
  "no-fence": /does not start with a '---' frontmatter block/,
  latin1: /is not valid UTF-8/,
  huge: /52,428,800 bytes, over the 1,000,000-byte limit/,
  link: /is a symbolic link/,
  dangling: /is a symbolic link/,
  "Upper Case": /not a valid thread id/,
};

describe("damaged thread files", () => {
  test("the tree lists every readable thread and names each bad file with its reason", async () => {
    const { text, problems } = await s.threadList();
    for (const [id, reason] of Object.entries(UNREADABLE)) {
      const problem = problems.find((p) => p.path === join(threadsDir, `${id}.md`));
      expect(problem, id).toBeDefined();
      expect(problem!.reason, id).toMatch(reason);
      expect(text).toContain(`${join(threadsDir, `${id}.md`)}: ${problem!.reason}`);
    }
    expect(problems).toHaveLength(Object.keys(UNREADABLE).length);
    expect(text).toContain(`⚠ ${problems.length} thread files could not be read (left as they are):`);
    expect(text).toMatch(/^P \(main\)\n└── A \(a\)\n {4}└── B \(b\) ◀ current\n/m);
    expect(text).toContain("⚠ Detached threads (fix their parentId):");
    expect(text).toContain('orphan (orphan): parent "ghost" does not exist');
    expect(text).toMatch(/cycle-x \(cycle-x\): its parentIds form a cycle \(cycle-x → cycle-y → cycle-x\)/);
    expect(text).toMatch(/cycle-y \(cycle-y\): its parentIds form a cycle/);
  });

  test("context assembly of threads in a cycle or under a missing parent ends, with a notice", async () => {
    const x = await s.threadSwitch("cycle-x");
    expect(x.context.text).toContain("form a cycle");
    expect(x.context.text).toContain("- x decision");
    expect(x.context.text).toContain("- y decision");
    expect(x.context.depth).toBe(2);
    const orphan = await s.threadSwitch("orphan");
    expect(orphan.context.text).toContain('Parent thread "ghost" of "orphan" does not exist');
    expect(orphan.context.depth).toBe(1);
    // An ancestor that cannot be read stops the walk with a notice naming the file.
    writeFileSync(join(threadsDir, "under-bad.md"), threadFile("under-bad", "bad-yaml", "child of a bad file"));
    const under = await s.threadSwitch("under-bad");
    expect(under.context.text).toContain(
      `Ancestor "bad-yaml" could not be read (${join(threadsDir, "bad-yaml.md")}: invalid YAML`,
    );
  });

  test("stats lists each readable thread once, the two in a parentId cycle included (the tree walk ends)", async () => {
    const report = await collectStats(s);
    const ids = report.summaries.map((r) => r.threadId);
    expect(ids.slice(0, 3)).toEqual(["main", "a", "b"]);
    expect([...ids].sort()).toEqual(["a", "b", "cycle-x", "cycle-y", "main", "orphan"]);
    expect(report.counts.total).toBe(6);
  });

  test("every write that targets a bad file is refused and no byte changes", async () => {
    const before = snapshotDir(join(repo.dir, ".threadmind", "threads"));
    const outsideBefore = readFileSync(join(outside.dir, "secret.md"), "utf8");
    for (const id of ["bad-yaml", "conflict", "dup", "no-fence", "latin1", "huge", "link"]) {
      const calls: [string, () => Promise<unknown>][] = [
        ["switch", () => s.threadSwitch(id)],
        ["summary", () => s.summaryUpdate({ threadId: id, content: "overwrite!" })],
        ["section", () => s.summaryUpdate({ threadId: id, section: "decisions", content: "- overwrite!" })],
        ["status", () => s.threadStatus({ threadId: id, status: "done", reason: "x" })],
        ["merge", () => s.threadMerge({ threadId: id, parentSummary: "overwrite!" })],
        ["rebase", () => s.threadRebase(id, "b")],
        ["rebase onto", () => s.threadRebase("b", id)],
        ["delete", () => s.threadDelete(id)],
        ["create under", () => s.threadCreate({ title: "child", parentId: id })],
      ];
      for (const [name, call] of calls) {
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, `${name} ${id}`).toBeInstanceOf(UnreadableFileError);
        expect((error as UnreadableFileError).path, `${name} ${id}`).toBe(join(threadsDir, `${id}.md`));
        expect((error as Error).message, `${name} ${id}`).toMatch(
          /^Cannot read .*: .*\. Fix or remove the file; ThreadMind will not overwrite it\.$/s,
        );
      }
    }
    expect(snapshotDir(join(repo.dir, ".threadmind", "threads"))).toEqual(before);
    expect(readFileSync(join(outside.dir, "secret.md"), "utf8")).toBe(outsideBefore);
  });

  test("a new thread whose slug is taken by a bad file or a dangling link gets another id", async () => {
    const before = snapshotDir(threadsDir);
    const created: string[] = [];
    for (const title of ["Bad YAML", "Conflict", "Dup", "Latin1", "Huge", "Link", "Dangling"]) {
      created.push((await s.threadCreate({ title, parentId: "main" })).thread.id);
    }
    expect(created).toEqual(["bad-yaml-2", "conflict-2", "dup-2", "latin1-2", "huge-2", "link-2", "dangling-2"]);
    const after = snapshotDir(threadsDir);
    for (const [path, entry] of Object.entries(before)) if (path !== ".") expect(after[path], path).toBe(entry);
  });

  test("the rest of the tree stays usable: create, update, switch, delete, context", async () => {
    const c = await s.threadCreate({ title: "C", parentId: "a" });
    expect(c.thread.parentId).toBe("a");
    expect((await s.threadList()).text).toContain("could not be read");
    await s.summaryUpdate({ content: "## Decisions\n- c decision" });
    const ctx = await s.contextGet();
    expect(ctx.text).toContain("- root decision");
    expect(ctx.text).toContain("- a decision");
    expect(ctx.text).toContain("## Thread: C (current)");
    expect(ctx.text).not.toContain("b state");
    const deleted = await s.threadDelete("a");
    expect(deleted.deleted.sort()).toEqual(["a", "b", "c"]);
    expect(deleted.warnings.length).toBe(Object.keys(UNREADABLE).length);
    expect(deleted.warnings.join("\n")).toContain(join(threadsDir, "bad-yaml.md"));
    expect((await s.contextGet()).thread.id).toBe("main");
  });

  test("an active thread that becomes unreadable does not block the tree or other threads", async () => {
    // The session is on "b"; someone's bad merge leaves conflict markers in it.
    const bPath = stateItemOf("b");
    const damaged = readFileSync(bPath, "utf8").replace("- b state", "<<<<<<< HEAD\n- b state\n=======\n- other\n>>>>>>> x");
    writeFileSync(bPath, damaged);
    const list = await s.threadList();
    expect(list.problems.map((p) => p.threadId)).toContain("b");
    expect(list.text).toContain("A (a)");
    await s.summaryUpdate({ threadId: "a", section: "decisions", content: "- still writable" });
    const child = await s.threadCreate({ title: "D", parentId: "a" });
    expect(child.thread.parentId).toBe("a");
    expect(readFileSync(bPath, "utf8")).toBe(damaged);
    // Operations on the damaged active thread itself say which file and why.
    await s.threadSwitch("b").then(
      () => expect.unreachable(),
      (e: unknown) => expect((e as Error).message).toContain(`Cannot read ${bPath}: contains git conflict markers`),
    );
    expect(readFileSync(bPath, "utf8")).toBe(damaged);
  });

  test("a threads or projects directory that is a symbolic link out of .threadmind/ is refused, naming it, and nothing is written there", async () => {
    const moved = join(outside.dir, "p");
    renameSync(threadsDir, moved);
    symlinkSync(moved, threadsDir);
    const before = snapshotDir(moved);
    for (const call of [
      () => s.threadCreate({ title: "Escape", parentId: "main" }),
      () => s.summaryUpdate({ threadId: "main", content: "x" }),
      () => s.threadList(),
    ]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UnreadableFileError);
      expect((error as UnreadableFileError).path).toBe(threadsDir);
      expect((error as Error).message).toContain("is a symbolic link; ThreadMind does not follow links in .threadmind/");
    }
    expect(snapshotDir(moved)).toEqual(before);
    const projects = join(repo.dir, ".threadmind", "projects");
    renameSync(projects, join(outside.dir, "projects"));
    symlinkSync(join(outside.dir, "projects"), projects);
    await expect(servicesFor(repo.dir, "other").projectCreate({ title: "Q" })).rejects.toThrow(
      `Cannot read ${projects}: is a symbolic link`,
    );
  });

  test("a damaged main thread: a new session still lists the tree naming it; reading it says which file and why", async () => {
    // main is the folder's start thread (outside git too, the last thread chosen there).
    await s.threadSwitch("main");
    const mainPath = join(threadsDir, "main.md");
    writeFileSync(mainPath, BAD.conflict.replace("id: conflict", "id: main"));
    const fresh = servicesFor(repo.dir, "fresh-session");
    const list = await fresh.threadList();
    expect(list.problems.map((p) => p.path)).toContain(mainPath);
    expect(list.text).toContain(`${mainPath}: contains git conflict markers`);
    await expect(fresh.contextGet()).rejects.toThrow(`Cannot read ${mainPath}: contains git conflict markers`);
    // Other threads stay usable from that session.
    await fresh.threadSwitch("b");
    expect((await fresh.contextGet()).text).toContain("b state");
  });

  test("a YAML alias title (title: **Refunds**) is a damaged file: tree, search, context and doctor carry on", async () => {
    // `**Refunds**` and `*urgent*` are YAML aliases to no anchor: the yaml package throws ReferenceError on them.
    const aliasFile = (id: string, parentId: string, title: string) =>
      `---\nid: ${id}\ntitle: ${title}\nparentId: ${parentId}\nauthor: x\ncreatedAt: "2025-01-01T00:00:00.000Z"\nupdatedAt: "2025-01-01T00:00:00.000Z"\n---\n\n## Decisions\n- hand-written decision\n`;
    writeFileSync(join(threadsDir, "refunds.md"), aliasFile("refunds", "a", "**Refunds**"));
    writeFileSync(join(threadsDir, "urgent.md"), aliasFile("urgent", "main", "*urgent*"));
    writeFileSync(join(threadsDir, "under-refunds.md"), threadFile("under-refunds", "refunds", "## State\n- below the alias"));
    const list = await s.threadList();
    for (const id of ["refunds", "urgent"]) {
      const problem = list.problems.find((p) => p.threadId === id);
      expect(problem?.reason, id).toMatch(/^invalid YAML frontmatter: .*alias/i);
    }
    // Search over the whole project still answers.
    const found = await s.threadSearch({ query: "b state", intent: "overview" });
    expect(found.text).not.toContain("ReferenceError");
    // A thread under the damaged one still gets its own context, with a notice naming the file.
    const under = await s.threadSwitch("under-refunds");
    expect(under.context.text).toContain("- below the alias");
    expect(under.context.text).toContain(
      `Ancestor "refunds" could not be read (${join(threadsDir, "refunds.md")}: invalid YAML frontmatter`,
    );
    // As the start thread of a new session: the tools say which file and why; doctor reports it, no stack trace.
    await s.threadSwitch("main");
    writeFileSync(join(threadsDir, "main.md"), aliasFile("main", "main", "**P**").replace("parentId: main", "parentId: null"));
    const fresh = servicesFor(repo.dir, "fresh-alias");
    expect((await fresh.threadList()).problems.map((p) => p.threadId)).toContain("main");
    const error = await fresh.contextGet().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as Error).message).toContain(`Cannot read ${join(threadsDir, "main.md")}: invalid YAML frontmatter`);
    const checks = await runDoctor({
      env: { THREADMIND_ROOT: repo.dir },
      cwd: repo.dir,
      nodeVersion: "v20.0.0",
      bundleVersion: "dev",
      pluginRoot: repo.dir,
      home: repo.dir,
    });
    const threadsCheck = checks.find((c) => c.detail.join("\n").includes(join(threadsDir, "main.md")));
    expect(threadsCheck?.status).toBe("fail");
  });

  test("titles ThreadMind writes always read back as written (YAML aliases, anchors, tags, indicators)", async () => {
    const titles = [
      "**Refunds**",
      "*urgent*",
      "&anchor",
      "!tag value",
      "!!binary abc",
      "? key",
      "- item",
      "| pipe",
      "> quote",
      "%directive",
      "@at",
      "`tick",
      "key: value",
      "a # not a comment",
      "'single",
      '"double',
      "null",
      "true",
      "0x10",
      "~",
      "[x]",
      "{x}",
    ];
    const ids: string[] = [];
    for (const title of titles) ids.push((await s.threadCreate({ title, parentId: "main" })).thread.id);
    const fresh = servicesFor(repo.dir, "fresh-reader");
    const { threads, problems } = fresh.store.readAllThreads("p");
    for (const [i, title] of titles.entries()) expect(threads.get(ids[i]!)?.title, title).toBe(title);
    expect(problems.map((p) => p.threadId).filter((id) => ids.includes(id))).toEqual([]);
  });

  test("a .threadmind that is a symbolic link (to another project's store) is refused, naming it; nothing is read or written through it", async () => {
    // The other project's real store, and this workspace's .threadmind pointing at it (as a committed link would).
    const other = makeTempRepo({ git: false, prefix: "tm-other-" });
    try {
      await servicesFor(other.dir).projectCreate({ title: "Other" });
      const otherStore = join(other.dir, ".threadmind");
      const linked = makeTempRepo({ git: false, prefix: "tm-linked-" });
      try {
        symlinkSync(otherStore, join(linked.dir, ".threadmind"));
        const before = snapshotDir(otherStore);
        const victim = servicesFor(linked.dir, "victim");
        const refusal = `${join(linked.dir, ".threadmind")} is a symbolic link: ThreadMind keeps its threads only in a real .threadmind directory inside the workspace`;
        const calls: [string, () => Promise<unknown>][] = [
          ["list", () => victim.threadList()],
          ["context", () => victim.contextGet()],
          ["create project", () => victim.projectCreate({ title: "Mine" })],
          ["create thread", () => victim.threadCreate({ title: "X", parentId: "main" })],
          ["summary", () => victim.summaryUpdate({ content: "overwrite" })],
          ["search", () => victim.threadSearch({ query: "other" })],
          [
            "record",
            () =>
              victim.recordEvents([
                { kind: "hookSeen", at: "2025-01-01T00:00:00.000Z", event: "SessionStart:startup", sessionId: "s" },
              ]),
          ],
        ];
        for (const [name, call] of calls) {
          const error = await call().then(
            () => null,
            (e: unknown) => e,
          );
          expect((error as Error | null)?.message, name).toContain(refusal);
        }
        expect(() => victim.projectList()).toThrow(refusal);
        expect(snapshotDir(otherStore)).toEqual(before);
        // A .threadmind that is a file is refused the same way.
        const filed = makeTempRepo({ git: false, prefix: "tm-filed-" });
        try {
          writeFileSync(join(filed.dir, ".threadmind"), "not a directory");
          await expect(servicesFor(filed.dir).projectCreate({ title: "F" })).rejects.toThrow(
            `${join(filed.dir, ".threadmind")} is not a directory: ThreadMind keeps its threads only in a real .threadmind directory`,
          );
        } finally {
          filed.cleanup();
        }
      } finally {
        linked.cleanup();
      }
    } finally {
      other.cleanup();
    }
  });

  test("thread_rebase refuses while the chain holds a damaged file (a→b→c with b damaged: a under c would become a cycle once b is repaired)", async () => {
    await s.threadCreate({ title: "C", parentId: "b" });
    const bPath = stateItemOf("b");
    const good = readFileSync(bPath, "utf8");
    writeFileSync(bPath, good.replace("- b state", "<<<<<<< HEAD\n- b state\n=======\n- other\n>>>>>>> x"));
    const aBefore = threadFilesText(repo.dir, "p", "a");
    const error = await s.threadRebase("a", "c").then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe(
      `Cannot rebase "a" under "c": the chain above "c" holds a thread file that cannot be read (${bPath}: contains git conflict markers (<<<<<<< / ======= / >>>>>>>): run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal) while git reports the conflict, or edit the marked part by hand), so ThreadMind cannot tell whether "c" is under "a" (that would make a cycle). Fix or remove that file, then retry. Nothing was changed.`,
    );
    expect(threadFilesText(repo.dir, "p", "a")).toBe(aBefore);
    // Repaired, the chain shows c under a: the rebase is refused as a descendant, and the tree has no cycle.
    writeFileSync(bPath, good);
    await expect(s.threadRebase("a", "c")).rejects.toThrow('"c" is a descendant of "a"');
    expect((await s.threadList()).text).not.toContain("form a cycle (a");
    // A move that does not pass through the damaged file still works.
    writeFileSync(bPath, good.replace("- b state", "<<<<<<< HEAD\n- b state\n=======\n- other\n>>>>>>> x"));
    expect((await s.threadRebase("c", "main")).thread.parentId).toBe("main");
  });

  test("a .threadmind/cache that is a symbolic link out of the repository is never written through (token counts, search index, context cache)", async () => {
    const cache = join(repo.dir, ".threadmind", "cache");
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(join(outside.dir, "cache"));
    symlinkSync(join(outside.dir, "cache"), cache);
    const fresh = servicesFor(repo.dir, "cache-link");
    await fresh.summaryUpdate({ threadId: "a", section: "state", content: "- counted" });
    // A token-count cache that cannot be saved is only a notice; any notice names the link, and nothing lands outside.
    for (const notice of fresh.notices) expect(notice).toContain(`Cannot read ${cache}: is a symbolic link`);
    // The search index is derived data: the answer stands, and its notice names the link it did not write through.
    const answer = await fresh.threadSearch({ query: "decision", intent: "deep" });
    expect(answer.hits.length).toBeGreaterThan(0);
    expect(answer.notices.filter((n) => n.startsWith("The search index could not be saved ("))).toEqual([
      expect.stringContaining(`Cannot read ${cache}: is a symbolic link`),
    ]);
    const entry = { builtBy: "x", projectId: "p", threadId: "a", sources: {}, head: null, starts: {}, text: "x" };
    expect(() => saveContextCacheEntry(join(repo.dir, ".threadmind"), entry as unknown as ContextCacheEntry)).toThrow(
      `Cannot read ${cache}: is a symbolic link`,
    );
    expect(readdirSync(join(outside.dir, "cache"))).toEqual([]);
  });
});
