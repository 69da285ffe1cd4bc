// Guards the tree on deep chains (issue 15, item 11): at depth 3,000 thread_create and thread_status write once and
// report success (the recursive renderer once overflowed the stack after the write, so the tool reported a failure
// and a retrying model created duplicates; writes return no tree since #31); thread_list and stats render it, in text
// linear in its size.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { collectStats } from "../../src/core/savings/stats.js";
import { charsEstimate } from "../../src/core/context/token-estimate.js";
import { INDENT_LEVELS } from "../../src/core/context/tree-render.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { ancestorId, writeChain } from "../support/deep-chain.js";

const DEPTH = 3_000;
let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

function deepRepo() {
  repo = makeTempRepo({ git: false });
  writeChain({ root: repo.dir, projectId: "deep", ancestors: DEPTH });
  return {
    s: servicesFor(repo.dir, "s"),
    // Threads on disk, each once: the chain's format-1 files (<id>.md) and format-2 folders (<id>/, a new thread, or a
    // migrated one next to its frozen format-1 file).
    threadFiles: () =>
      new Set(
        readdirSync(join(repo!.dir, ".threadmind", "threads", "deep"), { withFileTypes: true })
          .filter((e) => e.isDirectory() || e.name.endsWith(".md"))
          .map((e) => (e.isDirectory() ? e.name : e.name.slice(0, -".md".length))),
      ).size,
  };
}

describe(`a ${DEPTH.toLocaleString("en-US")}-deep chain`, () => {
  test("thread_create writes once and reports success; the whole tree shows the new thread at the bottom", async () => {
    const { s, threadFiles } = deepRepo();
    const created = await s.threadCreate({ title: "Leaf" });
    expect(threadFiles()).toBe(DEPTH + 2);
    expect(created.thread).toMatchObject({ id: "leaf", parentId: "main" });
    expect(created.warnings).toEqual([]);
    const lines = (await s.threadList({ full: true })).text.split("\n");
    expect(lines[1]).toBe(`Ancestor ${DEPTH} (${ancestorId(DEPTH)})`);
    expect(lines.at(-1)).toMatch(new RegExp(`\\[depth ${DEPTH + 2}\\] Leaf \\(leaf\\) ◀ current$`));
    // Indentation stops growing: the text is linear in the number of threads.
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(INDENT_LEVELS * 4 + 100);
  });

  test("thread_status closes the deepest thread and reports success, the session on its parent", async () => {
    const { s, threadFiles } = deepRepo();
    await s.threadCreate({ title: "Leaf" });
    const closed = await s.threadStatus({ status: "done", reason: "shipped" });
    expect(closed.thread).toMatchObject({ id: "leaf", status: "done" });
    expect(closed.activeId).toBe("main");
    expect(threadFiles()).toBe(DEPTH + 2);
  });

  test("the whole tree (the CLI's tree), thread_list's bounded view and stats render it", async () => {
    const { s } = deepRepo();
    // thread_list's default view is bounded at any depth (#16); the whole tree is what `thread-mind-mcp tree` prints.
    expect((await s.threadList()).text.length).toBeLessThanOrEqual(8 * 1024);
    const list = await s.threadList({ full: true });
    const lines = list.text.split("\n");
    expect(lines).toHaveLength(DEPTH + 2);
    expect(lines.at(-1)).toMatch(/\[depth 3001\] Main \(main\) ◀ current$/);
    expect(list.text.length).toBeLessThan((DEPTH + 2) * (INDENT_LEVELS * 4 + 100));
    const stats = await collectStats(s);
    expect(stats.summaries).toHaveLength(DEPTH + 1);
  });
});

describe("a failure after a write is never reported as a failed write", () => {
  test("summary_update whose tokenizer cannot load saves once and answers with an estimate, never a failure", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir, "s", { encoder: async () => Promise.reject(new Error("tiktoken assets missing")) });
    await s.projectCreate({ title: "P" });
    const updated = await s.summaryUpdate({ section: "decisions", content: "- appended once" });
    expect(updated.thread.summary).toBe("## Decisions\n- appended once");
    // The reported size never waits for the tokenizer (#16): characters/3.5 until it loads, which it never does here.
    expect(updated.tokens).toBe(charsEstimate(updated.thread.summary));
    expect(updated.warnings).toEqual([]);
    expect(servicesFor(repo.dir, "other").store.readThread("p", "main").summary).toBe("## Decisions\n- appended once");
  });
});
