// Guards format 2 of the store (one file per item): round trip, writes that touch only what changed, identical blocks
// shown once, format-1 files read and migrated without being modified, damaged items named, plain-git merges.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import { gitBlobId } from "../../src/core/store/blob-id.js";
import { UnreadableFileError } from "../../src/core/errors.js";

const newRepo = reposPerTest();

/** Every file under the thread's folder (relative) → its text. */
function folderFiles(dir: string, projectId: string, threadId: string): Map<string, string> {
  const root = join(dir, ".threadmind", "threads", projectId, threadId);
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(root, p), readFileSync(p, "utf8"));
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

function changed(
  before: Map<string, string>,
  after: Map<string, string>,
): { added: string[]; modified: string[]; removed: string[] } {
  return {
    added: [...after.keys()].filter((k) => !before.has(k)).sort(),
    modified: [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k)).sort(),
    removed: [...before.keys()].filter((k) => !after.has(k)).sort(),
  };
}

async function project(dir: string) {
  const s = servicesFor(dir);
  await s.projectCreate({ title: "P" });
  return s;
}

describe("thread folders (format 2)", () => {
  test("a summary written in sections reads back in canonical form, one item file per block", async () => {
    const repo = newRepo();
    const s = await project(repo.dir);
    await s.summaryUpdate({
      content: "Intro line\n\n## Decisions\n- Use Postgres\n- JWT in cookies\n  (httpOnly)\n\n## Next steps\n- ship it",
    });
    const thread = s.store.readThread("p", "main");
    expect(thread.summary).toBe(
      "Intro line\n\n## Decisions\n- Use Postgres\n- JWT in cookies\n  (httpOnly)\n\n## Next steps\n- ship it",
    );
    const files = [...folderFiles(repo.dir, "p", "main").keys()].sort();
    expect(files.filter((f) => f.startsWith("decisions/"))).toHaveLength(2);
    expect(files.filter((f) => f.startsWith("next-steps/"))).toHaveLength(1);
    expect(files).toContain("thread.md");
    const head = folderFiles(repo.dir, "p", "main").get("thread.md")!;
    expect(head).not.toMatch(/updatedAt/);
    expect(head).toContain("Intro line");
  });

  test("appending to a section adds one new file and touches no other", async () => {
    const repo = newRepo();
    const s = await project(repo.dir);
    await s.summaryUpdate({ content: "## Decisions\n- a\n\n## State\n- s" });
    const before = folderFiles(repo.dir, "p", "main");
    await s.summaryUpdate({ section: "decisions", content: "- b" });
    const diff = changed(before, folderFiles(repo.dir, "p", "main"));
    expect(diff.modified).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.added).toHaveLength(1);
    expect(diff.added[0]).toMatch(/^decisions\/[0-9a-z]+-[0-9a-z]{4}\.md$/);
    expect(s.store.readThread("p", "main").summary).toBe("## Decisions\n- a\n- b\n\n## State\n- s");
  });

  test("a whole rewrite keeps unchanged items' files, rewrites a changed one in place and deletes a removed one", async () => {
    const repo = newRepo();
    const s = await project(repo.dir);
    await s.summaryUpdate({ content: "## Decisions\n- a\n- b\n- c\n\n## State\n- s" });
    const before = folderFiles(repo.dir, "p", "main");
    const key = (text: string) => [...before].find(([f, t]) => f.startsWith("decisions/") && t.endsWith(`${text}\n`))![0];
    await s.summaryUpdate({ content: "## Decisions\n- a\n- B changed\n- new\n\n## State\n- s" });
    const diff = changed(before, folderFiles(repo.dir, "p", "main"));
    expect(diff.modified).toEqual([key("- b"), key("- c")].sort());
    expect(diff.removed).toEqual([]);
    expect(diff.added).toEqual([]);
    await s.summaryUpdate({ content: "## Decisions\n- a\n\n## State\n- s" });
    expect(s.store.readThread("p", "main").summary).toBe("## Decisions\n- a\n\n## State\n- s");
    expect([...folderFiles(repo.dir, "p", "main").keys()].filter((f) => f.startsWith("decisions/"))).toEqual([key("- a")]);
  });

  test("a status change touches only thread.md", async () => {
    const repo = newRepo();
    const s = await project(repo.dir);
    const child = await s.threadCreate({ title: "Child" });
    await s.summaryUpdate({ section: "decisions", content: "- d" });
    const before = folderFiles(repo.dir, "p", child.thread.id);
    await s.threadStatus({ threadId: child.thread.id, status: "abandoned", reason: "not needed" });
    const diff = changed(before, folderFiles(repo.dir, "p", child.thread.id));
    expect(diff.modified).toEqual(["thread.md"]);
    expect(diff.removed).toEqual([]);
  });

  test("two item files holding the same block (two branches added it) show it once, and the next write keeps both", async () => {
    const repo = newRepo();
    const s = await project(repo.dir);
    await s.summaryUpdate({ content: "## Decisions\n- same" });
    const files = folderFiles(repo.dir, "p", "main");
    const [file, text] = [...files].find(([f]) => f.startsWith("decisions/"))!;
    writeFileSync(join(repo.dir, ".threadmind/threads/p/main/decisions/zz-abcd.md"), text);
    expect(file).not.toBe("decisions/zz-abcd.md");
    expect(s.store.readThread("p", "main").summary).toBe("## Decisions\n- same");
    await s.summaryUpdate({ section: "state", content: "- s" });
    expect(s.store.readThread("p", "main").summary).toBe("## Decisions\n- same\n\n## State\n- s");
  });

  test("a damaged item file is named with its path and the fix", async () => {
    const repo = newRepo();
    const s = await project(repo.dir);
    await s.summaryUpdate({ content: "## Decisions\n- a" });
    const [file] = [...folderFiles(repo.dir, "p", "main").keys()].filter((f) => f.startsWith("decisions/"));
    const path = join(repo.dir, ".threadmind/threads/p/main", file!);
    writeFileSync(path, "<<<<<<< ours\n- a\n=======\n- b\n>>>>>>> theirs\n");
    s.store.forgetParsed([path]);
    let error: unknown;
    try {
      s.store.readThread("p", "main");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as UnreadableFileError).path).toBe(path);
    expect((error as UnreadableFileError).reason).toMatch(/conflict markers.*resolve/);
  });
});

