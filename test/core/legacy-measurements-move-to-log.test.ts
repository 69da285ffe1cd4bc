// Guards the upgrade from a config.json that held the measurements (0.5): readers see them at once, the first write
// moves them to measurements.jsonl (config.json shrinks to the sessions), and nothing is lost or counted twice.
import { afterEach, describe, expect, test } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { sessionEvents, lastConversation } from "../../src/core/measure/measurement-log-read.js";
import { storeMeasurements } from "../support/store-measurements.js";
import { appendMeasurementEvents } from "../../src/core/measure/measurement-log.js";
import { legacyEvents } from "../../src/core/measure/measurement-log-legacy.js";
import { readLocalState } from "../../src/core/store/local-state.js";

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

const injection = (at: string, sessionId: string, receipt: string) => ({
  at,
  sessionId,
  source: "clear",
  projectId: "legacy",
  threadId: "main",
  chars: 400,
  tokens: 100,
  omitted: 0,
  receipt,
  contentHash: `h-${at}`,
});

async function legacyStore(): Promise<string> {
  repo = makeTempRepo({ git: false });
  await servicesFor(repo.dir).projectCreate({ title: "Legacy" });
  const storeDir = join(repo.dir, ".threadmind");
  const path = join(storeDir, "config.json");
  const state = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  state.conversations = { "conv-1": { projectId: "legacy", threadId: "main", at: "2026-10-01T00:00:00.000Z" } };
  state.measurements = {
    sessionEnds: [{ at: "2026-10-01T00:00:01.000Z", sessionId: "conv-1", contextTokens: 52_000, reason: "clear" }],
    preCompacts: [{ at: "2026-10-01T00:00:00.500Z", sessionId: "conv-1", contextTokens: 150_000, reason: "auto" }],
    injections: [
      injection("2026-10-01T00:00:02.000Z", "conv-2", "delivered"),
      injection("2026-10-01T00:00:03.000Z", "conv-3", "pending"),
    ],
    hooksSeen: [{ at: "2026-10-01T00:00:01.000Z", event: "SessionEnd:clear", sessionId: "conv-1" }],
  };
  writeFileSync(path, JSON.stringify(state));
  return storeDir;
}

// An older config.json knew nothing of point-of-action recall (#27): none is counted.
const NO_RECALL = {
  recalls: 0,
  recallTokens: 0,
  recallsDelivered: 0,
  recallsUndelivered: 0,
  subagentContexts: 0,
  subagentTokens: 0,
  subagentContextsDelivered: 0,
  subagentContextsUndelivered: 0,
};

describe("measurements kept in an older config.json", () => {
  test("are read as they are, moved to the log by the next write, and read the same afterwards", async () => {
    const storeDir = await legacyStore();
    const before = storeMeasurements(storeDir).measurements;
    expect(before.sessionEnds.map((r) => r.contextTokens)).toEqual([52_000]);
    expect(before.injections.map((i) => i.receipt)).toEqual(["delivered", "pending"]);

    await servicesFor(repo!.dir).threadCreate({ title: "Any write" });
    const config = JSON.parse(readFileSync(join(storeDir, "config.json"), "utf8")) as Record<string, unknown>;
    expect(config).not.toHaveProperty("measurements");
    expect(config).not.toHaveProperty("conversations");
    expect(storeMeasurements(storeDir)).toEqual({ measurements: before, unreadableLines: 0, staleness: [], recall: NO_RECALL });
    expect(lastConversation(sessionEvents(storeDir, "conv-1"))).toEqual({
      projectId: "legacy",
      threadId: "main",
      instance: null,
    });
  });

  test("a move cut short after the append (before config.json was written) is not counted twice", async () => {
    const storeDir = await legacyStore();
    const before = storeMeasurements(storeDir).measurements;
    // The crash: the events were appended, config.json still holds the lists. The next write appends them again.
    appendMeasurementEvents(storeDir, legacyEvents(readLocalState(storeDir).state));
    await servicesFor(repo!.dir).threadCreate({ title: "Any write" });
    expect(storeMeasurements(storeDir)).toEqual({ measurements: before, unreadableLines: 0, staleness: [], recall: NO_RECALL });
  });

  test("read in the state a move cut short leaves (appended, config.json not yet rewritten), each record counts once", async () => {
    const storeDir = await legacyStore();
    const before = storeMeasurements(storeDir);
    appendMeasurementEvents(storeDir, legacyEvents(readLocalState(storeDir).state));
    expect(readLocalState(storeDir).state.measurements.sessionEnds).toHaveLength(1);
    const during = storeMeasurements(storeDir);
    expect(during).toEqual(before);
    expect(during.measurements.sessionEnds).toHaveLength(1);
    expect(during.measurements.preCompacts).toHaveLength(1);
    expect(during.measurements.hooksSeen).toHaveLength(1);
    expect(during.measurements.injections.map((i) => i.receipt)).toEqual(["delivered", "pending"]);
  });
});
