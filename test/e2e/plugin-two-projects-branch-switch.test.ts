// Real Claude Code, one process: two projects in one repository, project_switch through the MCP server, a branch checkout
// made outside the session, then /compact and /clear: each reinjection is the switched-to project's thread.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { startClaudeSession } from "../support/claude-session.js";
import type { ClaudeSessionEnd } from "../support/claude-session.js";
import { lastUserText } from "../support/anthropic-request-text.js";
import { textReply, toolUseReply } from "../support/mock-anthropic.js";
import type { MockReply, RecordedRequest, Usage } from "../support/mock-anthropic.js";
import {
  CONTEXT_PREFIX,
  PLUGIN_ARGS,
  answersToolResult,
  bodyText,
  lastToolResultText,
  requestFor,
  toolName,
} from "../support/plugin-e2e.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const PROJECT_SWITCH = toolName("project_switch");
const USAGE: Usage = { input_tokens: 3_000, cache_creation_input_tokens: 500, cache_read_input_tokens: 9_000, output_tokens: 7 };
const SUMMARY = "MOCK-COMPACTION-SUMMARY-p7";

function scriptedModel(request: RecordedRequest): MockReply {
  const body = request.body;
  if (body === null) throw new Error("request without a body");
  if (answersToolResult(request)) return textReply("Switched.", USAGE);
  const wanted = /TM-PROJECT ([a-z0-9-]+)/.exec(lastUserText(body))?.[1];
  if (wanted !== undefined) return toolUseReply(PROJECT_SWITCH, { projectId: wanted }, USAGE);
  return textReply("ok", USAGE);
}

describe.skipIf(!availability.available)(
  "two projects, project_switch, a checkout outside the session, /compact and /clear",
  () => {
    let sandbox: ClaudeSandbox;
    let repo: ThreadMindRepo;
    let secondProject: string;
    let secondMain: string;
    let end: ClaudeSessionEnd;
    beforeAll(async () => {
      sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: scriptedModel, compaction: { summary: SUMMARY } } });
      repo = await createThreadMindRepo("First project", "FIRST-MARKER-f1: the first project's decisions.");
      const second = await repo.services.projectCreate({ title: "Second project" });
      secondProject = second.project.id;
      secondMain = second.thread.id;
      await repo.services.summaryUpdate({ content: "SECOND-MARKER-s2: the second project's decisions." });
      // New processes start on the first project.
      await repo.services.projectSwitch(repo.projectId);
      const session = startClaudeSession({
        bin,
        home: sandbox.home,
        baseUrl: sandbox.mock.url,
        cwd: repo.dir,
        args: [...PLUGIN_ARGS, "--allowedTools", PROJECT_SWITCH],
        timeoutMs: 3 * RUN_TIMEOUT,
      });
      try {
        await session.send(`TM-PROJECT ${secondProject}`);
        repo.git("checkout", "-q", "-b", "feature");
        await session.send("/compact");
        await session.send("after the compaction");
        await session.send("/clear");
        await session.send("after the clear");
      } finally {
        end = await session.close();
      }
    }, 4 * RUN_TIMEOUT);
    afterAll(async () => {
      await sandbox?.dispose();
      repo?.cleanup();
    });

    it("exits 0 and switches project through the plugin's MCP server", () => {
      expect(end, end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
      const answered = sandbox.mock.messageRequests().find((r) => answersToolResult(r));
      expect(answered && lastToolResultText(answered)).toContain("Second project");
    });

    it("reinjects the second project's thread after /compact on the new branch", () => {
      const after = bodyText(requestFor(sandbox.mock.requests, "after the compaction"));
      expect(after).toContain(`${CONTEXT_PREFIX}ThreadMind memory, loaded after compaction`);
      expect(after).toContain("SECOND-MARKER-s2");
      expect(after).not.toContain("FIRST-MARKER-f1");
    });

    it("reinjects the second project's thread after /clear on the new branch", () => {
      const after = bodyText(requestFor(sandbox.mock.requests, "after the clear"));
      expect(after).toContain(`${CONTEXT_PREFIX}ThreadMind memory, loaded after /clear`);
      expect(after).toContain("SECOND-MARKER-s2");
      expect(after).not.toContain("FIRST-MARKER-f1");
      const { injections } = repo.recorded().measurements;
      expect(injections.map((i) => [i.source, i.projectId, i.threadId])).toEqual([
        ["startup", repo.projectId, "main"],
        ["compact", secondProject, secondMain],
        ["clear", secondProject, secondMain],
      ]);
    });
  },
);
