// Guards the hooks' lookup of one session's lines in measurements.jsonl (a scan through one reused buffer): the same
// events as reading the whole log, across buffer boundaries, past a line longer than the buffer, and in both files.
import { afterEach, describe, expect, test } from "vitest";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measurementLogPath, previousMeasurementLogPath, type MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import { parseEventLine, sessionEvents } from "../../src/core/measure/measurement-log-read.js";
import { seededRandom } from "../fixtures/workers/seeded-random.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function eventFor(sessionId: string, i: number, padding: number): MeasurementEvent {
  return { kind: "hookSeen", at: `t${String(i).padStart(6, "0")}`, event: `E${"x".repeat(padding)}`, sessionId };
}

describe("sessionEvents", () => {
  test("finds every line of a session, in order, whatever the line and buffer boundaries", () => {
    dir = mkdtempSync(join(tmpdir(), "tm-scan-"));
    const random = seededRandom(7);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const sessions = ["a", "b", "c", "d", "e"];
    const lines: string[] = [];
    for (let i = 0; i < 6_000; i++) lines.push(JSON.stringify(eventFor(sessions[int(0, 4)]!, i, int(0, 400))));
    // A line far longer than the scan buffer (64 KiB) in the middle, holding a session id: passed over, not misread.
    lines.splice(3_000, 0, JSON.stringify(eventFor("a", 999_999, 600_000)));
    writeFileSync(previousMeasurementLogPath(dir), `${lines.slice(0, 2_000).join("\n")}\n`);
    // The current file ends without a newline (a torn last write), which must not hide the lines before it.
    writeFileSync(measurementLogPath(dir), `${lines.slice(2_000).join("\n")}\n{"kind":"hookSeen","at":"torn","sessionId":"a"`);
    for (const id of sessions) {
      const expected = lines
        .map((l) => parseEventLine(l))
        .filter((e): e is MeasurementEvent => e !== null && e.sessionId === id && e.at !== "t999999");
      expect(sessionEvents(dir, id).map((e) => e.at)).toEqual(expected.map((e) => e.at));
    }
  });

  test("a session id that is a prefix of another does not match it", () => {
    dir = mkdtempSync(join(tmpdir(), "tm-scan-"));
    appendFileSync(measurementLogPath(dir), `${JSON.stringify(eventFor("ab", 1, 0))}\n${JSON.stringify(eventFor("a", 2, 0))}\n`);
    expect(sessionEvents(dir, "a").map((e) => e.at)).toEqual(["t000002"]);
  });
});
