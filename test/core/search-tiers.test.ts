// Guards thread_search's tiers: overview never touches summary text, lookup escalates only when overview is weak and reaches closed threads when open ones are weak, deep relaxes matching.
import { cpSync, existsSync, lstatSync, readdirSync, renameSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import type { ThreadMindServices } from "../../src/core/services.js";
import { bodiesPath, catalogPath, closeSearchIndexes, searchThreads, StoreSearchIndex } from "../../src/core/search/index.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";

let repo: TempRepo;
let s: ThreadMindServices;
let fresh: StoreSearchIndex[] = [];

const statOf = (path: string) => {
  const st = lstatSync(path);
  return [st.ino, st.mtimeMs, st.ctimeMs, st.size];
};

/** A second index over the same store, as a new process would have (nothing in memory, only the cache files). */
function newProcessIndex(): StoreSearchIndex {
  const index = new StoreSearchIndex(s.store.dir);
  fresh.push(index);
  return index;
}

/**
 * The project's threads rewritten as format-1 files (`<id>.md`, still read as they are), their folders removed: the
 * layout the directory stamp and watcher serve (a thread folder (format 2, #25) is swept at every search instead).
 */
function toFormatOne(): void {
  const dir = s.store.threadsDir("shop");
  for (const id of readdirSync(dir)) {
    const thread = s.store.readThread("shop", id);
    rmSync(s.store.threadFolder("shop", id), { recursive: true });
    writeFileSync(s.store.legacyThreadPath("shop", id), serializeThread(thread));
  }
  expect(readdirSync(dir).sort()).toEqual(["checkout-flow.md", "main.md", "rate-limiting.md", "search-box.md"]);
}

/** The item file (format 2: `<id>/<section>/<key>.md`) of a thread that holds `text`. */
function itemFileWith(threadId: string, text: string): string {
  const folder = s.store.threadFolder("shop", threadId);
  for (const section of readdirSync(folder)) {
    const sectionDir = join(folder, section);
    if (!lstatSync(sectionDir).isDirectory()) continue;
    for (const name of readdirSync(sectionDir)) {
      const file = join(sectionDir, name);
      if (readFileSync(file, "utf8").includes(text)) return file;
    }
  }
  throw new Error(`no item of ${threadId} holds ${text}`);
}

beforeEach(async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "shop\n" });
  s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  await s.summaryUpdate({ content: "## Decisions\n- Postgres for orders\n\n## State\n- skeleton only" });
  await s.threadCreate({ title: "Rate limiting", parentId: "main" });
  await s.summaryUpdate({
    content: "## Decisions\n- Token bucket per API key, 100 requests per second\n\n## State\n- middleware written",
    paths: ["src/api/limits.ts"],
  });
  await s.threadCreate({ title: "Checkout flow", parentId: "main" });
  await s.summaryUpdate({
    content:
      "## Decisions\n- Stripe for payments\n\n## Constraints\n- every request to the payment API is retried with a limit of 3\n\n## Open questions\n- Refund flow?",
  });
  await s.threadCreate({ title: "Search box", parentId: "main" });
  await s.summaryUpdate({ content: "## Decisions\n- Debounce keystrokes\n\n## Caching strategy\n- results cached in memory" });
});

afterEach(() => {
  for (const index of fresh) index.close();
  fresh = [];
  closeSearchIndexes();
  repo?.cleanup();
});

describe("overview tier", () => {
  test("answers from ids, titles, paths and headings without loading or scoring any summary text", async () => {
    await s.threadSearch({ query: "postgres", intent: "lookup" }); // builds both index layers and their cache files
    const bodies = bodiesPath(s.store.dir, "shop");
    expect(existsSync(bodies)).toBe(true);
    rmSync(bodies); // the section texts are gone: overview must not need them

    const index = newProcessIndex();
    const byTitle = await searchThreads(index, ["shop"], { query: "rate limiting", intent: "overview" });
    expect(byTitle.hits.map((h) => [h.threadId, h.section, h.tier])).toEqual([["rate-limiting", "Title", "overview"]]);
    expect(byTitle.cost).toEqual({ threadFilesRead: 0, swept: true, bodyTextUsed: false });

    const byPath = await searchThreads(index, ["shop"], { query: "src/api", intent: "overview" });
    expect(byPath.hits[0]).toMatchObject({ threadId: "rate-limiting", section: "Paths", snippet: "src/api/limits.ts" });
    const byHeading = await searchThreads(index, ["shop"], { query: "caching strategy", intent: "overview" });
    expect(byHeading.hits[0]).toMatchObject({
      threadId: "search-box",
      section: "Section headings",
      snippet: "## Caching strategy",
    });

    expect(existsSync(bodies)).toBe(false); // never rebuilt: the body layer was not loaded
    // Warm: no thread is read again (thread folders are swept at every search, one lstat per entry: swept is true).
    const warm = await searchThreads(index, ["shop"], { query: "checkout", intent: "overview" });
    expect(warm.cost).toEqual({ threadFilesRead: 0, swept: true, bodyTextUsed: false });
  });

  test("does not find words that appear only in summary bodies", async () => {
    const answer = await s.threadSearch({ query: "stripe payments", intent: "overview" });
    expect(answer.hits).toEqual([]);
    expect(answer.tiers).toEqual([{ tier: "overview", strongHits: 0, weak: true }]);
    expect(answer.text).toContain("intent=lookup searches the summaries");
  });
});

