// Guards context assembly on deep chains and long parentId cycles (issue 15, items 9 and 10): the walk reads only the
// ancestors the budget can hold (counted in the files it consulted, not timed), a cycle is found in one pass and named
// as one, the "Left out" notice is bounded, the active summary comes first, and no budget is ever exceeded, for
// maxChars (the 10,000-character cap) and maxTokens alike. Sizes are such that a quadratic walk would time the test out.
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { loadTiktokenEncoder } from "../../src/core/context/tiktoken-encoder.js";
import type { Encoder } from "../../src/core/context/token-estimate.js";
import { ANCESTOR_WALK_LIMIT } from "../../src/core/context/context-assembly.js";
import { checkContextSize, checkThreads } from "../../src/core/doctor/doctor-store-checks.js";
import { CHARACTER_CAP, contextHeader } from "../../src/core/context/context-header.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { ancestorId, writeChain } from "../support/deep-chain.js";

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

let encoder: Encoder;
beforeAll(async () => {
  encoder = await loadTiktokenEncoder(null);
});

const MAIN_SUMMARY = "## State\n- the active thread's own state, which must always arrive";
/** The budget SessionStart gives the assembly: the cap less its header. */
const HOOK_BUDGET = CHARACTER_CAP - contextHeader("startup", "main", "Main").length;

function chainRepo(spec: Omit<Parameters<typeof writeChain>[0], "root" | "projectId">) {
  repo = makeTempRepo({ git: false });
  writeChain({ root: repo.dir, projectId: "deep", mainSummary: MAIN_SUMMARY, ...spec });
  return servicesFor(repo.dir, "s");
}

/**
 * Threads the context was built from (the project file left out). Since format 2 a thread read names several sources
 * (its folder, its head and its format-1 file, present or not): counted once per thread.
 */
function threadFilesRead(sources: string[]): number {
  const ids = new Set<string>();
  for (const s of sources) {
    const m = /^threads\/[^/]+\/([^/]+?)(?:\.md$|\/|$)/.exec(s);
    if (m) ids.add(m[1]!);
  }
  return ids.size;
}

