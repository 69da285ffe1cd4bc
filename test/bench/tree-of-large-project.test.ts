// Write operations on a project with thousands of threads must not return (or read) the whole tree each time.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FULL_TREE_LIMIT } from "../../src/core/services.js";
import { servicesFor } from "../support/core-services.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A project whose main thread has `extra` more children written directly as files. */
async function project(extra: number) {
  const dir = mkdtempSync(join(tmpdir(), "tm-big-tree-"));
  dirs.push(dir);
  const s = servicesFor(dir);
  const { project } = await s.projectCreate({ title: "Big" });
  for (let i = 0; i < extra; i++) {
    const at = `2026-01-01T00:00:${String(i % 60).padStart(2, "0")}.${String(i).padStart(3, "0").slice(-3)}Z`;
    writeFileSync(
      s.store.threadPath(project.id, `filler-${i}`),
      `---\nid: filler-${i}\ntitle: Filler ${i}\nparentId: main\nauthor: t\ncreatedAt: ${at}\nupdatedAt: ${at}\n---\n`,
    );
  }
  return s;
}

describe("the tree returned by write operations", () => {
  it("a project above the limit gets the path to the new thread, not thousands of lines", async () => {
    const s = await project(FULL_TREE_LIMIT + 5);
    const a = await s.threadCreate({ title: "Parent topic" });
    const b = await s.threadCreate({ title: "Child topic" });
    const lines = b.tree.split("\n");
    expect(lines.length).toBeLessThan(10);
    expect(b.tree).toContain("(main)");
    expect(b.tree).toContain(`(${a.thread.id})`);
    expect(b.tree).toMatch(new RegExp(`\\(${b.thread.id}\\).*◀ current`));
    expect(b.tree).not.toContain("filler-");
    expect(b.tree).toContain("thread_list shows more");
    // thread_list is bounded too (see thread-list-bounded.test.ts); the CLI's full tree names every thread
    expect((await s.threadList({ full: true })).text).toContain(`(filler-${FULL_TREE_LIMIT + 4})`);
  });

  it("a project at the limit still gets the whole tree", async () => {
    const s = await project(FULL_TREE_LIMIT - 2); // main + fillers + the new thread = the limit
    const created = await s.threadCreate({ title: "Last one" });
    expect(created.tree).toContain(`(filler-${FULL_TREE_LIMIT - 3})`);
    expect(created.tree).not.toContain("thread_list shows more");
  });
});
