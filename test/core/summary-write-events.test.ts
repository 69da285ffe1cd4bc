// Every write to a thread's summary is logged with the writing instance: summary_update, a merge into the parent, a status reason.
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { logLines } from "../support/store-measurements.js";

let repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos) r.cleanup();
  repos = [];
});

function writes(dir: string): Array<Record<string, unknown>> {
  return logLines(dir).filter((e) => e.kind === "summaryWrite");
}

describe("summary write events", () => {
  it("logs summary_update, a merge (into the parent) and a status with a reason, each with the instance; a status without a reason writes no summary", async () => {
    const r = makeTempRepo({ prefix: "tm-summary-writes-" });
    repos.push(r);
    const services = servicesFor(r.dir, "claude-4242");
    await services.projectCreate({ title: "Refunds" });
    await services.summaryUpdate({ content: "## Decisions\n- Ledger first." });
    await services.threadCreate({ title: "Partial refunds", parentId: "main" });
    await services.summaryUpdate({ threadId: "partial-refunds", section: "state", content: "- Drafted." });
    await services.threadMerge({
      threadId: "partial-refunds",
      parentSummary: "## Decisions\n- Ledger first.\n- Partial refunds allowed.",
    });
    await services.threadCreate({ title: "Chargebacks", parentId: "main" });
    await services.threadStatus({ threadId: "chargebacks", status: "abandoned", reason: "Out of scope." });
    await services.threadStatus({ threadId: "chargebacks", status: "active" });
    expect(writes(r.dir).map((w) => [w.threadId, w.via, w.instance, w.sessionId])).toEqual([
      ["main", "summary_update", "claude-4242", null],
      ["partial-refunds", "summary_update", "claude-4242", null],
      ["main", "merge", "claude-4242", null],
      ["chargebacks", "status", "claude-4242", null],
    ]);
  });
});
