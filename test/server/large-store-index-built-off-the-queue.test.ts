// Guards the MCP server's work on a large store: recall's path index is built by `recall-index` in a process of its own,
// not in the session's queue (where reading every thread held the next call: ~1.2 s per write at 10,000 threads), and the
// index it saves lets the PreToolUse hook recall the decision just written; the conflict-marker sweep's catch-up at the
// server's start is `conflict-sweep`'s, in a process of its own too.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import { SERVER_INLINE_BUILD_MAX_THREADS } from "../../src/server/path-index-refresh.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { call, spawnServer } from "./support/spawn-server.js";

let repo: TempRepo | undefined;
afterAll(() => repo?.cleanup());

test("after a write to a large store, the path index is built by recall-index in its own process, and then recalls", async () => {
  repo = makeTempRepo({ prefix: "tm-large-index-" });
  repo.commit("code", { "src/payments/refund.ts": "export {};\n" });
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  // More threads than the server indexes itself, children of main, written as files (format 1) rather than through
  // 2,000 writes.
  const threadsDir = join(repo.dir, ".threadmind", "threads", "shop");
  for (let i = 0; i < SERVER_INLINE_BUILD_MAX_THREADS; i++) {
    const at = "2026-01-01T00:00:00.000Z";
    const filler = { id: `filler-${i}`, title: `Filler ${i}`, parentId: "main", author: "t", createdAt: at, updatedAt: at };
    writeFileSync(join(threadsDir, `filler-${i}.md`), serializeThread({ ...filler, summary: "## State\n- filler" }));
  }
  const { thread } = await s.threadCreate({ title: "Refunds", parentId: "main" });
  await s.threadSwitch("main"); // the edit's session starts on main: Refunds is recalled, not its own chain
  const recall = join(repo.dir, ".threadmind", "cache", "recall");
  const sweepMarker = join(repo.dir, ".threadmind", "cache", "conflict-sweep.pid");
  const server = await spawnServer({ cwd: repo.dir, env: { CLAUDE_CODE_SESSION_ID: "large-index" } });
  try {
    // The start-up's conflict-marker sweep of a large store is a process's of its own too (an in-process step lists
    // every thread folder, and a call waited for it).
    let sweeper: number | null = null;
    for (const end = Date.now() + 30_000; Date.now() < end && sweeper === null; ) {
      try {
        sweeper = Number(readFileSync(sweepMarker, "utf8").trim());
      } catch {
        await sleep(5);
      }
    }
    expect(sweeper).not.toBeNull();
    expect(sweeper).not.toBe(server.pid);
    // The start-up's own refresh (after the warm-up) runs first: let it finish, then start from no index at all.
    const quiet = Date.now() + 30_000;
    while (Date.now() < quiet && (!existsSync(join(recall, "head.json")) || existsSync(join(recall, "build.pid"))))
      await sleep(50);
    rmSync(recall, { recursive: true, force: true });
    await call(server, "summary_update", {
      threadId: thread.id,
      content: "## Decisions\n- LARGE-STORE-REFUNDS-30-DAYS",
      paths: ["src/payments/"],
    });
    // The build's marker names the process building it: not the server.
    let builder: number | null = null;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && builder === null) {
      try {
        builder = Number(readFileSync(join(recall, "build.pid"), "utf8").trim());
      } catch {
        await sleep(20);
      }
    }
    expect(builder).not.toBeNull();
    expect(builder).not.toBe(server.pid);
    // The server answers while it builds.
    expect(await call(server, "thread_list", {})).toContain("2,002 threads");
    while (Date.now() < deadline && (!existsSync(join(recall, "head.json")) || existsSync(join(recall, "build.pid"))))
      await sleep(100);
    expect(existsSync(join(recall, "head.json"))).toBe(true);
  } finally {
    await server.close();
  }
  const run = await runHookProcess("pre-tool-use", {
    cwd: repo.dir,
    sessionId: "11111111-2222-4333-8444-000000000009",
    transcriptPath: join(repo.dir, "t.jsonl"),
    claudePid: 626_263,
    event: {
      tool_name: "Edit",
      tool_input: { file_path: join(repo.dir, "src/payments/refund.ts"), old_string: "a", new_string: "b" },
      tool_use_id: "toolu_1",
    },
  });
  expect(run.code).toBe(0);
  expect(parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext).toContain("LARGE-STORE-REFUNDS-30-DAYS");
}, 120_000);