describe("escalation", () => {
  test("lookup stops at the overview tier when it is strong (min(limit, 3) threads name every query term)", async () => {
    const answer = await s.threadSearch({ query: "rate limiting", limit: 1 });
    expect(answer.tiers).toEqual([{ tier: "overview", strongHits: 1, weak: false }]);
    expect(answer.cost.bodyTextUsed).toBe(false);
    expect(answer.hits.map((h) => h.threadId)).toEqual(["rate-limiting"]);
  });

  test("lookup runs BM25 over sections when the overview tier is weak, with the tier-1 hits merged", async () => {
    const answer = await s.threadSearch({ query: "request limit", intent: "lookup" });
    expect(answer.tiers.map((t) => [t.tier, t.weak])).toEqual([
      ["overview", true],
      ["lookup", true],
    ]);
    expect(answer.cost.bodyTextUsed).toBe(true);
    const byId = new Map(answer.hits.map((h) => [h.threadId, h]));
    // Title "Rate limiting" (tier 1) and its Decisions "100 requests per second" (tier 2): one hit, section evidence.
    expect(byId.get("rate-limiting")).toMatchObject({ section: "Decisions", tier: "lookup", coverage: 1 });
    expect(byId.get("checkout-flow")).toMatchObject({
      section: "Constraints",
      tier: "lookup",
      snippet: "- every request to the payment API is retried with a limit of 3",
    });
    expect(answer.hits[0]!.threadId).toBe("rate-limiting");
  });

  test("a thread found only by its metadata is merged into lookup results as an overview hit", async () => {
    const answer = await s.threadSearch({ query: "search box debounce" });
    expect(answer.hits[0]).toMatchObject({ threadId: "search-box", section: "Decisions", tier: "lookup", coverage: 1 });
    const meta = await s.threadSearch({ query: "checkout refund" });
    expect(meta.hits.find((h) => h.threadId === "checkout-flow")).toMatchObject({ tier: "lookup", section: "Open questions" });
  });
});

