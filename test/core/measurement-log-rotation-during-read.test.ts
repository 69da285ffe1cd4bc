// A rotation between a reader's two opens: the reader opens the current log first, so the rotated file is read through that descriptor, once, whatever the previous file's name now holds.
import { linkSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { appendMeasurementEvents, measurementLogPaths, type MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import { instanceEvents, readMeasurementLog, sessionEvents } from "../../src/core/measure/measurement-log-read.js";

const root = mkdtempSync(join(tmpdir(), "tm-rotation-read-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const conversation = (sessionId: string, threadId: string): MeasurementEvent => ({
  kind: "conversation",
  at: "2026-02-01T00:00:00.000Z",
  sessionId,
  projectId: "p",
  threadId,
  instance: "claude-7",
});

test("a previous log file that is the current one (its inode: a rotation landed between the opens) is read once", () => {
  const storeDir = join(root, ".threadmind");
  mkdirSync(storeDir, { recursive: true });
  appendMeasurementEvents(storeDir, [conversation("s1", "alpha"), conversation("s2", "beta")]);
  appendMeasurementEvents(storeDir, [
    { kind: "hookSeen", at: "2026-02-01T00:00:01.000Z", event: "SessionEnd:clear", sessionId: "s1" },
  ] as MeasurementEvent[]);
  const [previous, current] = measurementLogPaths(storeDir);
  // What a reader that opened the current file just before a rotation finds at the previous file's name: the same file.
  linkSync(current, previous);
  expect(sessionEvents(storeDir, "s1").map((e) => e.kind)).toEqual(["conversation", "hookSeen"]);
  expect(instanceEvents(storeDir, "claude-7").map((e) => ("threadId" in e ? e.threadId : null))).toEqual(["alpha", "beta"]);
  expect(readMeasurementLog(storeDir).measurements.hooksSeen).toHaveLength(1);
});
