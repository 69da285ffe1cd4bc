// Guards the migration's layout: a format-1 section moves into one item file (fewer files for a session start to check),
// split into one file per block, alike on every clone, only when a write changes it; plain git still merges edits of
// different items of it, and the history shows only what changed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import { LIMITS } from "../../src/core/limits.js";

const newRepo = reposPerTest();

/** Every file under the thread's folder (relative, "/"-separated) → its text. */
function folderFiles(dir: string): Map<string, string> {
  const root = join(dir, ".threadmind", "threads", "p", "main");
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(root, p).split("\\").join("/"), readFileSync(p, "utf8"));
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

const DECISIONS = ["- one", "- two", "- three", "- four"];

/** A store as the previous release wrote it (threads/p/main.md), migrated and committed. */
async function migratedStore(dir: string, decisions: readonly string[] = DECISIONS) {
  await servicesFor(dir).projectCreate({ title: "P" });
  rmSync(join(dir, ".threadmind/threads/p/main"), { recursive: true, force: true });
  writeFileSync(
    join(dir, ".threadmind/threads/p/main.md"),
    serializeThread({
      id: "main",
      title: "P",
      parentId: null,
      author: "alice",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-02T00:00:00.000Z",
      summary: `## Decisions\n${decisions.join("\n")}\n\n## State\n- s1\n- s2`,
    }),
  );
  const s = servicesFor(dir);
  await s.store.locked(() => s.store.migrateProject("p"));
  return s;
}

const inSection = (files: Map<string, string>, section: string) => [...files.keys()].filter((f) => f.startsWith(`${section}/`));

function decisionsOf(dir: string): string[] {
  const summary = servicesFor(dir).store.readThread("p", "main").summary;
  return /^## Decisions\n([\s\S]*?)\n\n## State/.exec(summary)?.[1]?.split("\n") ?? [];
}