describe("context assembly stops walking at the budget", () => {
  test("a 5,000-deep chain: only the ancestors the 10,000-character budget can hold are read", async () => {
    const s = chainRepo({ ancestors: 5_000 });
    const { project, thread } = await s.currentThread();
    const { context, sources } = await s.contextWithSources(project, thread, { maxChars: HOOK_BUDGET });
    expect(context.text.length).toBeLessThanOrEqual(HOOK_BUDGET);
    expect(context.text).toContain(
      `## Thread: Main (current)\n### State\n- the active thread's own state, which must always arrive`,
    );
    // Each ancestor block is ~70 characters: about 140 fit; the walk stops one past what fits.
    expect(threadFilesRead(sources)).toBeLessThan(250);
    expect(context.omittedBeyond).toBe(true);
    expect(context.depth).toBe(threadFilesRead(sources));
    expect(context.text).toMatch(
      /_Left out to fit the budget: \d+ farther ancestor threads? \(nearest first: Ancestor \d+(; Ancestor \d+)*(, and \d+ more)?\), and the ancestors above them, not read\._/,
    );
    expect(context.text).toMatch(new RegExp(`depth: ${context.depth}\\+ threads_$`));
    // Without a budget the whole chain is read, once per thread.
    const whole = await s.contextWithSources(project, thread, {});
    expect(threadFilesRead(whole.sources)).toBe(5_001);
    expect(whole.context).toMatchObject({ depth: 5_001, omitted: [], omittedBeyond: false });
  });

  test("a long active summary leaves less room: ancestors that could not be shown beside it are not read", async () => {
    repo = makeTempRepo({ git: false });
    // ~8,000 characters of the active thread's own: of the 10,000-character budget, ~2,000 are left for ancestors.
    const long = `## State\n${Array.from({ length: 100 }, (_, i) => `- state line ${i} ${"x".repeat(60)}`).join("\n")}`;
    writeChain({ root: repo.dir, projectId: "deep", mainSummary: long, ancestors: 5_000 });
    const s = servicesFor(repo.dir, "s");
    const { project, thread } = await s.currentThread();
    const { context, sources } = await s.contextWithSources(project, thread, { maxChars: HOOK_BUDGET });
    expect(context.text.length).toBeLessThanOrEqual(HOOK_BUDGET);
    expect(context.text).toContain("- state line 99");
    // Each ancestor block is ~70 characters: about 30 fit beside the summary (140 without it); the walk stops one past.
    expect(threadFilesRead(sources)).toBeLessThan(40);
    expect(context.omittedBeyond).toBe(true);
    const shown = context.text.match(/## Thread: Ancestor \d+/g) ?? [];
    expect(shown.length).toBeGreaterThan(20);
    // Every ancestor read is shown, but the few whose room the heading, footer and "Left out" notice take, and the one
    // that overflowed.
    expect(threadFilesRead(sources) - 1 - shown.length).toBeLessThanOrEqual(5);
  });

  test("maxTokens: a 1,000-deep chain is read only as far as the token budget can hold", async () => {
    const s = chainRepo({ ancestors: 1_000 });
    const { project, thread } = await s.currentThread();
    const { context, sources } = await s.contextWithSources(project, thread, { maxTokens: 300 });
    expect(context.tokens).toBeLessThanOrEqual(300);
    expect(threadFilesRead(sources)).toBeLessThan(40);
    expect(context.omittedBeyond).toBe(true);
    expect(context.text).toContain("## Thread: Main (current)\n### State\n- the active thread's own state");
  });

  test("a 1,000-long parentId cycle is found in one pass (each file read once) and named as a cycle", async () => {
    // Ancestors with nothing to show cost nothing: the walk goes all the way round.
    const s = chainRepo({ ancestors: 999, cycle: true, summary: (i) => `## State\n- state ${i}` });
    const { project, thread } = await s.currentThread();
    const { context, sources } = await s.contextWithSources(project, thread, { maxChars: HOOK_BUDGET });
    expect(threadFilesRead(sources)).toBe(1_000);
    expect(new Set(sources).size).toBe(sources.length); // no file consulted twice
    expect(context.notices).toEqual([
      `_⚠ The parentIds of "${ancestorId(999)}" form a cycle through "main": ancestors beyond it are not shown. Fix the parentId in the thread files._`,
    ]);
    expect(context.text).toContain(context.notices[0]);
    expect(context.text).toContain(MAIN_SUMMARY.replace("## State", "### State"));
  });

  test("a parentId cycle whose threads fill the budget: the walk stops at the budget, not at the cycle", async () => {
    const s = chainRepo({ ancestors: 999, cycle: true });
    const { project, thread } = await s.currentThread();
    const { context, sources } = await s.contextWithSources(project, thread, { maxChars: HOOK_BUDGET });
    expect(threadFilesRead(sources)).toBeLessThan(250);
    expect(context.text.length).toBeLessThanOrEqual(HOOK_BUDGET);
    expect(context.omittedBeyond).toBe(true);
  });

  test(`a budgeted walk reads at most ${ANCESTOR_WALK_LIMIT} ancestors, even of threads with nothing to show, and says so`, async () => {
    const s = chainRepo({ ancestors: 3_000, summary: (i) => `## State\n- state ${i}` });
    const { project, thread } = await s.currentThread();
    const { context, sources } = await s.contextWithSources(project, thread, { maxChars: HOOK_BUDGET });
    expect(threadFilesRead(sources)).toBe(ANCESTOR_WALK_LIMIT + 1);
    expect(context.notices).toEqual([
      `_⚠ The chain above "${ancestorId(ANCESTOR_WALK_LIMIT)}" is more than 1,000 threads deep: farther ancestors are not read._`,
    ]);
  });
});

describe("the 10,000-character cap on deep chains", () => {
  const longTitle = (i: number) =>
    `Ancestor ${String(i).padStart(3, "0")} ${"with a very long descriptive title ".repeat(6)}`.slice(0, 180);

  test("60 ancestors with 180-character titles: under the cap, the active summary whole, a bounded notice naming the nearest few", async () => {
    const s = chainRepo({ ancestors: 60, title: longTitle });
    const ctx = await s.contextGet({ maxChars: HOOK_BUDGET });
    expect(ctx.text.length).toBeLessThanOrEqual(HOOK_BUDGET);
    expect(ctx.truncated).toBe(false);
    expect(ctx.text).toContain(`## Thread: Main (current)\n${MAIN_SUMMARY.replace("## State", "### State")}`);
    const notice = ctx.text.split("\n").find((l) => l.startsWith("_Left out to fit the budget:"))!;
    expect(notice).toBeDefined();
    expect(notice.length).toBeLessThan(400);
    // The nearest left-out ancestors are named (shortened), the rest counted.
    const kept = ctx.text.split("\n").filter((l) => l.startsWith("## Thread: Ancestor")).length;
    expect(60 - kept).toBeGreaterThan(3);
    expect(notice).toContain(`(nearest first: Ancestor ${String(kept + 1).padStart(3, "0")} with a very long`);
    expect(notice.match(/Ancestor \d{3}/g)).toHaveLength(3);
  });

  test("no budget is ever exceeded: maxChars from 0 up on a 60-ancestor chain", async () => {
    const s = chainRepo({ ancestors: 60, title: longTitle });
    const full = await s.contextGet();
    for (let maxChars = 0; maxChars < full.text.length; maxChars += maxChars < 400 ? 7 : 397) {
      const ctx = await s.contextGet({ maxChars });
      expect(ctx.text.length, `maxChars ${maxChars}`).toBeLessThanOrEqual(maxChars);
      // As soon as the heading fits, something of the active summary is there.
      if (maxChars >= 60) expect(ctx.text, `maxChars ${maxChars}`).toMatch(/^## Thread: Main \(current\)\n### State\n- the/m);
    }
  });

  test("maxTokens 40 on a three-thread chain keeps the active summary, cut, within 40 tokens; no degraded output is larger than the full one", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir, "s", { encoder: async () => encoder });
    await s.projectCreate({ title: "P", systemContext: "A system context line." });
    await s.summaryUpdate({ content: "## Decisions\n- Postgres for orders\n\n## Constraints\n- no ORM" });
    await s.threadCreate({ title: "Payments" });
    await s.summaryUpdate({ content: "## Decisions\n- Stripe, idempotency keys on every call" });
    await s.threadCreate({ title: "Refunds" });
    await s.summaryUpdate({
      content: "## State\n- refunds go through the ledger first, then Stripe\n\n## Next steps\n- partial refunds",
    });
    const full = await s.contextGet();
    const forty = await s.contextGet({ maxTokens: 40 });
    expect(encoder.countTokens(forty.text)).toBeLessThanOrEqual(40);
    expect(forty.truncated).toBe(true);
    expect(forty.text).toMatch(/^## Thread: Refunds \(current\)\n### State\n- refunds go/);
    for (let maxTokens = 1; maxTokens <= full.tokens + 2; maxTokens++) {
      const ctx = await s.contextGet({ maxTokens });
      const at = `maxTokens ${maxTokens}`;
      expect(encoder.countTokens(ctx.text), at).toBeLessThanOrEqual(Math.min(maxTokens, full.tokens));
      if (maxTokens >= 20) expect(ctx.text, at).toMatch(/^## Thread: Refunds \(current\)\n### State\n- refunds/m);
    }
  });
});

describe("doctor on deep chains and long cycles", () => {
  test("60 ancestors with long titles: warns that sessions start without some ancestors, not that the summary does not fit", async () => {
    const s = chainRepo({ ancestors: 60, title: (i) => `Ancestor ${i} ${"long title words ".repeat(12)}`.slice(0, 180) });
    const check = await checkContextSize(s);
    expect(check.status).toBe("warn");
    expect(check.detail[0]).toMatch(
      /^thread "main" with its ancestors needs [\d,]+ characters, over the 10,000-character cap: sessions start without \d+ or more ancestors$/,
    );
  });

  test("a summary that does not fit even alone fails, naming its size", async () => {
    const s = chainRepo({
      ancestors: 3,
      mainSummary: `## State\n${"- a very long state line of the active thread\n".repeat(260)}`,
    });
    const check = await checkContextSize(s);
    expect(check.status).toBe("fail");
    expect(check.detail[0]).toMatch(
      /even without its ancestors and the project's system context, its summary \([\d,]+ characters\) does not fit 10,000/,
    );
  });

  test("a 5,000-deep chain: the context check and the thread check both finish, the latter finding nothing wrong", async () => {
    const s = chainRepo({ ancestors: 5_000 });
    expect((await checkContextSize(s)).detail[0]).toMatch(/sessions start without \d+ or more ancestors$/);
    expect(checkThreads(s)).toMatchObject({ status: "ok" });
  });

  test("a 1,000-long parentId cycle: every thread is reported once, each reason bounded and naming the cycle's length", async () => {
    const s = chainRepo({ ancestors: 999, cycle: true });
    const check = checkThreads(s);
    expect(check.status).toBe("fail");
    const reasons = check.detail.slice(1);
    expect(reasons).toHaveLength(1_000);
    for (const r of reasons) expect(r.length).toBeLessThan(200);
    expect(reasons).toContain(
      `.threadmind/threads/deep/main.md: its parentIds form a cycle (main → t-1 → t-2 → t-3 → t-4 → … → main, 1,000 threads)`,
    );
  });
});
