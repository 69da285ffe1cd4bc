// Guards the SessionStart fast path (hook-fast.ts in hook.cjs, from .threadmind/cache/context/): it prints exactly what the full
// path prints, and never a context that an edit, a commit, another window's switch or a new build has made stale.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { join } from "node:path";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { RACY_MARGIN_MS } from "../../src/core/context/context-cache.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";

let repo: TempRepo;
const PID = process.pid; // a live process: the Claude Code instance the hooks belong to
const cacheDir = () => join(repo.dir, ".threadmind", "cache", "context");
const cacheFile = (thread: string) => join(cacheDir(), "cache-test", `${thread}.json`);
const stamp = (path: string) => {
  const s = statSync(path, { bigint: true });
  return `${s.ino}:${s.mtimeNs}`;
};

/** SessionStart as Claude Code runs it; the hook's JSON output. */
async function sessionStart(source: "startup" | "clear" | "compact", sessionId = `s-${source}`) {
  const run = await runHookProcess("session-start", {
    cwd: repo.dir,
    sessionId,
    transcriptPath: join(repo.dir, `${sessionId}.jsonl`),
    claudePid: PID,
    event: { source },
  });
  expect(run).toMatchObject({ code: 0, stderr: "" });
  return parseHookStdout(run.stdout);
}

/** The full path's output (no cache), then the fast path's (from the cache the full path wrote): they must be equal. */
async function bothPaths(source: "startup" | "clear" | "compact") {
  rmSync(cacheDir(), { recursive: true, force: true });
  const full = await sessionStart(source);
  return { full, fast: await sessionStart(source) };
}

/** Waits until every file the context is built from is older than the racy margin, so that the cache may be written. */
async function settle(): Promise<void> {
  await sleep(RACY_MARGIN_MS + 200);
}

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("code", { "src/pay.ts": "export const pay = 1;\n" });
  const s = servicesFor(repo.dir, "setup", { env: { THREADMIND_ROOT: repo.dir } });
  await s.projectCreate({ title: "Cache test", systemContext: "TypeScript monorepo." });
  await s.summaryUpdate({ content: "## Decisions\n- ROOT-DECISION-1" });
  await s.threadCreate({ title: "Payments" });
  await s.summaryUpdate({ content: "## Decisions\n- PAY-DECISION-1\n## Constraints\n- PAY-CONSTRAINT" });
  await s.threadCreate({ title: "Refunds", parentId: "payments" });
  await s.summaryUpdate({ content: "## State\n- REFUND-STATE-1", paths: ["src/pay.ts"] });
  await settle();
}, 30_000);
afterAll(() => repo?.cleanup());

