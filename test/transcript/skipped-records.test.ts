// Guards the main-chain filter: sidechains, <synthetic>, API errors, progress (with embedded usage) and unknown types never count.
import { describe, expect, it } from "vitest";
import { classifyLine, readTail, readTranscript } from "../../src/transcript/index.js";
import {
  agentProgress,
  apiErrorRecord,
  assistant,
  fileHistorySnapshot,
  jsonl,
  tempDirPerTest,
  SESSION_ID,
  user,
} from "./transcript-builders.js";

const dir = tempDirPerTest();

describe("records left out of the main chain", () => {
  it("are counted by reason and never move context, output or response figures", async () => {
    const path = await dir.file(
      "s.jsonl",
      jsonl([
        fileHistorySnapshot(),
        user("hello"),
        assistant({ id: "msg_main1", input: 10, cacheCreation: 5000, cacheRead: 0, output: 100 }),
        assistant({ id: "msg_side1", input: 900000, output: 999, sidechain: true }),
        user("sidechain prompt", { isSidechain: true }),
        agentProgress(700000),
        assistant({ id: "msg_main2", input: 10, cacheCreation: 200, cacheRead: 5000, output: 50 }),
        assistant({ id: "msg_synth", model: "<synthetic>", input: 0, output: 0, requestId: null }),
        apiErrorRecord(),
        { type: "some-future-record", sessionId: SESSION_ID, payload: { usage: { input_tokens: 123456 } } },
        { type: "custom-title", customTitle: "x" },
      ]),
    );
    const reading = await readTranscript(path);
    expect(reading.skipped).toEqual({ sidechain: 2, synthetic: 1, "api-error": 1, progress: 1, "unknown-type": 2 });
    expect(reading.apiResponses).toBe(2);
    expect(reading.totals.outputTokens).toBe(150);
    expect(reading.finalContextTokens).toBe(5210);
    expect(reading.peakContextTokens).toBe(5210);
    expect(reading.malformedLines).toBe(0);
    expect(reading.lines).toBe(11);

    const tail = await readTail(path);
    expect(tail.contextTokens).toBe(5210);
    // The tail counts skip reasons of the lines it parses: the two unknown records cannot be a response, so are not parsed.
    expect(tail.skipped).toEqual({ sidechain: 0, synthetic: 1, "api-error": 1, progress: 0, "unknown-type": 0 });
    expect([tail.lines, tail.unparsedLines]).toEqual([5, 2]);
  });

  it("an API error is classified as api-error even though its model is <synthetic>", () => {
    const line = classifyLine(JSON.stringify(apiErrorRecord()));
    expect(line).toMatchObject({ kind: "skipped", reason: "api-error" });
  });

  it("a sidechain record is skipped as sidechain whatever its type", () => {
    const line = classifyLine(JSON.stringify({ type: "progress", isSidechain: true, data: { type: "hook_progress" } }));
    expect(line).toMatchObject({ kind: "skipped", reason: "sidechain" });
  });

  it("a file of main-chain records other than assistant has no context figures", async () => {
    const path = await dir.file("u.jsonl", jsonl([user("a"), user("b")]));
    const reading = await readTranscript(path);
    expect(reading.finalContextTokens).toBeNull();
    expect(reading.peakContextTokens).toBeNull();
    expect(reading.firstContextTokens).toBeNull();
    expect(reading.sessionIds).toEqual([SESSION_ID]);
  });
});
