// Guards compaction reading: compact_boundary trigger/preTokens/postTokens and the context sizes just before and after it.
import { describe, expect, it } from "vitest";
import { readTail, readTranscript } from "../../src/transcript/index.js";
import { assistant, compactBoundary, compactSummary, jsonl, tempDirPerTest, user } from "./transcript-builders.js";

const dir = tempDirPerTest();

describe("compaction boundaries", () => {
  it("record trigger, preTokens, postTokens (when present) and the contexts before and after", async () => {
    const path = await dir.file(
      "c.jsonl",
      jsonl([
        user("a"),
        assistant({ id: "msg_1", input: 3, cacheCreation: 1000, cacheRead: 150000, output: 10 }),
        assistant({ id: "msg_2", input: 3, cacheCreation: 2000, cacheRead: 168000, output: 10 }),
        compactBoundary({ trigger: "auto", preTokens: 170251 }),
        compactSummary(),
        assistant({ id: "msg_3", input: 3, cacheCreation: 30000, cacheRead: 6000, output: 10 }),
        assistant({ id: "msg_4", input: 3, cacheCreation: 9000, cacheRead: 36000, output: 10 }),
        compactBoundary({ trigger: "manual", preTokens: 45010, postTokens: 8000 }),
        compactSummary(),
      ]),
    );
    const reading = await readTranscript(path);
    expect(reading.compactions).toEqual([
      {
        lineNumber: 4,
        timestamp: expect.any(String),
        trigger: "auto",
        preTokens: 170251,
        postTokens: null,
        contextTokensBefore: 170003,
        contextTokensAfter: 36003,
      },
      {
        lineNumber: 8,
        timestamp: expect.any(String),
        trigger: "manual",
        preTokens: 45010,
        postTokens: 8000,
        contextTokensBefore: 45003,
        contextTokensAfter: null,
      },
    ]);
    expect(reading.peakContextTokens).toBe(170003);
    expect(reading.finalContextTokens).toBe(45003);
  });

  it("a boundary without compactMetadata is still a compaction, with unknown trigger and sizes", async () => {
    const path = await dir.file("c.jsonl", jsonl([compactBoundary(null), assistant({ id: "msg_1", input: 7, output: 1 })]));
    const reading = await readTranscript(path);
    expect(reading.compactions).toEqual([
      {
        lineNumber: 1,
        timestamp: expect.any(String),
        trigger: null,
        preTokens: null,
        postTokens: null,
        contextTokensBefore: null,
        contextTokensAfter: 7,
      },
    ]);
  });

  it("the tail reader walks back to the last boundary only when asked", async () => {
    const path = await dir.file(
      "c.jsonl",
      jsonl([
        assistant({ id: "msg_1", input: 3, cacheRead: 100000, output: 10 }),
        compactBoundary({ trigger: "manual", preTokens: 100003, postTokens: 5000 }),
        compactSummary(),
        assistant({ id: "msg_2", input: 3, cacheRead: 5000, output: 10 }),
        user("more"),
      ]),
    );
    const near = await readTail(path, { chunkSize: 64 });
    expect(near.contextTokens).toBe(5003);
    expect(near.compactBoundaries).toEqual([]);

    const back = await readTail(path, { chunkSize: 64, backToLastCompaction: true });
    expect(back.contextTokens).toBe(5003);
    expect(back.compactBoundaries).toMatchObject([{ trigger: "manual", preTokens: 100003, postTokens: 5000 }]);
    expect(back.reachedStartOfFile).toBe(false);
    expect(back.bytesRead).toBeGreaterThan(near.bytesRead);
  });

  it("a boundary written after the last response is found by the plain tail walk (PreCompact then compaction)", async () => {
    const path = await dir.file(
      "c.jsonl",
      jsonl([
        assistant({ id: "msg_1", input: 3, cacheRead: 90000, output: 10 }),
        compactBoundary({ trigger: "auto", preTokens: 90013 }),
        compactSummary(),
      ]),
    );
    const tail = await readTail(path);
    expect(tail.contextTokens).toBe(90003);
    expect(tail.compactBoundaries).toMatchObject([{ trigger: "auto", preTokens: 90013, postTokens: null }]);
  });
});
