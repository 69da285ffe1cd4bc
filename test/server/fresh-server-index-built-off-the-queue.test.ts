// A fresh MCP server holds no thread parsed: recall's path index of a 300-thread store is built at its start by `recall-index` in a process of its own, not in the session's queue (where reading every thread held a call made 300 ms after the start for ~2 s at 1,000 threads), the server answers meanwhile, and the hook then recalls a decision written.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import { INLINE_UNPARSED_MAX } from "../../src/server/path-index-refresh.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { call, spawnServer } from "./support/spawn-server.js";

let repo: TempRepo | undefined;
afterAll(() => repo?.cleanup());

const FILLERS = 300;

test("a fresh server's start-up index build runs in a process of its own; the server answers meanwhile; the hook recalls", async () => {
  expect(FILLERS).toBeGreaterThan(INLINE_UNPARSED_MAX);
  repo = makeTempRepo({ prefix: "tm-fresh-index-" });
  repo.commit("code", { "src/payments/refund.ts": "export {};\n" });
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  const threadsDir = join(repo.dir, ".threadmind", "threads", "shop");
  for (let i = 0; i < FILLERS; i++) {
    const at = "2026-01-01T00:00:00.000Z";
    const filler = { id: `filler-${i}`, title: `Filler ${i}`, parentId: "main", author: "t", createdAt: at, updatedAt: at };
    writeFileSync(join(threadsDir, `filler-${i}.md`), serializeThread({ ...filler, summary: "## State\n- filler" }));
  }
  const { thread } = await s.threadCreate({ title: "Refunds", parentId: "main" });
  await s.threadSwitch("main");
  const recall = join(repo.dir, ".threadmind", "cache", "recall");
  const marker = join(recall, "build.pid");
  const head = join(recall, "head.json");
  const server = await spawnServer({ cwd: repo.dir, env: { CLAUDE_CODE_SESSION_ID: "fresh-index" } });
  try {
    // No index yet and nothing parsed: the start-up refresh hands the build to another process.
    let builder: number | null = null;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && builder === null) {
      try {
        builder = Number(readFileSync(marker, "utf8").trim());
      } catch {
        await sleep(10);
      }
    }
    expect(builder).not.toBeNull();
    expect(builder).not.toBe(server.pid);
    expect(await call(server, "thread_list", {})).toContain(`${FILLERS + 2} threads`);
    while (Date.now() < deadline && (!existsSync(head) || existsSync(marker))) await sleep(50);
    expect(existsSync(head)).toBe(true);
    await call(server, "summary_update", {
      threadId: thread.id,
      content: "## Decisions\n- FRESH-SERVER-REFUNDS-30-DAYS",
      paths: ["src/payments/"],
    });
    // The write's update (another process again: the server still does not hold the store) makes the index current:
    // the hook recalls the decision once it is (until then it recalls nothing, and a later edit asks again).
    let recalled: string | undefined;
    for (let n = 0; Date.now() < deadline && recalled === undefined; n++) {
      const run = await runHookProcess("pre-tool-use", {
        cwd: repo.dir,
        sessionId: "11111111-2222-4333-8444-000000000010",
        transcriptPath: join(repo.dir, "t.jsonl"),
        claudePid: 626_264,
        event: {
          tool_name: "Edit",
          tool_input: { file_path: join(repo.dir, "src/payments/refund.ts"), old_string: "a", new_string: "b" },
          tool_use_id: `toolu_${n}`,
        },
      });
      expect(run.code).toBe(0);
      const context = parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext;
      if (context?.includes("FRESH-SERVER-REFUNDS-30-DAYS")) recalled = context;
      else await sleep(200);
    }
    expect(recalled).toBeDefined();
  } finally {
    await server.close();
  }
}, 120_000);
