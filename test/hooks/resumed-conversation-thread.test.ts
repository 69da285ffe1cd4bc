// Guards /clear after `claude --resume` in a new process: it restores the resumed conversation's thread, not the branch's.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ThreadMindServices } from "../../src/core/services.js";
import { resolveWorkspace } from "../../src/core/workspace.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";
import { lastConversation, sessionEvents } from "../../src/core/measure/measurement-log-read.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";

const HOOK = join(import.meta.dirname, "../../plugin/dist/hook.cjs");
let repo: TempRepo;
const instances: ChildProcess[] = [];
afterEach(() => {
  for (const p of instances.splice(0)) p.kill("SIGKILL");
  repo?.cleanup();
});

/** A live process standing for one Claude Code instance (its pid is the CLAUDE_PID its hooks get). */
function claudeInstance(): number {
  const p = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  instances.push(p);
  return p.pid!;
}

/** The MCP server of an instance: services keyed like the server keys them. */
function serverOf(pid: number): ThreadMindServices {
  const env = { THREADMIND_ROOT: repo.dir };
  return new ThreadMindServices({
    workspace: resolveWorkspace({ env, cwd: repo.dir }),
    session: claudeInstanceSession(pid),
    env,
  });
}

function hook(name: string, pid: number, input: Record<string, string>): { additionalContext?: string } {
  const run = spawnSync(process.execPath, [HOOK, name], {
    cwd: repo.dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, CLAUDE_PID: String(pid), CLAUDE_PROJECT_DIR: repo.dir },
    input: JSON.stringify({ cwd: repo.dir, ...input }),
    encoding: "utf8",
  });
  expect(run.status).toBe(0);
  const out = run.stdout.trim() === "" ? {} : (JSON.parse(run.stdout) as { hookSpecificOutput?: { additionalContext?: string } });
  return {
    ...(out.hookSpecificOutput?.additionalContext ? { additionalContext: out.hookSpecificOutput.additionalContext } : {}),
  };
}

async function setUp(): Promise<void> {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "x\n" });
  const setup = serverOf(process.pid);
  await setup.projectCreate({ title: "Shop" });
  await setup.threadCreate({ title: "Alpha", parentId: "main" });
  await setup.summaryUpdate({ content: "## State\n- ALPHA-MARKER" });
  await setup.threadCreate({ title: "Beta", parentId: "main" });
  await setup.summaryUpdate({ content: "## State\n- BETA-MARKER" });
}

describe("a conversation resumed in a new Claude Code process", () => {
  test("after resume and /clear, the context is the resumed conversation's thread even if another window moved the branch", async () => {
    await setUp();
    const first = claudeInstance();
    await serverOf(first).threadSwitch("alpha");
    hook("session-end", first, { session_id: "s1", hook_event_name: "SessionEnd", reason: "other" });
    expect(lastConversation(sessionEvents(join(repo.dir, ".threadmind"), "s1"))?.threadId).toBe("alpha");

    // Another window switches to beta: the branch's last choice is now beta.
    await serverOf(claudeInstance()).threadSwitch("beta");

    const resumed = claudeInstance();
    expect(hook("session-start", resumed, { session_id: "s1", hook_event_name: "SessionStart", source: "resume" })).toEqual({});
    expect((await serverOf(resumed).currentThread()).thread.id).toBe("alpha");
    hook("session-end", resumed, { session_id: "s1", hook_event_name: "SessionEnd", reason: "clear" });
    const context =
      hook("session-start", resumed, { session_id: "s2", hook_event_name: "SessionStart", source: "clear" }).additionalContext ??
      "";
    expect(context).toContain("ALPHA-MARKER");
    expect(context).not.toContain("BETA-MARKER");
    expect(lastConversation(sessionEvents(join(repo.dir, ".threadmind"), "s2"))?.threadId).toBe("alpha");
  });

  test("without a resume hook, SessionEnd(clear) alone hands the conversation's thread to the new process", async () => {
    await setUp();
    const first = claudeInstance();
    await serverOf(first).threadSwitch("alpha");
    hook("session-end", first, { session_id: "s1", hook_event_name: "SessionEnd", reason: "other" });
    await serverOf(claudeInstance()).threadSwitch("beta");

    const resumed = claudeInstance();
    hook("session-end", resumed, { session_id: "s1", hook_event_name: "SessionEnd", reason: "clear" });
    const context =
      hook("session-start", resumed, { session_id: "s2", hook_event_name: "SessionStart", source: "clear" }).additionalContext ??
      "";
    expect(context).toContain("ALPHA-MARKER");
  });

  test("a startup in a new process with no history starts on the branch's thread", async () => {
    await setUp();
    await serverOf(claudeInstance()).threadSwitch("beta");
    const fresh = claudeInstance();
    const context =
      hook("session-start", fresh, { session_id: "s9", hook_event_name: "SessionStart", source: "startup" }).additionalContext ??
      "";
    expect(context).toContain("BETA-MARKER");
  });

  test("a window resuming its own conversation (/resume) takes nothing over and writes nothing to config.json", async () => {
    await setUp();
    const window = claudeInstance();
    await serverOf(claudeInstance()).threadSwitch("alpha"); // the branch's thread, where this window starts
    expect(
      hook("session-start", window, { session_id: "s5", hook_event_name: "SessionStart", source: "startup" }).additionalContext,
    ).toContain("ALPHA-MARKER");
    const config = join(repo.dir, ".threadmind", "config.json");
    const before = readFileSync(config, "utf8");
    expect(hook("session-start", window, { session_id: "s5", hook_event_name: "SessionStart", source: "resume" })).toEqual({});
    expect(readFileSync(config, "utf8")).toBe(before);
    // Another window moves the branch; this window still follows its conversation at /clear.
    await serverOf(claudeInstance()).threadSwitch("beta");
    expect(
      hook("session-start", window, { session_id: "s6", hook_event_name: "SessionStart", source: "clear" }).additionalContext,
    ).toContain("ALPHA-MARKER");
  });
});
