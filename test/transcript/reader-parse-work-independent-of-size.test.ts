// Guards the hooks' reading cost: the tail walk and the head read JSON.parse only the records they need, however big the file.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readHead, readTail, DEFAULT_HEAD_CHUNK_BYTES } from "../../src/transcript/index.js";
import type { HeadReading, TailReading } from "../../src/transcript/index.js";
import {
  agentProgress,
  assistant,
  compactBoundary,
  compactSummary,
  hookInjection,
  jsonl,
  makeTempDir,
  SESSION_ID,
  user,
} from "./transcript-builders.js";
import type { TempDir } from "./transcript-builders.js";

const TOOL_OUTPUT = "lorem ipsum dolor sit amet ".repeat(80);

/** A turn of the kind that fills a long session: tool results, progress with embedded usage, streamed responses. */
function fillerTurn(index: number): string {
  const id = `msg_fill_${index}`;
  return jsonl([
    user(`tool result ${index}: ${TOOL_OUTPUT}`),
    assistant({ id, input: 3, cacheRead: 20_000 + index, output: 2 }),
    agentProgress(900_000 + index),
    assistant({ id, input: 3, cacheRead: 20_000 + index, output: 300, text: TOOL_OUTPUT.slice(0, 800) }),
  ]);
}

/** startup injection, first response, `turns` filler turns, compaction + its injection, `turns` more, last response. */
function session(turns: number): string {
  const filler = Array.from({ length: turns }, (_, i) => fillerTurn(i)).join("");
  return (
    jsonl([
      ...hookInjection("startup context", "startup"),
      user("first prompt"),
      assistant({ id: "msg_first", input: 3, cacheCreation: 9_000, output: 20 }),
    ]) +
    filler +
    jsonl([
      compactBoundary({ trigger: "auto", preTokens: 170_000, postTokens: 4_000 }),
      compactSummary(),
      ...hookInjection("compact context", "compact"),
    ]) +
    filler +
    jsonl([
      assistant({ id: "msg_last", input: 3, cacheRead: 4_200, output: 9 }),
      user("last tool result"),
      { type: "system", subtype: "turn_duration", durationMs: 1, sessionId: SESSION_ID },
    ])
  );
}

/** The transcript lines JSON.parse saw while `read` ran (this test's records all carry SESSION_ID), by record type. */
async function parsedTypes<T>(read: () => Promise<T>): Promise<{ result: T; types: string[]; chars: number }> {
  const parse = vi.spyOn(JSON, "parse");
  let result: T;
  let lines: string[];
  try {
    result = await read();
    lines = parse.mock.calls.map(([text]) => text).filter((text) => text.includes(SESSION_ID));
  } finally {
    parse.mockRestore();
  }
  const types = lines.map((text) => String((JSON.parse(text) as { type?: unknown }).type));
  return { result, types, chars: lines.reduce((sum, text) => sum + text.length, 0) };
}

let dir: TempDir;
let smallPath: string;
let largePath: string;
beforeAll(async () => {
  dir = await makeTempDir();
  smallPath = await dir.file("small.jsonl", session(2));
  largePath = await dir.file("large.jsonl", session(1_500));
});
afterAll(async () => {
  await dir.remove();
});

describe("parse work of the hooks' readers", () => {
  it("the walk back to the last compaction parses the last response, the injection and the boundary, whatever lies between", async () => {
    const options = { backToLastCompaction: true };
    const small = await parsedTypes<TailReading>(() => readTail(smallPath, options));
    const large = await parsedTypes<TailReading>(() => readTail(largePath, options));
    expect(large.result.bytesRead).toBeGreaterThan(3_000_000);
    expect(large.result.compactBoundaries).toHaveLength(1);
    expect(large.result.hookContexts.map((h) => h.text)).toEqual(["compact context"]);
    expect(large.result.lastAssistant?.messageId).toBe("msg_last");
    // Walking back: the last response, then (responses no longer needed) only the injection and the boundary.
    expect(large.types).toEqual(["assistant", "attachment", "system"]);
    expect(large.types).toEqual(small.types);
    expect(large.chars).toBe(small.chars);
    // Every other line was walked and counted, not parsed.
    expect(large.result.unparsedLines).toBe(large.result.lines - 3);
    expect(large.result.lines - small.result.lines).toBe(4 * (1_500 - 2));
  });

  it("the head read parses the startup injection and the first response, then stops reading", async () => {
    const small = await parsedTypes<HeadReading>(() => readHead(smallPath));
    const large = await parsedTypes<HeadReading>(() => readHead(largePath));
    expect(large.result.stoppedAtFirstResponse).toBe(true);
    expect(large.result.hookContexts.map((h) => h.text)).toEqual(["startup context"]);
    expect(large.result.bytesRead).toBeLessThanOrEqual(DEFAULT_HEAD_CHUNK_BYTES);
    expect(large.types).toEqual(["attachment", "assistant"]);
    expect(large.types).toEqual(small.types);
    expect(large.chars).toBe(small.chars);
    // hook_success, injection, prompt, first response: the two that cannot be needed are walked, not parsed.
    expect([large.result.lines, large.result.unparsedLines]).toEqual([4, 2]);
  });
});