describe("a migrated section in one file", () => {
  test("migrate writes each section in one item file, and the thread reads back as it was", async () => {
    const repo = newRepo();
    const s = await migratedStore(repo.dir);
    const files = folderFiles(repo.dir);
    expect(inSection(files, "decisions")).toHaveLength(1);
    expect(inSection(files, "state")).toHaveLength(1);
    expect(files.get(inSection(files, "decisions")[0]!)).toContain("- one\n\n- two\n\n- three\n\n- four\n");
    expect(s.store.readThread("p", "main").summary).toBe(`## Decisions\n${DECISIONS.join("\n")}\n\n## State\n- s1\n- s2`);
  });

  test("an append leaves the section's file alone; an edit splits it, keeping every item at its place", async () => {
    const repo = newRepo();
    await migratedStore(repo.dir);
    const before = folderFiles(repo.dir);
    const [sectionFile] = inSection(before, "decisions");
    await servicesFor(repo.dir).summaryUpdate({ section: "decisions", content: "- five" });
    const appended = folderFiles(repo.dir);
    expect(appended.get(sectionFile!)).toBe(before.get(sectionFile!));
    expect(inSection(appended, "decisions")).toHaveLength(2);
    await servicesFor(repo.dir).summaryUpdate({
      content: "## Decisions\n- one\n- TWO edited\n- three\n- inserted\n- four\n- five\n\n## State\n- s1\n- s2",
    });
    expect(decisionsOf(repo.dir)).toEqual(["- one", "- TWO edited", "- three", "- inserted", "- four", "- five"]);
    const split = folderFiles(repo.dir);
    // The section's file stays as it was, named in removed/ (deleted beside its parts, git's rename detection could pair
    // them); beside it the three unchanged blocks in a file each, the edit, the insert and the append.
    expect(split.get(sectionFile!)).toBe(before.get(sectionFile!));
    expect([...split].filter(([f]) => f.startsWith("removed/")).map(([, t]) => t)).toContain(`${sectionFile}\n`);
    expect(inSection(split, "decisions")).toHaveLength(7);
    // State's file was not changed: still one file.
    expect(inSection(split, "state")).toEqual(inSection(before, "state"));
  });

  test("two branches editing different items of one migrated section merge clean under plain git, each edit once", async () => {
    const repo = newRepo();
    await migratedStore(repo.dir);
    repo.commit("migrated");
    const edit = (from: string, to: string) =>
      servicesFor(repo.dir).summaryUpdate({
        content: `## Decisions\n${DECISIONS.map((d) => (d === from ? to : d)).join("\n")}\n\n## State\n- s1\n- s2`,
      });
    repo.git("checkout", "-q", "-b", "a");
    await edit("- one", "- one, edited on a");
    repo.commit("a");
    repo.git("checkout", "-q", "main");
    repo.git("checkout", "-q", "-b", "b");
    await edit("- three", "- three, edited on b");
    await servicesFor(repo.dir).summaryUpdate({ section: "decisions", content: "- appended on b" });
    repo.commit("b");
    const bCommit = repo.git("rev-parse", "b").trim();
    const wanted = ["- one, edited on a", "- two", "- three, edited on b", "- four", "- appended on b"];
    expect(repo.git("merge-tree", "--write-tree", "a", "b")).not.toMatch(/CONFLICT/);
    repo.git("merge", "-q", "--no-edit", "a");
    expect(decisionsOf(repo.dir)).toEqual(wanted);
    // The same under cherry-pick (b's commit onto a) and rebase (a onto b).
    repo.git("checkout", "-q", "-b", "picked", "a");
    repo.git("cherry-pick", bCommit);
    expect(decisionsOf(repo.dir)).toEqual(wanted);
    repo.git("checkout", "-q", "-b", "rebased", "a");
    repo.git("rebase", "-q", bCommit);
    expect(decisionsOf(repo.dir)).toEqual(wanted);
  });

  test("thread_history shows the split as the one decision it changed", async () => {
    const repo = newRepo();
    await migratedStore(repo.dir);
    repo.commit("migrated");
    await servicesFor(repo.dir).summaryUpdate({
      content: "## Decisions\n- one\n- two, reworded\n- three\n- four\n\n## State\n- s1\n- s2",
    });
    repo.commit("reword two");
    const h = await servicesFor(repo.dir).threadHistory({ threadId: "main" });
    expect(h.entries[0]).toMatchObject({ subject: "reword two" });
    expect(h.entries[0]!.sections).toEqual([{ section: "Decisions", added: ["- two, reworded"], removed: ["- two"] }]);
  });

  test("deleting a thread removes its folder whole, the files named in removed/ with it", async () => {
    const repo = newRepo();
    const s = await migratedStore(repo.dir);
    const child = await s.threadCreate({ title: "Child", parentId: "main" });
    const folder = join(repo.dir, ".threadmind/threads/p", child.thread.id);
    // A file named in removed/ (as a migration's file is once split), which no read lists as a source.
    await s.summaryUpdate({ threadId: child.thread.id, content: "## Decisions\n- kept" });
    const hidden = join(folder, "decisions", "i-abcd.md");
    writeFileSync(hidden, "---\nat: 2026-01-01T00:00:00.000Z\nby: a\n---\n- hidden\n");
    mkdirSync(join(folder, "removed"), { recursive: true });
    writeFileSync(join(folder, "removed", "0123456789abcdef"), "decisions/i-abcd.md\n");
    expect(servicesFor(repo.dir).store.readThread("p", child.thread.id).summary).toBe("## Decisions\n- kept");
    await servicesFor(repo.dir).threadDelete(child.thread.id);
    expect(existsSync(folder)).toBe(false);
  });

  test("a section larger than one item file holds is moved into as many files as it needs, each within the limit", async () => {
    const repo = newRepo();
    const long = Array.from({ length: 30 }, (_, i) => `- decision ${i} ${"x".repeat(4_000)}`);
    await migratedStore(repo.dir, long);
    const files = folderFiles(repo.dir);
    const sectionFiles = inSection(files, "decisions");
    expect(sectionFiles.length).toBeGreaterThan(1);
    expect(sectionFiles.length).toBeLessThan(long.length);
    for (const f of sectionFiles) expect(Buffer.byteLength(files.get(f)!)).toBeLessThanOrEqual(LIMITS.itemFileBytes);
    expect(decisionsOf(repo.dir)).toEqual(long);
  });
});
