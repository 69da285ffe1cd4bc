// Issue #25 §3 under plain git (no merge driver, as a Git host merges a pull request): two branches that each fold a
// finished thread into main (thread_merge), that each create a thread titled "Caching", or that add a decision to a thread
// and close it, merge with no conflict under git merge, merge-tree, rebase and cherry-pick; every thread survives and the
// context holds each decision exactly once.
import { expect } from "vitest";
import { BASE_SUMMARY, addTo, create, describeEverydayCases, idOf } from "./support/everyday-cases.js";
import { call } from "./support/spawn-server.js";

/** Main's whole summary with one more decision, as thread_merge's parentSummary is written (the parent read first). */
const withOutcome = (line: string) => BASE_SUMMARY.replace("\n\n## State", `\n${line}\n\n## State`);

describeEverydayCases([
  {
    name: "two branches each fold a finished thread into the same parent (thread_merge)",
    async a(server, ids) {
      const id = await create(server, ids, "feature-a", "Cart cache");
      await addTo(server, id, "decisions", "- A-D1 cache carts in Redis");
      await call(server, "thread_merge", { threadId: id, parentSummary: withOutcome("- A-OUT carts are cached in Redis") });
    },
    async b(server, ids) {
      const id = await create(server, ids, "feature-b", "Sessions");
      await addTo(server, id, "decisions", "- B-D1 sessions are JWT in cookies");
      await call(server, "thread_merge", { threadId: id, parentSummary: withOutcome("- B-OUT sessions are JWT cookies") });
    },
    expected: (ids) => [
      {
        threadId: "main",
        once: [
          "- BASE-D1 orders live in Postgres",
          "- A-OUT carts are cached in Redis",
          "- B-OUT sessions are JWT cookies",
          "The shop sells socks.",
          "- BASE-N1 ship the cart",
        ],
      },
      { threadId: idOf(ids, "feature-a"), once: ["- A-D1 cache carts in Redis", "- A-OUT carts are cached in Redis"] },
      { threadId: idOf(ids, "feature-b"), once: ["- B-D1 sessions are JWT in cookies", "- B-OUT sessions are JWT cookies"] },
    ],
    async more(server, ids) {
      const done = await call(server, "thread_list", { status: "done" });
      expect(done).toContain(`(${idOf(ids, "feature-a")})`);
      expect(done).toContain(`(${idOf(ids, "feature-b")})`);
    },
  },
  {
    // A team project: its new threads' ids carry a random suffix (a solo project's are the bare slug).
    name: 'a thread titled "Caching" created on both branches of a team project: both survive, each with its decisions',
    mode: "team",
    async a(server, ids) {
      const id = await create(server, ids, "caching-a", "Caching");
      await addTo(server, id, "decisions", "- A-CACHE carts in Redis");
    },
    async b(server, ids) {
      const id = await create(server, ids, "caching-b", "Caching");
      await addTo(server, id, "decisions", "- B-CACHE pages in a CDN");
      expect(id).not.toBe(idOf(ids, "caching-a"));
    },
    expected: (ids) => [
      {
        threadId: idOf(ids, "caching-a"),
        once: ["- A-CACHE carts in Redis", "- BASE-D1 orders live in Postgres"],
        absent: ["B-CACHE"],
      },
      {
        threadId: idOf(ids, "caching-b"),
        once: ["- B-CACHE pages in a CDN", "- BASE-D1 orders live in Postgres"],
        absent: ["A-CACHE"],
      },
    ],
    async more(server, ids) {
      const tree = await call(server, "thread_list");
      expect(tree).toContain(`Caching (${idOf(ids, "caching-a")})`);
      expect(tree).toContain(`Caching (${idOf(ids, "caching-b")})`);
    },
  },
  {
    // A solo project in a repository with a remote: its branches can meet in a pull request, so its new threads' ids
    // carry the suffix too (without a remote, a solo project keeps bare slugs).
    name: 'a thread titled "Caching" created on both branches of a solo project with a remote: both survive, each with its decisions',
    remote: true,
    async a(server, ids) {
      const id = await create(server, ids, "caching-a", "Caching");
      expect(id).toMatch(/^caching-[0-9a-z]{4}$/);
      await addTo(server, id, "decisions", "- A-CACHE carts in Redis");
    },
    async b(server, ids) {
      const id = await create(server, ids, "caching-b", "Caching");
      await addTo(server, id, "decisions", "- B-CACHE pages in a CDN");
      expect(id).not.toBe(idOf(ids, "caching-a"));
    },
    expected: (ids) => [
      { threadId: idOf(ids, "caching-a"), once: ["- A-CACHE carts in Redis"], absent: ["B-CACHE"] },
      { threadId: idOf(ids, "caching-b"), once: ["- B-CACHE pages in a CDN"], absent: ["A-CACHE"] },
    ],
  },
  {
    name: "a decision added to a thread on one branch, the thread closed as done on the other",
    async setup(server) {
      await call(server, "thread_create", { title: "Billing", parentId: "main" });
      await addTo(server, "billing", "decisions", "- BASE-BILL invoices are monthly");
      await call(server, "thread_switch", { threadId: "main" });
    },
    async a(server) {
      await addTo(server, "billing", "decisions", "- A-BILL invoices in EUR");
    },
    async b(server) {
      await call(server, "thread_status", { threadId: "billing", status: "done", reason: "B-REASON billing shipped" });
    },
    expected: () => [
      {
        threadId: "billing",
        once: ["- BASE-BILL invoices are monthly", "- A-BILL invoices in EUR", "B-REASON billing shipped"],
      },
    ],
    async more(server) {
      expect(await call(server, "thread_list", { status: "done" })).toContain("(billing)");
    },
  },
  {
    // Two fields of one thread's head, each changed on one branch: nothing contradicts, so nothing conflicts (a head
    // write must not also rewrite a line that every head write changes).
    name: "a thread closed as done on one branch, moved under another parent on the other",
    async setup(server) {
      await call(server, "thread_create", { title: "Payments", parentId: "main" });
      await call(server, "thread_create", { title: "Billing", parentId: "main" });
      await addTo(server, "billing", "decisions", "- BASE-BILL invoices are monthly");
      await call(server, "thread_switch", { threadId: "main" });
    },
    async a(server) {
      await call(server, "thread_status", { threadId: "billing", status: "done", reason: "A-REASON billing shipped" });
    },
    async b(server) {
      await call(server, "thread_rebase", { threadId: "billing", newParentId: "payments" });
    },
    expected: () => [{ threadId: "billing", once: ["- BASE-BILL invoices are monthly", "A-REASON billing shipped"] }],
    async more(server) {
      // Both changes kept: done, under Payments.
      expect(await call(server, "thread_list")).toContain("└── Payments (payments)\n    └── Billing (billing) [done]");
    },
  },
  {
    name: "a thread closed as done on both branches, each with its reason",
    async setup(server) {
      await call(server, "thread_create", { title: "Billing", parentId: "main" });
      await addTo(server, "billing", "decisions", "- BASE-BILL invoices are monthly");
      await call(server, "thread_switch", { threadId: "main" });
    },
    async a(server) {
      await call(server, "thread_status", { threadId: "billing", status: "done", reason: "A-REASON invoices shipped" });
    },
    async b(server) {
      await call(server, "thread_status", { threadId: "billing", status: "done", reason: "B-REASON refunds shipped" });
    },
    expected: () => [
      {
        threadId: "billing",
        once: ["- BASE-BILL invoices are monthly", "A-REASON invoices shipped", "B-REASON refunds shipped"],
      },
    ],
    async more(server) {
      expect(await call(server, "thread_list", { status: "done" })).toContain("(billing)");
    },
  },
]);
