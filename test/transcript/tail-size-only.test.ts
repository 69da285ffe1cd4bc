// Guards readTail's sizeOnly walk (UserPromptSubmit's read): the same conversation size as the full walk on random and
// real transcripts, and no further back than the nearer of the last response and the last compaction.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTail } from "../../src/transcript/index.js";
import type { TailReading } from "../../src/transcript/types.js";
import {
  agentProgress,
  apiErrorRecord,
  assistant,
  compactBoundary,
  compactSummary,
  hookInjection,
  jsonl,
  tempDirPerTest,
  user,
} from "./transcript-builders.js";
import { randomInt, seededRandom, type Random } from "../fixtures/workers/seeded-random.js";

const dir = tempDirPerTest();

/** The size as prompt-nudge.ts takes it: the last compaction's own count when one follows the last response. */
function sizeOf(tail: TailReading): number | null {
  const boundary = tail.compactBoundaries.at(-1);
  return boundary === undefined ? tail.contextTokens : boundary.postTokens;
}

function randomRecords(random: Random, n: number): string {
  let text = "";
  for (let i = 0; i < n; i++) {
    const k = randomInt(random, 10);
    const id = `msg_${i}`;
    if (k === 0)
      text += jsonl([compactBoundary({ trigger: "auto", preTokens: 1000 + i, postTokens: 100 + i }), compactSummary()]);
    else if (k === 1) text += jsonl([compactBoundary({ trigger: "manual", preTokens: 2000 + i })]);
    else if (k === 2) text += jsonl(hookInjection(`context ${"z".repeat(randomInt(random, 3000))}`, "compact"));
    else if (k === 3) text += jsonl([assistant({ id, cacheRead: 500 + i, output: 1, sidechain: true })]);
    else if (k === 4) text += jsonl([apiErrorRecord(), agentProgress(77_000 + i)]);
    else if (k === 5) text += '{"type":"assistant","truncated\n';
    else if (k === 6) text += jsonl([user(`u ${"w".repeat(randomInt(random, 5000))}`)]);
    else text += jsonl([assistant({ id, cacheRead: 10_000 + i, output: 5 })]);
  }
  return text;
}

describe("readTail sizeOnly", () => {
  it("gives the size the full walk gives, on random transcripts and chunk sizes", async () => {
    const random = seededRandom(3);
    for (let t = 0; t < 120; t++) {
      const path = await dir.file(`r${t}.jsonl`, randomRecords(random, randomInt(random, 30)));
      const chunkSize = [97, 1024, 65_536][t % 3]!;
      const full = await readTail(path, { maxBytes: 4 * 1024 * 1024, chunkSize });
      const size = await readTail(path, { maxBytes: 4 * 1024 * 1024, chunkSize, sizeOnly: true });
      expect(sizeOf(size), `transcript ${t}`).toBe(sizeOf(full));
      expect(size.bytesRead).toBeLessThanOrEqual(full.bytesRead);
      expect(size.hookContexts).toEqual([]);
    }
  });

  it("gives the size the full walk gives on the real Claude Code transcripts", async () => {
    const fixtures = join(__dirname, "..", "fixtures", "transcripts", "cc-2.1.332");
    for (const name of readdirSync(fixtures).filter((f) => f.endsWith(".jsonl"))) {
      const path = join(fixtures, name);
      const full = await readTail(path, { maxBytes: 4 * 1024 * 1024 });
      expect(sizeOf(await readTail(path, { maxBytes: 4 * 1024 * 1024, sizeOnly: true })), name).toBe(sizeOf(full));
    }
  });

  it("stops at a compaction after the last response instead of walking back past it", async () => {
    const bulk = jsonl(Array.from({ length: 400 }, (_, i) => user(`tool output ${i} ${"x".repeat(5_000)}`)));
    const path = await dir.file(
      "compacted.jsonl",
      jsonl([assistant({ id: "msg_1", cacheRead: 150_000, output: 3 })]) +
        bulk +
        jsonl([compactBoundary({ trigger: "auto", preTokens: 170_000, postTokens: 9_000 }), compactSummary()]) +
        jsonl(hookInjection("c".repeat(9_000), "compact")),
    );
    const full = await readTail(path, { maxBytes: 4 * 1024 * 1024 });
    const size = await readTail(path, { maxBytes: 4 * 1024 * 1024, sizeOnly: true });
    expect(sizeOf(size)).toBe(9_000);
    expect(sizeOf(full)).toBe(9_000);
    expect(full.bytesRead).toBeGreaterThan(2_000_000);
    expect(size.bytesRead).toBeLessThanOrEqual(64 * 1024);
  });
});
