// Guards the semantic tier's machinery: the shipped asset and its checks, vectors loaded only when the tier runs, section vectors that follow the thread files.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import type { ThreadMindServices } from "../../src/core/services.js";
import { closeSearchIndexes } from "../../src/core/search/index.js";
import { parseWordVectors } from "../../src/core/search/word-vectors.js";

const ASSET = "assets/word-vectors.bin";

describe("the word vectors asset", () => {
  test("the committed asset is what the plugin ships, and it passes its own checks", () => {
    const bytes = readFileSync(ASSET);
    expect(readFileSync("plugin/dist/assets/word-vectors.bin").equals(bytes)).toBe(true);
    const vectors = parseWordVectors(bytes, ASSET);
    expect(vectors.dims).toBe(64);
    expect(vectors.size).toBeGreaterThan(40_000); // 60,000 words, fewer distinct stems
    for (const term of ["invoic", "email", "deploy", "password"]) expect(vectors.rowOf(term)).toBeGreaterThanOrEqual(0);
    expect(vectors.weight(vectors.rowOf("invoic"))).toBeGreaterThan(vectors.weight(vectors.rowOf("year"))); // SIF: rarer counts more
  });

  test("a damaged asset is refused with the reason, never used", () => {
    const bytes = readFileSync(ASSET);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 1;
    expect(() => parseWordVectors(flipped, "x.bin")).toThrow("x.bin does not match its checksum");
    expect(() => parseWordVectors(bytes.subarray(0, bytes.length - 10), "x.bin")).toThrow(
      /x\.bin is \d+ bytes, not what its header announces/,
    );
    expect(() => parseWordVectors(Buffer.from("{}\nabc"), "x.bin")).toThrow(
      "x.bin is not a threadmind-word-vectors file of version 1",
    );
    expect(() => parseWordVectors(Buffer.from("not json\n"), "x.bin")).toThrow("x.bin has a header that is not JSON");
  });
});

describe("the semantic tier over a store", () => {
  let repo: TempRepo;
  let s: ThreadMindServices;

  beforeEach(async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "shop\n" });
    s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    await s.summaryUpdate({ content: "## Decisions\n- Postgres for orders" });
    await s.threadCreate({ title: "Customer messages", parentId: "main" });
    await s.summaryUpdate({ content: "## Decisions\n- Emails are sent through Postmark\n- A hard bounce disables the address" });
  });

  afterEach(() => {
    closeSearchIndexes();
    repo?.cleanup();
  });

  test("section vectors are computed when the tier first runs, not before, and not again", async () => {
    const lookup = await s.threadSearch({ query: "postmark", intent: "lookup" });
    expect(lookup.cost.semanticLoadMs).toBeUndefined();
    const first = await s.threadSearch({ query: "which provider delivers our mail?" });
    expect(first.tiers.map((t) => t.tier)).toEqual(["overview", "lookup", "semantic"]);
    expect(first.cost.semanticLoadMs).toBeGreaterThanOrEqual(0);
    expect(first.hits[0]).toMatchObject({
      threadId: "customer-messages",
      tier: "semantic",
      section: "Decisions",
      snippet: "- Emails are sent through Postmark",
    });
    const again = await s.threadSearch({ query: "which provider delivers our mail?" });
    expect(again.cost.semanticLoadMs).toBeUndefined();
  });

  test("section vectors follow the thread files: a rewritten thread is found by its new meaning, a new one at once", async () => {
    const question = "which provider delivers our mail?";
    expect((await s.threadSearch({ query: question })).hits[0]?.threadId).toBe("customer-messages");
    await s.summaryUpdate({
      threadId: "customer-messages",
      replaceSection: true,
      section: "decisions",
      content: "- Orders are kept for ten years",
    });
    await s.threadCreate({ title: "Notifications", parentId: "main" });
    await s.summaryUpdate({ content: "## Decisions\n- Letters and emails go out through Postmark" });
    const after = await s.threadSearch({ query: question });
    expect(after.hits.find((h) => h.threadId === "notifications")).toMatchObject({
      tier: "semantic",
      snippet: "- Letters and emails go out through Postmark",
    });
    // Its title ("Customer messages") may still be close to the question; its old Decisions are gone from the index.
    expect(after.hits.filter((h) => h.snippet.includes("Postmark")).map((h) => h.threadId)).toEqual(["notifications"]);
  });

  test("a question that shares the thread's words is answered by lookup, and the semantic tier does not run", async () => {
    await s.threadCreate({ title: "Bounces", parentId: "main" });
    await s.summaryUpdate({ content: "## Decisions\n- A hard bounce disables the address; a soft bounce is retried" });
    await s.threadCreate({ title: "Suppression list", parentId: "main" });
    await s.summaryUpdate({ content: "## Decisions\n- Addresses with a hard bounce go on the suppression list" });
    const answer = await s.threadSearch({ query: "hard bounce address", limit: 3 });
    expect(answer.tiers.map((t) => [t.tier, t.weak])).toEqual([
      ["overview", true],
      ["lookup", false],
    ]);
    expect(answer.hits.every((h) => h.tier === "lookup")).toBe(true);
  });
});
