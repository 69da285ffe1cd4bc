// Real Claude Code TUI (driven through tmux) + the plugin: the @-menu's thread entries show each thread's title and status (#26 item 4).
//
// How Claude Code 2.1.332 draws an MCP resource in the @-menu (read from its bundle, and seen in the pane): the entry's
// label is `<server>:<uri>`, cut to 30 columns ("plugin:thread-mind:thread-min…", the same for every thread), and beside
// it `description || name || uri`, cut to 60 characters. A resource's `title` is not shown; `name` is searched (a query
// of part of a title finds the thread) but shown only when there is no description. So the description is the one place
// a thread's title can reach a person's eyes, and it has to come early in it.
//
// Offline start of the interactive TUI (found by starting it in tmux with an empty HOME and answering what it asked):
// without `hasCompletedOnboarding` it tries api.anthropic.com and exits ("Unable to connect to Anthropic services");
// then it asks to trust the folder (`projects[<dir>].hasTrustDialogAccepted`) and whether to use the ANTHROPIC_API_KEY
// (`customApiKeyResponses.approved`: the key's last 20 characters). CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL
// stops its attempt to clone the official marketplace from GitHub at startup.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { PLUGIN_ARGS } from "../support/plugin-e2e.js";
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
/** Once the menu shows ThreadMind entries, how long the searched thread's entry may take to appear. */
const ENTRY_MS = 5_000;

/** A `~/.claude.json` with which the TUI starts offline in `dir`, without a question. */
function offlineClaudeJson(dir: string): Record<string, unknown> {
  return {
    hasCompletedOnboarding: true,
    customApiKeyResponses: { approved: [OFFLINE_ENV.ANTHROPIC_API_KEY.slice(-20)], rejected: [] },
    projects: { [dir]: { hasTrustDialogAccepted: true } },
  };
}

/** The input box's empty prompt line: the TUI is ready for typing (the trust and key dialogs also use "❯", followed by a choice). */
const PROMPT_READY = /^❯\s*$/m;

/** The @-menu's entries of ThreadMind's MCP server (Claude Code labels them `plugin:thread-mind:thread-mind:<uri>`). */
function threadMindEntries(pane: string): string[] {
  return pane
    .split("\n")
    .filter((line) => line.includes("plugin:thread-mind:"))
    .map((line) => line.trim());
}

type Thread = { title: string; query: string; id: string; status: "open" | "done"; current: boolean };
type MenuSeen = { thread: Thread; entry: string | null; pane: string };

describe.skipIf(skipReason !== null)("the @-menu of the real Claude Code TUI (tmux) with the plugin", () => {
  let repo: ThreadMindRepo;
  let sandbox: ClaudeSandbox;
  let tui: TmuxSession;
  const threads: Thread[] = [];
  const seen: MenuSeen[] = [];

  beforeAll(
    async () => {
      repo = await createThreadMindRepo("Menu project", "The project's root decisions.");
      const caching = await repo.addThread("Caching layer", "main", "Redis in front of the catalogue, 5 minute TTL.");
      const refunds = await repo.addThread("Refund rules", "main", "Refunds within 30 days, to the original card.");
      const legacy = await repo.addThread("Legacy export", "main", "CSV export kept for the accounting team.");
      await repo.services.threadStatus({ status: "done", threadId: legacy });
      await repo.startOn(caching);
      threads.push(
        { title: "Caching layer", query: "Caching", id: caching, status: "open", current: true },
        { title: "Refund rules", query: "Refund", id: refunds, status: "open", current: false },
        { title: "Legacy export", query: "Legacy", id: legacy, status: "done", current: false },
      );

      sandbox = await createClaudeSandbox({ bin, claudeJson: offlineClaudeJson(repo.dir) });
      tui = startTmuxSession({
        name: `tm-at-menu-${process.pid}-${Date.now()}`,
        scratch: sandbox.scratch,
        cwd: repo.dir,
        command: [bin, ...PLUGIN_ARGS],
        env: claudeEnv({
          home: sandbox.home,
          baseUrl: sandbox.mock.url,
          extra: { CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1" },
        }),
        width: 200,
        height: 50,
      });
      await tui.waitFor("empty prompt (the TUI started offline, no dialog)", (pane) => PROMPT_READY.test(pane), WAIT_MS);

      for (const thread of threads) {
        // The plugin's MCP server may still be connecting: retype the query until the menu offers ThreadMind's resources.
        const deadline = Date.now() + WAIT_MS;
        let pane = "";
        for (;;) {
          tui.send(["C-u"]);
          tui.send([`@${thread.query}`], true);
          try {
            pane = await tui.waitFor(
              `@-menu with ThreadMind entries for "@${thread.query}"`,
              (p) => threadMindEntries(p).length > 0,
              3_000,
            );
            break;
          } catch (e) {
            if (Date.now() > deadline) throw e;
          }
        }
        const withTitle = (p: string) => threadMindEntries(p).find((line) => line.includes(thread.title));
        try {
          pane = await tui.waitFor(`@-menu entry showing "${thread.title}"`, (p) => withTitle(p) !== undefined, ENTRY_MS);
        } catch {
          pane = tui.capture(); // asserted below, with this pane in the message
        }
        seen.push({ thread, entry: withTitle(pane) ?? null, pane });
      }
    },
    4 * WAIT_MS + 3 * ENTRY_MS,
  );

  afterAll(async () => {
    await tui?.kill();
    await sandbox?.dispose();
    repo?.cleanup();
  });

  it("shows each thread's title in its entry when part of the title is typed after @", () => {
    expect(seen.map((s) => s.thread.title)).toEqual(threads.map((t) => t.title));
    const missing = seen.filter((s) => s.entry === null);
    const report = missing.map(
      (s) => `typed "@${s.thread.query}": no ThreadMind entry shows "${s.thread.title}". Pane:\n${s.pane}`,
    );
    expect(
      missing.map((s) => s.thread.title),
      report.join("\n"),
    ).toEqual([]);
  });

  it("says each thread's status in its entry, and marks only the window's thread current", () => {
    const wrong = seen.filter(({ thread, entry }) => {
      if (entry === null) return true;
      const current = entry.includes("current");
      return !entry.includes(thread.status) || entry.includes("active") || current !== thread.current;
    });
    const report = wrong.map(
      ({ thread, entry, pane }) =>
        `"${thread.title}" (${thread.status}${thread.current ? ", current" : ""}), typed "@${thread.query}": entry ${JSON.stringify(entry)}. Pane:\n${pane}`,
    );
    expect(
      wrong.map((s) => s.thread.title),
      report.join("\n"),
    ).toEqual([]);
  });

  it(
    "closes the menu on Escape and exits on /exit",
    async () => {
      tui.send(["Escape"]);
      await tui.waitFor("menu closed after Escape", (pane) => threadMindEntries(pane).length === 0, WAIT_MS);
      tui.send(["C-u"]);
      tui.send(["/exit"], true);
      tui.send(["Enter"]);
      await tui.waitFor("Claude Code exited after /exit", () => tui.exited(), WAIT_MS);
      // The TUI called no model: the menu and the resources are local to Claude Code and the plugin's server.
      expect(sandbox.mock.messageRequests()).toEqual([]);
    },
    WAIT_MS * 2,
  );
});
