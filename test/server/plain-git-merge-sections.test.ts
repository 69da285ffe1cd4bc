// Issue #25 §3 under plain git (no merge driver, as a Git host merges a pull request): two branches that add items to one
// section, change different sections, or rewrite the whole summary beside an appended item merge with no conflict under
// git merge, merge-tree, rebase and cherry-pick, and the context holds each decision exactly once.
import { BASE_SUMMARY, addTo, describeEverydayCases } from "./support/everyday-cases.js";
import { call } from "./support/spawn-server.js";

describeEverydayCases([
  {
    name: "two branches add items to the same section of one thread",
    async a(server) {
      await addTo(server, "main", "decisions", "- A-D1 cache carts in Redis");
      await addTo(server, "main", "decisions", "- A-D2 evict after an hour");
    },
    async b(server) {
      await addTo(server, "main", "decisions", "- B-D1 sessions are JWT in cookies");
    },
    expected: () => [
      {
        threadId: "main",
        once: [
          "- BASE-D1 orders live in Postgres",
          "- A-D1 cache carts in Redis",
          "- A-D2 evict after an hour",
          "- B-D1 sessions are JWT in cookies",
        ],
      },
    ],
  },
  {
    name: "two branches change different sections of one thread",
    async a(server) {
      await addTo(server, "main", "decisions", "- A-D1 cache carts in Redis");
    },
    async b(server) {
      await addTo(server, "main", "next-steps", "- B-N2 write the API docs");
      await call(server, "summary_update", {
        threadId: "main",
        section: "state",
        content: "B-STATE The shop sells socks and shoes.",
        replaceSection: true,
      });
    },
    expected: () => [
      {
        threadId: "main",
        once: [
          "- BASE-D1 orders live in Postgres",
          "- A-D1 cache carts in Redis",
          "- BASE-N1 ship the cart",
          "- B-N2 write the API docs",
          "B-STATE The shop sells socks and shoes.",
        ],
        absent: ["The shop sells socks.\n"],
      },
    ],
  },
  {
    name: "a whole-summary rewrite that keeps what still holds, beside an item appended on the other branch",
    async a(server) {
      // The whole summary rewritten: the decision kept, the State reworded, a next step done and another added.
      await call(server, "summary_update", {
        threadId: "main",
        content: BASE_SUMMARY.replace("The shop sells socks.", "A-STATE The shop sells socks online.").replace(
          "- BASE-N1 ship the cart",
          "- A-N1 launch the shop",
        ),
      });
    },
    async b(server) {
      await addTo(server, "main", "decisions", "- B-D1 sessions are JWT in cookies");
    },
    expected: () => [
      {
        threadId: "main",
        once: [
          "- BASE-D1 orders live in Postgres",
          "- B-D1 sessions are JWT in cookies",
          "A-STATE The shop sells socks online.",
          "- A-N1 launch the shop",
        ],
        absent: ["- BASE-N1 ship the cart", "The shop sells socks.\n"],
      },
    ],
  },
]);
