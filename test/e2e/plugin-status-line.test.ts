// Real Claude Code TUI (driven through tmux) + the plugin + ThreadMind's status line, set up as the README and
// /thread-mind:statusline tell a user to (#26): the pane's status line names the window's thread, is refreshed after
// each response and after /clear, and each window's line names its own thread.
//
// What Claude Code 2.1.332 gives a status line command, seen by the second describe's wrapper (it records its
// environment and stdin, then runs the README's command on the same input; docs/claude-code-verified.md "Status line
// command"): CLAUDE_PID = the Claude Code process (the pane's program), CLAUDE_PROJECT_DIR, CLAUDE_CODE_SESSION_ID (it
// follows /clear), no CLAUDE_PLUGIN_ROOT (a user setting, not a plugin's); stdin has session_id, transcript_path, cwd and
// workspace.current_dir, no hook_event_name. It runs once after start, after each response and after /clear (none
// periodically here), under a shell of its own: the command's parent is not Claude Code.
//
// Why two windows: the line must name the thread of ITS window, not the branch's last choice (what a command that cannot
// tell its window falls back to, and then shows the title alone). Window 1 starts on "Caching layer"; another session
// then makes "Refund rules" the branch's choice and window 2 starts on it; window 1's line, refreshed after its
// responses, must still name "Caching layer" with its conversation's growth.
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { lastUserText } from "../support/anthropic-request-text.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { textReply } from "../support/mock-anthropic.js";
import type { MockReply, RecordedRequest } from "../support/mock-anthropic.js";
import { PLUGIN_ARGS, REPO_ROOT } from "../support/plugin-e2e.js";
import { readmeSection } from "../support/readme-client-configs.js";
import { OFFLINE_ENV, claudeEnv } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";
import { startTmuxSession, tmuxUnavailableReason } from "../support/tmux-tui.js";
import type { TmuxSession } from "../support/tmux-tui.js";

const availability = await claudeAvailability();
const bin = availability.available ? availability.binary.path : "";
const skipReason = availability.available ? tmuxUnavailableReason() : availability.reason;
sayWhySkipped(skipReason);

/** Every wait on the TUI is bounded by this; a timeout's error carries the last pane. */
const WAIT_MS = 30_000;

/** A `~/.claude.json` with which the TUI starts offline in `dir`, without a question (see plugin-at-menu-thread-titles). */
function offlineClaudeJson(dir: string): Record<string, unknown> {
  return {
    hasCompletedOnboarding: true,
    customApiKeyResponses: { approved: [OFFLINE_ENV.ANTHROPIC_API_KEY.slice(-20)], rejected: [] },
    projects: { [dir]: { hasTrustDialogAccepted: true } },
  };
}

/** The input box's empty prompt line: the TUI is ready for typing. */
const PROMPT_READY = /^❯\s*$/m;

/** The status line command the README's "Status line" section gives, for this plugin copy (`<plugin folder>` = the worktree). */
function readmeStatusLineCommand(): string {
  const block = /```json\n([\s\S]*?)\n```/.exec(readmeSection("Status line"))?.[1];
  if (block === undefined) throw new Error('README "Status line" has no json block');
  const parsed = JSON.parse(block) as { statusLine?: { type?: string; command?: string } };
  if (parsed.statusLine?.type !== "command" || typeof parsed.statusLine.command !== "string")
    throw new Error(`README's statusLine is not a command: ${block}`);
  return parsed.statusLine.command.replaceAll("<plugin folder>", REPO_ROOT);
}

/** The command /thread-mind:statusline tells Claude to set up, with this plugin copy's root. */
function slashCommandStatusLineCommand(): string {
  const text = readFileSync(join(REPO_ROOT, "commands", "statusline.md"), "utf8");
  const line = /^node .* statusline$/m.exec(text)?.[0];
  if (line === undefined) throw new Error("commands/statusline.md names no `node … statusline` command");
  return line.replaceAll("${CLAUDE_PLUGIN_ROOT}", REPO_ROOT);
}

/** Sets the user's status line in the sandbox's `~/.claude/settings.json`, as /thread-mind:statusline does. */
function setUserStatusLine(sandbox: ClaudeSandbox, command: string): void {
  writeFileSync(
    join(sandbox.home, ".claude", "settings.json"),
    `${JSON.stringify({ statusLine: { type: "command", command } }, null, 2)}\n`,
  );
}

/** ThreadMind's line in the pane: the last line that starts with its mark (the status line sits under the input box). */
function threadMindLine(pane: string): string | null {
  const lines = pane
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("◆ "));
  return lines.at(-1) ?? null;
}

