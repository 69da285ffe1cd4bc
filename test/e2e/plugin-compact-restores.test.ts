// Real Claude Code + the plugin: /compact measures the size reached before compaction and puts the context back after it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { readTranscript, transcriptPath } from "../support/claude-transcripts.js";
import type { TranscriptRecord } from "../support/claude-transcripts.js";
import { textReply } from "../support/mock-anthropic.js";
import type { Usage } from "../support/mock-anthropic.js";
import { CONTEXT_PREFIX, PLUGIN_ARGS, THREADMIND_HEADER, bodyText, recordedContexts, requestFor } from "../support/plugin-e2e.js";
import { describeRun, expectSuccess } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const USAGE: Usage = {
  input_tokens: 2_345,
  cache_creation_input_tokens: 6_789,
  cache_read_input_tokens: 101_112,
  output_tokens: 77,
};
const SUMMARY = "MOCK-COMPACTION-SUMMARY-k9 of the conversation so far";

function boundaryIndex(records: TranscriptRecord[]): number {
  const index = records.findIndex((r) => r.type === "system" && r.subtype === "compact_boundary");
  if (index < 0) throw new Error("no compact_boundary in the transcript");
  return index;
}

describe.skipIf(!availability.available)("plugin at /compact (real Claude Code): claude -p '/compact' --resume <sid>", () => {
  let sandbox: ClaudeSandbox;
  let repo: ThreadMindRepo;
  let sessionId: string;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({
      bin,
      mock: { defaultReply: textReply("ok", USAGE), compaction: { summary: SUMMARY } },
    });
    repo = await createThreadMindRepo("Compact project", "MAIN-MARKER-k0: root decisions.");
    await repo.startOn(await repo.addThread("Compaction work", "main", "COMPACT-MARKER-k1: where the work stands."));
    const run = (args: string[]) =>
      sandbox.run([...args, "--output-format", "json", ...PLUGIN_ARGS], { cwd: repo.dir, timeoutMs: RUN_TIMEOUT });
    const first = await run(["-p", "hello"]);
    expectSuccess(first);
    const id = first.messages.find((m) => m.type === "result")?.session_id;
    if (typeof id !== "string") throw new Error(describeRun(first));
    sessionId = id;
    expectSuccess(await run(["-p", "/compact", "--resume", sessionId]));
    expectSuccess(await run(["-p", "after the compaction", "--resume", sessionId]));
  }, 3 * RUN_TIMEOUT);
  afterAll(async () => {
    await sandbox?.dispose();
    repo?.cleanup();
  });

  it("records at PreCompact exactly the size of the last response, with trigger manual", () => {
    expect(sandbox.mock.requests.filter((r) => r.kind === "compaction")).toHaveLength(1);
    expect(repo.recorded().measurements.preCompacts).toEqual([
      expect.objectContaining({
        sessionId,
        reason: "manual",
        contextTokens: USAGE.input_tokens + USAGE.cache_creation_input_tokens + USAGE.cache_read_input_tokens,
        transcriptPath: transcriptPath(sandbox.home, repo.dir, sessionId),
      }),
    ]);
    const events = repo.recorded().measurements.hooksSeen.map((h) => h.event);
    expect(events.indexOf("PreCompact:manual")).toBeLessThan(events.indexOf("SessionStart:compact"));
  });

  it("injects the thread's context again after the compact boundary, and the next prompt carries it with the summary", () => {
    const records = readTranscript(transcriptPath(sandbox.home, repo.dir, sessionId));
    const afterBoundary = recordedContexts(records.slice(boundaryIndex(records)));
    expect(afterBoundary).toHaveLength(1);
    const context = afterBoundary[0] ?? "";
    expect(
      context.startsWith(`${THREADMIND_HEADER}after compaction: the context of thread "Compaction work" (compaction-work)`),
    ).toBe(true);
    expect(context).toContain("COMPACT-MARKER-k1");
    const after = bodyText(requestFor(sandbox.mock.requests, "after the compaction"));
    expect(after).toContain(SUMMARY);
    expect(after).toContain(CONTEXT_PREFIX + context);
    // The startup injection was compacted away: only the compact-time one is in the conversation.
    expect(after).not.toContain(`${THREADMIND_HEADER}at session start`);
  });

  it("records both injections of the session (startup, compact) as delivered", () => {
    const { injections } = repo.recorded().measurements;
    expect(injections.map((i) => [i.source, i.threadId, i.sessionId, i.receipt])).toEqual([
      ["startup", "compaction-work", sessionId, "delivered"],
      ["compact", "compaction-work", sessionId, "delivered"],
    ]);
  });
});
