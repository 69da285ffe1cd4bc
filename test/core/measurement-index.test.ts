// Guards the index of measurements.jsonl (cache/measurement-index.txt): sessionEvents and instanceEvents return exactly
// what a full scan returns on random logs, with the index valid, behind, stale, damaged, rotated or missing; a lookup
// that finds the log far past its index says so, and the index is written anew. Logs here are padded past
// INDEX_MIN_LOG_BYTES (below it lookups scan and no index is kept).
import { afterEach, describe, expect, test } from "vitest";
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  measurementLogPath,
  measurementLogPaths,
  previousMeasurementLogPath,
  type MeasurementEvent,
} from "../../src/core/measure/measurement-log.js";
import {
  INDEX_MIN_LOG_BYTES,
  indexBehind,
  instanceEvents,
  parseEventLine,
  sessionEvents,
} from "../../src/core/measure/measurement-log-read.js";
import { INDEX_BEHIND_BYTES, measurementIndexPath } from "../../src/core/measure/measurement-index.js";
import {
  measurementIndexCoverage,
  refreshMeasurementIndex,
  refreshMeasurementIndexIfBehind,
} from "../../src/core/measure/measurement-index-write.js";
import { randomInt, seededRandom, type Random } from "../fixtures/workers/seeded-random.js";

const READ_MAX_BYTES = 8 * 1024 * 1024;
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function store(): string {
  dir = mkdtempSync(join(tmpdir(), "tm-index-"));
  return dir;
}

const SESSIONS = ["s1", "s2", "s3", "s4", "é/ü", 'q"uote'];
const INSTANCES = ["claude-1", "claude-2", "claude-10", "mcp-x"];

/** One random line: mostly events of every kind, some hostile (other spacing, duplicate keys, garbage, very long). */
function randomLine(random: Random, i: number): string {
  const sessionId = SESSIONS[randomInt(random, SESSIONS.length)]!;
  const instance = INSTANCES[randomInt(random, INSTANCES.length)]!;
  const pad = "x".repeat(randomInt(random, 300));
  switch (randomInt(random, 12)) {
    case 0:
      return `{"kind":"hookSeen","at":"t${i}","event":"E${pad}","sessionId": ${JSON.stringify(sessionId)}}`; // a space: no scan finds it
    case 1:
      return `{"kind":"hookSeen","at":"t${i}","event":"E","sessionId":"s1","sessionId":${JSON.stringify(sessionId)}}`;
    case 2:
      return `not json ${pad} "sessionId":"s2"`;
    case 3:
      return JSON.stringify({ kind: "hookSeen", at: `t${i}`, event: `L${"y".repeat(70_000)}`, sessionId });
    case 4:
      return JSON.stringify({
        kind: "summaryWrite",
        at: `t${i}`,
        sessionId: null,
        instance,
        projectId: "p",
        threadId: "t",
        via: "tool",
      });
    case 5:
      return JSON.stringify({
        kind: "conversation",
        at: `t${i}`,
        sessionId,
        projectId: "p",
        threadId: `t${pad.length}`,
        instance,
      });
    case 6:
      return JSON.stringify({
        kind: "freshnessMark",
        at: `t${i}`,
        sessionId,
        instance,
        projectId: "p",
        threadId: "t",
        mark: "nudge",
        contextTokens: i,
        level: 1,
      });
    case 7:
      return "";
    default:
      return JSON.stringify({ kind: "hookSeen", at: `t${i}`, event: `E${pad}`, sessionId });
  }
}

function randomLines(random: Random, n: number, from: number): string[] {
  return Array.from({ length: n }, (_, k) => randomLine(random, from + k));
}

/** What a full scan returns, written out plainly: lines of at most 65,535 bytes holding the needle, parsed, matched. */
function reference(storeDir: string): { session: (id: string) => string[]; instance: (key: string) => string[] } {
  const lines: string[] = [];
  for (const path of measurementLogPaths(storeDir)) {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      continue;
    }
    const all = text.split("\n");
    if (all.at(-1) === "") all.pop();
    lines.push(...all.filter((l) => Buffer.byteLength(l) <= 65_535));
  }
  const events = (needle: string, match: (e: MeasurementEvent) => boolean) =>
    lines
      .filter((l) => l.includes(needle))
      .map((l) => parseEventLine(l))
      .filter((e): e is MeasurementEvent => e !== null && match(e))
      .map((e) => JSON.stringify(e));
  return {
    session: (id) => events(`"sessionId":${JSON.stringify(id)}`, (e) => e.sessionId === id),
    instance: (key) => events(`"instance":${JSON.stringify(key)}`, (e) => "instance" in e && e.instance === key),
  };
}

