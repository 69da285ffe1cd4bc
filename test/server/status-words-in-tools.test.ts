// The thread tools speak of a thread's status as a person reads it (open, done, abandoned) and take those words: a
// reopened thread "is now open" (it said "is now active"), and thread_status, thread_list and thread_search accept
// status "open", the word their own replies use (only "active", the file's value, passed their schemas).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "x\n" }));
  await call(server, "project_create", { title: "Shop" });
  await call(server, "thread_create", { title: "Refund ledger" });
  await call(server, "summary_update", { content: "## Decisions\n- Refunds go through the ledger." });
  await call(server, "thread_switch", { threadId: "main" });
});
afterAll(() => closeServerInTempRepo(server, repo));

describe("status words in the thread tools", () => {
  test("thread_status closes with done and reopens with open, saying open", async () => {
    expect(await call(server, "thread_status", { threadId: "refund-ledger", status: "done" })).toContain(
      'Thread "Refund ledger" (refund-ledger) is now done.',
    );
    const reopened = await call(server, "thread_status", { threadId: "refund-ledger", status: "open", reason: "more to do" });
    expect(reopened).toContain('Thread "Refund ledger" (refund-ledger) is now open.');
    expect(reopened).not.toContain("active");
    // "active" is still taken, and says open too.
    await call(server, "thread_status", { threadId: "refund-ledger", status: "done" });
    expect(await call(server, "thread_status", { threadId: "refund-ledger", status: "active" })).toContain("is now open.");
  });

  test("thread_list and thread_search filter by status open", async () => {
    expect(await call(server, "thread_list", { status: "open" })).toContain("Refund ledger (refund-ledger)");
    expect(await call(server, "thread_search", { query: "ledger", status: "open" })).toContain(
      "Refund ledger (refund-ledger) · open ·",
    );
  });
});