describe("migration from format 1", () => {
  /** A store as the previous release wrote it: threads/p/main.md holding the frontmatter and the whole summary. */
  async function legacyStore(dir: string) {
    await project(dir);
    const legacy = serializeThread({
      id: "main",
      title: "P",
      parentId: null,
      author: "alice",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-02T00:00:00.000Z",
      commit: "0123456789abcdef0123456789abcdef01234567",
      summary: "## Decisions\n- old one\n\n## State\n- old state",
    });
    const folder = join(dir, ".threadmind/threads/p/main");
    const { rmSync } = await import("node:fs");
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(join(dir, ".threadmind/threads/p/main.md"), legacy);
    return { s: servicesFor(dir), legacy };
  }

  test("a format-1 file is read as it is, and the first write migrates it without modifying it", async () => {
    const repo = newRepo();
    const { s, legacy } = await legacyStore(repo.dir);
    const read = s.store.readThread("p", "main");
    expect(read.summary).toBe("## Decisions\n- old one\n\n## State\n- old state");
    expect(read.updatedAt).toBe("2026-01-02T00:00:00.000Z");
    await s.summaryUpdate({ section: "decisions", content: "- new one" });
    expect(readFileSync(join(repo.dir, ".threadmind/threads/p/main.md"), "utf8")).toBe(legacy);
    const head = folderFiles(repo.dir, "p", "main").get("thread.md")!;
    expect(head).toContain(`migratedFrom: ${gitBlobId(Buffer.from(legacy))}`);
    repo.git("add", "-A");
    expect(repo.git("hash-object", ".threadmind/threads/p/main.md").trim()).toBe(gitBlobId(Buffer.from(legacy)));
    expect(s.store.readThread("p", "main").summary).toBe("## Decisions\n- old one\n- new one\n\n## State\n- old state");
  });

  test("a migrated branch and an unmigrated one merge under plain git, and every decision reads once", async () => {
    const repo = newRepo();
    const { legacy } = await legacyStore(repo.dir);
    repo.commit("legacy store");
    repo.git("checkout", "-q", "-b", "unmigrated");
    // The previous release's write on the other branch: the whole file rewritten with a new decision.
    writeFileSync(
      join(repo.dir, ".threadmind/threads/p/main.md"),
      legacy.replace("- old one", "- old one\n- from unmigrated").replace("2026-01-02T00:00:00.000Z", "2026-01-03T00:00:00.000Z"),
    );
    repo.commit("unmigrated write");
    repo.git("checkout", "-q", "-");
    const s = servicesFor(repo.dir);
    await s.summaryUpdate({ section: "decisions", content: "- from migrated" });
    repo.commit("migrated write");
    const tree = repo.git("merge-tree", "--write-tree", "HEAD", "unmigrated");
    expect(tree).not.toMatch(/CONFLICT/);
    repo.git("merge", "-q", "--no-edit", "unmigrated");
    const merged = servicesFor(repo.dir).store.readThread("p", "main").summary;
    for (const d of ["- old one", "- from migrated", "- from unmigrated"]) expect(merged.split(d).length - 1).toBe(1);
    // The next write absorbs the unmigrated decision as an item; the frozen file is then the one recorded.
    const after = servicesFor(repo.dir);
    await after.summaryUpdate({ section: "state", content: "- after merge" });
    const files = folderFiles(repo.dir, "p", "main");
    expect([...files.values()].some((t) => t.endsWith("- from unmigrated\n"))).toBe(true);
    expect(after.store.finishMigration("p", false)).toEqual([join(repo.dir, ".threadmind/threads/p/main.md")]);
  });

  // An item moved from a format-1 file is never rewritten (its name comes from its text, see item-keys.ts): changed on
  // two branches, or changed on one and removed on the other, git sees two new files and one removed/ member, not one file
  // changed two ways. The rule, as the README says: both edits are kept, and an edit beats a removal.
  test.each([
    { name: "edited on both branches: both edits kept", other: "- old one, as b has it" },
    { name: "edited on one branch, removed on the other: the edit kept", other: null },
  ])("an item moved from format 1, $name, with no conflict", async (c) => {
    const repo = newRepo();
    const { s } = await legacyStore(repo.dir);
    await s.store.locked(() => s.store.migrateProject("p"));
    repo.commit("migrated");
    for (const [branch, text] of [
      ["a", "- old one, as a has it"],
      ["b", c.other],
    ] as const) {
      repo.git("checkout", "-q", "-B", branch, "main");
      const decisions = text === null ? "" : `## Decisions\n${text}\n\n`;
      await servicesFor(repo.dir).summaryUpdate({ threadId: "main", content: `${decisions}## State\n- old state` });
      repo.commit(branch);
    }
    expect(repo.git("merge-tree", "--write-tree", "a", "b")).not.toMatch(/CONFLICT/);
    repo.git("merge", "-q", "--no-edit", "a");
    const summary = servicesFor(repo.dir).store.readThread("p", "main").summary;
    // Two edits at one place read in the order of their files' random suffixes, as two appends do.
    const expected = ["- old one, as a has it", ...(c.other === null ? [] : [c.other])];
    const decisions = /^## Decisions\n([\s\S]*?)\n\n## State\n- old state$/.exec(summary)?.[1]?.split("\n");
    expect(decisions?.sort(), summary).toEqual(expected.sort());
  });

  test("two branches adding decisions, and a status change beside a decision, merge under plain git", async () => {
    const repo = newRepo();
    const s = await project(repo.dir);
    const child = await s.threadCreate({ title: "Child" });
    await s.summaryUpdate({ threadId: "main", content: "## Decisions\n- base" });
    repo.commit("base");
    repo.git("checkout", "-q", "-b", "a");
    await servicesFor(repo.dir).summaryUpdate({ threadId: "main", section: "decisions", content: "- from a" });
    await servicesFor(repo.dir).summaryUpdate({ threadId: child.thread.id, section: "decisions", content: "- child decision" });
    repo.commit("a");
    repo.git("checkout", "-q", "-");
    repo.git("checkout", "-q", "-b", "b");
    await servicesFor(repo.dir).summaryUpdate({ threadId: "main", section: "decisions", content: "- from b" });
    await servicesFor(repo.dir).threadStatus({ threadId: child.thread.id, status: "abandoned", reason: "later" });
    repo.commit("b");
    expect(repo.git("merge-tree", "--write-tree", "a", "b")).not.toMatch(/CONFLICT/);
    repo.git("merge", "-q", "--no-edit", "a");
    const merged = servicesFor(repo.dir);
    const main = merged.store.readThread("p", "main").summary;
    for (const d of ["- base", "- from a", "- from b"]) expect(main.split(d).length - 1).toBe(1);
    const c = merged.store.readThread("p", child.thread.id);
    expect(c.status).toBe("abandoned");
    expect(c.summary).toContain("- child decision");
  });
});

