// Guards malformed-line handling: bad lines are counted and skipped, a truncated last line (mid-write) is normal, never fatal.
import { describe, expect, it } from "vitest";
import { classifyLine, readHead, readTail, readTranscript } from "../../src/transcript/index.js";
import { assistant, jsonl, tempDirPerTest, user } from "./transcript-builders.js";

const dir = tempDirPerTest();

describe("malformed lines", () => {
  it("are counted with their line numbers and skipped; the figures come from the good lines", async () => {
    const content =
      jsonl([user("a"), assistant({ id: "msg_1", input: 1, cacheRead: 1000, output: 5 })]) +
      "{not json\n" +
      "\n" +
      '"a string"\n' +
      '{"no":"type"}\n' +
      jsonl([assistant({ id: "msg_2", input: 1, cacheRead: 2000, output: 7 })]);
    const reading = await readTranscript(await dir.file("m.jsonl", content));
    expect(reading.malformedLines).toBe(3);
    expect(reading.blankLines).toBe(1);
    expect(reading.malformedSamples.map((m) => m.lineNumber)).toEqual([3, 5, 6]);
    expect(reading.malformedSamples[0]?.problem).toMatch(/^not JSON/);
    expect(reading.truncatedLastLine).toBe(false);
    expect(reading.apiResponses).toBe(2);
    expect(reading.finalContextTokens).toBe(2001);
  });

  it("an assistant record without usable usage is malformed, not guessed", () => {
    const record = assistant({ id: "msg_1", output: 5 });
    const message = record.message as Record<string, unknown>;
    delete message.usage;
    expect(classifyLine(JSON.stringify(record))).toEqual({
      kind: "malformed",
      problem: "assistant record: message.usage is missing or not an object",
    });

    const negative = assistant({ id: "msg_2", output: -1 });
    expect(classifyLine(JSON.stringify(negative))).toMatchObject({ kind: "malformed" });
  });

  it("null or absent cache fields read as zero (the API documents them as nullable)", () => {
    const record = assistant({ id: "msg_1", input: 40, output: 5 });
    const usage = (record.message as { usage: Record<string, unknown> }).usage;
    usage.cache_creation_input_tokens = null;
    delete usage.cache_read_input_tokens;
    expect(classifyLine(JSON.stringify(record))).toMatchObject({ kind: "assistant", record: { contextTokens: 40 } });
  });

  it("a last line cut mid-write is counted as malformed and flagged truncated, in every reader", async () => {
    const complete = jsonl([user("a"), assistant({ id: "msg_1", input: 2, cacheRead: 3000, output: 9 })]);
    const next = JSON.stringify(assistant({ id: "msg_2", input: 2, cacheRead: 9000, output: 1 }));
    const path = await dir.file("t.jsonl", complete + next.slice(0, next.length - 40));

    const reading = await readTranscript(path);
    expect(reading.truncatedLastLine).toBe(true);
    expect(reading.malformedLines).toBe(1);
    expect(reading.finalContextTokens).toBe(3002);

    const tail = await readTail(path);
    expect(tail.truncatedLastLine).toBe(true);
    expect(tail.contextTokens).toBe(3002);

    // The head stops at the first response, before the cut line; a file cut before any response shows it.
    const head = await readHead(path);
    expect(head.stoppedAtFirstResponse).toBe(true);
    expect(head.truncatedLastLine).toBe(false);
    const cutEarly = await dir.file("e.jsonl", jsonl([user("a")]) + next.slice(0, next.length - 40));
    const early = await readHead(cutEarly);
    expect(early.reachedEndOfFile).toBe(true);
    expect(early.truncatedLastLine).toBe(true);
    expect(early.malformedLines).toBe(1);
  });

  it("a cut last line is reported by the tail and head readers even when it could not be a needed record", async () => {
    const cutUser = JSON.stringify(user("x".repeat(200))).slice(0, 120);
    const path = await dir.file(
      "c.jsonl",
      jsonl([assistant({ id: "msg_1", input: 2, cacheRead: 3000, output: 9 }), user("a")]) + cutUser,
    );
    const tail = await readTail(path);
    expect(tail.truncatedLastLine).toBe(true);
    expect(tail.malformedLines).toBe(1);
    expect(tail.unparsedLines).toBe(1); // the complete user line only
    const headOnly = await dir.file("d.jsonl", jsonl([user("a")]) + cutUser);
    const head = await readHead(headOnly);
    expect([head.truncatedLastLine, head.malformedLines, head.unparsedLines]).toEqual([true, 1, 1]);
  });

  it("a complete last line without a final newline is a record, not a truncation", async () => {
    const content = jsonl([user("a")]) + JSON.stringify(assistant({ id: "msg_1", input: 2, cacheRead: 3000, output: 9 }));
    const path = await dir.file("n.jsonl", content);
    const reading = await readTranscript(path);
    expect(reading.truncatedLastLine).toBe(false);
    expect(reading.malformedLines).toBe(0);
    expect(reading.finalContextTokens).toBe(3002);
    const tail = await readTail(path);
    expect(tail.truncatedLastLine).toBe(false);
    expect(tail.contextTokens).toBe(3002);
  });
});
