// Guards thread_search and thread_history over stdio (the built server bundle): read-only tools with titles, answers from real files and git.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TempRepo } from "../support/temp-repo.js";
import { call, callError, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;

beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "shop\n" }));
  await call(server, "project_create", { title: "Shop" });
  await call(server, "summary_update", { content: "## Decisions\n- Postgres for orders" });
  await call(server, "thread_create", { title: "Rate limiting" });
  await call(server, "summary_update", { content: "## Decisions\n- Token bucket per API key\n\n## State\n- middleware drafted" });
  repo.commit("Rate limiting: token bucket");
  await call(server, "summary_update", { section: "constraints", content: "- no Redis" });
});
afterAll(() => closeServerInTempRepo(server, repo));

describe("recall tools over stdio", () => {
  test("thread_search and thread_history are listed as read-only, idempotent tools with titles", async () => {
    const { tools } = await server.client.listTools();
    const recall = tools.filter((t) => t.name === "thread_search" || t.name === "thread_history");
    expect(
      recall.map((t) => [
        t.name,
        t.title,
        t.annotations?.readOnlyHint,
        t.annotations?.destructiveHint,
        t.annotations?.idempotentHint,
      ]),
    ).toEqual([
      ["thread_search", "Search threads", true, false, true],
      ["thread_history", "Thread history", true, false, true],
    ]);
    const search = recall[0]!;
    expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual(["intent", "limit", "query", "scope", "status"]);
    expect(search.inputSchema.required).toEqual(["query"]);
    // Meaning alone finds about 40% of questions asked in other words (#18): the caller is asked for the summary's words.
    const query = (search.inputSchema.properties as Record<string, { description?: string }>).query;
    expect(query?.description).toContain("add the words a summary would use");
  });

  test("thread_search finds a decision in another thread's summary, with its section and snippet, in plain words (no scores or tiers)", async () => {
    await call(server, "thread_switch", { threadId: "main" });
    const text = await call(server, "thread_search", { query: "token bucket", intent: "lookup" });
    expect(text).toBe(
      '1 thread matches "token bucket" in project shop:\n' +
        "1. Rate limiting (rate-limiting) · open · Decisions · found by its words\n   - Token bucket per API key\n" +
        "Only words were matched: intent=semantic (the default) also finds threads that say it in other words.",
    );
    const overview = await call(server, "thread_search", { query: "rate", intent: "overview" });
    expect(overview).toContain("1. Rate limiting (rate-limiting) · open · Title · found by name\n");
    expect(overview).not.toMatch(/score|Tiers:|strong/);
  });

  test("thread_search finds a thread by meaning over stdio, from the word vectors shipped in the plugin's assets, and says it was found by meaning", async () => {
    await call(server, "thread_create", { title: "Customer messages", parentId: "main" });
    await call(server, "summary_update", {
      content: "## Decisions\n- Emails are sent through Postmark\n- A hard bounce disables the address",
    });
    const text = await call(server, "thread_search", { query: "which provider delivers our mail?" });
    expect(text).toMatch(
      /^1\. Customer messages \(customer-messages\) · open · Decisions · found by meaning\n {3}- Emails are sent through Postmark$/m,
    );
    // The tiers run (and each hit's score and similarity) are in the JSON form only: the text reads as what was found.
    expect(text).not.toMatch(/Tiers:|score|similarity/);
    expect(text).not.toContain("unavailable");
  });

  test("thread_search refuses a query with nothing to search for, with the reason", async () => {
    expect(await callError(server, "thread_search", { query: "the what" })).toBe(
      'The search query "the what" has no words to search for (common words such as "the" or "what" are ignored).',
    );
    // An empty query gets the catalogue's words, as a blank one does (not the SDK's schema error).
    for (const query of ["", "   "]) {
      expect(await callError(server, "thread_search", { query })).toBe("The search query must not be empty.");
    }
  });

  test("thread_history shows the uncommitted change on top of the committed versions", async () => {
    const text = await call(server, "thread_history", { threadId: "rate-limiting" });
    expect(text).toContain(
      'History of "Rate limiting" (rate-limiting), .threadmind/threads/shop/rate-limiting/, newest first: 2 versions.',
    );
    expect(text).toContain("● Uncommitted changes\n  Constraints: + - no Redis");
    expect(text).toMatch(
      /● \d{4}-\d{2}-\d{2} [0-9a-f]{8} Test Author — Rate limiting: token bucket \(created\)\n {2}Decisions: \+ - Token bucket per API key\n {2}State: \+ - middleware drafted/,
    );
  });
});

describe("cross-references over stdio", () => {
  test("related ids set through thread_create and summary_update are listed in the context by title, and a missing one is a warning", async () => {
    await call(server, "thread_switch", { threadId: "main" });
    const created = await call(server, "thread_create", { title: "Quotas", related: ["rate-limiting"] });
    expect(created).toContain('Created thread "Quotas" (id quotas)');
    const context = await call(server, "context_get");
    expect(context).toContain("Rate limiting (rate-limiting)");
    expect(context).not.toContain("Token bucket per API key");
    const updated = await call(server, "summary_update", {
      section: "state",
      content: "- limits per plan",
      related: ["rate-limiting", "no-such-thread"],
    });
    expect(updated).toContain('⚠ Related thread "no-such-thread" does not exist');
    expect(await call(server, "thread_list")).toContain("Quotas (quotas)");
  });
});
