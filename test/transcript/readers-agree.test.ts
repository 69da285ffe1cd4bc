// Guards consistency: on random transcripts and random chunk sizes, the stream, tail and head readers agree on the same bytes.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readHead, readTail, readTranscript } from "../../src/transcript/index.js";
import {
  agentProgress,
  apiErrorRecord,
  assistant,
  compactBoundary,
  compactSummary,
  hookInjection,
  makeTempDir,
  persistedOutputPreview,
  user,
} from "./transcript-builders.js";
import type { TempDir } from "./transcript-builders.js";
import type { HookContext } from "../../src/transcript/index.js";

type Json = Record<string, unknown>;

const text = fc.string({ unit: fc.constantFrom("a", "é", "漢", "🚀", " ", '"', "\\", "\u2028"), maxLength: 60 });

const recordGroup: fc.Arbitrary<Json[]> = fc.oneof(
  fc
    .record({
      id: fc.integer({ min: 0, max: 6 }),
      copies: fc.integer({ min: 1, max: 3 }),
      cacheRead: fc.nat(200000),
      output: fc.nat(900),
      text,
    })
    .map(({ id, copies, cacheRead, output, text: t }) =>
      Array.from({ length: copies }, (_, i) => assistant({ id: `msg_${id}`, input: 3, cacheRead, output: output + i, text: t })),
    ),
  text.map((t) => [user(t)]),
  fc.nat(100000).map((n) => [assistant({ id: `msg_side_${n}`, input: n, output: 1, sidechain: true })]),
  fc.nat(100000).map((n) => [agentProgress(n)]),
  fc.constant(null).map(() => [apiErrorRecord()]),
  fc.nat(200000).map((n) => [compactBoundary({ trigger: n % 2 === 0 ? "auto" : "manual", preTokens: n }), compactSummary()]),
  fc.tuple(text, fc.boolean()).map(([t, big]) => hookInjection(big ? persistedOutputPreview(t.repeat(20)) : t, "compact")),
);

const transcript = fc.record({
  groups: fc.array(recordGroup, { maxLength: 25 }),
  cutLastLineAt: fc.option(fc.nat(300), { nil: null }),
  chunkSize: fc.integer({ min: 8, max: 700 }),
});

function render(groups: Json[][], cutLastLineAt: number | null): string {
  const lines = groups.flat().map((r) => JSON.stringify(r));
  if (cutLastLineAt === null || lines.length === 0) return lines.map((l) => `${l}\n`).join("");
  const last = lines.pop()!;
  return lines.map((l) => `${l}\n`).join("") + last.slice(0, Math.min(cutLastLineAt, last.length - 1));
}

/** 1-based line numbers of the main-chain responses, by plain JSON.parse of the complete or parseable lines. */
function mainResponseLines(content: string): number[] {
  const found: number[] = [];
  content.split("\n").forEach((line, index) => {
    let record: Json;
    try {
      record = JSON.parse(line) as Json;
    } catch {
      return; // the cut last line (or the empty string after the final newline) is not a record
    }
    const message = record.message as Json | undefined;
    const main = record.type === "assistant" && record.isSidechain !== true && record.isApiErrorMessage !== true;
    if (main && message?.model !== "<synthetic>") found.push(index + 1);
  });
  return found;
}

function hookContextsFrom(contexts: HookContext[], fromLine: number) {
  return contexts.filter((h) => h.lineNumber >= fromLine).map(({ lineNumber: _n, ...h }) => h);
}

function boundaryFigures(b: { trigger: string | null; preTokens: number | null; postTokens: number | null }) {
  return { trigger: b.trigger, preTokens: b.preTokens, postTokens: b.postTokens };
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => {
  await dir.remove();
});

describe("readers agree", () => {
  it("tail (near and back to the last compaction), head and stream readers see the same records", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(transcript, async ({ groups, cutLastLineAt, chunkSize }) => {
        const content = render(groups, cutLastLineAt);
        const path = await dir.file(`t${run++}.jsonl`, content);
        const whole = await readTranscript(path);
        const wholeSmallChunks = await readTranscript(path, { chunkSize });
        expect(wholeSmallChunks).toEqual(whole);

        // Where each walk must stop, found independently: the last main-chain response and the last boundary.
        const responseLines = mainResponseLines(content);
        const lastResponseLine = responseLines.at(-1) ?? null;
        const firstResponseLine = responseLines[0] ?? null;
        const lastBoundaryLine = whole.compactions.at(-1)?.lineNumber ?? null;
        const nearStop = lastResponseLine ?? 1;
        const backStop =
          lastResponseLine === null || lastBoundaryLine === null ? 1 : Math.min(lastResponseLine, lastBoundaryLine);

        const near = await readTail(path, { chunkSize });
        expect(near.lastAssistant).toEqual(whole.lastAssistant);
        expect(near.contextTokens).toBe(whole.finalContextTokens);
        expect(near.truncatedLastLine).toBe(whole.truncatedLastLine);
        // Reaching the start is required when the stop is line 1; otherwise it depends on chunking (a chunk may have to
        // read back past the line before the stop to find where the stop line begins).
        if (nearStop === 1) expect(near.reachedStartOfFile).toBe(true);
        expect(near.hookContexts).toEqual(hookContextsFrom(whole.hookContexts, nearStop));
        expect(near.compactBoundaries.map(boundaryFigures)).toEqual(
          whole.compactions.filter((c) => c.lineNumber >= nearStop).map(boundaryFigures),
        );

        const back = await readTail(path, { chunkSize, backToLastCompaction: true });
        expect(back.lastAssistant).toEqual(whole.lastAssistant);
        if (backStop === 1) expect(back.reachedStartOfFile).toBe(true);
        expect(back.hookContexts).toEqual(hookContextsFrom(whole.hookContexts, backStop));
        expect(back.compactBoundaries.map(boundaryFigures)).toEqual(
          whole.compactions.filter((c) => c.lineNumber >= backStop).map(boundaryFigures),
        );

        // The head walks to the first main-chain response (included), or to the end of a file without one.
        const head = await readHead(path, { maxBytes: Math.max(1, content.length * 4), chunkSize });
        const headEnd = firstResponseLine ?? whole.lines;
        expect(head.stoppedAtFirstResponse).toBe(firstResponseLine !== null);
        expect(head.reachedEndOfFile).toBe(headEnd === whole.lines);
        expect(head.lines).toBe(headEnd);
        expect(head.records.length + head.unparsedLines).toBe(headEnd);
        expect(head.hookContexts).toEqual(
          whole.hookContexts.filter((h) => h.lineNumber <= headEnd).map(({ lineNumber: _n, ...h }) => h),
        );
        expect(head.truncatedLastLine).toBe(firstResponseLine === null && whole.truncatedLastLine);
        if (firstResponseLine === null) expect(head.malformedLines).toBe(whole.malformedLines);
      }),
      { numRuns: 80 },
    );
  });
});