describe("the SessionStart context cache", () => {
  test("the fast path prints exactly what the full path printed, and serves it without rewriting the cache", async () => {
    const { full, fast } = await bothPaths("startup");
    expect(full?.hookSpecificOutput?.additionalContext).toContain("REFUND-STATE-1");
    expect(full?.hookSpecificOutput?.additionalContext).toContain("PAY-DECISION-1");
    expect(fast).toEqual(full);
    const before = stamp(cacheFile("refunds"));
    expect(await sessionStart("startup")).toEqual(full);
    expect(stamp(cacheFile("refunds"))).toBe(before); // served from the cache: the entry was not written again
  });

  test("an ancestor's edit shows at once, even within the racy margin (the cache is not trusted with fresh files)", async () => {
    await sessionStart("startup"); // cache in place
    await servicesFor(repo.dir, "editor").summaryUpdate({ threadId: "payments", content: "## Decisions\n- PAY-DECISION-2" });
    const after = await sessionStart("startup");
    expect(after?.hookSpecificOutput?.additionalContext).toContain("PAY-DECISION-2");
    expect(after?.hookSpecificOutput?.additionalContext).not.toContain("PAY-DECISION-1");
    // Files changed less than their margin ago are not trusted to an entry (the old one stays, and is not used); once
    // they settled (50 ms here) the next start may write one: either way it prints the edit.
    expect((await sessionStart("startup"))?.hookSpecificOutput?.additionalContext).toContain("PAY-DECISION-2");
    await settle();
    const { full, fast } = await bothPaths("startup");
    expect(fast).toEqual(full);
    expect(fast?.hookSpecificOutput?.additionalContext).toContain("PAY-DECISION-2");
  }, 20_000);

  test("a commit touching the thread's paths adds the stale-paths warning (HEAD is part of the entry)", async () => {
    await sessionStart("startup");
    expect((await sessionStart("startup"))?.hookSpecificOutput?.additionalContext).not.toMatch(/commit.* changed src\/pay\.ts/);
    repo.commit("change pay", { "src/pay.ts": "export const pay = 2;\n" });
    const after = await sessionStart("startup");
    expect(after?.hookSpecificOutput?.additionalContext).toMatch(/1 commit changed src\/pay\.ts since this summary was written/);
    await settle();
    const { full, fast } = await bothPaths("startup");
    expect(fast).toEqual(full);
  }, 20_000);

  test("another window's switch moves the branch's start thread, and the next startup follows it", async () => {
    await sessionStart("startup");
    await servicesFor(repo.dir, "other-window").threadSwitch("payments");
    const after = await sessionStart("startup");
    expect(after?.hookSpecificOutput?.additionalContext).toContain("## Thread: Payments (current)");
    await servicesFor(repo.dir, "other-window").threadSwitch("refunds");
  });

  test("after /clear the window stays on the thread its conversation was on, though another window moved the branch", async () => {
    await sessionStart("startup", "conv-1"); // this window's conversation, on refunds
    await servicesFor(repo.dir, "other-window").threadSwitch("payments");
    await settle();
    const { full, fast } = await bothPaths("clear");
    expect(full?.hookSpecificOutput?.additionalContext).toContain("## Thread: Refunds (current)");
    expect(fast).toEqual(full);
    // Its MCP server (same Claude Code instance) sees the same thread.
    const server = servicesFor(repo.dir, claudeInstanceSession(PID).key);
    expect((await server.currentThread()).thread.id).toBe("refunds");
    await servicesFor(repo.dir, "other-window").threadSwitch("refunds");
  }, 20_000);

  test("an entry written by another build of the hooks is not used", async () => {
    await sessionStart("startup");
    const entry = cacheFile("refunds");
    const text = readFileSync(entry, "utf8");
    // The same entry claimed by another build (another hook-core.cjs), with a context that is not the thread's.
    const forged = JSON.parse(text) as { builtBy: string; starts: Record<string, { text: string }> };
    forged.builtBy = "another-build";
    forged.starts.startup!.text = "FORGED";
    writeFileSync(entry, JSON.stringify(forged));
    expect((await sessionStart("startup"))?.hookSpecificOutput?.additionalContext).toContain("REFUND-STATE-1");
  });

  test.each([
    ["an empty source list", () => ({})],
    [
      "a source list without the thread's own file",
      // Its own file: the format-1 file, or (format 2) its folder or the folder's head; every other source is kept.
      (sources: Record<string, string | null>) => {
        const own = ["threads/cache-test/refunds.md", "threads/cache-test/refunds", "threads/cache-test/refunds/thread.md"];
        return Object.fromEntries(Object.entries(sources).filter(([rel]) => !own.includes(rel.replace(/\/$/, ""))));
      },
    ],
  ])("an entry of this build with %s is never trusted, whatever the thread files say", async (_name, sourcesOf) => {
    await sessionStart("startup");
    const entry = cacheFile("refunds");
    const forged = JSON.parse(readFileSync(entry, "utf8")) as {
      sources: Record<string, string | null>;
      starts: Record<string, { text: string }>;
    };
    expect(Object.keys(forged.sources)).toContain("threads/cache-test/refunds.md");
    forged.sources = sourcesOf(forged.sources);
    forged.starts.startup!.text = "FORGED";
    writeFileSync(entry, JSON.stringify(forged));
    const context = (await sessionStart("startup"))?.hookSpecificOutput?.additionalContext;
    expect(context).not.toContain("FORGED");
    expect(context).toContain("REFUND-STATE-1");
  });
});
