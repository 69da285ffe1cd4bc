// Guards how the report recognises ThreadMind's injections (header, preview), /clear evidence, pairing and thinned series.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextHeader } from "../../src/core/context/context-header.js";
import { readTranscript } from "../../src/transcript/index.js";
import { MAX_POINTS_PER_SESSION, scanSession, THREADMIND_HEADER_PREFIX } from "../../src/core/savings/savings-scan.js";
import { findRestarts } from "../../src/core/savings/savings-pairing.js";
import { checkReceipt, receiptFor } from "../../src/core/savings/savings-receipts.js";
import { emptyMeasurements, type InjectionRecord, type Measurements } from "../../src/core/measure/measurements.js";
import { contentHash } from "../../src/core/context/token-estimate.js";
import {
  assistant,
  compactBoundary,
  compactSummary,
  hookInjection,
  jsonl,
  makeTempDir,
  persistedOutputPreview,
  user,
  type TempDir,
  CLEAR_COMMAND,
} from "../transcript/transcript-builders.js";

const A = "aaaaaaaa-0000-4000-8000-000000000001";
const A2 = "aaaaaaaa-0000-4000-8000-000000000002";
const B = "bbbbbbbb-0000-4000-8000-000000000001";

function tmText(source: "startup" | "clear" | "compact", body: string): string {
  return `${contextHeader(source, "auth-ui", "Auth UI")}${body}`;
}

function injection(sessionId: string, text: string, source: string, at: string, threadId = "auth-ui"): InjectionRecord {
  return {
    at,
    sessionId,
    source,
    projectId: "p",
    threadId,
    chars: text.length,
    tokens: 321,
    omitted: 0,
    receipt: "pending",
    contentHash: contentHash(text),
  };
}

