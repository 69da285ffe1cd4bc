// Guards the receipts of point-of-action recall and the subagent context (issue 27, item 4): the built hooks run as
// Claude Code runs them, the transcript holds the records Claude Code 2.1.332 writes for them (a PreToolUse context
// under its tool call's id in the conversation's file, or in the subagent's own file inside a subagent; a SubagentStart
// context at the head of the subagent's file), and SessionEnd settles each one: delivered when its record holds the text,
// not delivered when it is missing (a record under another tool call does not count), not checked when the subagent's
// file does not exist. Stats, the report and doctor then give the same delivery figures.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseHookStdout } from "../reliability/hook-process.js";
import { currentPathIndex } from "../../src/core/recall/path-index-build.js";
import { servicesFor } from "../support/core-services.js";
import { runCli } from "../support/run-cli.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { assistant, jsonl, preToolUseInjection, subagentStartInjection, user } from "../transcript/transcript-builders.js";
import { collectStats, renderStats } from "../../src/core/savings/stats.js";
import type { DoctorCheck } from "../../src/core/doctor/doctor-types.js";

const CLAUDE_PID = 636_363;
const SESSION = "eeeeeeee-2222-4333-8444-555555555555";
const AGENT = "a1b2c3d4e5f60718";
/** A subagent whose SubagentStart fired but whose file Claude Code never wrote. */
const NO_FILE_AGENT = "f0f0f0f0f0f0f0f0";
let repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos) r.cleanup();
  repos = [];
});

interface Shop {
  dir: string;
  home: string;
  transcript: string;
  subagentFile: string;
}

/** Thread main (the conversation's), and two done siblings whose paths cover src/payments/ and src/search/. */
async function shop(): Promise<Shop> {
  const r = makeTempRepo({ prefix: "tm-recall-receipts-" });
  repos.push(r);
  r.commit("initial commit", { "src/payments/refund.ts": "export {};\n", "src/search/index.ts": "export {};\n" });
  const services = servicesFor(r.dir);
  await services.projectCreate({ title: "Shop" });
  await services.summaryUpdate({ content: "## Decisions\n- Shop: one monorepo." });
  for (const [title, path, rule] of [
    ["Refunds", "src/payments/", "Refunds are never issued after 30 days."],
    ["Search", "src/search/", "Search results are cached for one minute."],
  ] as const) {
    const { thread } = await services.threadCreate({ title, parentId: "main" });
    await services.summaryUpdate({ threadId: thread.id, content: `## Decisions\n- ${rule}`, paths: [path] });
    await services.threadStatus({ status: "done", threadId: thread.id, reason: "shipped" });
  }
  await services.threadSwitch("main");
  // The path index built and saved now (as the MCP server does after its writes): a hook slowed by a loaded machine
  // then needs no build within its budget.
  await currentPathIndex(services.store, { settleMs: 3_000 });
  const home = join(r.dir, ".home");
  const projects = join(home, ".claude", "projects", "-ws");
  mkdirSync(join(projects, SESSION, "subagents"), { recursive: true });
  return {
    dir: r.dir,
    home,
    transcript: join(projects, `${SESSION}.jsonl`),
    subagentFile: join(projects, SESSION, "subagents", `agent-${AGENT}.jsonl`),
  };
}

/** A hook of the built bundle as Claude Code runs it in `dir` (CLAUDE_PID and CLAUDE_PROJECT_DIR set, nothing of the runner's). */
function runHook(s: Shop, name: string, fields: Record<string, unknown>) {
  const input = JSON.stringify({ session_id: SESSION, transcript_path: s.transcript, cwd: s.dir, ...fields });
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("THREADMIND_") && !k.startsWith("CLAUDE")) env[k] = v;
  const run = spawnSync(process.execPath, [join(import.meta.dirname, "../../plugin/dist/hook.cjs"), name], {
    cwd: s.dir,
    input,
    encoding: "utf8",
    env: { ...env, CLAUDE_PID: String(CLAUDE_PID), CLAUDE_PROJECT_DIR: s.dir, CLAUDE_CODE_SESSION_ID: SESSION },
  });
  expect(run.status, run.stderr).toBe(0);
  return parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext ?? null;
}

function edit(s: Shop, file: string, toolUseId: string, agentId?: string): string {
  const context = runHook(s, "pre-tool-use", {
    hook_event_name: "PreToolUse",
    tool_name: "Edit",
    tool_input: { file_path: join(s.dir, file), old_string: "a", new_string: "b" },
    tool_use_id: toolUseId,
    ...(agentId !== undefined ? { agent_id: agentId, agent_type: "general-purpose" } : {}),
  });
  if (context === null) throw new Error(`no recall for ${file}`);
  return context;
}

