// Guards cross-references (related threads): recorded through create and summary_update, listed by title in the context, kept through rebase, carried by merge, removed on delete.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import type { ThreadMindServices } from "../../src/core/services.js";

let repo: TempRepo;
let s: ThreadMindServices;
/** The related ids a thread's folder records (format 2: one file per member under related/), as read back: sorted. */
const relatedOnDisk = (id: string): string[] => {
  const dir = join(s.store.threadFolder("shop", id), "related");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), "utf8").trim())
    .sort();
};

beforeEach(async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "x\n" });
  s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  await s.summaryUpdate({ content: "## Decisions\n- monolith" });
  await s.threadCreate({ title: "Rate limiting" });
  await s.summaryUpdate({ content: "## Decisions\n- SECRET-SAUCE token bucket" });
  await s.threadCreate({ title: "Billing", parentId: "main" });
  await s.summaryUpdate({ content: "## Decisions\n- Stripe" });
});
afterEach(() => repo?.cleanup());

describe("cross-references", () => {
  test("thread_create records related ids in the thread folder, warns about missing ones and the tree marks both", async () => {
    const created = await s.threadCreate({ title: "API gateway", parentId: "main", related: ["rate-limiting", "ghost"] });
    expect(created.thread.related).toEqual(["rate-limiting", "ghost"]);
    expect(created.warnings).toContain('Related thread "ghost" does not exist (kept as a reference).');
    expect(relatedOnDisk("api-gateway")).toEqual(["ghost", "rate-limiting"]);
    expect((await s.threadList()).text).toContain("API gateway (api-gateway) ↔ ghost (missing), rate-limiting ◀ current");
  });

  test("the context lists related threads by title and id, never their summaries; missing ones are reported, not fatal", async () => {
    await s.threadCreate({ title: "API gateway", parentId: "main", related: ["rate-limiting", "ghost"] });
    const ctx = await s.contextGet();
    expect(ctx.text).toContain(
      "_Related threads (summaries not loaded; read one on demand through its thread resource or thread_switch): ghost (missing: no such thread); Rate limiting (rate-limiting)._",
    );
    expect(ctx.text).not.toContain("SECRET-SAUCE");
  });

  test("summary_update sets, replaces and clears related ids; a self-reference is dropped with a warning", async () => {
    const set = await s.summaryUpdate({
      threadId: "billing",
      section: "state",
      content: "- invoices",
      related: ["rate-limiting", "billing", "nope"],
    });
    expect(set.thread.related).toEqual(["rate-limiting", "nope"]);
    expect(set.warnings).toEqual([
      'A thread cannot be related to itself: "billing" was left out.',
      'Related thread "nope" does not exist (kept as a reference).',
    ]);
    const kept = await s.summaryUpdate({ threadId: "billing", section: "state", content: "- refunds" });
    // Kept as read back: sorted (format 2 stores one file per member).
    expect(kept.thread.related).toEqual(["nope", "rate-limiting"]);
    expect(kept.warnings).toEqual([]);
    const cleared = await s.summaryUpdate({ threadId: "billing", section: "state", content: "- done", related: [] });
    expect(cleared.thread.related).toBeUndefined();
    expect(relatedOnDisk("billing")).toEqual([]);
  });

  test("a closed related thread is listed with its status", async () => {
    await s.summaryUpdate({ threadId: "billing", section: "state", content: "- x", related: ["rate-limiting"] });
    await s.threadStatus({ status: "abandoned", threadId: "rate-limiting", reason: "not needed" });
    const { context } = await s.threadSwitch("billing");
    expect(context.text).toContain("Rate limiting (rate-limiting, abandoned)");
  });

  test("rebase moves a thread without touching references to it or from it", async () => {
    await s.summaryUpdate({ threadId: "billing", section: "state", content: "- x", related: ["rate-limiting"] });
    await s.summaryUpdate({ threadId: "rate-limiting", section: "state", content: "- y", related: ["billing"] });
    const rebased = await s.threadRebase("rate-limiting", "billing");
    expect(rebased.thread.parentId).toBe("billing");
    expect(rebased.thread.related).toEqual(["billing"]);
    expect((await s.threadList()).text).toContain("Rate limiting (rate-limiting) ↔ billing");
    const { context } = await s.threadSwitch("billing");
    expect(context.text).toContain("Rate limiting (rate-limiting)");
  });

  test("merge carries the merged thread's references to its parent (not to the parent itself); references to the merged thread stay", async () => {
    await s.threadCreate({ title: "Coupons", parentId: "billing", related: ["rate-limiting", "billing", "main"] });
    await s.summaryUpdate({ threadId: "main", section: "state", content: "- z", related: ["coupons"] });
    const merged = await s.threadMerge({ threadId: "coupons", parentSummary: "## Decisions\n- Stripe\n- coupons in Stripe" });
    expect(merged.parent.related).toEqual(["main", "rate-limiting"]);
    expect(merged.thread).toMatchObject({ status: "done", mergedInto: "billing", related: ["billing", "main", "rate-limiting"] });
    const { context } = await s.threadSwitch("main");
    expect(context.text).toContain("Coupons (coupons, done)");
  });

  test("deleting a thread removes references to it and its descendants from every remaining thread", async () => {
    await s.threadCreate({ title: "Quotas", parentId: "rate-limiting" });
    await s.summaryUpdate({ threadId: "billing", section: "state", content: "- x", related: ["rate-limiting", "quotas"] });
    await s.summaryUpdate({ threadId: "main", section: "state", content: "- y", related: ["quotas", "billing"] });
    const { deleted } = await s.threadDelete("rate-limiting");
    const tree = (await s.threadList()).text;
    expect(deleted.sort()).toEqual(["quotas", "rate-limiting"]);
    expect(relatedOnDisk("billing")).toEqual([]);
    expect(relatedOnDisk("main")).toEqual(["billing"]);
    expect(tree).not.toContain("↔ quotas");
    expect(tree).toContain("Shop (main) ↔ billing");
  });
});
