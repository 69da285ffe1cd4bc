// The PreToolUse hook as Claude Code runs it (the built bundle): an edit of a file a sibling thread's paths cover gets
// that thread's decisions once per conversation (again in a new conversation), an uncovered file gets nothing, every
// changed file is logged once, the path index is cached in .threadmind/cache/recall/ and rebuilt after a thread write,
// and the project settings turn recall and the SubagentStart context off; a damaged line of the index is built again.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { spawnSync } from "node:child_process";
import { parseHookStdout } from "../reliability/hook-process.js";
import { collectStats, renderStats } from "../../src/core/savings/stats.js";
import { shardOf } from "../../src/core/recall/path-index.js";

const CLAUDE_PID = 525_252;
const SESSION = "bbbbbbbb-2222-4333-8444-555555555555";
const AFTER_CLEAR = "cccccccc-2222-4333-8444-555555555555";
let repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos) r.cleanup();
  repos = [];
});

async function shop(): Promise<{ dir: string; refunds: string; projectId: string }> {
  const r = makeTempRepo({ prefix: "tm-recall-hook-" });
  repos.push(r);
  r.commit("initial commit", { "src/payments/refund.ts": "export {};\n", "src/search/index.ts": "export {};\n" });
  const services = servicesFor(r.dir);
  const { project } = await services.projectCreate({ title: "Shop" });
  await services.summaryUpdate({ content: "## Decisions\n- Shop: one monorepo." });
  const { thread } = await services.threadCreate({ title: "Refunds", parentId: "main" });
  await services.summaryUpdate({
    threadId: thread.id,
    content:
      "## Decisions\n- Refunds are never issued after 30 days.\n\n## Constraints\n- Refunds go through the ledger.\n\n## State\n- Shipped.",
    paths: ["src/payments/"],
  });
  await services.threadStatus({ status: "done", threadId: thread.id, reason: "shipped" });
  await services.threadSwitch("main");
  return { dir: r.dir, refunds: thread.id, projectId: project.id };
}

/** PreToolUse as Claude Code runs it in `dir` (CLAUDE_PID and CLAUDE_PROJECT_DIR set, nothing of the runner's). */
async function preToolUse(dir: string, file: string, sessionId = SESSION, tool = "Edit") {
  return runHook(dir, "pre-tool-use", sessionId, {
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: { file_path: file, old_string: "a", new_string: "b" },
    tool_use_id: "toolu_1",
  });
}

/** SubagentStart as Claude Code runs it in `dir`. */
async function subagentStart(dir: string) {
  return runHook(dir, "subagent-start", SESSION, {
    hook_event_name: "SubagentStart",
    agent_id: "agent-1",
    agent_type: "general-purpose",
  });
}

