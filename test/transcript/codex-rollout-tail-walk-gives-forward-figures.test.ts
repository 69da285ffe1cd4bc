// Guards the backward walk of a Codex rollout's end (#28): on random rollouts, byte bounds and chunk sizes it gives the
// figures the former reader gave by classifying the last maxBytes forward (last response, its model, the compactions
// after it, the hook contexts since the last compaction, the size UserPromptSubmit takes), and reads no more bytes.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RolloutClassifier, readRolloutTail } from "../../src/transcript/index.js";
import type {
  AssistantUsageRecord,
  CompactBoundaryRecord,
  HookContextRecord,
  RecordMeta,
  TailReading,
} from "../../src/transcript/types.js";
import { randomInt, seededRandom, type Random } from "../fixtures/workers/seeded-random.js";
import { jsonl, tempDirPerTest } from "./transcript-builders.js";
import {
  TokenCounter,
  assistantMessage,
  codexInstructions,
  compacted,
  developerMessage,
  hookContext,
  sessionMeta,
  tokenCountWithoutInfo,
  turnContext,
  userMessage,
} from "./rollout-builders.js";

const dir = tempDirPerTest();
const FIXTURES = join(import.meta.dirname, "../fixtures/codex");

interface Figures {
  lastAssistant: AssistantUsageRecord | null;
  compactBoundaries: CompactBoundaryRecord[];
  hookContexts: HookContextRecord[];
}

/** The former readRolloutTail: the last maxBytes read at once (the line cut at its start skipped), classified forward. */
function forwardTail(file: Buffer, maxBytes: number): Figures {
  const start = Math.max(0, file.length - maxBytes);
  const region = file.subarray(start);
  let from = start === 0 ? 0 : region.indexOf(0x0a) + 1;
  if (start > 0 && from === 0) from = region.length;
  const classifier = new RolloutClassifier();
  const figures: Figures = { lastAssistant: null, compactBoundaries: [], hookContexts: [] };
  while (from < region.length) {
    const newline = region.indexOf(0x0a, from);
    const end = newline === -1 ? region.length : newline;
    const line = classifier.classifyLine(region.toString("utf8", from, end));
    if (line.kind === "assistant") {
      figures.lastAssistant = line.record;
      figures.compactBoundaries = [];
    } else if (line.kind === "compact-boundary") {
      figures.compactBoundaries.push(line.record);
      figures.hookContexts = [];
    } else if (line.kind === "hook-context") figures.hookContexts.push(line.record);
    from = end + 1;
  }
  return figures;
}

/** Records compared without their session id: the tail never walks to the session_meta line that names it. */
function withoutSession<T extends { meta: RecordMeta }>(record: T): T {
  return { ...record, meta: { ...record.meta, sessionId: null } };
}

/** The size as conversation-size.ts takes it: a compaction after the last response leaves its own count (null here). */
function sizeOf(figures: Pick<TailReading, "compactBoundaries" | "lastAssistant">): number | null {
  const boundary = figures.compactBoundaries.at(-1);
  return boundary === undefined ? (figures.lastAssistant?.contextTokens ?? null) : boundary.postTokens;
}

function randomRollout(random: Random, n: number): string {
  const counter = new TokenCounter();
  const lines: Record<string, unknown>[] = [sessionMeta(`s${n}`)];
  let text = "";
  const flush = () => {
    text += jsonl(lines.splice(0));
  };
  let last = { input: 1000, cached: 0, output: 1 };
  for (let i = 0; i < n; i++) {
    const k = randomInt(random, 14);
    if (k <= 3) {
      last = { input: 1000 + randomInt(random, 90_000), cached: randomInt(random, 900), output: randomInt(random, 300) };
      lines.push(counter.response(last));
    } else if (k === 4) lines.push(counter.again(last));
    else if (k === 5) lines.push(counter.estimate());
    else if (k === 6) lines.push(compacted());
    else if (k === 7) lines.push(hookContext(`ThreadMind context ${i} ${"é".repeat(randomInt(random, 400))}`));
    else if (k === 8) lines.push(randomInt(random, 2) === 0 ? developerMessage(`dev ${i}`) : codexInstructions());
    else if (k === 9) lines.push(turnContext(["gpt-5-codex", "gpt-5", "o4-mini"][randomInt(random, 3)]));
    else if (k === 10) lines.push({ timestamp: "2026-11-20T10:00:00.000Z", type: "turn_context", payload: { cwd: "/w" } });
    else if (k === 11) lines.push(userMessage(`u ${"w".repeat(randomInt(random, 3_000))}`), assistantMessage("ok"));
    else if (k === 12) lines.push(tokenCountWithoutInfo(), { timestamp: null, type: "world_state", payload: {} });
    else {
      flush();
      text += '{"timestamp":"x","type":"event_msg","payload":{"type":"token_count","info":{"last_token_usage":\n';
    }
  }
  flush();
  return randomInt(random, 5) === 0 ? text.slice(0, -1) : text;
}

