// /thread-mind:merge lost the parent's State, Open questions and Next steps: its prompt said context_get shows the parent's
// summary, but the active thread's context carries only the parent's Decisions and Constraints, and thread_merge REPLACES
// the parent's summary. The command (and the tool's description) now read the parent's whole summary first.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, REPO_ROOT, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;

beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "shop\n" }));
  await call(server, "project_create", { title: "Shop" });
  await call(server, "summary_update", {
    content: "## Decisions\n- Postgres\n\n## State\n- Checkout half built\n\n## Next steps\n- Finish the checkout page",
  });
  await call(server, "thread_create", { title: "Payments" });
  await call(server, "summary_update", { section: "decisions", content: "- Stripe is the only PSP" });
});
afterAll(() => closeServerInTempRepo(server, repo));

describe("/thread-mind:merge", () => {
  const command = readFileSync(join(REPO_ROOT, "commands", "merge.md"), "utf8");

  it("does not rely on context_get for the parent's whole summary: it carries only the parent's Decisions", async () => {
    const context = await call(server, "context_get");
    expect(context).toContain("- Postgres");
    expect(context).not.toContain("Checkout half built");
    expect(command).not.toMatch(/context_get` to see the parent's and this thread's summaries/);
  });

  it("reads the parent's whole summary with thread_switch, then merges by threadId, and every parent section is kept", async () => {
    expect(command).toMatch(/thread_switch` with `threadId` set to the parent's id/);
    expect(command).toMatch(/thread_merge` with `threadId` set to this thread's id/);
    const parent = await call(server, "thread_switch", { threadId: "main" });
    expect(parent).toContain("- Checkout half built");
    expect(parent).toContain("- Finish the checkout page");
    const merged = await call(server, "thread_merge", {
      threadId: "payments",
      parentSummary:
        "## Decisions\n- Postgres\n- Payments: Stripe is the only PSP\n\n## State\n- Checkout half built\n\n## Next steps\n- Finish the checkout page",
    });
    expect(merged).toContain('"payments" is closed as done. This session is now on "main"');
    const after = await call(server, "context_get");
    expect(after).toContain("## Thread: Shop (current)");
    expect(after).toContain("- Payments: Stripe is the only PSP");
    expect(after).toContain("- Checkout half built");
  });

  it("thread_merge's description says the parent's whole summary must be read first", async () => {
    const { tools } = await server.client.listTools();
    const description = tools.find((t) => t.name === "thread_merge")?.description ?? "";
    expect(description).toContain("read the parent's whole summary first");
    expect(description.length).toBeLessThanOrEqual(2048);
  });
});