async function runHook(dir: string, name: string, sessionId: string, fields: Record<string, unknown>) {
  const input = JSON.stringify({ session_id: sessionId, transcript_path: join(dir, "t.jsonl"), cwd: dir, ...fields });
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("THREADMIND_") && !k.startsWith("CLAUDE")) env[k] = v;
  const run = spawnSync(process.execPath, [join(import.meta.dirname, "../../plugin/dist/hook.cjs"), name], {
    cwd: dir,
    input,
    encoding: "utf8",
    env: { ...env, CLAUDE_PID: String(CLAUDE_PID), CLAUDE_PROJECT_DIR: dir, CLAUDE_CODE_SESSION_ID: sessionId },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const context = (stdout: string) => parseHookStdout(stdout)?.hookSpecificOutput?.additionalContext ?? null;
const logEvents = (dir: string) =>
  readFileSync(join(dir, ".threadmind", "measurements.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as { kind: string; file?: string; threads?: string[]; sessionId?: string; tokens?: number });

describe("PreToolUse hook process (point-of-action recall)", () => {
  it("hands over a done sibling thread's Decisions and Constraints for a file its paths cover, once per conversation", async () => {
    const { dir, refunds, projectId } = await shop();
    const first = await preToolUse(dir, join(dir, "src/payments/refund.ts"));
    expect(first.code).toBe(0);
    const text = context(first.stdout);
    expect(text).toContain("Refunds are never issued after 30 days.");
    expect(text).toContain("Refunds go through the ledger.");
    expect(text).toContain(`### Refunds (${refunds}) · done · covers directory src/payments/`);
    expect(text).not.toContain("Shipped."); // State is not a decision
    expect(text).not.toContain("one monorepo"); // the conversation's own thread is already in its context
    expect(parseHookStdout(first.stdout)?.hookSpecificOutput?.hookEventName).toBe("PreToolUse");

    const again = await preToolUse(dir, join(dir, "src/payments/refund.ts"));
    expect(again).toMatchObject({ code: 0, stdout: "" });

    const cleared = await preToolUse(dir, "src\\payments\\refund.ts", AFTER_CLEAR, "Write");
    expect(context(cleared.stdout)).toContain("Refunds are never issued after 30 days.");

    const recalls = logEvents(dir).filter((e) => e.kind === "recall");
    expect(recalls.map((e) => [e.sessionId, e.file, e.threads])).toEqual([
      [SESSION, "src/payments/refund.ts", [`${projectId}/${refunds}`]],
      [AFTER_CLEAR, "src/payments/refund.ts", [`${projectId}/${refunds}`]],
    ]);
    // Counted as stats and the report show them.
    const stats = renderStats(await collectStats(servicesFor(dir)));
    const tokens = recalls.reduce((n, e) => n + (e.tokens ?? 0), 0);
    expect(stats).toContain(`Before a file was changed (PreToolUse): 2 times, ~${tokens} tokens in all`);
  });

  it("says nothing for a file no thread covers, and logs each changed file once per conversation", async () => {
    const { dir } = await shop();
    expect(await preToolUse(dir, join(dir, "src/search/index.ts"))).toMatchObject({ code: 0, stdout: "" });
    expect(await preToolUse(dir, join(dir, "src/search/index.ts"))).toMatchObject({ code: 0, stdout: "" });
    expect(await preToolUse(dir, "/elsewhere/outside.ts")).toMatchObject({ code: 0, stdout: "" });
    const edits = logEvents(dir).filter((e) => e.kind === "fileEdit");
    expect(edits.map((e) => e.file)).toEqual(["src/search/index.ts"]);
  });

  it("warns when commits changed the file since the covering thread's summary was written, and not when none did", async () => {
    const { dir } = await shop();
    const repo = repos.at(-1)!;
    const file = join(dir, "src/payments/refund.ts");
    const atHead = context((await preToolUse(dir, file, "dddddddd-2222-4333-8444-555555555501")).stdout);
    expect(atHead).toContain("Refunds are never issued after 30 days.");
    expect(atHead).not.toContain("⚠");
    repo.commit("refund: a change after the summary", { "src/payments/refund.ts": "export const days = 30;\n" });
    const later = context((await preToolUse(dir, file, "dddddddd-2222-4333-8444-555555555502")).stdout);
    expect(later).toContain("Refunds are never issued after 30 days.");
    expect(later).toContain("1 commit changed src/payments/refund.ts since this summary was written");
  });

  it("warns in a store kept in a subfolder of its repository too: the thread's paths are the subfolder's", async () => {
    const r = makeTempRepo({ prefix: "tm-recall-sub-" });
    repos.push(r);
    r.commit("app", { "packages/app/src/payments/refund.ts": "export {};\n", "src/payments/refund.ts": "namesake\n" });
    const app = join(r.dir, "packages", "app");
    mkdirSync(join(app, ".threadmind"));
    const services = servicesFor(app);
    await services.projectCreate({ title: "App" });
    const { thread } = await services.threadCreate({ title: "Refunds", parentId: "main" });
    await services.summaryUpdate({ threadId: thread.id, content: "## Decisions\n- APP-REFUNDS", paths: ["src/payments/"] });
    await services.threadSwitch("main");
    r.commit("the app's store", {});
    r.commit("the repository's namesake changes", { "src/payments/refund.ts": "other\n" });
    const file = join(app, "src/payments/refund.ts");
    const before = context((await preToolUse(app, file, "dddddddd-2222-4333-8444-555555555503")).stdout);
    expect(before).toContain("APP-REFUNDS");
    expect(before).not.toContain("⚠");
    r.commit("the app's refund changes", { "packages/app/src/payments/refund.ts": "export const days = 30;\n" });
    const after = context((await preToolUse(app, file, "dddddddd-2222-4333-8444-555555555504")).stdout);
    expect(after).toContain("1 commit changed src/payments/refund.ts since this summary was written");
  });

  it("keeps the path index in .threadmind/cache/recall/ and rebuilds it only after a thread file changed", async () => {
    const { dir, refunds } = await shop();
    const index = join(dir, ".threadmind", "cache", "recall", "head.json");
    await preToolUse(dir, join(dir, "src/search/index.ts"));
    // Written once the thread files settled (50 ms on sub-second timestamps): a second call finds it current.
    await new Promise((r) => setTimeout(r, 100));
    await preToolUse(dir, join(dir, "src/search/a.ts"));
    expect(existsSync(index)).toBe(true);
    const built = statSync(index).mtimeMs;
    await preToolUse(dir, join(dir, "src/search/b.ts"));
    expect(statSync(index).mtimeMs).toBe(built);
    await servicesFor(dir).summaryUpdate({
      threadId: refunds,
      content: "## Decisions\n- Refunds within 14 days only.",
      paths: ["src/payments/refund.ts"],
    });
    await new Promise((r) => setTimeout(r, 100));
    const run = await preToolUse(dir, join(dir, "src/payments/refund.ts"));
    expect(context(run.stdout)).toContain("Refunds within 14 days only.");
    expect(context(run.stdout)).toContain("covers this file");
    expect(statSync(index).mtimeMs).not.toBe(built);
  });

  it("a damaged line of the saved index is not answered from: the hook builds the index again and recalls, without failing", async () => {
    const { dir } = await shop();
    await preToolUse(dir, join(dir, "src/search/index.ts"));
    await new Promise((r) => setTimeout(r, 100)); // the thread files settled: the index is saved
    await preToolUse(dir, join(dir, "src/search/a.ts"));
    const recall = join(dir, ".threadmind", "cache", "recall");
    const shard = join(recall, `paths-${String(shardOf("src/payments")).padStart(2, "0")}.jsonl`);
    const text = readFileSync(shard, "utf8");
    const start = text.indexOf('\n["src/payments",') + 1;
    expect(start).toBeGreaterThan(0);
    const end = text.indexOf("\n", start);
    writeFileSync(shard, `${text.slice(0, end - 1)}}${text.slice(end)}`); // its last bracket a brace: not JSON, same size
    const run = await preToolUse(dir, join(dir, "src/payments/refund.ts"));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(context(run.stdout)).toContain("Refunds are never issued after 30 days.");
    expect(readFileSync(shard, "utf8")).toBe(text); // written again whole
  });

  it("a project setting turns each part off: recall before a change, the subagent context", async () => {
    const { dir, projectId } = await shop();
    const sub = await subagentStart(dir);
    expect(context(sub.stdout)).toContain("Shop: one monorepo.");
    expect(context(sub.stdout)).toContain("ThreadMind holds more");
    const projectFile = join(dir, ".threadmind", "projects", `${projectId}.json`);
    const project = JSON.parse(readFileSync(projectFile, "utf8")) as Record<string, unknown>;
    writeFileSync(projectFile, `${JSON.stringify({ ...project, recall: { edits: false, subagents: false } }, null, 2)}\n`);
    expect(await subagentStart(dir)).toMatchObject({ code: 0, stdout: "" });
    expect(await preToolUse(dir, join(dir, "src/payments/refund.ts"))).toMatchObject({ code: 0, stdout: "" });
    // The changed file is still recorded (paths stay current).
    expect(
      logEvents(dir)
        .filter((e) => e.kind === "fileEdit")
        .map((e) => e.file),
    ).toEqual(["src/payments/refund.ts"]);
  });
});
