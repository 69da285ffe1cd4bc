// Guards the tail reader's cost: on a large transcript it reads a bounded number of bytes and agrees with the stream reader.
import { createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { once } from "node:events";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TAIL_CHUNK_BYTES, readTail, readTranscript } from "../../src/transcript/index.js";
import { agentProgress, assistant, jsonl, makeTempDir, user } from "./transcript-builders.js";
import type { TempDir } from "./transcript-builders.js";

const TARGET_BYTES = 64 * 1024 * 1024;
const SUFFIX_BYTES = 20 * 1024;
const TOOL_OUTPUT = "lorem ipsum dolor sit amet ".repeat(150);

/** One turn: a tool result, one response streamed as three copies, a progress record with embedded usage. */
function turn(index: number): string {
  const id = `msg_${index}`;
  const cacheRead = 20000 + (index % 5000) * 30;
  const usage = { input: 3, cacheCreation: 500 + (index % 7), cacheRead };
  return jsonl([
    user(`tool result ${index}: ${TOOL_OUTPUT}`),
    assistant({ id, ...usage, output: 2, text: "thinking" }),
    assistant({ id, ...usage, output: 40, text: TOOL_OUTPUT.slice(0, 1500) }),
    agentProgress(900000 + index),
    assistant({ id, ...usage, output: 311, text: "done" }),
  ]);
}

async function writeLargeTranscript(path: string): Promise<number> {
  const out = createWriteStream(path);
  let written = 0;
  let index = 0;
  while (written < TARGET_BYTES) {
    let block = "";
    for (let i = 0; i < 200; i++) block += turn(index++);
    written += Buffer.byteLength(block);
    if (!out.write(block)) await once(out, "drain");
  }
  // Trailing records after the last response, as at the end of a real turn.
  const tailRecords = jsonl([
    user("last tool result"),
    { type: "system", subtype: "turn_duration", durationMs: 1234, isSidechain: false },
  ]);
  out.end(tailRecords);
  await once(out, "finish");
  return index;
}

/** The complete lines within the last `bytes` bytes of a file: a small file with exactly the same ending. */
async function lastCompleteLines(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(bytes);
    await handle.read(buffer, 0, bytes, size - bytes);
    return buffer.subarray(buffer.indexOf(0x0a) + 1);
  } finally {
    await handle.close();
  }
}

let dir: TempDir;
let largePath: string;
let smallPath: string;
let turns: number;

beforeAll(async () => {
  dir = await makeTempDir();
  largePath = join(dir.path, "large.jsonl");
  turns = await writeLargeTranscript(largePath);
  smallPath = await dir.file("small.jsonl", await lastCompleteLines(largePath, SUFFIX_BYTES));
});
afterAll(async () => {
  await dir.remove();
});

describe("tail reader on a large transcript", () => {
  it("returns the stream reader's final context while reading at most two chunks", async () => {
    const whole = await readTranscript(largePath);
    expect(whole.bytesRead).toBeGreaterThan(TARGET_BYTES);
    expect(whole.apiResponses).toBe(turns);
    expect(whole.malformedLines).toBe(0);

    const tail = await readTail(largePath);
    expect(tail.fileSize).toBe(whole.bytesRead);
    expect(tail.contextTokens).toBe(whole.finalContextTokens);
    expect(tail.lastAssistant).toEqual(whole.lastAssistant);
    expect(tail.reachedStartOfFile).toBe(false);
    expect(tail.bytesRead).toBeLessThanOrEqual(2 * DEFAULT_TAIL_CHUNK_BYTES);
  });

  it("reads exactly as many bytes from a 64 MB file as from a 20 KB file with the same ending", async () => {
    const small = await readTail(smallPath, { chunkSize: 1024 });
    const large = await readTail(largePath, { chunkSize: 1024 });
    expect(small.fileSize).toBeLessThanOrEqual(SUFFIX_BYTES);
    expect(large.fileSize).toBeGreaterThan(TARGET_BYTES);
    expect(small.reachedStartOfFile).toBe(false);
    expect(large.bytesRead).toBe(small.bytesRead);
    expect(large.lastAssistant).toEqual(small.lastAssistant);
    expect(large.lastAssistant?.usage.outputTokens).toBe(311);
  });

  it("with maxBytes, stops at the limit when the stop condition is farther back", async () => {
    const tail = await readTail(largePath, { maxBytes: 10_000, backToLastCompaction: true });
    expect(tail.stoppedAtByteLimit).toBe(true);
    expect(tail.bytesRead).toBe(10_000);
    expect(tail.compactBoundaries).toEqual([]);
    expect(tail.lastAssistant).not.toBeNull();
  });
});
