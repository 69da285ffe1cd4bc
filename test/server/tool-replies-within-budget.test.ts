// Every tool's reply holds its character budget (src/server/reply-budget.ts) at 10 and at 1,000 threads; write tools answer in a few lines without the tree (#31).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPLY_BUDGET, type ToolId } from "../../src/server/reply-budget.js";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

/** Each tool with arguments that make it answer (in this order: the later calls use threads the earlier made). */
const CALLS: readonly [ToolId, Record<string, unknown>][] = [
  ["project_list", {}],
  ["thread_create", { title: "Refunds", parentId: "main" }],
  ["summary_update", { section: "decisions", content: "- refunds go through the payment provider's API" }],
  ["thread_create", { title: "Partial refunds" }],
  ["thread_list", {}],
  ["thread_switch", { threadId: "main", maxTokens: 500 }],
  ["context_get", { maxTokens: 500 }],
  ["thread_rebase", { threadId: "partial-refunds", newParentId: "main" }],
  ["thread_status", { status: "done", threadId: "partial-refunds", reason: "shipped" }],
  ["thread_status", { status: "active", threadId: "partial-refunds" }],
  ["thread_search", { query: "refunds provider", limit: 50 }],
  ["thread_history", { threadId: "main", limit: 50 }],
  ["thread_switch", { threadId: "refunds" }],
  ["thread_merge", { parentSummary: "## Decisions\n- refunds through the provider" }],
  ["thread_delete", { threadId: "partial-refunds" }],
  ["project_switch", { projectId: "shop" }],
  ["threadmind_init", { clients: ["agents"] }],
  ["stats_show", {}],
];

const WRITES: ReadonlySet<ToolId> = new Set([
  "project_create",
  "thread_create",
  "summary_update",
  "thread_rebase",
  "thread_status",
  "thread_merge",
  "thread_delete",
  "project_switch",
]);

/** Lines of a rendered tree: what a write's reply no longer carries. */
const TREE_LINE = /^(Project: |.*[├└]── )/m;

for (const fillers of [10, 1_000]) {
  describe(`a project of ${fillers.toLocaleString("en-US")} more threads`, () => {
    let repo: TempRepo;
    let server: RunningServer;
    const replies: { tool: ToolId; text: string }[] = [];
    beforeAll(async () => {
      ({ repo, server } = await serverInTempRepo({ "README.md": "x\n" }));
      const created = await call(server, "project_create", { title: "Shop" });
      replies.push({ tool: "project_create", text: created });
      const dir = join(repo.dir, ".threadmind", "threads", "shop");
      for (let i = 0; i < fillers; i++) {
        const at = `2026-02-01T00:${String(Math.floor(i / 60) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.${String(i % 1000).padStart(3, "0")}Z`;
        writeFileSync(
          join(dir, `filler-${i}.md`),
          `---\nid: filler-${i}\ntitle: Filler topic number ${i} about refunds\nparentId: main\nauthor: t\ncreatedAt: ${at}\nupdatedAt: ${at}\n---\n## Decisions\n- refunds ${i}\n`,
        );
      }
      for (const [tool, args] of CALLS) replies.push({ tool, text: await call(server, tool, args) });
    }, 120_000);
    afterAll(() => closeServerInTempRepo(server, repo));

    test("every tool answers within its budget", () => {
      const over = replies.filter(({ tool, text }) => text.length > REPLY_BUDGET[tool]);
      expect(over.map(({ tool, text }) => `${tool}: ${text.length}`)).toEqual([]);
      // Built to fit: no reply needed the cut that holds the budget.
      expect(replies.filter(({ text }) => text.includes("reply was cut")).map((r) => r.tool)).toEqual([]);
      expect(new Set(replies.map((r) => r.tool)).size).toBe(Object.keys(REPLY_BUDGET).length);
    });

    test("write tools answer in a few lines, without the tree, and point to thread_list", () => {
      const writes = replies.filter(({ tool }) => WRITES.has(tool));
      expect(writes.length).toBe(10);
      for (const { tool, text } of writes) {
        expect(text, tool).not.toMatch(TREE_LINE);
        expect(text.split("\n").length, tool).toBeLessThanOrEqual(4);
      }
      const create = writes.find((w) => w.tool === "thread_create")!.text;
      expect(create).toContain("(id refunds)");
      expect(create).toContain("thread_list shows the tree.");
    });

    test("thread_list still shows the tree", () => {
      const list = replies.find((r) => r.tool === "thread_list")!.text;
      expect(list).toMatch(TREE_LINE);
      expect(list).toContain("Partial refunds (partial-refunds) ◀ current");
    });
  });
}
