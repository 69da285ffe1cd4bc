// PreCompact and SessionEnd(clear) read a session's and an instance's events in one pass over a small log: exactly what
// the two lookups give one after the other, across buffer boundaries, a line longer than the buffer, both files and a
// torn last line; a log large enough for its index gives the two lookups' results too.
import { afterEach, describe, expect, test } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measurementLogPath, previousMeasurementLogPath, type MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import {
  INDEX_MIN_LOG_BYTES,
  instanceEvents,
  sessionAndInstanceEvents,
  sessionEvents,
} from "../../src/core/measure/measurement-log-read.js";
import { seededRandom } from "../fixtures/workers/seeded-random.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const SESSIONS = ["s-a", "s-b", "s-ab", "s-c"];
const INSTANCES = ["claude-1", "claude-12", "claude-2"];

/** A log of `count` lines: hook events (session only), conversations and nudge marks (session and instance). */
function logLines(count: number, seed: number, maxPadding: number): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = `t${String(i).padStart(7, "0")}`;
    const sessionId = pick(SESSIONS);
    const padding = "x".repeat(Math.floor(random() * maxPadding));
    const roll = random();
    const event: MeasurementEvent =
      roll < 0.5
        ? { kind: "hookSeen", at, event: `E${padding}`, sessionId }
        : roll < 0.75
          ? { kind: "conversation", at, sessionId, projectId: "p", threadId: `t${padding.length}`, instance: pick(INSTANCES) }
          : {
              kind: "freshnessMark",
              at,
              sessionId,
              instance: pick(INSTANCES),
              projectId: "p",
              threadId: "t",
              mark: "nudge",
              contextTokens: padding.length,
              level: 1,
            };
    lines.push(JSON.stringify(event));
  }
  return lines;
}

function expectSameAsTwoLookups(storeDir: string): void {
  for (const sessionId of SESSIONS) {
    for (const instance of INSTANCES) {
      const both = sessionAndInstanceEvents(storeDir, sessionId, instance);
      expect(both.session).toEqual(sessionEvents(storeDir, sessionId));
      expect(both.instance).toEqual(instanceEvents(storeDir, instance));
    }
  }
}

describe("a session's and an instance's events in one pass", () => {
  test("a small log: the same events, in order, as the two lookups", () => {
    dir = mkdtempSync(join(tmpdir(), "tm-two-needles-"));
    const lines = logLines(3_000, 11, 300);
    // A line far longer than the scan buffer (64 KiB), holding both keys: passed over by both, as by each lookup.
    lines.splice(
      1_500,
      0,
      JSON.stringify({
        kind: "conversation",
        at: "long",
        sessionId: "s-a",
        projectId: "p",
        threadId: "x".repeat(70_000),
        instance: "claude-1",
      }),
    );
    writeFileSync(previousMeasurementLogPath(dir), `${lines.slice(0, 1_000).join("\n")}\n`);
    writeFileSync(measurementLogPath(dir), `${lines.slice(1_000).join("\n")}\n{"kind":"hookSeen","at":"torn","sessionId":"s-a"`);
    const both = sessionAndInstanceEvents(dir, "s-a", "claude-1");
    expect(both.session.length).toBeGreaterThan(100);
    expect(both.instance.length).toBeGreaterThan(100);
    expect(both.session.some((e) => e.at === "long")).toBe(false);
    // A key that is a prefix of another ("s-a" of "s-ab", "claude-1" of "claude-12") does not match it.
    expect(both.session.every((e) => e.sessionId === "s-a")).toBe(true);
    expect(both.instance.every((e) => "instance" in e && e.instance === "claude-1")).toBe(true);
    expectSameAsTwoLookups(dir);
  });

  test("a log past the index's threshold: the two lookups' events", () => {
    dir = mkdtempSync(join(tmpdir(), "tm-two-needles-"));
    const lines = logLines(12_000, 12, 200);
    writeFileSync(measurementLogPath(dir), `${lines.join("\n")}\n`);
    expect(lines.join("\n").length).toBeGreaterThan(INDEX_MIN_LOG_BYTES);
    expectSameAsTwoLookups(dir);
  });

  test("no log: nothing", () => {
    dir = mkdtempSync(join(tmpdir(), "tm-two-needles-"));
    expect(sessionAndInstanceEvents(dir, "s-a", "claude-1")).toEqual({ session: [], instance: [] });
  });
});