async function expectForwardFigures(path: string, label: string, maxBytes: number, chunkSize: number): Promise<void> {
  const file = readFileSync(path);
  const forward = forwardTail(file, maxBytes);
  const lastResponse = await readRolloutTail(path, { maxBytes, chunkSize });
  const backToCompaction = await readRolloutTail(path, { maxBytes, chunkSize, backToLastCompaction: true });
  const size = await readRolloutTail(path, { maxBytes, chunkSize, sizeOnly: true });
  const expected = forward.lastAssistant === null ? null : withoutSession(forward.lastAssistant);
  for (const [name, tail] of [
    ["last response", lastResponse],
    ["last compaction", backToCompaction],
  ] as const) {
    expect(tail.lastAssistant, `${label}, ${name}`).toEqual(expected);
    expect(tail.contextTokens, `${label}, ${name}`).toBe(expected?.contextTokens ?? null);
    expect(tail.compactBoundaries, `${label}, ${name}`).toEqual(forward.compactBoundaries.map(withoutSession));
    expect(tail.bytesRead, `${label}, ${name}`).toBeLessThanOrEqual(Math.min(maxBytes, file.length));
  }
  expect(backToCompaction.hookContexts, label).toEqual(forward.hookContexts.map(withoutSession));
  // Stopped at the last response: the hook contexts walked, the latest of those since the last compaction.
  const since = forward.hookContexts.map(withoutSession);
  expect(since.slice(since.length - lastResponse.hookContexts.length), label).toEqual(lastResponse.hookContexts);
  expect(sizeOf(size), `${label}, size only`).toBe(sizeOf(forward));
  expect(size.hookContexts, label).toEqual([]);
  expect(size.bytesRead, label).toBeLessThanOrEqual(lastResponse.bytesRead);
}

describe("the backward walk of a Codex rollout's end", () => {
  it("gives the forward reading's figures on random rollouts, byte bounds and chunk sizes", async () => {
    const random = seededRandom(28);
    for (let t = 0; t < 150; t++) {
      const path = await dir.file(`rollout-r${t}.jsonl`, randomRollout(random, randomInt(random, 40)));
      const size = readFileSync(path).length;
      const maxBytes = t % 2 === 0 ? 4 * 1024 * 1024 : 1 + randomInt(random, size + 10);
      const chunkSize = [1, 97, 1024, 65_536][t % 4]!;
      await expectForwardFigures(path, `rollout ${t} (maxBytes ${maxBytes}, chunk ${chunkSize})`, maxBytes, chunkSize);
    }
  });

  it("gives the forward reading's figures on the real and the hand-written fixtures", async () => {
    for (const name of [
      "rollout-2026-12-02T06-57-41-01a2358b-73b5-7220-a38c-90e6fe712646.jsonl",
      "rollout-2026-11-01T09-00-00-zstd-session.jsonl",
    ]) {
      for (const chunkSize of [64, 65_536]) {
        await expectForwardFigures(join(FIXTURES, name), name, 4 * 1024 * 1024, chunkSize);
      }
    }
  });

  it("takes the copy of a token count written after a compaction for no response, as read forward", async () => {
    const counter = new TokenCounter();
    const big = { input: 50_000, cached: 20_000, output: 500 };
    const path = await dir.file(
      "rollout-copy.jsonl",
      jsonl([
        sessionMeta("c1"),
        turnContext("gpt-5-codex"),
        counter.response({ input: 9_000, cached: 0, output: 5 }),
        counter.response(big),
        compacted(),
        counter.again(big),
        counter.estimate(),
      ]),
    );
    const tail = await readRolloutTail(path);
    expect(tail.contextTokens).toBe(50_000);
    expect(tail.lastAssistant?.model).toBe("gpt-5-codex");
    expect(tail.compactBoundaries).toHaveLength(1);
    const size = await readRolloutTail(path, { sizeOnly: true });
    expect(sizeOf(size)).toBeNull();
  });
});
