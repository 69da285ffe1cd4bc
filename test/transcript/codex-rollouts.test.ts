// Guards the Codex rollout reader: the same exact figures as from a Claude Code transcript, on rollouts of several shapes.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRollout, readRolloutTail } from "../../src/transcript/index.js";
import { jsonl, tempDirPerTest } from "./transcript-builders.js";
import {
  TokenCounter,
  assistantMessage,
  compacted,
  contextCompactedEvent,
  developerMessage,
  sessionMeta,
  tokenCountWithoutInfo,
  turnContext,
  userMessage,
} from "./rollout-builders.js";

const dir = tempDirPerTest();
const FIXTURES = join(import.meta.dirname, "../fixtures/codex");

describe("a Codex rollout", () => {
  it("gives each request's size from last_token_usage.input_tokens, cached tokens included once", async () => {
    const counter = new TokenCounter();
    const path = await dir.file(
      "rollout-2026-11-20T10-00-00-s1.jsonl",
      jsonl([
        sessionMeta("s1"),
        turnContext("gpt-5-codex"),
        userMessage("hello"),
        tokenCountWithoutInfo(),
        assistantMessage("hi"),
        counter.response({ input: 3000, cached: 1000, output: 40 }),
        userMessage("more"),
        counter.response({ input: 3500, cached: 3000, output: 60 }),
      ]),
    );
    const reading = await readRollout(path);
    expect(reading.sessionIds).toEqual(["s1"]);
    expect(reading.apiResponses).toBe(2);
    expect(reading.firstContextTokens).toBe(3000);
    expect(reading.peakContextTokens).toBe(3500);
    expect(reading.finalContextTokens).toBe(3500);
    expect(reading.totals).toEqual({
      inputTokens: 2500,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: 4000,
      outputTokens: 100,
    });
    expect(reading.models).toEqual([{ model: "gpt-5-codex", apiResponses: 2, outputTokens: 100 }]);
    expect(reading.compactions).toEqual([]);
    expect(reading.malformedLines).toBe(0);
  });

  it("counts the token_count line written twice around an auto-compaction once, and not as the size after it", async () => {
    const counter = new TokenCounter();
    const big = { input: 50000, cached: 20000, output: 500 };
    const path = await dir.file(
      "rollout-auto.jsonl",
      jsonl([
        sessionMeta("s2"),
        turnContext(),
        userMessage("grow"),
        counter.response({ input: 12000, cached: 0, output: 100 }),
        counter.response(big),
        counter.again(big),
        compacted("summary of the work"),
        contextCompactedEvent(),
        counter.again(big),
        counter.estimate(),
        developerMessage("ThreadMind context after compaction"),
        counter.response({ input: 4200, cached: 0, output: 80 }),
      ]),
    );
    const reading = await readRollout(path);
    expect(reading.apiResponses).toBe(3);
    expect(reading.peakContextTokens).toBe(50000);
    expect(reading.finalContextTokens).toBe(4200);
    expect(reading.totals.outputTokens).toBe(680);
    expect(reading.compactions).toHaveLength(1);
    expect(reading.compactions[0]).toMatchObject({ contextTokensBefore: 50000, contextTokensAfter: 4200, trigger: null });
    expect(reading.hookContexts.map((h) => h.text)).toEqual(["ThreadMind context after compaction"]);
  });

  it("reads a rollout with only info-null and estimate token counts as having no response", async () => {
    const counter = new TokenCounter();
    const path = await dir.file(
      "rollout-empty.jsonl",
      jsonl([sessionMeta("s3"), turnContext(), tokenCountWithoutInfo(), counter.estimate()]),
    );
    const reading = await readRollout(path);
    expect(reading.apiResponses).toBe(0);
    expect(reading.firstContextTokens).toBeNull();
    expect(reading.finalContextTokens).toBeNull();
    expect(reading.lastAssistant).toBeNull();
  });

  it("takes a response's model from the turn_context line before it", async () => {
    const counter = new TokenCounter();
    const path = await dir.file(
      "rollout-models.jsonl",
      jsonl([
        sessionMeta("s4"),
        turnContext("gpt-5-codex"),
        counter.response({ input: 1000, cached: 0, output: 10 }),
        turnContext("gpt-5.1"),
        counter.response({ input: 2000, cached: 500, output: 20 }),
      ]),
    );
    const reading = await readRollout(path);
    expect(reading.models).toEqual([
      { model: "gpt-5-codex", apiResponses: 1, outputTokens: 10 },
      { model: "gpt-5.1", apiResponses: 1, outputTokens: 20 },
    ]);
  });

  it("reports malformed lines and an unknown line type without losing the figures", async () => {
    const counter = new TokenCounter();
    const text = `${jsonl([sessionMeta("s5"), counter.response({ input: 900, cached: 0, output: 9 })])}{"type":"event_msg","payload":{"type":"token_count","info":{"last_token_usage":{"input_tokens":"x"}}}}\n{"timestamp":"2026-11-20T10:00:00Z","type":"future_kind","payload":{}}\n{"type":"event_msg","pay`;
    const path = await dir.file("rollout-damaged.jsonl", text);
    const reading = await readRollout(path);
    expect(reading.apiResponses).toBe(1);
    expect(reading.finalContextTokens).toBe(900);
    expect(reading.malformedLines).toBe(2);
    expect(reading.skipped["unknown-type"]).toBe(1);
    expect(reading.truncatedLastLine).toBe(true);
  });

  it("is read the same when Codex compressed it to .jsonl.zst", async () => {
    const plain = await readRollout(join(FIXTURES, "rollout-2026-11-01T09-00-00-zstd-session.jsonl"));
    const compressed = await readRollout(join(FIXTURES, "rollout-2026-11-01T09-00-00-zstd-session.jsonl.zst"));
    expect(plain.apiResponses).toBe(3);
    expect(plain.finalContextTokens).toBe(4100);
    expect(plain.peakContextTokens).toBe(31000);
    expect(plain.compactions).toHaveLength(1);
    const { path: _plainPath, bytesRead: _plainBytes, ...plainFigures } = plain;
    const { path: _zstPath, bytesRead: zstBytes, ...zstFigures } = compressed;
    expect(zstFigures).toEqual(plainFigures);
    expect(zstBytes).toBe((await readFile(join(FIXTURES, "rollout-2026-11-01T09-00-00-zstd-session.jsonl.zst"))).length);
  });

  it("refuses a damaged .jsonl.zst with a TranscriptReadError naming the file", async () => {
    const path = await dir.file("rollout-bad.jsonl.zst", "not zstd at all\n");
    await expect(readRollout(path)).rejects.toThrow(/cannot read transcript .*rollout-bad\.jsonl\.zst: not a readable zstd file/);
  });
});

