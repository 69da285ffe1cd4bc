// A large store's stale path index is built in the background (thread-mind-mcp recall-index, detached): the edit that
// found it stale recalls nothing but still records the changed file, one build runs, and the next edits recall from it;
// the same when a part of a current index is damaged.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout } from "../reliability/hook-process.js";
import { INLINE_BUILD_MAX_THREADS } from "../../src/core/background/recall-index-background.js";

const CLAUDE_PID = 626_262;
let repo: TempRepo | undefined;
afterAll(() => repo?.cleanup());

function preToolUse(dir: string, file: string, sessionId: string) {
  const input = JSON.stringify({
    session_id: sessionId,
    transcript_path: join(dir, "t.jsonl"),
    cwd: dir,
    hook_event_name: "PreToolUse",
    tool_name: "Edit",
    tool_input: { file_path: join(dir, file), old_string: "a", new_string: "b" },
    tool_use_id: "toolu_1",
  });
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("THREADMIND_") && !k.startsWith("CLAUDE")) env[k] = v;
  const run = spawnSync(process.execPath, [join(import.meta.dirname, "../../plugin/dist/hook.cjs"), "pre-tool-use"], {
    cwd: dir,
    input,
    encoding: "utf8",
    env: { ...env, CLAUDE_PID: String(CLAUDE_PID), CLAUDE_PROJECT_DIR: dir, CLAUDE_CODE_SESSION_ID: sessionId },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("a large store's path index", () => {
  it("is built in the background when stale: nothing recalled meanwhile, the file still recorded, then recalled", async () => {
    repo = makeTempRepo({ prefix: "tm-recall-bg-" });
    repo.commit("code", { "src/payments/refund.ts": "export {};\n" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    const { thread } = await s.threadCreate({ title: "Refunds", parentId: "main" });
    await s.summaryUpdate({ threadId: thread.id, content: "## Decisions\n- BG-REFUNDS-30-DAYS", paths: ["src/payments/"] });
    for (let i = 0; i < INLINE_BUILD_MAX_THREADS; i++) await s.threadCreate({ title: `Filler ${i}`, parentId: "main" });
    await s.threadSwitch("main");
    const recall = join(repo.dir, ".threadmind", "cache", "recall");
    rmSync(recall, { recursive: true, force: true }); // no index at all: what a fresh clone or a pull leaves

    const first = preToolUse(repo.dir, "src/payments/refund.ts", "11111111-2222-4333-8444-000000000001");
    expect(first).toMatchObject({ code: 0, stderr: "", stdout: "" });
    const log = readFileSync(join(repo.dir, ".threadmind", "measurements.jsonl"), "utf8");
    expect(log).toContain('"kind":"fileEdit"');
    expect(log).toContain('"file":"src/payments/refund.ts"');
    // The build runs on its own: its index appears and its marker goes.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (!existsSync(join(recall, "head.json")) || existsSync(join(recall, "build.pid"))))
      await sleep(100);
    expect(existsSync(join(recall, "head.json"))).toBe(true);
    expect(existsSync(join(recall, "build.pid"))).toBe(false);

    const next = preToolUse(repo.dir, "src/payments/refund.ts", "11111111-2222-4333-8444-000000000002");
    expect(next).toMatchObject({ code: 0, stderr: "" });
    expect(parseHookStdout(next.stdout)?.hookSpecificOutput?.additionalContext).toContain("BG-REFUNDS-30-DAYS");
  }, 90_000);

  it("is built anew in the background when a part of it is damaged while its stamps say it is current", async () => {
    if (repo === undefined) throw new Error("the previous test builds the store");
    const recall = join(repo.dir, ".threadmind", "cache", "recall");
    // Every paths shard damaged (a disk error, a hand edit): lookups cannot answer, and the thread files did not change.
    const shards = readdirSync(recall).filter((f) => f.startsWith("paths-"));
    expect(shards.length).toBeGreaterThan(0);
    for (const f of shards) writeFileSync(join(recall, f), "not an index\n");
    const damaged = preToolUse(repo.dir, "src/payments/refund.ts", "11111111-2222-4333-8444-000000000003");
    expect(damaged).toMatchObject({ code: 0, stderr: "", stdout: "" });
    // Before, nothing rebuilt it: every later edit recalled nothing until a thread file changed.
    const deadline = Date.now() + 30_000;
    const rebuilt = () => shards.every((f) => !readFileSync(join(recall, f), "utf8").startsWith("not an index"));
    while (Date.now() < deadline && (!rebuilt() || existsSync(join(recall, "build.pid")))) await sleep(100);
    expect(rebuilt()).toBe(true);
    const after = preToolUse(repo.dir, "src/payments/refund.ts", "11111111-2222-4333-8444-000000000004");
    expect(after).toMatchObject({ code: 0, stderr: "" });
    expect(parseHookStdout(after.stdout)?.hookSpecificOutput?.additionalContext).toContain("BG-REFUNDS-30-DAYS");
  }, 90_000);
});
