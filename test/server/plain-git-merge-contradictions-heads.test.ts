// Issue #25 §4 under plain git (no merge driver, as a Git host merges a pull request): a parent, a status or a title
// changed two ways is a conflict git reports in that thread's head file only, both versions between the markers; what
// else the branches wrote merges; the tree names the file with the fix; `resolve` leaves that one field marked.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { call } from "./support/spawn-server.js";
import { THREADS, conflictLines, contradict, shop, type Shop } from "./support/contradictions.js";

describe("a parent, a status or a title changed two ways: a conflict in that thread's head, which resolve names by field", () => {
  test.each([
    {
      name: "a parent changed two ways (thread_rebase on each branch)",
      field: "parentId",
      versions: ["payments", "shipping"] as const,
      write: async (s: Shop, version: string) => {
        await call(s.server, "thread_rebase", { threadId: "billing", newParentId: version });
      },
    },
    {
      name: "a status changed two ways (thread_status done on one branch, abandoned on the other)",
      field: "status",
      versions: ["done", "abandoned"] as const,
      write: async (s: Shop, version: string) => {
        const status = version === "done" ? "done" : "abandoned";
        await call(s.server, "thread_status", { threadId: "billing", status, reason: `closed as ${status}` });
      },
    },
    {
      name: "a title changed two ways (the thread's head edited by hand on each branch)",
      field: "title",
      versions: ["Billing and invoices", "Billing and refunds"] as const,
      write: async (s: Shop, version: string) => {
        const head = join(s.repo.dir, THREADS, "billing", "thread.md");
        writeFileSync(head, readFileSync(head, "utf8").replace("title: Billing\n", `title: ${version}\n`));
      },
    },
  ])("$name", async (c) => {
    const s = await shop();
    const conflicted = await contradict(s, (b) => c.write(s, c.versions[b === "a" ? 0 : 1]));
    expect(conflicted).toHaveLength(1);
    const path = conflicted[0] ?? "";
    expect(path.startsWith(`${THREADS}/billing/`), path).toBe(true);
    const text = readFileSync(join(s.repo.dir, path), "utf8");
    for (const v of c.versions) expect(conflictLines(text)).toContain(`${c.field}: ${v}`);
    // The tree says which thread's file it could not read, with the fix; the other threads are there.
    const tree = await call(s.server, "thread_list");
    expect(tree).toContain(path);
    expect(tree).toContain("resolve");
    expect(tree).toContain("Payments (payments)");
    const resolved = s.cli("resolve");
    expect(resolved.code).toBe(1);
    expect(resolved.stdout).toContain(`still in conflict: ${path} (field "${c.field}")`);
  });
});