describe("thread_history of a thread folder", () => {
  test("each commit names the decisions it added, with its author", async () => {
    const repo = newRepo();
    const s = await project(repo.dir);
    await s.summaryUpdate({ content: "## Decisions\n- first" });
    repo.commit("first decision");
    await s.summaryUpdate({ section: "decisions", content: "- second" });
    repo.git("add", "-A");
    repo.git("commit", "-q", "--author=Bob <bob@example.com>", "-m", "second decision");
    await s.summaryUpdate({ section: "state", content: "- uncommitted" });
    const h = await s.threadHistory({ threadId: "main" });
    expect(h.entries[0]).toMatchObject({ commit: null, sections: [{ section: "State", added: ["- uncommitted"], removed: [] }] });
    expect(h.entries[1]).toMatchObject({
      author: "Bob",
      subject: "second decision",
      sections: [{ section: "Decisions", added: ["- second"], removed: [] }],
    });
    expect(h.entries[2]).toMatchObject({ subject: "first decision", change: "created" });
    expect(h.entries[2]!.sections).toEqual([{ section: "Decisions", added: ["- first"], removed: [] }]);
    expect(h.text).toContain("Bob — second decision");
  });
});

describe("everyday merges under plain git", () => {
  test("two folds into one parent, and a whole rewrite beside an append, merge cleanly with every decision once", async () => {
    const repo = newRepo();
    const s = await project(repo.dir);
    await s.summaryUpdate({ threadId: "main", content: "## Decisions\n- base one\n- base two" });
    const x = await s.threadCreate({ title: "X", parentId: "main" });
    const y = await s.threadCreate({ title: "Y", parentId: "main" });
    repo.commit("base");
    repo.git("checkout", "-q", "-b", "a");
    const a = servicesFor(repo.dir);
    await a.threadMerge({ threadId: x.thread.id, parentSummary: "## Decisions\n- base one\n- base two\n- from X" });
    await a.summaryUpdate({ threadId: "main", section: "next-steps", content: "- appended on a" });
    repo.commit("fold X");
    repo.git("checkout", "-q", "-");
    repo.git("checkout", "-q", "-b", "b");
    const b = servicesFor(repo.dir);
    await b.threadMerge({ threadId: y.thread.id, parentSummary: "## Decisions\n- base one\n- base two\n- from Y" });
    // A whole rewrite that keeps what still holds and rewords one decision.
    await b.summaryUpdate({
      threadId: "main",
      content: "## Decisions\n- base one\n- base two, reworded\n- from Y\n\n## State\n- rewritten on b",
    });
    repo.commit("fold Y");
    expect(repo.git("merge-tree", "--write-tree", "a", "b")).not.toMatch(/CONFLICT/);
    repo.git("merge", "-q", "--no-edit", "a");
    const main = servicesFor(repo.dir).store.readThread("p", "main").summary;
    for (const d of ["- base one", "- base two, reworded", "- from X", "- from Y", "- appended on a", "- rewritten on b"])
      expect(main.split(d).length - 1, d).toBe(1);
    const merged = servicesFor(repo.dir).store;
    expect(merged.readThread("p", x.thread.id)).toMatchObject({ status: "done", mergedInto: "main" });
    expect(merged.readThread("p", y.thread.id)).toMatchObject({ status: "done", mergedInto: "main" });
  });

  test("a thread created with the same title on two branches of a team project: both survive", async () => {
    const repo = newRepo();
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "P", mode: "team" });
    repo.commit("base");
    repo.git("checkout", "-q", "-b", "a");
    const ta = await servicesFor(repo.dir).threadCreate({ title: "Caching", parentId: "main" });
    await servicesFor(repo.dir).summaryUpdate({ threadId: ta.thread.id, content: "## Decisions\n- cache on a" });
    repo.commit("a");
    repo.git("checkout", "-q", "-");
    repo.git("checkout", "-q", "-b", "b");
    const tb = await servicesFor(repo.dir).threadCreate({ title: "Caching", parentId: "main" });
    await servicesFor(repo.dir).summaryUpdate({ threadId: tb.thread.id, content: "## Decisions\n- cache on b" });
    repo.commit("b");
    expect(ta.thread.id).toMatch(/^caching-[0-9a-z]{4}$/);
    expect(tb.thread.id).not.toBe(ta.thread.id);
    expect(repo.git("merge-tree", "--write-tree", "a", "b")).not.toMatch(/CONFLICT/);
    repo.git("merge", "-q", "--no-edit", "a");
    const store = servicesFor(repo.dir).store;
    expect(store.readThread("p", ta.thread.id).summary).toBe("## Decisions\n- cache on a");
    expect(store.readThread("p", tb.thread.id).summary).toBe("## Decisions\n- cache on b");
  });
});
