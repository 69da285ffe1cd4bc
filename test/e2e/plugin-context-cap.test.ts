// Real Claude Code + the plugin: a context that would pass 10,000 characters is budgeted to arrive whole, never as a preview.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { listTranscripts, readTranscript } from "../support/claude-transcripts.js";
import type { TranscriptRecord } from "../support/claude-transcripts.js";
import { CONTEXT_PREFIX, PLUGIN_ARGS, bodyText, hookResponses, recordedContexts, shownToUser } from "../support/plugin-e2e.js";
import type { HookResponse } from "../support/plugin-e2e.js";
import { describeRun } from "../support/run-claude.js";
import type { ClaudeRun } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const CAP = 10_000;
const DEPTH = 8; // main + 7 descendants, the deepest active

/** A plain summary (no sections: an ancestor contributes all of it) of about `chars` characters around a marker. */
function longSummary(marker: string, chars: number, tail = ""): string {
  const sentence = "The parser keeps one token of lookahead and reports errors with the line and column of the offending token. ";
  return `${marker}: ${sentence.repeat(Math.ceil(chars / sentence.length))}`.slice(0, chars) + tail;
}

describe.skipIf(!availability.available)("plugin with a context over the 10,000-character cap (real Claude Code)", () => {
  let sandbox: ClaudeSandbox;
  let repo: ThreadMindRepo;
  let run: ClaudeRun;
  let records: TranscriptRecord[];
  let response: HookResponse;
  let context: string;
  let summariesChars = 0;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({ bin });
    repo = await createThreadMindRepo("Deep project", longSummary("ANCESTOR-0-MARKER", 1_900));
    summariesChars += 1_900;
    let parent = "main";
    for (let depth = 1; depth < DEPTH - 1; depth += 1) {
      parent = await repo.addThread(`Level ${depth}`, parent, longSummary(`ANCESTOR-${depth}-MARKER`, 1_900));
      summariesChars += 1_900;
    }
    const active = await repo.addThread("Deepest work", parent, longSummary("ACTIVE-START-MARKER", 2_500, " ACTIVE-END-MARKER"));
    summariesChars += 2_500;
    await repo.startOn(active);
    run = await sandbox.run([...PLUGIN_ARGS], { cwd: repo.dir, turns: ["hello with a deep thread"], timeoutMs: RUN_TIMEOUT });
    expect(run.exitCode, describeRun(run)).toBe(0);
    const [transcript] = listTranscripts(sandbox.home, repo.dir);
    records = readTranscript(transcript ?? "");
    const responses = hookResponses(run.messages).filter((r) => r.hookName === "SessionStart:startup");
    expect(responses).toHaveLength(1);
    response = responses[0]!;
    context = response.printed.additionalContext ?? "";
  }, RUN_TIMEOUT);
  afterAll(async () => {
    await sandbox?.dispose();
    repo?.cleanup();
  });

  it("starts from summaries that together exceed the cap", () => {
    expect(summariesChars).toBeGreaterThan(CAP + 5_000);
  });

  it("prints a context of at most 10,000 characters, header included, keeping the active summary whole", () => {
    expect(response.exitCode).toBe(0);
    expect(context.length).toBeLessThanOrEqual(CAP);
    expect(context.length).toBeGreaterThan(CAP - 2_000); // the budget is used, not wasted
    expect(context).toContain('the context of thread "Deepest work" (deepest-work)');
    expect(context).toContain("ACTIVE-START-MARKER");
    expect(context).toContain("ACTIVE-END-MARKER");
  });

  it("leaves out the farthest ancestors first and says so in the context", () => {
    expect(context).toContain(`ANCESTOR-${DEPTH - 2}-MARKER`); // the parent
    expect(context).not.toContain("ANCESTOR-0-MARKER"); // the root
    // A bounded notice: counted, the nearest few named; the walk stopped at the budget, so farther ones were not read.
    expect(context).toMatch(/Left out to fit the budget: \d+ farther ancestor threads? \(nearest first: Level \d+[;,)]/);
  });

  it("delivers the whole context to the model, never a <persisted-output> preview", () => {
    expect(recordedContexts(records)).toEqual([context]);
    const text = bodyText(sandbox.mock.messageRequests()[0]);
    expect(text).toContain(CONTEXT_PREFIX + context);
    expect(text).not.toContain("<persisted-output>");
  });

  it("tells the user what was left out (systemMessage shown as a hook message) and records the omission", () => {
    const omitted = /\((\d+)\+? ancestors? left out/.exec(response.printed.systemMessage ?? "")?.[1];
    expect(response.printed.systemMessage).toMatch(/^ThreadMind: context of "deepest-work" trimmed to fit 10,000 characters/);
    expect(shownToUser(records)).toEqual([response.printed.systemMessage]);
    const [injection, ...others] = repo.recorded().measurements.injections;
    expect(others).toEqual([]);
    expect(injection).toMatchObject({
      threadId: "deepest-work",
      chars: context.length,
      omitted: Number(omitted),
      receipt: "delivered",
    });
    expect(injection?.omitted).toBeGreaterThan(0);
  });
});
