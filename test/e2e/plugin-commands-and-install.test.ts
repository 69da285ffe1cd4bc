// Real Claude Code: the repository validates as a marketplace, installs from one, and /thread-mind:tree brings the tree.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { readTranscript, transcriptPath } from "../support/claude-transcripts.js";
import { copyRepoAsClone } from "../support/marketplace-copy.js";
import { textReply, toolUseReply } from "../support/mock-anthropic.js";
import type { MockReply, RecordedRequest, Usage } from "../support/mock-anthropic.js";
import {
  CONTEXT_PREFIX,
  REPO_ROOT,
  THREADMIND_HEADER,
  answersToolResult,
  bodyText,
  lastToolResultText,
  promptRequests,
  toolName,
} from "../support/plugin-e2e.js";
import { readmeSection } from "../support/readme-client-configs.js";
import { expectSuccess } from "../support/run-claude.js";
import type { ClaudeRun } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const LIST_TOOL = toolName("thread_list");
const USAGE: Usage = {
  input_tokens: 4_000,
  cache_creation_input_tokens: 1_000,
  cache_read_input_tokens: 10_000,
  output_tokens: 20,
};

/** The model follows /thread-mind:tree: it calls thread_list, then answers the tool result. */
function scriptedModel(request: RecordedRequest): MockReply {
  if (answersToolResult(request)) return textReply("Here is the tree.", USAGE);
  if (bodyText(request).includes(`Call the \`${LIST_TOOL}\` tool`)) return toolUseReply(LIST_TOOL, {}, USAGE);
  return textReply("ok", USAGE);
}

function parseJson(run: ClaudeRun): unknown {
  return JSON.parse(run.stdout);
}

