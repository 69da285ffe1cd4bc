// Guards lookup ranking and result size: a Decisions match outranks the same match in State, snippets stay short and centred on the match.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import type { ThreadMindServices } from "../../src/core/services.js";
import { closeSearchIndexes } from "../../src/core/search/index.js";
import { SNIPPET_MAX_CHARS } from "../../src/core/search/snippet.js";

let repo: TempRepo;
let s: ThreadMindServices;

beforeEach(async () => {
  repo = makeTempRepo();
  s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
});
afterEach(() => {
  closeSearchIndexes();
  repo?.cleanup();
});

async function thread(title: string, summary: string): Promise<void> {
  await s.threadCreate({ title, parentId: "main" });
  await s.summaryUpdate({ content: summary });
}

describe("ranking by section", () => {
  test("the same words rank higher in Decisions than in Constraints, Open questions and State", async () => {
    const line = "- retry webhooks with exponential backoff";
    await thread("Alpha", `## State\n${line}\n\n## Decisions\n- colour scheme`);
    await thread("Bravo", `## Decisions\n${line}\n\n## State\n- colour scheme`);
    await thread("Charlie", `## Open questions\n${line}\n\n## Decisions\n- colour scheme`);
    await thread("Delta", `## Constraints\n${line}\n\n## Decisions\n- colour scheme`);
    const answer = await s.threadSearch({ query: "webhook backoff" });
    expect(answer.hits.map((h) => [h.threadId, h.section])).toEqual([
      ["bravo", "Decisions"],
      ["delta", "Constraints"],
      ["charlie", "Open questions"],
      ["alpha", "State"],
    ]);
    const scores = answer.hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(new Set(scores).size).toBe(4);
  });

  test("a thread matching in several sections shows its best section and outranks one matching in that section only", async () => {
    await thread("Echo", "## Decisions\n- cache invalidation by tag");
    await thread("Foxtrot", "## Decisions\n- cache invalidation by tag\n\n## Next steps\n- measure cache invalidation latency");
    const answer = await s.threadSearch({ query: "cache invalidation" });
    expect(answer.hits.map((h) => [h.threadId, h.section])).toEqual([
      ["foxtrot", "Decisions"],
      ["echo", "Decisions"],
    ]);
  });

  test("rarer words weigh more than common ones (BM25 idf)", async () => {
    await thread("Golf", "## Decisions\n- service mesh for internal traffic");
    await thread("Hotel", "## Decisions\n- service accounts per team");
    await thread("India", "## Decisions\n- service discovery through DNS");
    const answer = await s.threadSearch({ query: "service mesh" });
    expect(answer.hits[0]!.threadId).toBe("golf");
    expect(answer.hits.slice(1).every((h) => h.score < answer.hits[0]!.score / 2)).toBe(true);
  });
});

describe("snippets and result size", () => {
  test("the snippet is the line with the most matched words, cut around the match within the width", async () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(12);
    await thread(
      "Juliet",
      `## Decisions\n- use the queue for emails\n- ${filler}we chose a dead letter queue for failed emails after three retries ${filler}\n- unrelated`,
    );
    const [hit] = (await s.threadSearch({ query: "dead letter queue emails" })).hits;
    expect(hit!.snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(hit!.snippet).toMatch(/^….*we chose a dead letter queue for failed emails after three retries.*…$/);
    expect(hit!.snippet).not.toContain("use the queue");
  });

  test("a short line is shown whole, and accents and case do not matter", async () => {
    await thread("Kilo", "## Constraints\n- Données hébergées en Europe");
    const [hit] = (await s.threadSearch({ query: "DONNEES hebergees" })).hits;
    expect(hit).toMatchObject({ threadId: "kilo", section: "Constraints", snippet: "- Données hébergées en Europe" });
  });

  test("the answer text stays small: one line per hit plus its snippet, whatever the size of the summaries", async () => {
    const big = Array.from({ length: 200 }, (_, i) => `- decision ${i} about the storage engine and its replication`).join("\n");
    for (const t of ["Lima", "Mike", "November", "Oscar", "Papa"]) await thread(t, `## Decisions\n${big}`);
    const answer = await s.threadSearch({ query: "storage replication", limit: 5 });
    expect(answer.hits).toHaveLength(5);
    const lines = answer.text.split("\n");
    expect(lines.length).toBeLessThanOrEqual(1 + 2 * 5 + 2);
    expect(answer.text.length).toBeLessThan(1_500);
    expect(lines[1]).toMatch(/^1\. \w+ \(\w+\) · open · Decisions · found by its words$/);
  });
});
