// Guards readHookAttachments, the recall receipts' read of an untrusted transcript: it starts at the offset the hook
// noted (a line the offset cuts is skipped; an offset past the end, a replaced file, reads from the start), stops at the
// attachment it looks for, reads no more than its byte bound, takes sidechain (subagent) records too, and opens only
// regular files.
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readHookAttachments, type HookAttachment } from "../../src/transcript/read-hook-attachments.js";
import { TranscriptReadError } from "../../src/transcript/transcript-file.js";
import { assistant, jsonl, preToolUseInjection, subagentStartInjection, tempDirPerTest, user } from "./transcript-builders.js";

const dir = tempDirPerTest();
const tool = (id: string) => (a: HookAttachment) => a.hookEvent === "PreToolUse" && a.toolUseId === id;

describe("readHookAttachments", () => {
  it("reads from the offset and stops at the attachment it looks for", async () => {
    const head = jsonl([user("before"), ...preToolUseInjection("FIRST", "toolu_1")]);
    const path = await dir.file(
      "t.jsonl",
      head +
        jsonl([
          ...preToolUseInjection("SECOND", "toolu_2"),
          ...preToolUseInjection("THIRD", "toolu_3"),
          assistant({ id: "m", output: 1 }),
        ]),
    );
    const read = await readHookAttachments(path, { from: Buffer.byteLength(head), maxBytes: 1 << 20, until: tool("toolu_2") });
    expect(read.matched).toBe(true);
    expect(read.found.map((a) => [a.text, a.toolUseId])).toEqual([["SECOND", "toolu_2"]]);
    // From a cut line on: the cut line is skipped, the next whole one read.
    const cut = await readHookAttachments(path, { from: Buffer.byteLength(head) - 5, maxBytes: 1 << 20, until: tool("toolu_3") });
    expect(cut.found.map((a) => a.text)).toEqual(["SECOND", "THIRD"]);
  });

  it("reads no more than its byte bound past the offset", async () => {
    const filler = jsonl(Array.from({ length: 200 }, (_, i) => user(`filler ${i} ${"x".repeat(500)}`)));
    const path = await dir.file("t.jsonl", filler + jsonl(preToolUseInjection("LATE", "toolu_9")));
    const bounded = await readHookAttachments(path, { from: 0, maxBytes: 64 * 1024, until: tool("toolu_9") });
    expect(statSync(path).size).toBeGreaterThan(64 * 1024);
    expect(bounded).toMatchObject({ matched: false, found: [] });
    const whole = await readHookAttachments(path, { from: 0, maxBytes: 1 << 20, until: tool("toolu_9") });
    expect(whole.matched).toBe(true);
  });

  it("reads a replaced file (shorter than the offset) from its start, and takes a subagent file's sidechain records", async () => {
    const path = await dir.file(
      "agent-a1.jsonl",
      jsonl([user("task", { isSidechain: true }), ...subagentStartInjection("LEAN", "a1")]),
    );
    const read = await readHookAttachments(path, {
      from: statSync(path).size + 1000,
      maxBytes: 1 << 20,
      until: (a) => a.hookEvent === "SubagentStart",
    });
    expect(read.found.map((a) => a.text)).toEqual(["LEAN"]);
  });

  it("opens only regular files: a directory and a FIFO are refused, a missing file says ENOENT", async () => {
    const options = { from: 0, maxBytes: 1024, until: () => true };
    const folder = join(dir.path, "folder.jsonl");
    mkdirSync(folder);
    await expect(readHookAttachments(folder, options)).rejects.toBeInstanceOf(TranscriptReadError);
    const fifo = join(dir.path, "fifo.jsonl");
    execFileSync("mkfifo", [fifo]);
    await expect(readHookAttachments(fifo, options)).rejects.toBeInstanceOf(TranscriptReadError);
    await expect(readHookAttachments(join(dir.path, "none.jsonl"), options)).rejects.toMatchObject({ code: "ENOENT" });
  });
});
