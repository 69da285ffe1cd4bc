// Real Claude Code + the plugin: /thread-mind:statusline sets the status line up in the user's ~/.claude/settings.json
// when they ask (#26). The mock model does what the command tells it: it reads the settings, then edits them to add the
// command the command file names. Found here: Claude Code replaces ${CLAUDE_PLUGIN_ROOT} in the command's text (the
// model gets this plugin copy's real path); the command's allowed-tools let it read the settings without a prompt, but
// Claude Code asks the user before any change to its own settings file whatever a command allows (-p, with nobody to
// ask, refuses it). In the TUI the user approves that one edit, the other settings stay, and the line shows.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { textReply, toolUseReply } from "../support/mock-anthropic.js";
import type { MockReply, RecordedRequest } from "../support/mock-anthropic.js";
import { PLUGIN_ARGS, REPO_ROOT, bodyText, lastToolResultText } from "../support/plugin-e2e.js";
import { OFFLINE_ENV, claudeEnv } from "../support/run-claude.js";
import type { ClaudeRun } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";
import { startTmuxSession, tmuxUnavailableReason } from "../support/tmux-tui.js";
import type { TmuxSession } from "../support/tmux-tui.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const tuiSkip = availability.available ? tmuxUnavailableReason() : null;
sayWhySkipped(tuiSkip);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const WAIT_MS = 30_000;
/** What the user had in their settings before: it must stay. */
const BEFORE = `{\n  "theme": "dark"\n}\n`;
const COMMAND = `node "${REPO_ROOT}/plugin/dist/cli.cjs" statusline`;
const DONE = "Your status line now shows the thread.";

/** How many tool results the conversation holds so far (the model's steps done). */
function toolResults(request: RecordedRequest): number {
  return (request.body?.messages ?? []).filter(
    (m) => m.role === "user" && Array.isArray(m.content) && m.content.some((b) => b.type === "tool_result"),
  ).length;
}

/** The model following /thread-mind:statusline: Read the settings, Edit them, then say so; `seen` gets what it was given. */
function settingsModel(
  settings: () => string,
  seen: { command: string; results: string[] },
): (request: RecordedRequest) => MockReply {
  return (request) => {
    const body = bodyText(request);
    if (!body.includes("Set up ThreadMind's status line")) return textReply("ok");
    seen.command = /The command is:\s*\n\s*(node [^\n]* statusline)\n/.exec(body)?.[1] ?? "";
    const step = toolResults(request);
    if (step > 0) seen.results[step - 1] = lastToolResultText(request);
    if (step === 0) return toolUseReply("Read", { file_path: settings() });
    if (step === 1)
      return toolUseReply("Edit", {
        file_path: settings(),
        old_string: `"theme": "dark"`,
        new_string: `"theme": "dark",\n  "statusLine": { "type": "command", "command": ${JSON.stringify(seen.command)} }`,
      });
    return textReply(DONE);
  };
}

describe.skipIf(!availability.available)("/thread-mind:statusline in claude -p (nobody to approve a settings change)", () => {
  let repo: ThreadMindRepo;
  let sandbox: ClaudeSandbox;
  let run: ClaudeRun;
  let settings = "";
  const seen = { command: "", results: [] as string[] };

  beforeAll(async () => {
    repo = await createThreadMindRepo("Refunds", "- Refunds go through the ledger.");
    sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: settingsModel(() => settings, seen) } });
    settings = join(sandbox.home, ".claude", "settings.json");
    writeFileSync(settings, BEFORE);
    run = await sandbox.run(["-p", "/thread-mind:statusline", "--output-format", "json", ...PLUGIN_ARGS], {
      cwd: repo.dir,
      timeoutMs: RUN_TIMEOUT,
    });
  }, RUN_TIMEOUT + 30_000);
  afterAll(async () => {
    await sandbox?.dispose();
    repo?.cleanup();
  });

  it("exits 0, having given the model this plugin copy's real path (${CLAUDE_PLUGIN_ROOT} replaced)", () => {
    expect(run.exitCode, run.stderr).toBe(0);
    expect(seen.command).toBe(COMMAND);
  });

  it("reads the settings without a prompt (allowed-tools), but the edit of Claude Code's own settings waits for the user", () => {
    expect(seen.results).toHaveLength(2);
    expect(seen.results[0]).toContain('"theme": "dark"');
    expect(seen.results[1]).toBe(`Claude requested permissions to write to ${settings}, but you haven't granted it yet.`);
    expect(readFileSync(settings, "utf8")).toBe(BEFORE);
  });
});