/**
 * The mock's answers: each prompt's request reports the conversation size the test wants in the transcript (the
 * status line reads growth from there), everything else a small default.
 */
function sizedReplies(sizes: Record<string, { answer: string; inputTokens: number }>): (request: RecordedRequest) => MockReply {
  return (request) => {
    const prompt = request.body === null ? "" : lastUserText(request.body);
    for (const [marker, { answer, inputTokens }] of Object.entries(sizes))
      if (prompt.includes(marker)) return textReply(answer, { input_tokens: inputTokens });
    return textReply("ok");
  };
}

function startWindow(name: string, sandbox: ClaudeSandbox, cwd: string): TmuxSession {
  return startTmuxSession({
    name: `tm-status-${name}-${process.pid}-${Date.now()}`,
    scratch: sandbox.scratch,
    cwd,
    command: [bin, ...PLUGIN_ARGS],
    env: claudeEnv({
      home: sandbox.home,
      baseUrl: sandbox.mock.url,
      extra: { CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1" },
    }),
    width: 160,
    height: 40,
  });
}

/** Types a prompt and waits for the mock's answer in the pane. */
async function ask(tui: TmuxSession, prompt: string, answer: string): Promise<void> {
  tui.send(["C-u"]);
  tui.send([prompt], true);
  tui.send(["Enter"]);
  await tui.waitFor(`the answer "${answer}" to "${prompt}"`, (pane) => pane.includes(answer), WAIT_MS);
}

/** /exit when the window still runs, then ends it and everything it started. */
async function closeWindow(tui: TmuxSession | undefined): Promise<void> {
  if (tui === undefined) return;
  try {
    if (!tui.exited()) {
      tui.send(["C-u"]);
      tui.send(["/exit"], true);
      tui.send(["Enter"]);
      await tui.waitFor("Claude Code exited after /exit", () => tui.exited(), 10_000);
    }
  } catch {
    // killed below
  }
  await tui.kill();
}

describe.skipIf(skipReason !== null)("ThreadMind's status line in the real Claude Code TUI, set up as the README says", () => {
  let repo: ThreadMindRepo;
  let sandbox: ClaudeSandbox;
  let window1: TmuxSession | undefined;
  let window2: TmuxSession | undefined;
  let refunds = "";

  beforeAll(async () => {
    repo = await createThreadMindRepo("Status project", "The project's root decisions.");
    const caching = await repo.addThread("Caching layer", "main", "Redis in front of the catalogue, 5 minute TTL.");
    refunds = await repo.addThread("Refund rules", "main", "Refunds within 30 days, to the original card.");
    await repo.startOn(caching);
    sandbox = await createClaudeSandbox({
      bin,
      claudeJson: offlineClaudeJson(repo.dir),
      mock: {
        defaultReply: sizedReplies({
          "first question": { answer: "First answer.", inputTokens: 20_000 },
          "second question": { answer: "Second answer.", inputTokens: 32_000 },
        }),
      },
    });
    setUserStatusLine(sandbox, readmeStatusLineCommand());
  });

  afterAll(async () => {
    await closeWindow(window1);
    await closeWindow(window2);
    await sandbox?.dispose();
    repo?.cleanup();
  });

  it("the README and /thread-mind:statusline set up the same command", () => {
    expect(readmeStatusLineCommand()).toBe(slashCommandStatusLineCommand());
    expect(readmeStatusLineCommand()).toBe(`node "${REPO_ROOT}/plugin/dist/cli.cjs" statusline`);
  });

  it(
    "shows the window's thread under the input box once the TUI is up",
    async () => {
      window1 = startWindow("w1", sandbox, repo.dir);
      await window1.waitFor("empty prompt (the TUI started offline, no dialog)", (pane) => PROMPT_READY.test(pane), WAIT_MS);
      const pane = await window1.waitFor(
        'status line "◆ Caching layer · summary current"',
        (p) => threadMindLine(p) === "◆ Caching layer · summary current",
        WAIT_MS,
      );
      // Under the input box, not in the conversation.
      const lines = pane.split("\n");
      const box = lines.findIndex((line) => PROMPT_READY.test(line));
      const status = lines.findIndex((line) => line.trim().startsWith("◆ "));
      expect(status, pane).toBeGreaterThan(box);
    },
    2 * WAIT_MS,
  );

  it(
    "shows another window, started after the branch's choice moved, its own thread",
    async () => {
      // Another session (the test's) makes Refund rules the branch's choice: new windows start on it.
      await repo.startOn(refunds);
      window2 = startWindow("w2", sandbox, repo.dir);
      await window2.waitFor("empty prompt in window 2", (pane) => PROMPT_READY.test(pane), WAIT_MS);
      await window2.waitFor(
        'window 2\'s status line "◆ Refund rules · summary current"',
        (p) => threadMindLine(p) === "◆ Refund rules · summary current",
        WAIT_MS,
      );
    },
    2 * WAIT_MS,
  );

  it(
    "refreshes after each response, still naming the first window's thread, with the conversation's growth",
    async () => {
      const tui = window1!;
      await ask(tui, "first question", "First answer.");
      // The first request is the baseline: nothing has grown since it.
      expect(threadMindLine(tui.capture()), tui.capture()).toBe("◆ Caching layer · summary current");
      await ask(tui, "second question", "Second answer.");
      // 32,000 − 20,000 tokens since the first request; the branch's choice (Refund rules) is not this window's thread.
      await tui.waitFor(
        'status line "◆ Caching layer · 12k tokens since summary" after the second answer',
        (p) => threadMindLine(p) === "◆ Caching layer · 12k tokens since summary",
        WAIT_MS,
      );
      expect(threadMindLine(window2!.capture()), window2!.capture()).toBe("◆ Refund rules · summary current");
    },
    3 * WAIT_MS,
  );

  it(
    "after /clear names the same thread again, for the new conversation, with nothing grown yet",
    async () => {
      const tui = window1!;
      tui.send(["C-u"]);
      tui.send(["/clear"], true);
      tui.send(["Enter"]);
      // A new session id and transcript (no response yet): the window's instance still follows Caching layer.
      await tui.waitFor(
        'status line "◆ Caching layer · summary current" after /clear',
        (p) => threadMindLine(p) === "◆ Caching layer · summary current",
        WAIT_MS,
      );
    },
    2 * WAIT_MS,
  );
});

/** What one run of the status line command received: its environment and its stdin. */
type StatusLineRun = { env: Record<string, string>; input: Record<string, unknown> };

function recordedRuns(dir: string): StatusLineRun[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort();
  const runs: StatusLineRun[] = [];
  for (const name of names) {
    const base = name.slice(0, -".json".length);
    const envPath = join(dir, `${base}.env`);
    if (!existsSync(join(dir, `${base}.done`))) continue; // still being written
    const env: Record<string, string> = {};
    for (const line of readFileSync(envPath, "utf8").split("\n")) {
      const eq = line.indexOf("=");
      if (eq > 0) env[line.slice(0, eq)] = line.slice(eq + 1);
    }
    runs.push({ env, input: JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, unknown> });
  }
  return runs;
}

describe.skipIf(skipReason !== null)("what the real Claude Code TUI gives a status line command (recording wrapper)", () => {
  let repo: ThreadMindRepo;
  let sandbox: ClaudeSandbox;
  let tui: TmuxSession | undefined;
  let runsDir: string;

  beforeAll(async () => {
    repo = await createThreadMindRepo("Probe project", "The project's root decisions.");
    await repo.startOn(await repo.addThread("Search ranking", "main", "BM25 first, then recency."));
    sandbox = await createClaudeSandbox({
      bin,
      claudeJson: offlineClaudeJson(repo.dir),
      mock: { defaultReply: sizedReplies({ "probe question": { answer: "Probe answer.", inputTokens: 20_000 } }) },
    });
    runsDir = join(sandbox.scratch, "status-line-runs");
    mkdirSync(runsDir);
    // Records the environment (and, for docs/claude-code-verified.md only, its parent's and grandparent's pids) and
    // stdin, then runs the README's command on the same input: its line is what the pane shows.
    const wrapper = join(sandbox.scratch, "status-line-probe.sh");
    writeFileSync(
      wrapper,
      [
        "#!/bin/sh",
        `out="${runsDir}/$(date +%s%N)-$$"`,
        "in=$(cat)",
        'env > "$out.env"',
        'echo "PROBE_PARENT_PPID=$(cut -d" " -f4 /proc/$PPID/stat)" >> "$out.env"',
        'echo "PROBE_PPID=$PPID" >> "$out.env"',
        'printf %s "$in" > "$out.json"',
        ': > "$out.done"',
        `printf %s "$in" | ${readmeStatusLineCommand()}`,
        "",
      ].join("\n"),
    );
    chmodSync(wrapper, 0o755);
    setUserStatusLine(sandbox, wrapper);
  });

  afterAll(async () => {
    await closeWindow(tui);
    await sandbox?.dispose();
    repo?.cleanup();
  });

  it(
    "gives the command CLAUDE_PID of its Claude Code process, CLAUDE_PROJECT_DIR and the session, and the line shows the thread",
    async () => {
      tui = startWindow("probe", sandbox, repo.dir);
      await tui.waitFor("empty prompt (the TUI started offline, no dialog)", (pane) => PROMPT_READY.test(pane), WAIT_MS);
      await tui.waitFor(
        'status line "◆ Search ranking · summary current"',
        (p) => threadMindLine(p) === "◆ Search ranking · summary current",
        WAIT_MS,
      );
      const [first] = recordedRuns(runsDir);
      expect(first, `no recorded run in ${runsDir}`).toBeDefined();
      const { env, input } = first!;
      const claudePid = tui.panePid(); // `exec env -i … claude`: the pane's program is Claude Code itself
      expect(env.CLAUDE_PID, JSON.stringify(env)).toBe(String(claudePid));
      expect(env.CLAUDE_PROJECT_DIR).toBe(repo.dir);
      expect(env.CLAUDE_CODE_SESSION_ID).toBe(input.session_id);
      expect(env.CLAUDE_PLUGIN_ROOT).toBeUndefined();
      expect(env.PWD).toBe(repo.dir);
      // The stdin fields the line reads, and the shape around them.
      expect(input).toMatchObject({
        session_id: expect.any(String),
        transcript_path: expect.stringMatching(/\.jsonl$/),
        cwd: repo.dir,
        workspace: { current_dir: repo.dir, project_dir: repo.dir, added_dirs: [] },
        model: { id: expect.any(String), display_name: expect.any(String) },
        version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
        cost: expect.any(Object),
        context_window: expect.any(Object),
      });
      expect(input.transcript_path).toContain(String(input.session_id));
      if (availability.available) expect(availability.binary.version).toContain(String(input.version));
      expect(input).not.toHaveProperty("hook_event_name");
      // Before the first prompt: no transcript yet, no usage (the line says "summary current" from no size at all).
      expect(existsSync(String(input.transcript_path))).toBe(false);
      expect(input.context_window).toMatchObject({ total_input_tokens: 0, current_usage: null });
    },
    2 * WAIT_MS,
  );

  it(
    "runs the command again after a response, with the response's usage in context_window",
    async () => {
      await ask(tui!, "probe question", "Probe answer.");
      const answered = (run: StatusLineRun) => {
        const window = run.input.context_window as { current_usage?: { input_tokens?: number } | null } | undefined;
        return window?.current_usage?.input_tokens === 20_000;
      };
      await tui!.waitFor("a status line run given the answer's usage", () => recordedRuns(runsDir).some(answered), WAIT_MS);
      const after = recordedRuns(runsDir).find(answered)!;
      expect(after.input).toMatchObject({
        prompt_id: expect.any(String),
        context_window: { total_input_tokens: 20_000, context_window_size: expect.any(Number) },
      });
      expect(after.env.CLAUDE_PID).toBe(String(tui!.panePid()));
      expect(existsSync(String(after.input.transcript_path))).toBe(true);
      expect(threadMindLine(tui!.capture()), tui!.capture()).toBe("◆ Search ranking · summary current");
    },
    2 * WAIT_MS,
  );

  it(
    "after /clear gives the command the new session id and transcript path, and the same CLAUDE_PID",
    async () => {
      const [first] = recordedRuns(runsDir);
      tui!.send(["C-u"]);
      tui!.send(["/clear"], true);
      tui!.send(["Enter"]);
      const cleared = (run: StatusLineRun) => run.input.session_id !== first!.input.session_id;
      await tui!.waitFor(
        "a status line run for the conversation after /clear",
        () => recordedRuns(runsDir).some(cleared),
        WAIT_MS,
      );
      const after = recordedRuns(runsDir).find(cleared)!;
      expect(after.env.CLAUDE_PID).toBe(first!.env.CLAUDE_PID);
      expect(after.input.transcript_path).not.toBe(first!.input.transcript_path);
      expect(after.input.transcript_path).toContain(String(after.input.session_id));
      // Unlike the MCP server's (started once), the status line's CLAUDE_CODE_SESSION_ID follows /clear.
      expect(after.env.CLAUDE_CODE_SESSION_ID).toBe(after.input.session_id);
    },
    2 * WAIT_MS,
  );
});
