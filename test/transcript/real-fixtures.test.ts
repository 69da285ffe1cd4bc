// Guards the library against real Claude Code transcripts (1.0.98 to 2.1.39): its figures must match an independent reading.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { readHead, readTail, readTranscript } from "../../src/transcript/index.js";
import { readTranscriptIndependently } from "../support/independent-transcript-reading.js";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../../..");
const fixtures = process.env.THREADMIND_SHARED_FIXTURES ?? resolve(repoRoot, "../shared/fixtures/transcripts");
const present = existsSync(fixtures);

const COMPACTED = "spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl";
const OLD_INLINE_SIDECHAINS = "claude-code-viewer/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl";
const MAIN_SESSIONS = [
  "spotter/short.jsonl",
  "spotter/tool_heavy.jsonl",
  "spotter/subagent.jsonl",
  COMPACTED,
  "claude-code-viewer/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl",
  OLD_INLINE_SIDECHAINS,
];
const SUBAGENT_FILES = [
  "spotter/4d5611e5-241a-462a-8d15-5122611a9569/subagents/agent-a2898e3.jsonl",
  "spotter/4d5611e5-241a-462a-8d15-5122611a9569/subagents/agent-acompact-e1f845.jsonl",
];

// Skipped with its reason, not silently: the fixtures live outside the repository.
sayWhySkipped(
  present ? null : `no shared transcript fixtures at ${fixtures} (set THREADMIND_SHARED_FIXTURES to a folder of them)`,
);

describe.skipIf(!present)("real transcripts read the same as an independent reading", () => {
  for (const name of MAIN_SESSIONS) {
    it(`${name}: final/peak/first context, output sum, API responses and compactions match`, async () => {
      const path = join(fixtures, name);
      const expected = readTranscriptIndependently(path);
      const reading = await readTranscript(path);

      expect(expected.apiResponses).toBeGreaterThan(0);
      expect(reading.finalContextTokens).toBe(expected.finalContext);
      expect(reading.peakContextTokens).toBe(expected.peakContext);
      expect(reading.firstContextTokens).toBe(expected.firstContext);
      expect(reading.totals.outputTokens).toBe(expected.outputTokensSum);
      expect(reading.apiResponses).toBe(expected.apiResponses);
      expect(reading.assistantRecords).toBe(expected.mainAssistantRecords);
      expect(reading.skipped.sidechain).toBe(expected.sidechainRecords);
      expect(reading.skipped.progress).toBe(expected.progressRecords);
      expect(reading.malformedLines).toBe(expected.unparseableLines);
      expect(reading.hookContexts.length).toBe(expected.hookContextCount);
      expect(
        reading.compactions.map((c) => ({
          trigger: c.trigger,
          preTokens: c.preTokens,
          postTokens: c.postTokens ?? undefined,
          contextBefore: c.contextTokensBefore,
          contextAfter: c.contextTokensAfter,
        })),
      ).toEqual(expected.compactions);
      expect(reading.models.reduce((sum, m) => sum + m.outputTokens, 0)).toBe(expected.outputTokensSum);
      expect(reading.models.reduce((sum, m) => sum + m.apiResponses, 0)).toBe(expected.apiResponses);
    });

    it(`${name}: the tail reader finds the same final context, reading less than the whole file when it can`, async () => {
      const path = join(fixtures, name);
      const whole = await readTranscript(path);
      const tail = await readTail(path, { chunkSize: 4096 });
      expect(tail.contextTokens).toBe(whole.finalContextTokens);
      expect(tail.lastAssistant).toEqual(whole.lastAssistant);
      expect(tail.fileSize).toBe(whole.bytesRead);
      expect(tail.bytesRead).toBeLessThanOrEqual(tail.fileSize);
    });
  }

  it("2.1.39: one auto compact_boundary with preTokens 170251, and the context sizes around it", async () => {
    const reading = await readTranscript(join(fixtures, COMPACTED));
    expect(reading.compactions).toHaveLength(1);
    const [compaction] = reading.compactions;
    expect(compaction).toMatchObject({ lineNumber: 754, trigger: "auto", preTokens: 170251, postTokens: null });
    // The last main-chain response before the boundary (line 743) and the first after it (line 760).
    expect(compaction?.contextTokensBefore).toBe(164831);
    expect(compaction?.contextTokensAfter).toBe(36081);
    expect(reading.sessionIds).toEqual(["4d5611e5-241a-462a-8d15-5122611a9569"]);
    expect(reading.models.map((m) => m.model)).toEqual(["claude-opus-4-6"]);
  });

  it("2.1.39: agent_progress records (with embedded subagent usage) are skipped as progress, not counted", async () => {
    const reading = await readTranscript(join(fixtures, COMPACTED));
    // README: hook_progress 852, bash_progress 163, agent_progress 67, plus one waiting_for_task.
    expect(reading.skipped.progress).toBe(852 + 163 + 67 + 1);
    expect(reading.skipped.sidechain).toBe(0);
  });

  it("2.1.39: the tail walk back to the last compaction reaches the compact_boundary", async () => {
    const tail = await readTail(join(fixtures, COMPACTED), { backToLastCompaction: true });
    expect(tail.compactBoundaries.map((b) => [b.trigger, b.preTokens])).toEqual([["auto", 170251]]);
    expect(tail.reachedStartOfFile).toBe(false);
  });

  it("1.0.108: the 22 inline sidechain records are skipped and do not move the context figures", async () => {
    const path = join(fixtures, OLD_INLINE_SIDECHAINS);
    const reading = await readTranscript(path);
    expect(reading.skipped.sidechain).toBe(22);
    expect(reading.malformedLines).toBe(0);
    expect(reading.finalContextTokens).toBe(readTranscriptIndependently(path).finalContext);
  });

  for (const name of SUBAGENT_FILES) {
    it(`${name}: a subagent file is all sidechain: every record skipped, no figures`, async () => {
      const path = join(fixtures, name);
      const reading = await readTranscript(path);
      expect(reading.lines).toBeGreaterThan(0);
      expect(reading.skipped.sidechain).toBe(reading.lines);
      expect(reading.apiResponses).toBe(0);
      expect(reading.finalContextTokens).toBeNull();
      expect(reading.sessionIds).toEqual([]);
      const tail = await readTail(path);
      expect(tail.lastAssistant).toBeNull();
      expect(tail.reachedStartOfFile).toBe(true);
      // Sidechain assistant records are parsed (and skipped); the user records are walked over unparsed.
      expect(tail.unparsedLines).toBeGreaterThan(0);
      expect(tail.skipped.sidechain + tail.unparsedLines).toBe(tail.lines);
    });
  }

  it("the head reader walks a real file's first records and stops at its first response (line 8)", async () => {
    const head = await readHead(join(fixtures, COMPACTED), { maxBytes: 16 * 1024 });
    expect(head.reachedEndOfFile).toBe(false);
    expect(head.stoppedAtFirstResponse).toBe(true);
    expect(head.lines).toBe(8);
    expect(head.unparsedLines).toBe(7);
    expect(head.records).toEqual([expect.objectContaining({ kind: "assistant" })]);
    expect(head.sessionIds).toEqual(["4d5611e5-241a-462a-8d15-5122611a9569"]);
    expect(head.bytesRead).toBe(16 * 1024);
  });
});
