// Guards the backward walk's edges: lines split across chunks, a line cut mid-write, and non-main records after the last response.
import { describe, expect, it } from "vitest";
import { readTail, readTranscript } from "../../src/transcript/index.js";
import { agentProgress, apiErrorRecord, assistant, hookInjection, jsonl, tempDirPerTest, user } from "./transcript-builders.js";

const dir = tempDirPerTest();

describe("tail reader edges", () => {
  it("walks back past sidechain, synthetic, API-error and progress records to the last main-chain response", async () => {
    const path = await dir.file(
      "s.jsonl",
      jsonl([
        assistant({ id: "msg_1", input: 3, cacheRead: 1000, output: 5 }),
        assistant({ id: "msg_main", input: 3, cacheCreation: 400, cacheRead: 2000, output: 5 }),
        user("x"),
        assistant({ id: "msg_side", input: 999999, output: 5, sidechain: true }),
        agentProgress(888888),
        assistant({ id: "msg_synth", model: "<synthetic>", input: 0, output: 0, requestId: null }),
        apiErrorRecord(),
      ]),
    );
    const tail = await readTail(path, { chunkSize: 100 });
    expect(tail.lastAssistant?.messageId).toBe("msg_main");
    expect(tail.contextTokens).toBe(2403);
    expect(tail.skipped).toEqual({ sidechain: 1, synthetic: 1, "api-error": 1, progress: 1, "unknown-type": 0 });
    expect(tail.lines).toBe(6);
  });

  it("a last line cut mid-write across several small chunks is counted truncated and the walk goes on", async () => {
    const cut = JSON.stringify(assistant({ id: "msg_next", input: 3, cacheRead: 9999, output: 1, text: "é".repeat(500) }));
    const path = await dir.file(
      "t.jsonl",
      jsonl([user("a"), assistant({ id: "msg_1", input: 3, cacheRead: 7000, output: 2 })]) + cut.slice(0, 700),
    );
    const tail = await readTail(path, { chunkSize: 37 });
    expect(tail.truncatedLastLine).toBe(true);
    expect(tail.malformedLines).toBe(1);
    expect(tail.contextTokens).toBe(7003);
  });

  it("gives the same answer for every chunk size, including chunks that split lines and UTF-8 characters", async () => {
    const content = jsonl([
      ...hookInjection("contexte injecté — 漢字 🚀 ".repeat(8), "startup"),
      user("première question ✓"),
      assistant({ id: "msg_1", input: 3, cacheRead: 1000, output: 5, text: "réponse 漢字 🚀" }),
      assistant({ id: "msg_2", input: 3, cacheCreation: 77, cacheRead: 1000, output: 5, text: "🚀".repeat(40) }),
      assistant({ id: "msg_side", input: 5, output: 5, sidechain: true, text: "ü".repeat(90) }),
      user("dernière ✓"),
    ]);
    const path = await dir.file("u.jsonl", content);
    const whole = await readTranscript(path);
    const reference = await readTail(path, { chunkSize: content.length * 4, backToLastCompaction: true });
    expect(reference.reachedStartOfFile).toBe(true);
    expect(reference.hookContexts).toHaveLength(1);
    expect(reference.lastAssistant).toEqual(whole.lastAssistant);
    const chunkSizes = [...Array.from({ length: 160 }, (_, i) => i + 1), 199, 256, 333, 400, 512, 1024];
    for (const chunkSize of chunkSizes) {
      const near = await readTail(path, { chunkSize });
      expect(near.lastAssistant).toEqual(whole.lastAssistant);
      expect(near.malformedLines).toBe(0);
      const back = await readTail(path, { chunkSize, backToLastCompaction: true });
      expect(back).toEqual({ ...reference, bytesRead: back.bytesRead });
      expect(back.bytesRead).toBe(back.fileSize);
    }
  });

  it("a file that is a single line without any newline is read whole", async () => {
    const path = await dir.file("one.jsonl", JSON.stringify(assistant({ id: "msg_1", input: 3, cacheRead: 500, output: 1 })));
    for (const chunkSize of [1, 7, 64, 65536]) {
      const tail = await readTail(path, { chunkSize });
      expect(tail.contextTokens).toBe(503);
      expect(tail.lines).toBe(1);
      expect(tail.truncatedLastLine).toBe(false);
    }
  });

  it("blank lines, including a blank first line, are walked over", async () => {
    const path = await dir.file(
      "b.jsonl",
      `\n${jsonl([assistant({ id: "msg_1", input: 3, cacheRead: 10, output: 1 })])}\n\n${jsonl([user("a")])}`,
    );
    const tail = await readTail(path, { chunkSize: 5, backToLastCompaction: true });
    expect(tail.contextTokens).toBe(13);
    // "\n" A "\n" "\n\n" U "\n": five lines, three of them blank (the final newline ends U, it starts no line).
    expect(tail.lines).toBe(5);
    expect(tail.reachedStartOfFile).toBe(true);
    const whole = await readTranscript(path);
    expect(whole.lines).toBe(5);
    expect(whole.blankLines).toBe(3);
  });
});