describe("ThreadMind injections, /clear evidence and pairing in scanned sessions", () => {
  let dir: TempDir;
  beforeAll(async () => {
    dir = await makeTempDir();
  });
  afterAll(async () => {
    await dir.remove();
  });

  it("every header the SessionStart hook writes starts with the prefix the report looks for", () => {
    for (const source of ["startup", "clear", "compact"])
      expect(contextHeader(source, "t", "T").startsWith(THREADMIND_HEADER_PREFIX)).toBe(true);
  });

  it("reads source and thread from ThreadMind's header, whole or inside a <persisted-output> preview, per segment", async () => {
    const start = tmText("startup", "## Thread: Auth UI (current)\nsummary");
    const big = tmText("compact", "x".repeat(12_000));
    const path = await dir.file(
      `${A}.jsonl`,
      jsonl([
        ...hookInjection(start, "startup"),
        ...hookInjection("some other plugin's context", "startup"),
        user("hello"),
        assistant({ id: "m1", input: 1000, output: 5 }),
        assistant({ id: "m2", input: 50_000, output: 5 }),
        compactBoundary({ trigger: "auto", preTokens: 52_000 }),
        compactSummary(),
        ...hookInjection(persistedOutputPreview(big), "compact"),
        assistant({ id: "m3", input: 3000, output: 5 }),
      ]),
    );
    const s = await scanSession({ path, folder: "f" });
    expect(s.threadMindInjections.map((i) => [i.segment, i.source, i.threadId, i.preview])).toEqual([
      [0, "startup", "auth-ui", false],
      [1, "compact", "auth-ui", true],
    ]);
    expect(s.threadMindInjections[0]!.chars).toBe(start.length);
    expect(s.otherInjections).toHaveLength(1);
    expect(s.compactions.map((c) => [c.preTokens, c.contextTokensBefore, c.contextTokensAfter, c.responsesBefore])).toEqual([
      [52_000, 50_000, 3000, 2],
    ]);

    // Receipts: the report's rule gives what the hooks' rule (receiptFor) gives on the same transcript.
    const records = (await readTranscript(path)).hookContexts;
    const cases = [
      injection(A, start, "startup", "2026-03-01T10:00:00.000Z"),
      injection(A, big, "compact", "2026-03-01T10:00:09.000Z"),
      injection(A, "never written", "clear", "2026-03-01T10:00:09.000Z", "other-thread"),
    ];
    expect(cases.map((c) => checkReceipt(c, s))).toEqual(["delivered", "preview", "missing"]);
    expect(cases.map((c) => checkReceipt(c, s))).toEqual(cases.map((c) => receiptFor(c, records)));

    // The restart after the compaction: ThreadMind's context arrived only as a preview (sized as what reached the model).
    const m: Measurements = { ...emptyMeasurements(), injections: cases.slice(0, 2) };
    const [restart] = findRestarts([s], m);
    expect(restart).toMatchObject({
      kind: "compaction",
      before: 52_000,
      after: 3000,
      saving: 49_000,
      threadMind: { receipt: "preview", threadId: "auth-ui" },
    });
    expect(restart!.threadMind!.chars).toBe(s.threadMindInjections[1]!.chars);
  });

  it("sees /clear in the new session's first records: the command record, or only a SessionStart:clear hook", async () => {
    const withCommand = await dir.file(
      `${B}.jsonl`,
      jsonl([
        ...hookInjection("ctx", "clear"),
        user(CLEAR_COMMAND),
        user("next"),
        assistant({ id: "c1", input: 900, output: 1 }),
      ]),
    );
    const hookOnly = await dir.file(
      "hook-only.jsonl",
      jsonl([...hookInjection("ctx", "clear"), user("next"), assistant({ id: "c2", input: 900, output: 1 })]),
    );
    const neither = await dir.file(
      "neither.jsonl",
      jsonl([...hookInjection("ctx", "startup"), user("x"), assistant({ id: "c3", input: 900, output: 1 }), user(CLEAR_COMMAND)]),
    );
    const [a, b, c] = await Promise.all([withCommand, hookOnly, neither].map((p) => scanSession({ path: p, folder: "f" })));
    expect(a!.clearCommandAt).not.toBeNull();
    expect(a!.clearHookSeen).toBe(true);
    expect([b!.clearCommandAt, b!.clearHookSeen]).toEqual([null, true]);
    // A /clear typed after the first response is not how a cleared session starts.
    expect([c!.clearCommandAt, c!.clearHookSeen]).toEqual([null, false]);
  });

  it("pairs a /clear with the session that ended last before it, unless the hooks recorded which one it was", async () => {
    const older = await dir.file(
      `${A}.jsonl`,
      jsonl([user("a"), assistant({ id: "o1", input: 40_000, output: 1 }), assistant({ id: "o2", input: 45_000, output: 1 })]),
    );
    const newer = await dir.file(`${A2}.jsonl`, jsonl([user("a"), assistant({ id: "n1", input: 60_000, output: 1 })]));
    const cleared = await dir.file(
      `${B}.jsonl`,
      jsonl([user(CLEAR_COMMAND), user("go"), assistant({ id: "b1", input: 2_000, output: 1 })]),
    );
    const sessions = await Promise.all([older, newer, cleared].map((p) => scanSession({ path: p, folder: "f" })));

    const byTime = findRestarts(sessions, emptyMeasurements());
    expect(byTime).toMatchObject([
      {
        kind: "clear",
        sessionId: B,
        previousSessionId: A2,
        pairedBy: "clear-command",
        before: 60_000,
        after: 2_000,
        saving: 58_000,
      },
    ]);

    const hooks: Measurements = {
      ...emptyMeasurements(),
      hooksSeen: [
        // After the sessions' records (the builders' clock starts at 10:00): a request after SessionEnd(clear) would be a resumed session's.
        { at: "2026-03-02T09:00:00.000Z", event: "SessionEnd:clear", sessionId: A },
        { at: "2026-03-02T09:00:01.000Z", event: "SessionStart:clear", sessionId: B },
      ],
    };
    expect(findRestarts(sessions, hooks)).toMatchObject([
      { sessionId: B, previousSessionId: A, pairedBy: "hooks", before: 45_000, after: 2_000 },
    ]);
    // The evidence a reader can check: when each hook ran, and the transcript's own /clear record beside them.
    expect(findRestarts(sessions, hooks)[0]!.evidence).toMatchObject({
      hookRecords: { sessionEndAt: "2026-03-02T09:00:00.000Z", sessionStartAt: "2026-03-02T09:00:01.000Z" },
      plan: null,
      timeOrder: null,
      boundary: null,
    });

    // Another folder (another launch directory) is never the predecessor.
    const elsewhere = sessions.map((s) => (s.sessionId === B ? s : { ...s, folder: "other" }));
    expect(findRestarts(elsewhere, emptyMeasurements())).toMatchObject([
      { sessionId: B, previousSessionId: null, before: null, after: 2_000, saving: null },
    ]);
  });

  it("thins a long session's series to the bound, keeping the final size and the order", async () => {
    const records = [user("start")];
    for (let i = 0; i < 1500; i++) records.push(assistant({ id: `r${i}`, input: 1000 + i, output: 1 }));
    const path = await dir.file("long.jsonl", jsonl(records));
    const s = await scanSession({ path, folder: "f" });
    expect(s.apiResponses).toBe(1500);
    expect(s.points.length).toBeLessThanOrEqual(MAX_POINTS_PER_SESSION + 1);
    expect(s.points.length).toBeGreaterThan(MAX_POINTS_PER_SESSION / 4);
    expect(s.points.at(-1)).toMatchObject({ index: 1499, tokens: 2499 });
    expect(s.points[0]).toMatchObject({ index: 0, tokens: 1000 });
    for (const p of s.points) expect(p.tokens).toBe(1000 + p.index);
    expect(s.points.map((p) => p.index)).toEqual([...s.points.map((p) => p.index)].sort((x, y) => x - y));
  });
});
