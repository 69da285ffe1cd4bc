// Real Claude Code, one process: its thread exists only on a feature branch; a checkout of main (outside the session)
// removes the file; /compact then reinjects some thread, and summary_update without a thread id must write to that one.
import { existsSync } from "node:fs";
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
import { PLUGIN_ARGS, answersToolResult, bodyText, lastToolResultText, promptRequests, toolName } from "../support/plugin-e2e.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import { threadFilesText } from "../support/thread-files.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const SUMMARY_UPDATE = toolName("summary_update");
const USAGE: Usage = { input_tokens: 3_000, cache_creation_input_tokens: 500, cache_read_input_tokens: 9_000, output_tokens: 7 };

function scriptedModel(request: RecordedRequest): MockReply {
  const body = request.body;
  if (body === null) throw new Error("request without a body");
  if (answersToolResult(request)) return textReply("Saved.", USAGE);
  if (lastUserText(body).includes("TM-SAVE"))
    return toolUseReply(
      SUMMARY_UPDATE,
      { section: "decisions", content: "- SAVED-MARKER-z9 decided after the compaction" },
      USAGE,
    );
  return textReply("ok", USAGE);
}

describe.skipIf(!availability.available)("/compact after a checkout removed the process's thread, then summary_update", () => {
  let sandbox: ClaudeSandbox;
  let repo: ThreadMindRepo;
  let end: ClaudeSessionEnd;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: scriptedModel } });
    repo = await createThreadMindRepo("Checkout project", "MAIN-MARKER-m0: main's decisions.");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "threadmind on main");
    repo.git("checkout", "-q", "-b", "feature");
    await repo.startOn(await repo.addThread("Feature work", "main", "FEATURE-MARKER-f1: feature state."));
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "feature thread");
    const session = startClaudeSession({
      bin,
      home: sandbox.home,
      baseUrl: sandbox.mock.url,
      cwd: repo.dir,
      args: [...PLUGIN_ARGS, "--allowedTools", SUMMARY_UPDATE],
      timeoutMs: 3 * RUN_TIMEOUT,
    });
    try {
      await session.send("hello on feature");
      repo.git("checkout", "-q", "main");
      await session.send("/compact");
      await session.send("after the compaction");
      await session.send("TM-SAVE");
    } finally {
      end = await session.close();
    }
  }, 4 * RUN_TIMEOUT);
  afterAll(async () => {
    await sandbox?.dispose();
    repo?.cleanup();
  });

  it("exits 0, the feature thread's file gone on main", () => {
    expect(end, end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
    expect(existsSync(repo.threadFile("feature-work"))).toBe(false);
  });

  it("writes the summary_update to the thread whose context was reinjected at /compact", () => {
    const compact = repo.recorded().measurements.injections.filter((i) => i.source === "compact");
    expect(compact).toHaveLength(1);
    const reinjected = compact[0]!.threadId;
    const afterCompaction = promptRequests(sandbox.mock.requests).find(
      (r) => r.body !== null && lastUserText(r.body).includes("after the compaction"),
    );
    expect(bodyText(afterCompaction)).toContain("MAIN-MARKER-m0");
    const answered = sandbox.mock.messageRequests().find((r) => answersToolResult(r));
    expect(answered && lastToolResultText(answered)).not.toMatch(/error/i);
    expect(existsSync(repo.threadFile(reinjected)) && threadFilesText(repo.dir, repo.projectId, reinjected)).toContain(
      "SAVED-MARKER-z9",
    );
    expect(existsSync(repo.threadFile("feature-work"))).toBe(false);
  });
});
