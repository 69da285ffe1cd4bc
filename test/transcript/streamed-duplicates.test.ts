// Guards dedup of streamed copies: one API response written as several records must count once, with its final output_tokens.
import { describe, expect, it } from "vitest";
import { readTranscript, SessionAccumulator } from "../../src/transcript/index.js";
import { assistant, jsonl, tempDirPerTest, user } from "./transcript-builders.js";

const dir = tempDirPerTest();

describe("streamed copies of one API response", () => {
  it("count as one response whose output is the final (largest) copy's", async () => {
    const path = await dir.file(
      "s.jsonl",
      jsonl([
        user("hello"),
        assistant({ id: "msg_A", input: 5, cacheCreation: 1000, cacheRead: 20000, output: 1 }),
        assistant({ id: "msg_A", input: 5, cacheCreation: 1000, cacheRead: 20000, output: 9 }),
        assistant({ id: "msg_A", input: 5, cacheCreation: 1000, cacheRead: 20000, output: 640 }),
        user("tool result"),
        assistant({ id: "msg_B", input: 2, cacheCreation: 700, cacheRead: 21005, output: 3 }),
        assistant({ id: "msg_B", input: 2, cacheCreation: 700, cacheRead: 21005, output: 88 }),
      ]),
    );
    const reading = await readTranscript(path);
    expect(reading.apiResponses).toBe(2);
    expect(reading.assistantRecords).toBe(5);
    expect(reading.totals).toEqual({
      inputTokens: 7,
      cacheCreationInputTokens: 1700,
      cacheReadInputTokens: 41005,
      outputTokens: 728,
    });
    expect(reading.models).toEqual([{ model: "claude-opus-4-6", apiResponses: 2, outputTokens: 728 }]);
    expect(reading.firstContextTokens).toBe(21005);
    expect(reading.finalContextTokens).toBe(21707);
    expect(reading.peakContextTokens).toBe(21707);
  });

  it("keep the largest copy even when a smaller copy is written later or copies interleave", () => {
    const acc = new SessionAccumulator();
    for (const record of [
      assistant({ id: "msg_A", output: 10 }),
      assistant({ id: "msg_B", output: 5 }),
      assistant({ id: "msg_A", output: 300 }),
      assistant({ id: "msg_A", output: 12 }),
      assistant({ id: "msg_B", output: 70 }),
    ]) {
      acc.addLine(JSON.stringify(record));
    }
    const figures = acc.result();
    expect(figures.apiResponses).toBe(2);
    expect(figures.totals.outputTokens).toBe(370);
  });

  it("same message.id with different requestIds are different responses", () => {
    const acc = new SessionAccumulator();
    acc.addLine(JSON.stringify(assistant({ id: "msg_A", requestId: "req_1", output: 10 })));
    acc.addLine(JSON.stringify(assistant({ id: "msg_A", requestId: "req_2", output: 20 })));
    expect(acc.result().apiResponses).toBe(2);
    expect(acc.result().totals.outputTokens).toBe(30);
  });

  it("records without requestId fall back to message.id alone", () => {
    const acc = new SessionAccumulator();
    acc.addLine(JSON.stringify(assistant({ id: "msg_A", requestId: null, output: 4 })));
    acc.addLine(JSON.stringify(assistant({ id: "msg_A", requestId: null, output: 40 })));
    acc.addLine(JSON.stringify(assistant({ id: "msg_C", requestId: null, output: 1 })));
    const figures = acc.result();
    expect(figures.apiResponses).toBe(2);
    expect(figures.totals.outputTokens).toBe(41);
    expect(figures.lastAssistant?.requestId).toBeNull();
  });

  it("per-model figures follow the kept copies across models", () => {
    const acc = new SessionAccumulator();
    acc.addLine(JSON.stringify(assistant({ id: "msg_A", model: "claude-opus-4-6", output: 5 })));
    acc.addLine(JSON.stringify(assistant({ id: "msg_B", model: "claude-haiku-4-5", output: 7 })));
    acc.addLine(JSON.stringify(assistant({ id: "msg_A", model: "claude-opus-4-6", output: 50 })));
    expect(acc.result().models).toEqual([
      { model: "claude-opus-4-6", apiResponses: 1, outputTokens: 50 },
      { model: "claude-haiku-4-5", apiResponses: 1, outputTokens: 7 },
    ]);
  });
});