describe("deep tier", () => {
  beforeEach(async () => {
    await s.threadCreate({ title: "Session store", parentId: "main" });
    await s.summaryUpdate({ content: "## Decisions\n- sessions kept in Redis cluster" });
    await s.threadStatus({
      status: "abandoned",
      threadId: "session-store",
      reason: "Redis cluster too costly for the authentication load",
    });
  });

  test("lookup searches open threads first, and closed threads' summaries and closing reasons when that is weak", async () => {
    const strong = await s.threadSearch({ query: "redis cluster", intent: "lookup", limit: 1 });
    expect(strong.tiers.at(-1)).toEqual({ tier: "lookup", strongHits: 1, weak: false, closedThreads: true });
    const lookup = await s.threadSearch({ query: "costly", intent: "lookup" });
    expect(lookup.tiers.at(-1)).toMatchObject({ tier: "lookup", closedThreads: true });
    expect(lookup.hits[0]).toMatchObject({
      threadId: "session-store",
      status: "abandoned",
      section: "Closing reason",
      field: "reason",
      tier: "lookup",
    });
    expect(lookup.text).toContain(
      "Only words were matched: intent=semantic (the default) also finds threads that say it in other words.",
    );
    const deep = await s.threadSearch({ query: "costly", intent: "deep" });
    expect(deep.tiers.map((t) => t.tier)).toEqual(["overview", "lookup", "semantic", "deep"]);
    expect(deep.hits[0]).toMatchObject({
      threadId: "session-store",
      status: "abandoned",
      section: "Closing reason",
      field: "reason",
    });
    expect(deep.hits[0]!.snippet).toContain("Redis cluster too costly");
    expect(deep.limit).toBe(20);
  });

  test("search escalates to closed threads on a weak signal: token bucket rate limiting finds a done thread's decision without intent=deep (#15)", async () => {
    await s.threadCreate({ title: "API gateway", parentId: "main" });
    await s.summaryUpdate({ content: "## Decisions\n- Rate limiting uses a token bucket of 20 requests per minute" });
    await s.threadStatus({ status: "done", threadId: "api-gateway", reason: "shipped" });
    for (const intent of [undefined, "lookup"] as const) {
      const answer = await s.threadSearch({ query: "token bucket rate limiting", ...(intent ? { intent } : {}) });
      const done = answer.hits.find((h) => h.threadId === "api-gateway");
      expect(done).toMatchObject({ status: "done", section: "Decisions", tier: "lookup" });
      expect(done!.snippet).toContain("token bucket of 20 requests per minute");
      expect(answer.tiers.find((t) => t.tier === "lookup")).toMatchObject({ closedThreads: true });
    }
  });

  test("a status filter naming a closed status searches those threads' summaries in lookup", async () => {
    const answer = await s.threadSearch({ query: "redis sessions", status: "abandoned" });
    expect(answer.hits.map((h) => [h.threadId, h.status, h.tier])).toEqual([["session-store", "abandoned", "lookup"]]);
    const active = await s.threadSearch({ query: "redis sessions", status: "active", intent: "deep" });
    expect(active.hits.filter((h) => h.threadId === "session-store")).toEqual([]);
  });

  test("deep relaxes matching: words that begin with a query term, and any single term", async () => {
    expect((await s.threadSearch({ query: "auth" })).hits).toEqual([]);
    const deep = await s.threadSearch({ query: "auth", intent: "deep" });
    expect(deep.hits.map((h) => h.threadId)).toEqual(["session-store"]);
    const partial = await s.threadSearch({ query: "keystrokes zebra unicorn", intent: "deep" });
    expect(partial.hits.map((h) => [h.threadId, h.tier])).toEqual([["search-box", "deep"]]);
  });
});

