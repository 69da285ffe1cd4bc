// The nudge needs to know this window's summary writes: only a Claude Code instance (CLAUDE_PID) can tell them.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { promptNudge, type PromptStore } from "../../src/hooks/prompt-nudge.js";
import { emptyLocalState } from "../../src/core/store/local-state.js";
import type { MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import type { SessionKey } from "../../src/core/types.js";
import { assistant, jsonl, user } from "../transcript/transcript-builders.js";

const dir = mkdtempSync(join(tmpdir(), "tm-nudge-instance-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const transcript = join(dir, "t.jsonl");
writeFileSync(transcript, jsonl([user("hi"), assistant({ id: "m1", input: 46_000, output: 5 })]));
// The conversation's first request, as measured at an earlier prompt: growth counts from this baseline.
const firstPrompt = join(dir, "first.jsonl");
writeFileSync(firstPrompt, jsonl([user("hi"), assistant({ id: "m0", input: 1_000, output: 5 })]));

function store(session: SessionKey, recorded: MeasurementEvent[]): PromptStore {
  const state = emptyLocalState();
  state.sessions[session.key] = { projectId: "p", threadId: "refunds", updatedAt: "t" };
  return {
    storeDir: join(dir, ".threadmind"),
    session,
    readState: () => state,
    instanceEvents: () => recorded, // the measurement log: what earlier prompts recorded
    projectIds: () => ["p"],
    branch: () => null,
    threadExists: () => true,
    recordEvents: async (events) => void recorded.push(...events),
  };
}

const input = {
  sessionId: "s",
  transcriptPath: transcript,
  cwd: dir,
  event: "UserPromptSubmit",
  source: null,
  reason: null,
  trigger: null,
  prompt: "go on",
};

describe("UserPromptSubmit and the instance", () => {
  it("nudges a Claude Code instance past the threshold", async () => {
    const recorded: MeasurementEvent[] = [];
    const instance = store({ key: "claude-77", pid: 77 }, recorded);
    expect(await promptNudge(instance, { ...input, transcriptPath: firstPrompt })).toEqual({}); // the baseline
    const out = await promptNudge(instance, input);
    expect(out.additionalContext).toContain("about 45,000 conversation tokens");
    expect(recorded.map((e) => (e.kind === "freshnessMark" ? e.mark : e.kind))).toEqual(["baseline", "nudge"]);
  });

  it("says nothing and records nothing without CLAUDE_PID (its writes cannot be told apart)", async () => {
    const recorded: MeasurementEvent[] = [];
    expect(await promptNudge(store({ key: "hook-session-s" }, recorded), input)).toEqual({});
    expect(recorded).toEqual([]);
  });

  it("says nothing for a slash command", async () => {
    const recorded: MeasurementEvent[] = [];
    expect(await promptNudge(store({ key: "claude-77", pid: 77 }, recorded), { ...input, prompt: "/clear" })).toEqual({});
    expect(recorded).toEqual([]);
  });
});
