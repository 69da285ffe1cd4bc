// Guards stats' single pass over measurements.jsonl: readMeasurementLog's staleness records are exactly what
// stalenessEvents (a scan for them) gives, on random logs with duplicates, other spacing, long lines, invalid UTF-8
// and a torn last line, in both files.
import { afterEach, describe, expect, test } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measurementLogPath, previousMeasurementLogPath } from "../../src/core/measure/measurement-log.js";
import { readMeasurementLog, stalenessEvents } from "../../src/core/measure/measurement-log-read.js";
import { randomInt, seededRandom, type Random } from "../fixtures/workers/seeded-random.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function staleness(random: Random, i: number, pad = ""): Record<string, unknown> {
  return {
    kind: "staleness",
    at: `t${i % 7}`,
    sessionId: `s${randomInt(random, 3)}`,
    instance: "claude-1",
    projectId: "p",
    threadId: "t",
    restart: randomInt(random, 2) === 0 ? "clear" : "compact",
    contextTokens: 1000 * randomInt(random, 3),
    sinceWriteTokens: null,
    written: false,
    stale: randomInt(random, 2) === 0,
    threshold: 30000,
    lastWriteAt: null,
    ...(pad ? { transcriptPath: pad } : {}),
  };
}

function randomLog(random: Random, n: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const k = randomInt(random, 8);
    if (k === 0)
      parts.push(Buffer.from(JSON.stringify(staleness(random, i)).replace(`"kind":"staleness"`, `"kind": "staleness"`)));
    else if (k === 1) parts.push(Buffer.from(JSON.stringify(staleness(random, i, "x".repeat(65_600)))));
    else if (k === 2)
      parts.push(
        Buffer.concat([Buffer.from(JSON.stringify(staleness(random, i, "é")).slice(0, -2)), Buffer.from([0xe2, 0x22, 0x7d])]),
      );
    else if (k === 3) parts.push(Buffer.from(JSON.stringify({ kind: "hookSeen", at: `t${i}`, event: "E", sessionId: "s1" })));
    else parts.push(Buffer.from(JSON.stringify(staleness(random, i))));
    parts.push(Buffer.from("\n"));
  }
  return Buffer.concat(parts);
}

describe("staleness records in readMeasurementLog's pass", () => {
  test("are exactly stalenessEvents's, on random logs", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      dir = mkdtempSync(join(tmpdir(), "tm-staleness-"));
      const random = seededRandom(seed);
      writeFileSync(previousMeasurementLogPath(dir), randomLog(random, 150));
      const current = randomLog(random, 150);
      // A torn last line (no newline) in every other store.
      writeFileSync(measurementLogPath(dir), seed % 2 === 0 ? current : current.subarray(0, current.length - 40));
      const scanned = stalenessEvents(dir);
      expect(scanned.length).toBeGreaterThan(0);
      expect(readMeasurementLog(dir).staleness).toEqual(scanned);
      rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    }
  });
});