describe("the index follows the thread files", () => {
  test("edits in place, replaced files, new and deleted threads are seen by a warm index", async () => {
    const index = newProcessIndex();
    await searchThreads(index, ["shop"], { query: "anything" });
    const file = itemFileWith("search-box", "Debounce keystrokes"); // format 2: the item's own file
    writeFileSync(file, readFileSync(file, "utf8").replace("Debounce keystrokes", "Throttle keystrokes")); // same inode
    expect((await searchThreads(index, ["shop"], { query: "throttle" })).hits.map((h) => h.threadId)).toEqual(["search-box"]);
    await s.summaryUpdate({ threadId: "checkout-flow", section: "decisions", content: "- Adyen as fallback" }); // atomic rename
    expect((await searchThreads(index, ["shop"], { query: "adyen" })).hits.map((h) => h.threadId)).toEqual(["checkout-flow"]);
    await s.threadDelete("checkout-flow");
    expect((await searchThreads(index, ["shop"], { query: "adyen stripe", intent: "deep" })).hits).toEqual([]);
  });

  test("an edit in place that leaves the directory untouched reaches a warm index through its watcher; only that file is read", async () => {
    toFormatOne(); // the directory watcher serves format-1 files: a thread folder is swept at every search
    const dir = s.store.threadsDir("shop");
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of readdirSync(dir)) utimesSync(join(dir, name), hourAgo, hourAgo); // not "racy": stamps are trusted
    const index = newProcessIndex();
    await searchThreads(index, ["shop"], { query: "anything" });
    const idle = await searchThreads(index, ["shop"], { query: "anything" });
    expect(idle.cost).toEqual({ threadFilesRead: 0, swept: false, bodyTextUsed: true });
    const dirBefore = JSON.stringify(statOf(dir));
    const file = s.store.threadPath("shop", "main");
    writeFileSync(file, readFileSync(file, "utf8").replace("Postgres for orders", "CockroachDB for orders"));
    expect(JSON.stringify(statOf(dir))).toBe(dirBefore);
    const answer = await searchThreads(index, ["shop"], { query: "cockroachdb" });
    expect(answer.hits.map((h) => h.threadId)).toEqual(["main"]);
    expect(answer.cost).toMatchObject({ threadFilesRead: 1, swept: true });
  });

  test("a threads directory replaced by another one at the same path is watched anew", async () => {
    toFormatOne(); // the directory watcher serves format-1 files: a thread folder is swept at every search
    const dir = s.store.threadsDir("shop");
    const hourAgo = new Date(Date.now() - 3_600_000);
    const index = newProcessIndex();
    await searchThreads(index, ["shop"], { query: "anything" });
    renameSync(dir, `${dir}-old`);
    cpSync(`${dir}-old`, dir, { recursive: true });
    for (const name of readdirSync(dir)) utimesSync(join(dir, name), hourAgo, hourAgo);
    expect((await searchThreads(index, ["shop"], { query: "stripe" })).hits.map((h) => h.threadId)).toEqual(["checkout-flow"]);
    const file = s.store.threadPath("shop", "checkout-flow");
    writeFileSync(file, readFileSync(file, "utf8").replace("Stripe for payments", "Braintree for payments")); // in place
    expect((await searchThreads(index, ["shop"], { query: "braintree" })).hits.map((h) => h.threadId)).toEqual(["checkout-flow"]);
  });

  test("a damaged index is rebuilt from the thread files and says so", async () => {
    await s.threadSearch({ query: "postgres" });
    writeFileSync(catalogPath(s.store.dir, "shop"), "{ not json");
    writeFileSync(
      bodiesPath(s.store.dir, "shop"),
      JSON.stringify({ format: "threadmind-search-bodies", version: 1, entries: { main: { hash: 1 } } }),
    );
    const answer = await searchThreads(newProcessIndex(), ["shop"], { query: "postgres" });
    expect(answer.hits.map((h) => h.threadId)).toEqual(["main"]);
    expect(answer.notices.join("\n")).toMatch(/search index could not be used .*not valid JSON.*rebuilt/);
    expect(answer.notices.join("\n")).toMatch(/section texts could not be used .*malformed entry "main".*rebuilt/);
    expect(JSON.parse(readFileSync(catalogPath(s.store.dir, "shop"), "utf8")).format).toBe("threadmind-search-catalog");
    expect(answer.cost.threadFilesRead).toBe(4);
  });

  test("a thread file that cannot be parsed is reported with every answer, not silently skipped", async () => {
    writeFileSync(
      join(s.store.threadsDir("shop"), "broken.md"),
      "---\nid: broken\ntitle: Broken\nparentId: main\ncreatedAt: x\nupdatedAt: y\n---\n<<<<<<< HEAD\n- stripe\n=======\n- adyen\n>>>>>>> other\n",
    );
    const answer = await s.threadSearch({ query: "stripe" });
    expect(answer.hits.map((h) => h.threadId)).toEqual(["checkout-flow"]);
    expect(answer.notices).toEqual([
      expect.stringMatching(/^1 thread file could not be read and is not searched: .*broken\.md: contains git conflict markers/),
    ]);
    expect(answer.text).toContain("⚠ 1 thread file could not be read");
  });

  test("the cache lives in the gitignored .threadmind/cache/ and never in git", async () => {
    await s.threadSearch({ query: "postgres" });
    repo.git("add", "-A");
    expect(repo.git("status", "--porcelain", "--ignored", ".threadmind/cache")).toContain("!! .threadmind/cache/");
  });
});

describe("parameters", () => {
  test("bad parameters are refused with the reason before any search", async () => {
    await expect(s.threadSearch({ query: "  " })).rejects.toThrow("The search query must not be empty.");
    await expect(s.threadSearch({ query: "what is the" })).rejects.toThrow(/has no words to search for/);
    await expect(s.threadSearch({ query: "x y stripe", limit: 0 })).rejects.toThrow(
      "The search limit must be a whole number from 1 to 50, not 0.",
    );
    await expect(s.threadSearch({ query: "stripe", limit: 51 })).rejects.toThrow(/from 1 to 50, not 51/);
  });

  test("limit bounds the hits; all-projects searches every project of the workspace", async () => {
    expect((await s.threadSearch({ query: "decisions", intent: "overview", limit: 2 })).hits).toHaveLength(2);
    await s.projectCreate({ title: "Warehouse" });
    await s.summaryUpdate({ content: "## Decisions\n- Stripe invoices for suppliers" });
    const project = await s.threadSearch({ query: "stripe" });
    expect(project.hits.map((h) => `${h.projectId}/${h.threadId}`)).toEqual(["warehouse/main"]);
    const all = await s.threadSearch({ query: "stripe", scope: "all-projects" });
    expect(all.hits.map((h) => `${h.projectId}/${h.threadId}`).sort()).toEqual(["shop/checkout-flow", "warehouse/main"]);
    expect(all.text).toContain("in all projects (2)");
  });
});
