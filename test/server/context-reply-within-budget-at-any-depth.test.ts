// context_get and thread_switch hold their reply budget (48,000 characters) at any depth of the chain: farther ancestors are left out first, the active summary is shown whole, and a maxTokens narrows the reply (#31).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPLY_BUDGET } from "../../src/server/reply-budget.js";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

const DEPTH = 60;
/** Each ancestor's Decisions: ~12,000 characters, so that the whole chain would be ~720,000. */
const decisions = (i: number) =>
  Array.from(
    { length: 100 },
    (_, k) => `- Decision ${k} of level ${i}: keep the ledger's entries immutable, ${"x".repeat(60)}`,
  ).join("\n");

describe(`a chain ${DEPTH} threads deep whose Decisions would make a context of ~720,000 characters`, () => {
  let repo: TempRepo;
  let server: RunningServer;
  beforeAll(async () => {
    ({ repo, server } = await serverInTempRepo({ "README.md": "x\n" }));
    await call(server, "project_create", { title: "Shop", systemContext: `Shop rules. ${"s".repeat(7_000)}` });
    const dir = join(repo.dir, ".threadmind", "threads", "shop");
    for (let i = 1; i <= DEPTH; i++) {
      const at = `2026-02-01T00:00:${String(i % 60).padStart(2, "0")}.000Z`;
      writeFileSync(
        join(dir, `level-${i}.md`),
        `---\nid: level-${i}\ntitle: Level ${i}\nparentId: ${i === 1 ? "main" : `level-${i - 1}`}\nauthor: t\ncreatedAt: ${at}\nupdatedAt: ${at}\n---\n## Decisions\n${decisions(i)}\n`,
      );
    }
  }, 60_000);
  afterAll(() => closeServerInTempRepo(server, repo));

  test("thread_switch to the deepest thread and context_get answer within 48,000 characters, its own summary whole", async () => {
    const switched = await call(server, "thread_switch", { threadId: `level-${DEPTH}` });
    const got = await call(server, "context_get", {});
    for (const [tool, text] of [
      ["thread_switch", switched],
      ["context_get", got],
    ] as const) {
      expect(text.length, tool).toBeLessThanOrEqual(REPLY_BUDGET[tool]);
      // Filled to the budget, not cut short: the nearest ancestors are there, the farthest left out and named so.
      expect(text.length, tool).toBeGreaterThan(REPLY_BUDGET[tool] - 13_000);
      expect(text, tool).toContain(decisions(DEPTH));
      expect(text, tool).toContain(`Decision 99 of level ${DEPTH - 1}:`);
      expect(text, tool).not.toContain("Decision 0 of level 1:");
      // The walk stops once the budget is full: the ancestors above are not even read.
      expect(text, tool).toMatch(/_Left out to fit the budget: .*, and the ancestors above them, not read\._/);
      expect(text, tool).not.toContain("reply was cut");
    }
    expect(switched.startsWith(`Switched to thread "Level ${DEPTH}" (level-${DEPTH}).\n\n`)).toBe(true);
  });

  test("a maxTokens narrows the reply further", async () => {
    const narrow = await call(server, "context_get", { maxTokens: 500 });
    expect(narrow.length).toBeLessThan(3_000);
    expect(narrow).toContain("Decision 0 of level 60:");
    expect(narrow).toContain("Summary cut to fit the budget");
  });
});
