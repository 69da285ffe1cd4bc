// Guards issue #30 item 8: stats_show's text is bounded however many threads the project has (2,000 threads gave
// 95,007 characters, past Claude Code's cap for a tool result): the largest summaries are listed, the rest counted.
import { expect, test } from "vitest";
import { collectStats, renderStats, STATS_SUMMARY_ROWS } from "../../src/core/savings/stats.js";
import { servicesFor } from "../support/core-services.js";
import { reposPerTest } from "../support/temp-repo.js";

const newRepo = reposPerTest();

test("stats of 2,000 threads list the 40 largest summaries and count the rest in one line, in a bounded text", async () => {
  const repo = newRepo({ prefix: "tm-stats-bounded-" });
  const s = servicesFor(repo.dir, "stats");
  await s.projectCreate({ title: "Big" });
  const report = await collectStats(s);
  const summaries = Array.from({ length: 2_000 }, (_, i) => ({
    threadId: `thread-with-a-long-name-${i}`,
    tokens: i === 1_500 ? 9_999 : 10 + (i % 7),
    updated: "2026-03-01",
  }));
  const text = renderStats({ ...report, summaries });
  const rows = text.split("\n").filter((l) => l.startsWith("  thread-with-a-long-name-"));
  expect(rows).toHaveLength(STATS_SUMMARY_ROWS);
  expect(rows[0]).toMatch(/^ {2}thread-with-a-long-name-\d+ +~16 /); // the report's order kept among the largest
  expect(rows.some((l) => l.includes("thread-with-a-long-name-1500 ") && l.includes("~9,999"))).toBe(true);
  const kept = summaries.filter((r) => rows.some((l) => l.startsWith(`  ${r.threadId} `)));
  const rest = summaries.reduce((n, r) => n + r.tokens, 0) - kept.reduce((n, r) => n + r.tokens, 0);
  expect(text).toContain(
    `  … and 1960 smaller summaries not listed (~${rest.toLocaleString("en-US")} tokens in all; thread_list shows the tree)`,
  );
  expect(text.length).toBeLessThan(8_000);
});

test("stats of a few threads list every summary, with no line about others", async () => {
  const repo = newRepo({ prefix: "tm-stats-small-" });
  const s = servicesFor(repo.dir, "stats");
  await s.projectCreate({ title: "Small" });
  const text = renderStats(await collectStats(s));
  expect(text).toMatch(/\n {2}main +~\d+ +\d{4}-\d{2}-\d{2}\n/);
  expect(text).not.toContain("not listed");
});
