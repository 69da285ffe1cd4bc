// Guards the head reader's byte bound: it never reads past maxBytes and never classifies a line the bound cut.
import { describe, expect, it } from "vitest";
import { readHead } from "../../src/transcript/index.js";
import { assistant, hookInjection, jsonl, tempDirPerTest, user } from "./transcript-builders.js";

const dir = tempDirPerTest();

describe("head reader byte bound", () => {
  it("leaves out a line cut by the bound and reports it", async () => {
    const first = jsonl(hookInjection("context A", "clear"));
    const second = jsonl([user("a long prompt ".repeat(50))]);
    const path = await dir.file("h.jsonl", first + second + jsonl([assistant({ id: "msg_1", output: 1 })]));
    const maxBytes = Buffer.byteLength(first) + 10;
    const head = await readHead(path, { maxBytes });
    expect(head.bytesRead).toBe(maxBytes);
    expect(head.reachedEndOfFile).toBe(false);
    expect(head.cutAtByteBound).toBe(true);
    // The hook_success attachment is walked (lines) but not parsed: it cannot be an injection or a response.
    expect(head.records.map((r) => r.kind)).toEqual(["hook-context"]);
    expect(head.lines).toBe(2);
    expect(head.unparsedLines).toBe(1);
    expect(head.stoppedAtFirstResponse).toBe(false);
    expect(head.malformedLines).toBe(0);
    expect(head.truncatedLastLine).toBe(false);
  });

  it("a bound that falls right after a newline cuts nothing", async () => {
    const first = jsonl(hookInjection("context A", "clear"));
    const path = await dir.file("h.jsonl", first + jsonl([user("b")]));
    const head = await readHead(path, { maxBytes: Buffer.byteLength(first) });
    expect(head.cutAtByteBound).toBe(false);
    expect(head.reachedEndOfFile).toBe(false);
    expect(head.hookContexts.map((h) => h.text)).toEqual(["context A"]);
  });

  it("a bound larger than the file reads the file once, to its end", async () => {
    const content = jsonl([user("a"), assistant({ id: "msg_1", output: 1 })]);
    const path = await dir.file("h.jsonl", content);
    const head = await readHead(path, { maxBytes: 1_000_000 });
    expect(head.bytesRead).toBe(Buffer.byteLength(content));
    expect(head.reachedEndOfFile).toBe(true);
    expect(head.stoppedAtFirstResponse).toBe(true);
    expect(head.records.map((r) => r.kind)).toEqual(["assistant"]);
    expect([head.lines, head.unparsedLines]).toEqual([2, 1]);
  });
});
