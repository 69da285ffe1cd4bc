// Guards injection receipts: hook_additional_context records are exposed, and a <persisted-output> preview is told from delivery.
import { describe, expect, it } from "vitest";
import { readHead, readTail, readTranscript } from "../../src/transcript/index.js";
import {
  assistant,
  compactBoundary,
  compactSummary,
  hookInjection,
  jsonl,
  tempDirPerTest,
  persistedOutputPreview,
  SESSION_ID,
  user,
} from "./transcript-builders.js";

const dir = tempDirPerTest();

const DELIVERED = '## ThreadMind\nActive thread: t-0042 "parser rewrite"\nSummary: é ü 漢字 — keep UTF-8 whole.';
const TOO_BIG = `# Huge context\n${"x".repeat(12000)}`;

describe("hook injection records", () => {
  it("after /clear they are the first records of the new file: the head reader exposes them, delivered and previewed", async () => {
    const path = await dir.file(
      "clear.jsonl",
      jsonl([
        ...hookInjection(DELIVERED, "clear"),
        ...hookInjection(persistedOutputPreview(TOO_BIG), "clear"),
        user("next prompt"),
      ]) + jsonl([assistant({ id: "msg_1", input: 3, cacheCreation: 9000, output: 20 })]),
    );
    const head = await readHead(path);
    expect(head.reachedEndOfFile).toBe(true);
    // Walked: hook_success, context, hook_success, context, user, assistant; only the possible injections and responses are parsed.
    expect(head.records.map((r) => r.kind)).toEqual(["hook-context", "hook-context", "assistant"]);
    expect([head.lines, head.unparsedLines]).toEqual([6, 3]);
    expect(head.hookContexts).toHaveLength(2);
    const [delivered, previewed] = head.hookContexts;
    expect(delivered).toMatchObject({
      hookEvent: "SessionStart",
      hookName: "SessionStart:clear",
      content: [DELIVERED],
      text: DELIVERED,
      isPersistedOutputPreview: false,
    });
    expect(delivered?.meta.sessionId).toBe(SESSION_ID);
    expect(delivered?.meta.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(previewed?.isPersistedOutputPreview).toBe(true);
    expect(previewed?.text.startsWith("<persisted-output>")).toBe(true);
    expect(head.sessionIds).toEqual([SESSION_ID]);
  });

  it("the whole-file reader lists every injection with its line number", async () => {
    const path = await dir.file(
      "s.jsonl",
      jsonl([
        ...hookInjection(DELIVERED, "startup"),
        user("a"),
        assistant({ id: "msg_1", input: 3, cacheRead: 50000, output: 20 }),
        compactBoundary({ trigger: "manual", preTokens: 50023 }),
        compactSummary(),
        ...hookInjection(persistedOutputPreview(TOO_BIG), "compact"),
      ]),
    );
    const reading = await readTranscript(path);
    expect(reading.hookContexts.map((h) => [h.lineNumber, h.hookName, h.isPersistedOutputPreview])).toEqual([
      [2, "SessionStart:startup", false],
      [8, "SessionStart:compact", true],
    ]);
  });

  it("after /compact the tail reader, walked back to the boundary, returns the injection written after it", async () => {
    const path = await dir.file(
      "compact.jsonl",
      jsonl([
        ...hookInjection("old startup context", "startup"),
        user("a"),
        assistant({ id: "msg_1", input: 3, cacheRead: 80000, output: 20 }),
        compactBoundary({ trigger: "manual", preTokens: 80023, postTokens: 4000 }),
        compactSummary(),
        ...hookInjection(DELIVERED, "compact"),
        user("b"),
        assistant({ id: "msg_2", input: 3, cacheRead: 4100, output: 20 }),
      ]),
    );
    const plain = await readTail(path, { chunkSize: 128 });
    expect(plain.hookContexts).toEqual([]);
    const back = await readTail(path, { chunkSize: 128, backToLastCompaction: true });
    expect(back.hookContexts.map((h) => h.text)).toEqual([DELIVERED]);
    expect(back.contextTokens).toBe(4103);
  });

  it("an injection record whose content is not an array of strings is malformed", async () => {
    const [, context] = hookInjection(DELIVERED);
    const attachment = context?.attachment as Record<string, unknown>;
    attachment.content = DELIVERED;
    const reading = await readTranscript(await dir.file("bad.jsonl", jsonl([context!])));
    expect(reading.hookContexts).toEqual([]);
    expect(reading.malformedSamples).toEqual([
      { lineNumber: 1, problem: "attachment record: attachment.content is not an array of strings" },
    ]);
  });
});