describe.skipIf(!availability.available || tuiSkip !== null)(
  "/thread-mind:statusline in the real TUI (tmux), approved by the user",
  () => {
    let repo: ThreadMindRepo;
    let sandbox: ClaudeSandbox;
    let tui: TmuxSession | undefined;
    let settings = "";
    const seen = { command: "", results: [] as string[] };

    beforeAll(async () => {
      repo = await createThreadMindRepo("Refunds", "- Refunds go through the ledger.");
      sandbox = await createClaudeSandbox({
        bin,
        claudeJson: {
          hasCompletedOnboarding: true,
          customApiKeyResponses: { approved: [OFFLINE_ENV.ANTHROPIC_API_KEY.slice(-20)], rejected: [] },
          projects: { [repo.dir]: { hasTrustDialogAccepted: true } },
        },
        mock: { defaultReply: settingsModel(() => settings, seen) },
      });
      settings = join(sandbox.home, ".claude", "settings.json");
      writeFileSync(settings, BEFORE);
    });
    afterAll(async () => {
      if (tui !== undefined) await tui.kill();
      await sandbox?.dispose();
      repo?.cleanup();
    });

    it(
      "asks once to edit the settings; approved, the settings keep the user's own and the status line shows the thread",
      async () => {
        tui = startTmuxSession({
          name: `tm-statusline-cmd-${process.pid}-${Date.now()}`,
          scratch: sandbox.scratch,
          cwd: repo.dir,
          // The default permission mode (the mode before auto mode): auto mode's check of each action runs on
          // Anthropic's server, which the mock is not; without it, auto mode refuses the edit outright.
          command: [bin, ...PLUGIN_ARGS, "--permission-mode", "default"],
          env: claudeEnv({
            home: sandbox.home,
            baseUrl: sandbox.mock.url,
            extra: { CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1" },
          }),
          width: 160,
          height: 40,
        });
        await tui.waitFor("empty prompt", (pane) => /^❯\s*$/m.test(pane), WAIT_MS);
        tui.send(["/thread-mind:statusline"], true);
        tui.send(["Enter"]);
        // The one question: the edit of Claude Code's own settings file ("Yes", its first choice, is selected).
        await tui.waitFor(
          "the question to edit settings.json",
          (pane) => pane.includes("Do you want to make this edit to settings.json?"),
          WAIT_MS,
        );
        tui.send(["Enter"]);
        await tui.waitFor(`the model's last answer "${DONE}"`, (pane) => pane.includes(DONE), WAIT_MS);
        expect(seen.command).toBe(COMMAND);
        expect(JSON.parse(readFileSync(settings, "utf8"))).toEqual({
          theme: "dark",
          statusLine: { type: "command", command: COMMAND },
        });
        // The command as Claude Code runs a status line: through a shell, its JSON on stdin.
        const line = spawnSync("sh", ["-c", COMMAND], {
          cwd: repo.dir,
          input: JSON.stringify({ session_id: "s", cwd: repo.dir, workspace: { current_dir: repo.dir } }),
          env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sandbox.home },
          encoding: "utf8",
        });
        expect(line.stdout).toBe("◆ Refunds\n");
      },
      4 * WAIT_MS,
    );
  },
);
