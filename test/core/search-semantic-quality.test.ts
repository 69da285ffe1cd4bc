// Quality set of the semantic tier: questions phrased in other words than their thread's decision, recall@3 for lookup alone against lookup + semantic.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import type { ThreadMindServices } from "../../src/core/services.js";
import { closeSearchIndexes, type SearchIntent } from "../../src/core/search/index.js";
import { queryTerms, terms } from "../../src/core/search/text-terms.js";
import { parseSummary } from "../../src/core/store/summary-sections.js";
import {
  MORE_PARAPHRASE_QUERIES,
  PARAPHRASE_QUERIES,
  QUALITY_THREADS,
  SHARED_WORD_QUERIES,
  type QualityQuery,
} from "../fixtures/search-quality/invoicing-project.js";

/** Both rounds of questions in other words (the second one written before any variant was measured on it). */
const OTHER_WORDS = [...PARAPHRASE_QUERIES, ...MORE_PARAPHRASE_QUERIES];

let repo: TempRepo;
let s: ThreadMindServices;
/** Fixture id → the id ThreadMind gave the thread. */
const ids = new Map<string, string>();

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "ledger\n" });
  s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Ledger" });
  await s.summaryUpdate({
    content:
      "## Decisions\n- A B2B invoicing web app: Node backend, React front end\n\n## State\n- in production since last year",
  });
  for (const t of QUALITY_THREADS) {
    const created = await s.threadCreate({ title: t.title, parentId: "main" });
    ids.set(t.id, created.thread.id);
    await s.summaryUpdate({ threadId: created.thread.id, content: t.summary });
    if (t.closed) await s.threadStatus({ threadId: created.thread.id, status: t.closed.status, reason: t.closed.reason });
  }
}, 120_000);

afterAll(() => {
  closeSearchIndexes();
  repo?.cleanup();
});

/** 1-based rank of the expected thread in the answer, or Infinity. */
async function rankOf(q: QualityQuery, intent: SearchIntent): Promise<number> {
  const answer = await s.threadSearch({ query: q.query, intent });
  const at = answer.hits.findIndex((h) => h.threadId === ids.get(q.expect));
  return at < 0 ? Infinity : at + 1;
}

function decisionsOf(id: string): string {
  const thread = QUALITY_THREADS.find((t) => t.id === id)!;
  return parseSummary(thread.summary).sections.find((x) => x.key === "decisions")!.body;
}

describe("semantic tier quality", () => {
  test("the quality set is honest: 30+ questions, none sharing a word with its thread's decisions", () => {
    expect(OTHER_WORDS.length).toBeGreaterThanOrEqual(30);
    const sharing = OTHER_WORDS.map((q) => {
      const decision = new Set(terms(decisionsOf(q.expect)));
      return { query: q.query, shared: queryTerms(q.query).filter((t) => decision.has(t)) };
    }).filter((x) => x.shared.length > 0);
    expect(sharing).toEqual([]);
  });

  // Issue #18 targets 70% for lookup + semantic. Word vectors distilled from the Universal Sentence Encoder lite (each
  // word embedded alone, assets/README.md) reach about 40% on this set (GloVe's did 31%; the figures are printed, per
  // round); the assertions guard that floor and lookup's ceiling, so that a change that loses recall fails.
  // src/core/search/README.md lists the variants measured: the sentence encoder run on whole sections itself, which no
  // static asset can match, finds about half; nothing shipped on npm that fits the plugin reaches 70%.
  test("recall@3 of questions in other words: lookup alone at most 20%, lookup + semantic at least 40% and 35 points more", async () => {
    const rows: string[] = [];
    const found = { lookup: 0, semantic: 0, firstRound: 0, secondRound: 0 };
    for (const q of OTHER_WORDS) {
      const lookup = await rankOf(q, "lookup");
      const semantic = await rankOf(q, "semantic");
      if (lookup <= 3) found.lookup++;
      if (semantic <= 3) {
        found.semantic++;
        if (PARAPHRASE_QUERIES.includes(q)) found.firstRound++;
        else found.secondRound++;
      }
      rows.push(`${String(lookup).padStart(8)} ${String(semantic).padStart(8)}  ${q.query} → ${q.expect}`);
    }
    const n = OTHER_WORDS.length;
    const pct = (k: number, of = n) => `${Math.round((100 * k) / of)}%`;
    console.log(
      `rank: lookup semantic  query\n${rows.join("\n")}\nrecall@3 over ${n} questions: lookup alone ${pct(found.lookup)}, lookup + semantic ${pct(found.semantic)}` +
        ` (first round ${pct(found.firstRound, PARAPHRASE_QUERIES.length)} of ${PARAPHRASE_QUERIES.length}, second round ${pct(found.secondRound, MORE_PARAPHRASE_QUERIES.length)} of ${MORE_PARAPHRASE_QUERIES.length})`,
    );
    expect(found.lookup / n).toBeLessThanOrEqual(0.2);
    expect(found.semantic / n).toBeGreaterThanOrEqual(0.4);
    expect((found.semantic - found.lookup) / n).toBeGreaterThanOrEqual(0.35);
  });

  test("questions that share their thread's words rank it no lower with the semantic tier than with lookup alone", async () => {
    for (const q of SHARED_WORD_QUERIES) {
      const lookup = await rankOf(q, "lookup");
      const semantic = await rankOf(q, "semantic");
      expect(lookup, q.query).toBeLessThanOrEqual(3);
      expect({ query: q.query, semantic: semantic <= lookup }).toEqual({ query: q.query, semantic: true });
    }
  });
});
