// thread_list on a large project: a bounded view (path, children, siblings, open threads by recency, counts) under 8 KB; rootId, depth and status narrow it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSearchIndexes } from "../../src/core/search/index.js";
import type { ThreadMindServices } from "../../src/core/services.js";
import { THREAD_LIST_MAX_BYTES } from "../../src/core/context/thread-list-view.js";
import { servicesFor } from "../support/core-services.js";

let dir: string;
let s: ThreadMindServices;
const LONG = "L".repeat(190);

// Written by hand as format-1 files (threads/<project>/<id>.md, still read), so that updatedAt can be set per thread.
function writeThread(id: string, parentId: string, title: string, updatedAt: string, status?: "done" | "abandoned"): void {
  const lines = [
    "---",
    `id: ${id}`,
    `title: ${title}`,
    `parentId: ${parentId}`,
    "author: t",
    `createdAt: ${updatedAt}`,
    `updatedAt: ${updatedAt}`,
  ];
  if (status) lines.push(`status: ${status}`);
  lines.push("---", "");
  writeFileSync(s.store.legacyThreadPath("big", id), lines.join("\n"));
}

const at = (i: number) =>
  `2026-01-${String(1 + (i % 28)).padStart(2, "0")}T00:${String(Math.floor(i / 60) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.000Z`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tm-list-bounded-"));
  s = servicesFor(dir);
  const { project } = await s.projectCreate({ title: "Big" });
  expect(project.id).toBe("big");
  // 1,200 threads under main (every 3rd done, every 7th abandoned), titles long enough that the whole tree is ~250 KB.
  for (let i = 0; i < 1_200; i++)
    writeThread(`t-${i}`, "main", `Topic ${i} ${LONG}`, at(i), i % 3 === 0 ? "done" : i % 7 === 0 ? "abandoned" : undefined);
  // The active thread sits at depth 3 with 30 children and 25 siblings.
  writeThread("area", "main", "Area", "2025-06-01T00:00:00.000Z");
  writeThread("feature", "area", "Feature", "2025-06-02T00:00:00.000Z");
  for (let i = 0; i < 25; i++)
    writeThread(`sib-${i}`, "area", `Sibling ${i}`, `2025-06-03T00:00:${String(i).padStart(2, "0")}.000Z`);
  for (let i = 0; i < 30; i++)
    writeThread(
      `kid-${i}`,
      "feature",
      `Kid ${i}`,
      `2025-06-04T00:00:${String(i).padStart(2, "0")}.000Z`,
      i === 0 ? "done" : undefined,
    );
  // The most recently updated open thread, somewhere else in the tree.
  writeThread("newest", "t-1", "Newest work", "2027-01-01T00:00:00.000Z");
  await s.threadSwitch("feature");
});

afterAll(() => {
  closeSearchIndexes();
  rmSync(dir, { recursive: true, force: true });
});

const bytes = (t: string) => Buffer.byteLength(t, "utf8");

describe("thread_list on a large project", () => {
  it("returns the path to the active thread, its children and siblings, open threads by recency and counts, in at most 8 KB", async () => {
    const { text } = await s.threadList();
    expect(bytes(text)).toBeLessThanOrEqual(THREAD_LIST_MAX_BYTES);
    expect(text.split("\n")[0]).toBe("Project: Big (1,259 threads: 744 open, 401 done, 114 abandoned; a bounded view)");
    expect(text).toContain("Big (main)");
    expect(text).toContain("Area (area)");
    expect(text).toMatch(/Feature \(feature\) ◀ current/);
    expect(text).toContain("Kid 0 (kid-0) [done]");
    expect(text).toContain("Kid 19 (kid-19)");
    expect(text).not.toContain("(kid-20)");
    expect(text).toContain(
      '(10 more children of the current thread not shown: thread_list with rootId "feature" and depth 1 lists them.)',
    );
    expect(text).toContain("Sibling 0 (sib-0)");
    expect(text).toContain(
      '(5 more siblings of the current thread not shown: thread_list with rootId "area" and depth 1 lists them.)',
    );
    expect(text).toContain("Open threads, most recently updated first:\n- Newest work (newest), under t-1, updated 2027-01-01");
    expect(text).toMatch(/Not shown: [\d,]+ threads \([\d,]+ open, [\d,]+ done, [\d,]+ abandoned\)\./);
    expect(text).toContain("threadmind://threads/{id}");
  });

  it("stays under 8 KB however deep the path and however long the titles", async () => {
    let parent = "feature";
    for (let i = 0; i < 60; i++) {
      writeThread(`deep-${i}`, parent, `Deep ${i} ${LONG}`, `2025-07-01T00:00:${String(i % 60).padStart(2, "0")}.000Z`);
      parent = `deep-${i}`;
    }
    await s.threadSwitch("deep-59");
    const { text } = await s.threadList();
    expect(bytes(text)).toBeLessThanOrEqual(THREAD_LIST_MAX_BYTES);
    expect(text).toContain("left out to keep this answer under 8 KB");
    expect(text).toContain("Not shown:");
    await s.threadSwitch("feature");
  });

  it("sees a thread created after the previous listing (the catalog follows the files)", async () => {
    await s.threadList();
    const created = await s.threadCreate({ title: "Brand new child" });
    const { text } = await s.threadList();
    expect(text).toMatch(new RegExp(`Brand new child \\(${created.thread.id}\\) ◀ current`));
    await s.threadSwitch("feature");
  });

  it("rootId and depth give one subtree, status filters it, an unknown root is not found", async () => {
    const kids = (await s.threadList({ rootId: "feature", depth: 1 })).text;
    expect(kids.split("\n")[0]).toMatch(
      /^Project: Big \(the subtree of "feature", 1 level deep: \d+ threads of [\d,]+ threads\)$/,
    );
    expect(kids).toContain("(kid-29)");
    expect(kids).not.toContain("(area)");
    expect(kids).not.toContain("(deep-1)");
    const done = (await s.threadList({ rootId: "feature", status: "done" })).text;
    expect(done).toContain("Kid 0 (kid-0) [done]");
    expect(done).toContain("(feature)"); // the root connects the matches
    expect(done).not.toContain("(kid-1)");
    const all = (await s.threadList({ status: "abandoned" })).text;
    expect(bytes(all)).toBeLessThanOrEqual(THREAD_LIST_MAX_BYTES);
    expect(all).toContain("[abandoned]");
    expect(all).not.toContain("[done]");
    expect(all).toContain("left out to keep this answer under 8 KB");
    await expect(s.threadList({ rootId: "nope" })).rejects.toThrow('Thread "nope" not found');
    await expect(s.threadList({ depth: -1 })).rejects.toThrow("Invalid depth -1");
  });

  it("the CLI's full tree still shows every thread", async () => {
    const { text } = await s.threadList({ full: true });
    expect(text).toContain("(t-1199)");
    expect(text).toContain("(kid-29)");
  });
});