function expectSameAsScan(storeDir: string): void {
  const want = reference(storeDir);
  for (const id of [...SESSIONS, "absent"])
    expect(
      sessionEvents(storeDir, id).map((e) => JSON.stringify(e)),
      id,
    ).toEqual(want.session(id));
  for (const key of [...INSTANCES, "claude-3"])
    expect(
      instanceEvents(storeDir, key).map((e) => JSON.stringify(e)),
      key,
    ).toEqual(want.instance(key));
}

function refresh(storeDir: string): void {
  refreshMeasurementIndex(storeDir);
}

function coverage(storeDir: string): (number | null)[] {
  return measurementIndexCoverage(storeDir, measurementLogPaths(storeDir));
}

function writeLog(path: string, lines: string[], ending = "\n"): void {
  writeFileSync(path, lines.length === 0 ? "" : `${lines.join("\n")}${ending}`);
}

/** Other sessions' events, ~1.1 MB: put first in the previous file so that the log is large enough to be indexed. */
const FILLER = Array.from({ length: 2_900 }, (_, i) =>
  JSON.stringify({ kind: "hookSeen", at: `f${i}`, event: `F${"f".repeat(300)}`, sessionId: `filler-${i % 40}` }),
);

describe("measurement index", () => {
  test("readers return what a full scan returns, with the index missing, valid, behind and extended (random logs)", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const storeDir = store();
      const random = seededRandom(seed);
      writeLog(previousMeasurementLogPath(storeDir), [...FILLER, ...randomLines(random, 400, 0)]);
      // The current file may end with a torn line (no newline): it stays outside the index.
      writeLog(measurementLogPath(storeDir), randomLines(random, 300, 1_000), seed % 2 === 0 ? "" : "\n");
      expectSameAsScan(storeDir);
      refresh(storeDir);
      const [previous, current] = coverage(storeDir);
      expect(previous).toBe(statSync(previousMeasurementLogPath(storeDir)).size);
      expect(current).not.toBeNull();
      expectSameAsScan(storeDir);
      appendFileSync(measurementLogPath(storeDir), `\n${randomLines(random, 50, 5_000).join("\n")}\n`);
      expectSameAsScan(storeDir); // the appended part is scanned
      refresh(storeDir); // the section is extended over it
      expect(coverage(storeDir)[1]).toBe(statSync(measurementLogPath(storeDir)).size);
      expectSameAsScan(storeDir);
      rmSync(storeDir, { recursive: true, force: true });
    }
  });

  test("a log rewritten under its index (same file, other bytes) is scanned, not read at stale offsets", () => {
    const storeDir = store();
    const random = seededRandom(11);
    writeLog(previousMeasurementLogPath(storeDir), FILLER);
    writeLog(measurementLogPath(storeDir), randomLines(random, 300, 0));
    refresh(storeDir);
    // Truncated (a restored copy): shorter than the section covers.
    writeLog(measurementLogPath(storeDir), randomLines(seededRandom(11), 150, 0));
    expect(coverage(storeDir)[1]).toBeNull();
    expectSameAsScan(storeDir);
    // Rewritten with other lines, longer than before: the covered part's bytes differ.
    refresh(storeDir);
    writeLog(measurementLogPath(storeDir), randomLines(seededRandom(12), 600, 0));
    expect(coverage(storeDir)[1]).toBeNull();
    expectSameAsScan(storeDir);
  });

  test("a damaged index is never trusted: any changed byte gives what a full scan gives", () => {
    const storeDir = store();
    const random = seededRandom(21);
    writeLog(previousMeasurementLogPath(storeDir), [...FILLER, ...randomLines(random, 200, 0)]);
    writeLog(measurementLogPath(storeDir), randomLines(random, 200, 1_000));
    refresh(storeDir);
    const good = readFileSync(measurementIndexPath(storeDir));
    for (let k = 0; k < 60; k++) {
      const bad = Buffer.from(good);
      const at = randomInt(random, bad.length);
      bad[at] = k % 3 === 0 ? 0x0a : k % 3 === 1 ? 0x30 + randomInt(random, 10) : randomInt(random, 256);
      writeFileSync(measurementIndexPath(storeDir), k % 7 === 0 ? bad.subarray(0, at) : bad);
      expectSameAsScan(storeDir);
    }
    writeFileSync(measurementIndexPath(storeDir), "not an index\n");
    expectSameAsScan(storeDir);
  });

  test("after a rotation the renamed file keeps its section; the new current file is scanned until indexed", () => {
    const storeDir = store();
    const random = seededRandom(31);
    writeLog(previousMeasurementLogPath(storeDir), [...FILLER, ...randomLines(random, 200, 0)]);
    writeLog(measurementLogPath(storeDir), randomLines(random, 300, 1_000));
    refresh(storeDir);
    const covered = coverage(storeDir)[1];
    renameSync(measurementLogPath(storeDir), previousMeasurementLogPath(storeDir)); // as measurement-log-rotate.ts does
    writeLog(measurementLogPath(storeDir), randomLines(random, 40, 9_000));
    expect(coverage(storeDir)).toEqual([covered, null]);
    expectSameAsScan(storeDir);
    // A late append to the renamed file (opened before the rename) is scanned past its section.
    appendFileSync(previousMeasurementLogPath(storeDir), `${randomLines(random, 10, 9_500).join("\n")}\n`);
    expectSameAsScan(storeDir);
  });

  test("a lookup that finds the log far past its index says so, and the index is then written anew; never through a link", () => {
    const storeDir = store();
    const random = seededRandom(41);
    const lines = randomLines(random, 2_000, 0).filter((l) => l.length < 1_000);
    writeLog(previousMeasurementLogPath(storeDir), FILLER);
    writeLog(measurementLogPath(storeDir), lines);
    expect(statSync(measurementLogPath(storeDir)).size).toBeGreaterThan(INDEX_BEHIND_BYTES);
    sessionEvents(storeDir, "s1");
    expect(indexBehind(storeDir)).toBe(true);
    expect(indexBehind(storeDir)).toBe(false); // asking clears it
    refreshMeasurementIndexIfBehind(storeDir);
    expect(coverage(storeDir)[1]).toBe(statSync(measurementLogPath(storeDir)).size);
    sessionEvents(storeDir, "s1");
    expect(indexBehind(storeDir)).toBe(false);
    expectSameAsScan(storeDir);
    // A few appended lines: scanned, not yet worth a new index.
    appendFileSync(measurementLogPath(storeDir), `${randomLines(random, 5, 9_000).join("\n")}\n`);
    instanceEvents(storeDir, "claude-1");
    expect(indexBehind(storeDir)).toBe(false);

    const linked = mkdtempSync(join(tmpdir(), "tm-index-elsewhere-"));
    try {
      rmSync(join(storeDir, "cache"), { recursive: true, force: true });
      symlinkSync(linked, join(storeDir, "cache"));
      refreshMeasurementIndexIfBehind(storeDir);
      expect(readdirSync(linked)).toEqual([]);
      expectSameAsScan(storeDir);
    } finally {
      rmSync(linked, { recursive: true, force: true });
    }
  });

  test("a small log is scanned and gets no index", () => {
    const storeDir = store();
    writeLog(
      measurementLogPath(storeDir),
      randomLines(seededRandom(51), 2_000, 0).filter((l) => l.length < 400),
    );
    const size = statSync(measurementLogPath(storeDir)).size;
    expect(size).toBeGreaterThan(INDEX_BEHIND_BYTES);
    expect(size).toBeLessThan(INDEX_MIN_LOG_BYTES);
    expectSameAsScan(storeDir);
    expect(indexBehind(storeDir)).toBe(false);
  });

  test("a log larger than what readers read is not indexed", () => {
    const storeDir = store();
    mkdirSync(join(storeDir, "cache"));
    const line = JSON.stringify({ kind: "hookSeen", at: "t", event: "x".repeat(500), sessionId: "s1" });
    const count = Math.ceil(READ_MAX_BYTES / line.length) + 10;
    writeFileSync(measurementLogPath(storeDir), `${line}\n`.repeat(count));
    refresh(storeDir);
    expect(coverage(storeDir)).toEqual([null, null]);
    // Read from its last 8 MiB, as before: the lines that start in them.
    const windowStart = count * (line.length + 1) - READ_MAX_BYTES;
    expect(sessionEvents(storeDir, "s1").length).toBe(count - Math.ceil(windowStart / (line.length + 1)));
  });
});