describe.skipIf(!availability.available)(
  "plugin validation, marketplace install and /thread-mind:tree (real Claude Code)",
  () => {
    let sandbox: ClaudeSandbox;
    beforeAll(async () => {
      sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: scriptedModel } });
    });
    afterAll(async () => sandbox?.dispose());

    it(
      "claude plugin validate --strict accepts the repository (marketplace) and its plugin manifest",
      async () => {
        const market = await sandbox.run(["plugin", "validate", "--strict", "--json", REPO_ROOT], { timeoutMs: RUN_TIMEOUT });
        expectSuccess(market);
        expect(parseJson(market)).toMatchObject({
          success: true,
          strict: true,
          manifest: { type: "marketplace", errors: [], warnings: [] },
        });
        const plugin = await sandbox.run(
          ["plugin", "validate", "--strict", "--json", join(REPO_ROOT, ".claude-plugin", "plugin.json")],
          {
            timeoutMs: RUN_TIMEOUT,
          },
        );
        expectSuccess(plugin);
        const report = parseJson(plugin);
        expect(report).toMatchObject({ success: true, strict: true, manifest: { type: "plugin", errors: [], warnings: [] } });
        expect(report).toMatchObject({
          provides: {
            hooks: [
              { event: "SessionStart", matcher: "startup|resume|clear|compact" },
              { event: "SessionEnd" },
              { event: "PreCompact" },
              { event: "UserPromptSubmit" },
              { event: "PreToolUse", matcher: "Edit|Write|MultiEdit|NotebookEdit" },
              { event: "SubagentStart" },
            ],
            mcpServers: [{ name: "thread-mind", type: "stdio", target: "node" }],
            commands: expect.arrayContaining([
              "thread-mind:tree",
              "thread-mind:switch",
              "thread-mind:context",
              "thread-mind:help",
            ]),
          },
        });
      },
      2 * RUN_TIMEOUT,
    );

    describe("installed from a marketplace folder (a path with a space), without --plugin-dir", () => {
      let repo: ThreadMindRepo;
      let market: string;
      let run: ClaudeRun;
      beforeAll(async () => {
        market = join(sandbox.scratch, "thread mind market");
        copyRepoAsClone(REPO_ROOT, market);
        expectSuccess(await sandbox.run(["plugin", "marketplace", "add", market], { timeoutMs: RUN_TIMEOUT }));
        expectSuccess(await sandbox.run(["plugin", "install", "thread-mind@thread-mind"], { timeoutMs: RUN_TIMEOUT }));
        repo = await createThreadMindRepo("Tree project", "TREE-MAIN-MARKER-t0: root.");
        await repo.addThread("Parser rewrite", "main", "Parser state.");
        await repo.addThread("Docs pass", "main", "Docs state.");
        await repo.startOn("parser-rewrite");
        run = await sandbox.run(["-p", "/thread-mind:tree", "--output-format", "json"], {
          cwd: repo.dir,
          timeoutMs: RUN_TIMEOUT,
        });
        expectSuccess(run);
      }, 4 * RUN_TIMEOUT);
      afterAll(() => repo?.cleanup());

      it("enables the plugin in the user's settings from the directory marketplace", () => {
        const settings: unknown = JSON.parse(readFileSync(join(sandbox.home, ".claude", "settings.json"), "utf8"));
        expect(settings).toMatchObject({
          enabledPlugins: { "thread-mind@thread-mind": true },
          extraKnownMarketplaces: { "thread-mind": { source: { source: "directory", path: market } } },
        });
      });

      it("fires the hooks: the startup context reaches the model and SessionEnd measures the session", () => {
        const [first] = promptRequests(sandbox.mock.requests);
        const sessionId = String(run.messages.find((m) => m.type === "result")?.session_id);
        const records = readTranscript(transcriptPath(sandbox.home, repo.dir, sessionId));
        const hookRecords = JSON.stringify(
          records.filter((r) => r.type === "attachment" && JSON.stringify(r).includes("SessionStart")),
        );
        expect(bodyText(first), hookRecords).toContain(
          `${CONTEXT_PREFIX}${THREADMIND_HEADER}at session start: the context of thread "Parser rewrite" (parser-rewrite)`,
        );
        const { injections, sessionEnds } = repo.recorded().measurements;
        expect(injections.map((i) => [i.source, i.threadId, i.receipt])).toEqual([["startup", "parser-rewrite", "delivered"]]);
        expect(sessionEnds.map((e) => [e.reason, e.contextTokens])).toEqual([
          ["other", USAGE.input_tokens + USAGE.cache_creation_input_tokens + USAGE.cache_read_input_tokens],
        ]);
      });

      it("the README's terminal command line for doctor runs the copy Claude Code installed", () => {
        // README "Command line": `node ~/.claude/plugins/cache/thread-mind/thread-mind/<version>/plugin/dist/cli.mjs doctor`.
        const line = /`node (~\/\.claude\/plugins\/cache\/[^`]*\/cli\.mjs) doctor`/.exec(readmeSection("Command line"))?.[1];
        expect(line, "README's Command line section names no installed copy's doctor").toBeDefined();
        const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
        const cli = line!.replace("~", sandbox.home).replace("<version>", version);
        const doctor = spawnSync(process.execPath, [cli, "doctor"], {
          cwd: repo.dir,
          env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sandbox.home, LANG: "C.UTF-8" },
          encoding: "utf8",
        });
        expect(doctor.stderr).toBe("");
        expect(doctor.stdout).toContain(`ThreadMind doctor (thread-mind-mcp ${version})`);
        expect(doctor.stdout).toContain("[ok  ] Plugin hooks:");
      });

      it("/thread-mind:tree makes the model call thread_list (allowed by the command, no prompt) and the tree reaches it", () => {
        const requests = promptRequests(sandbox.mock.requests);
        expect(requests).toHaveLength(2);
        expect(bodyText(requests[0])).toContain(`Call the \`${LIST_TOOL}\` tool and show the user the tree it returns`);
        expect(run.messages.find((m) => m.type === "result")?.permission_denials).toEqual([]);
        const treeRequest = requests[1]!;
        expect(answersToolResult(treeRequest)).toBe(true);
        const tree = lastToolResultText(treeRequest);
        expect(tree).toContain("Tree project (main)");
        expect(tree).toContain("Parser rewrite (parser-rewrite) ◀ current");
        expect(tree).toContain("Docs pass (docs-pass)");
      });
    });
  },
);