describe("the end of a Codex rollout", () => {
  it("gives the last request's size, and no size when a compaction came after it", async () => {
    const counter = new TokenCounter();
    const lines = [
      sessionMeta("t1"),
      turnContext(),
      counter.response({ input: 8000, cached: 7000, output: 50 }),
      counter.response({ input: 9000, cached: 8000, output: 50 }),
    ];
    const before = await readRolloutTail(await dir.file("rollout-t1.jsonl", jsonl(lines)));
    expect(before.contextTokens).toBe(9000);
    expect(before.compactBoundaries).toEqual([]);
    const after = await readRolloutTail(await dir.file("rollout-t2.jsonl", jsonl([...lines, compacted(), counter.estimate()])));
    expect(after.contextTokens).toBe(9000);
    expect(after.compactBoundaries).toHaveLength(1);
    expect(after.compactBoundaries[0]?.postTokens).toBeNull();
  });

  it("reads only the last maxBytes, never a line cut at the region's start", async () => {
    const counter = new TokenCounter();
    const filler = Array.from({ length: 200 }, (_, i) => userMessage(`line ${i} ${"x".repeat(100)}`));
    const path = await dir.file(
      "rollout-long.jsonl",
      jsonl([
        sessionMeta("t3"),
        counter.response({ input: 111, cached: 0, output: 1 }),
        ...filler,
        counter.response({ input: 222, cached: 0, output: 1 }),
      ]),
    );
    const tail = await readRolloutTail(path, { maxBytes: 2000 });
    expect(tail.stoppedAtByteLimit).toBe(true);
    expect(tail.bytesRead).toBe(2000);
    expect(tail.malformedLines).toBe(0);
    expect(tail.contextTokens).toBe(222);
  });

  it("of a .jsonl.zst gives the same size as the plain file", async () => {
    const plain = await readRolloutTail(join(FIXTURES, "rollout-2026-11-01T09-00-00-zstd-session.jsonl"));
    const compressed = await readRolloutTail(join(FIXTURES, "rollout-2026-11-01T09-00-00-zstd-session.jsonl.zst"));
    expect(compressed.contextTokens).toBe(4100);
    expect(compressed.contextTokens).toBe(plain.contextTokens);
    expect(compressed.hookContexts.map((h) => h.text)).toEqual(plain.hookContexts.map((h) => h.text));
  });
});