function subagentStart(s: Shop, agentId: string): string {
  const context = runHook(s, "subagent-start", {
    hook_event_name: "SubagentStart",
    agent_id: agentId,
    agent_type: "general-purpose",
  });
  if (context === null) throw new Error("no subagent context");
  return context;
}

type Logged = {
  kind: string;
  at?: string;
  injectionAt?: string;
  receipt?: string;
  transcriptOffset?: number;
  toolUseId?: string;
};
const logEvents = (dir: string): Logged[] =>
  readFileSync(join(dir, ".threadmind", "measurements.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Logged);

const append = (path: string, records: Record<string, unknown>[]) => appendFileSync(path, jsonl(records));

describe("receipts of recall and subagent context, settled at SessionEnd from the transcript", () => {
  it("confirms delivery from the records Claude Code writes, and stats, the report and doctor agree", async () => {
    const s = await shop();
    let response = 0;
    const answer = () => assistant({ id: `msg_${++response}`, output: 5 });
    writeFileSync(s.transcript, jsonl([user("change the refund"), answer()]));

    // A recall Claude Code recorded under its tool call: delivered.
    const sizeBefore = statSync(s.transcript).size;
    const refund = edit(s, "src/payments/refund.ts", "toolu_A");
    append(s.transcript, [...preToolUseInjection(refund, "toolu_A"), user("tool result"), answer()]);
    // A recall whose record is not there (only the same text under another tool call): not delivered.
    const search = edit(s, "src/search/index.ts", "toolu_B");
    append(s.transcript, [...preToolUseInjection(search, "toolu_other"), user("tool result"), answer()]);
    // A subagent: its context at the head of its own file, and a recall inside it recorded there too.
    const lean = subagentStart(s, AGENT);
    writeFileSync(
      s.subagentFile,
      jsonl([user("SUBAGENT task", { isSidechain: true, agentId: AGENT }), ...subagentStartInjection(lean, AGENT)]),
    );
    const inside = edit(s, "src/payments/refund.ts", "toolu_C", AGENT);
    append(s.subagentFile, preToolUseInjection(inside, "toolu_C", AGENT));
    // A subagent whose file was never written: left not checked.
    subagentStart(s, NO_FILE_AGENT);

    const handed = logEvents(s.dir).filter((e) => e.kind === "recall");
    expect(handed.map((e) => e.toolUseId)).toEqual(["toolu_A", "toolu_B", "toolu_C"]);
    expect(handed[0]!.transcriptOffset).toBe(sizeBefore);

    runHook(s, "session-end", { hook_event_name: "SessionEnd", reason: "other" });
    const events = logEvents(s.dir);
    const receiptOf = (e: Logged) => events.find((r) => r.kind === "receipt" && r.injectionAt === e.at)?.receipt ?? "none";
    expect(handed.map(receiptOf)).toEqual(["delivered", "missing", "delivered"]);
    expect(events.filter((e) => e.kind === "subagentContext").map(receiptOf)).toEqual(["delivered", "none"]);

    const stats = renderStats(await collectStats(servicesFor(s.dir)));
    const recallLine =
      /Before a file was changed \(PreToolUse\): 3 times, ~\d+ tokens in all \(estimated: characters \/ 3\.5\); 2 delivered \(confirmed from the transcript\), 1 not delivered/.exec(
        stats,
      )?.[0];
    const subagentLine =
      /To subagents \(SubagentStart\): 2 times, ~\d+ tokens in all \(estimated: characters \/ 3\.5\); 1 delivered \(confirmed from the transcript\), 1 not checked yet/.exec(
        stats,
      )?.[0];
    expect(recallLine, stats).toBeDefined();
    expect(subagentLine, stats).toBeDefined();

    const report = runCli(["report"], { cwd: s.dir, home: s.home });
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain(recallLine);
    expect(report.stdout).toContain(subagentLine);

    const doctor = runCli(["doctor", "--json"], { cwd: s.dir, home: s.home });
    const check = (JSON.parse(doctor.stdout) as { checks: DoctorCheck[] }).checks.find((c) => c.id === "recall-delivery");
    expect(check?.status).toBe("warn");
    expect(check?.detail).toEqual(expect.arrayContaining([recallLine, subagentLine]));
  });
});
