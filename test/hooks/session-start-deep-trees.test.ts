// Guards the SessionStart hook on deep chains and long parentId cycles (issue 15, items 9 and 10), run as Claude Code
// runs it (the built bundle): it answers with the context, not with its deadline's "gave up" line, within the
// 10,000-character cap, with the active summary whole and the right reason for what it left out. No timing is asserted:
// a quadratic assembly would hit the hook's own deadline and print that line instead.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { writeChain, type ChainSpec } from "../support/deep-chain.js";

const MAIN_SUMMARY = "## State\n- the active thread's own state, which must always arrive";

let root: string | null = null;
afterEach(() => {
  if (root !== null) rmSync(root, { recursive: true, force: true });
  root = null;
});

async function sessionStart(spec: Omit<ChainSpec, "root" | "projectId">) {
  root = mkdtempSync(join(tmpdir(), "tm-deep-hook-"));
  writeChain({ root, projectId: "deep", mainSummary: MAIN_SUMMARY, ...spec });
  const run = await runHookProcess("session-start", {
    cwd: root,
    sessionId: "deep-session",
    transcriptPath: join(root, "none.jsonl"),
    claudePid: process.pid,
    killAfterMs: 60_000,
  });
  expect(run).toMatchObject({ code: 0, stderr: "", hung: false });
  console.log(`SessionStart on ${spec.ancestors} ancestors${spec.cycle ? " (cycle)" : ""}: ${run.elapsedMs} ms`);
  const out = parseHookStdout(run.stdout);
  const context = out?.hookSpecificOutput?.additionalContext ?? "";
  return { context, message: out?.systemMessage ?? "" };
}

describe("SessionStart on deep trees", () => {
  test("a 5,000-deep chain: the context within the cap, the active summary whole, farther ancestors left out unread", async () => {
    const { context, message } = await sessionStart({ ancestors: 5_000 });
    expect(message).not.toContain("gave up");
    expect(context.length).toBeGreaterThan(5_000);
    expect(context.length).toBeLessThanOrEqual(10_000);
    expect(context).toContain("## Thread: Main (current)\n### State\n- the active thread's own state, which must always arrive");
    expect(context).toMatch(
      /_Left out to fit the budget: \d+ farther ancestor threads? \(nearest first: .*\), and the ancestors above them, not read\._/,
    );
    expect(message).toMatch(/^ThreadMind: context of "main" trimmed to fit 10,000 characters \(\d+\+ ancestors left out\)\.$/);
  });

  test("a 1,000-long parentId cycle: the context, and the cycle named as the reason", async () => {
    const { context, message } = await sessionStart({ ancestors: 999, cycle: true, summary: (i) => `## State\n- state ${i}` });
    expect(message).not.toContain("gave up");
    expect(context).toContain('form a cycle through "main"');
    expect(message).toContain('form a cycle through "main"');
    expect(context).toContain("## Thread: Main (current)\n### State\n- the active thread's own state");
  });

  test("60 ancestors with 180-character titles: under the cap with the active summary whole", async () => {
    const { context } = await sessionStart({
      ancestors: 60,
      title: (i) => `Ancestor ${i} ${"with a very long descriptive title ".repeat(6)}`.slice(0, 180),
    });
    expect(context.length).toBeLessThanOrEqual(10_000);
    expect(context).toContain("## Thread: Main (current)\n### State\n- the active thread's own state, which must always arrive");
    const notice = context.split("\n").find((l) => l.startsWith("_Left out to fit the budget:"))!;
    expect(notice.length).toBeLessThan(400);
  });
});
