// A start after /clear or a compaction reads the instance's events since its last conversation from the log's end when they are there, and gets exactly what the whole log gives otherwise.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendMeasurementEvents, type MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import { instanceEvents, instanceEventsSinceConversation } from "../../src/core/measure/measurement-log-read.js";

const ME = "claude-4242";
let storeDir: string;
let clock = Date.parse("2026-03-01T00:00:00.000Z");
const at = () => {
  clock += 1000;
  return new Date(clock).toISOString();
};

const conversation = (instance: string, threadId: string): MeasurementEvent => ({
  kind: "conversation",
  at: at(),
  sessionId: `conv-${threadId}`,
  projectId: "p",
  threadId,
  instance,
});
const hookSeen = (sessionId: string): MeasurementEvent => ({
  kind: "hookSeen",
  at: at(),
  event: "SessionStart:startup",
  sessionId,
});
/** About 100 bytes of other sessions' events each. */
const noise = (count: number) => Array.from({ length: count }, (_, i) => hookSeen(`other-${i}`));

/** What the whole log gives: the instance's events from its last conversation on (all of them without one). */
function expected(): MeasurementEvent[] {
  const all = instanceEvents(storeDir, ME);
  let last = -1;
  all.forEach((e, i) => {
    if (e.kind === "conversation") last = i;
  });
  return last === -1 ? all : all.slice(last);
}

beforeEach(() => {
  storeDir = mkdtempSync(join(tmpdir(), "tm-since-conv-"));
});
afterEach(() => rmSync(storeDir, { recursive: true, force: true }));

describe("the instance's events since its last conversation", () => {
  test("a conversation near the log's end: its events from it on", () => {
    appendMeasurementEvents(storeDir, [conversation(ME, "old"), ...noise(50), conversation("claude-1", "theirs")]);
    appendMeasurementEvents(storeDir, [conversation(ME, "recent"), ...noise(20)]);
    const since = instanceEventsSinceConversation(storeDir, ME);
    expect(since.map((e) => (e.kind === "conversation" ? e.threadId : e.kind))).toEqual(["recent"]);
    expect(since).toEqual(expected());
  });

  test("a conversation further back than the end read first: the same events, from the whole log", () => {
    appendMeasurementEvents(storeDir, [conversation(ME, "far")]);
    for (let i = 0; i < 20; i++) appendMeasurementEvents(storeDir, noise(100)); // ~200 KB
    const since = instanceEventsSinceConversation(storeDir, ME);
    expect(since).toHaveLength(1);
    expect(since).toEqual(expected());
  });

  test("an instance the log has never seen, or no log at all: nothing", () => {
    expect(instanceEventsSinceConversation(storeDir, ME)).toEqual([]);
    appendMeasurementEvents(storeDir, noise(10));
    expect(instanceEventsSinceConversation(storeDir, ME)).toEqual([]);
  });

  test("another instance's key that contains this one is not taken for it", () => {
    appendMeasurementEvents(storeDir, [conversation(ME, "mine"), conversation(`${ME}0`, "longer-key")]);
    expect(instanceEventsSinceConversation(storeDir, ME)).toEqual(expected());
    expect(instanceEventsSinceConversation(storeDir, ME).map((e) => e.kind === "conversation" && e.threadId)).toEqual(["mine"]);
  });
});
