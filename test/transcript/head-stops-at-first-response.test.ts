// Guards the head reader's stop rule: stopping at the first main-chain response never loses a startup or /clear injection.
import { describe, expect, it } from "vitest";
import { readHead, readTranscript } from "../../src/transcript/index.js";
import { fixtureTranscripts } from "./fixture-transcripts.js";
import { apiErrorRecord, assistant, hookInjection, jsonl, tempDirPerTest, user } from "./transcript-builders.js";

const dir = tempDirPerTest();

describe("head reader stop rule", () => {
  it("finds every SessionStart injection written before the first compaction of every fixture transcript", async () => {
    let injections = 0;
    for (const fixture of fixtureTranscripts()) {
      const whole = await readTranscript(fixture.path);
      const firstBoundary = whole.compactions[0]?.lineNumber ?? Number.POSITIVE_INFINITY;
      const startInjections = whole.hookContexts
        .filter((h) => (h.hookEvent === null || h.hookEvent === "SessionStart") && h.lineNumber < firstBoundary)
        .map(({ lineNumber: _n, ...h }) => h);
      injections += startInjections.length;
      const head = await readHead(fixture.path);
      expect({ fixture: fixture.name, found: head.hookContexts }).toEqual({
        fixture: fixture.name,
        found: expect.arrayContaining(startInjections),
      });
      // A session file's first response lies well within the byte bound (subagent files have none: all sidechain).
      if (whole.apiResponses > 0)
        expect({ fixture: fixture.name, stopped: head.stoppedAtFirstResponse }).toEqual({ fixture: fixture.name, stopped: true });
    }
    // startup, clear-before, clear-after, compact (before its boundary), cap-exact, cap-over.
    expect(injections).toBeGreaterThanOrEqual(6);
  });

  it("a later injection (after the first response) is left to the tail reader", async () => {
    const path = await dir.file(
      "s.jsonl",
      jsonl([
        ...hookInjection("startup context", "startup"),
        user("a"),
        assistant({ id: "msg_1", output: 1 }),
        ...hookInjection("later context", "compact"),
        user("b"),
      ]),
    );
    const head = await readHead(path);
    expect(head.stoppedAtFirstResponse).toBe(true);
    expect(head.reachedEndOfFile).toBe(false);
    expect(head.hookContexts.map((h) => h.text)).toEqual(["startup context"]);
    expect(head.lines).toBe(4);
  });

  it("sidechain, synthetic and API-error assistant records are not the first response: the reading goes on", async () => {
    const path = await dir.file(
      "s.jsonl",
      jsonl([
        assistant({ id: "msg_side", output: 1, sidechain: true }),
        assistant({ id: "msg_synth", model: "<synthetic>", output: 0, requestId: null }),
        apiErrorRecord(),
        ...hookInjection("context after them", "clear"),
        assistant({ id: "msg_main", output: 1 }),
        user("after"),
      ]),
    );
    const head = await readHead(path, { chunkSize: 50 });
    expect(head.hookContexts.map((h) => h.text)).toEqual(["context after them"]);
    expect(head.skipped).toMatchObject({ sidechain: 1, synthetic: 1, "api-error": 1 });
    expect(head.records.at(-1)).toMatchObject({ kind: "assistant", record: { messageId: "msg_main" } });
    expect([head.stoppedAtFirstResponse, head.lines]).toEqual([true, 6]);
  });
});
