// Guards the cost of UserPromptSubmit's size read under Codex (#28): on a ~200 MB rollout the tail stops at the last
// response, one chunk from the end, and gives the size a small rollout of the same last turns gives; what lies before
// (lines that would be counted malformed if read, a sparse 200 MB gap) is never read.
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { conversationSize } from "../../src/core/freshness/conversation-size.js";
import { DEFAULT_TAIL_CHUNK_BYTES, readRollout, readRolloutTail } from "../../src/transcript/index.js";
import { jsonl, tempDirPerTest } from "./transcript-builders.js";
import {
  TokenCounter,
  assistantMessage,
  compacted,
  hookContext,
  sessionMeta,
  turnContext,
  userMessage,
} from "./rollout-builders.js";

const dir = tempDirPerTest();
const GAP_BYTES = 200 * 1000 * 1000;

/** The last turns of a session: a tool output, two responses, the next turn's context (as UserPromptSubmit finds it). */
function lastTurns(): string {
  const counter = new TokenCounter();
  return jsonl([
    turnContext("gpt-5-codex"),
    hookContext("ThreadMind context after compaction"),
    userMessage("go on"),
    counter.response({ input: 41_000, cached: 40_000, output: 120 }),
    userMessage(`tool output ${"o".repeat(30_000)}`),
    assistantMessage("done"),
    counter.response({ input: 48_500, cached: 41_000, output: 300 }),
    turnContext("gpt-5-codex"),
  ]);
}

describe("the end of a ~200 MB Codex rollout", () => {
  it("gives the same size as the same last turns alone, reading one chunk", async () => {
    const head = jsonl([sessionMeta("big"), turnContext("gpt-5-codex"), compacted()]);
    // Lines the walk looks for, cut: read, each would be a malformed line (and the size read would go wrong).
    const garbage = '{"type":"event_msg","payload":{"type":"token_count","info":{"last_token_usage":\n'.repeat(1000);
    const path = join(dir.path, "rollout-2026-11-20T10-00-00-big.jsonl");
    const fd = openSync(path, "w");
    writeSync(fd, head + garbage, 0);
    // A sparse gap of zero bytes up to 200 MB (one huge line of NULs), then the last turns.
    writeSync(fd, `\n${lastTurns()}`, GAP_BYTES);
    closeSync(fd);
    const small = await dir.file("rollout-2026-11-20T10-00-00-small.jsonl", lastTurns());
    expect((await readRollout(small)).finalContextTokens).toBe(48_500);

    for (const options of [{}, { sizeOnly: true }]) {
      const tail = await readRolloutTail(path, options);
      expect(tail.fileSize).toBeGreaterThan(GAP_BYTES);
      expect(tail.contextTokens).toBe(48_500);
      expect(tail.contextTokens).toBe((await readRolloutTail(small, options)).contextTokens);
      expect(tail.compactBoundaries).toEqual([]);
      expect(tail.bytesRead).toBeLessThanOrEqual(DEFAULT_TAIL_CHUNK_BYTES);
      expect(tail.malformedLines).toBe(0);
      expect(tail.reachedStartOfFile).toBe(false);
      expect(tail.stoppedAtByteLimit).toBe(false);
    }
    // The hooks' own size read (UserPromptSubmit, the status line) agrees.
    expect(await conversationSize(path)).toBe(48_500);
  });

  it("stops at the byte bound when no response is within it, never reading the line the bound cuts", async () => {
    const path = join(dir.path, "rollout-2026-11-20T10-00-00-gap.jsonl");
    const fd = openSync(path, "w");
    writeSync(
      fd,
      jsonl([sessionMeta("gap"), ...[1, 2].map(() => new TokenCounter().response({ input: 5, cached: 0, output: 1 }))]),
      0,
    );
    writeSync(fd, `\n${jsonl([userMessage("after the gap")])}`, GAP_BYTES);
    closeSync(fd);
    const tail = await readRolloutTail(path, { maxBytes: 1024 * 1024 });
    expect(tail.bytesRead).toBe(1024 * 1024);
    expect(tail.stoppedAtByteLimit).toBe(true);
    expect(tail.contextTokens).toBeNull();
    expect(tail.malformedLines).toBe(0);
  });
});
