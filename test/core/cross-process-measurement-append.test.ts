// Guards measurements.jsonl under concurrency: hooks append without the lock, so 8 processes appending at once (with
// rotations happening meanwhile) must lose no line and tear none; a line cut by a crash costs only itself.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import {
  appendMeasurementEvents,
  LOG_ROTATE_BYTES,
  measurementLogPath,
  previousMeasurementLogPath,
} from "../../src/core/measure/measurement-log.js";
import { readMeasurementLog, sessionEvents } from "../../src/core/measure/measurement-log-read.js";
import type { AppendWorkerInput } from "./workers/measurement-append.worker.js";

let bin: string;
let script: string;
let repo: TempRepo | undefined;

beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), "tm-append-bin-"));
  script = buildWorker(join(import.meta.dirname, "workers", "measurement-append.worker.ts"), bin);
});
afterEach(async () => {
  await killWorkers();
  repo?.cleanup();
  repo = undefined;
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

async function store(): Promise<string> {
  repo = makeTempRepo({ git: false });
  await servicesFor(repo.dir).projectCreate({ title: "Append" });
  return join(repo.dir, ".threadmind");
}

describe("measurements.jsonl", () => {
  test("8 processes appending at once: every record once, no torn line", async () => {
    const storeDir = await store();
    const goFile = join(repo!.dir, "go");
    const workers = Array.from({ length: 8 }, (_, worker) =>
      spawnWorker(script, { root: repo!.dir, goFile, worker, count: 60, padding: 0 } satisfies AppendWorkerInput),
    );
    await Promise.all(workers.map((w) => w.waitFor("ready")));
    writeFileSync(goFile, "");
    const exits = await Promise.all(workers.map((w) => w.exited));
    for (const e of exits) expect(e, e.stderr).toMatchObject({ code: 0, stderr: "" });
    const read = readMeasurementLog(storeDir);
    expect(read.unreadableLines).toBe(0);
    expect(read.measurements.sessionEnds).toHaveLength(480);
    for (let w = 0; w < 8; w++) {
      const mine = sessionEvents(storeDir, `w${w}`);
      expect(mine.filter((e) => e.kind === "sessionEnd").map((e) => (e.kind === "sessionEnd" ? e.contextTokens : -1))).toEqual([
        ...Array(60).keys(),
      ]);
    }
  });

  test("rotation while 4 processes append: the log stays bounded, and the newest records survive in order", async () => {
    const storeDir = await store();
    const goFile = join(repo!.dir, "go");
    // ~1.1 KB per append: each worker writes ~0.9 MB, so the log rotates at least twice meanwhile.
    const workers = Array.from({ length: 4 }, (_, worker) =>
      spawnWorker(script, { root: repo!.dir, goFile, worker, count: 800, padding: 1_000 } satisfies AppendWorkerInput),
    );
    await Promise.all(workers.map((w) => w.waitFor("ready")));
    writeFileSync(goFile, "");
    const exits = await Promise.all(workers.map((w) => w.exited));
    for (const e of exits) expect(e, e.stderr).toMatchObject({ code: 0, stderr: "" });
    expect(existsSync(previousMeasurementLogPath(storeDir))).toBe(true);
    // Bounded: a rotation happens once the current file passes the limit (by at most one append per writer).
    expect(statSync(measurementLogPath(storeDir)).size).toBeLessThan(LOG_ROTATE_BYTES + 4 * 2_500);
    const read = readMeasurementLog(storeDir);
    expect(read.unreadableLines).toBe(0);
    let kept = 0;
    for (let w = 0; w < 4; w++) {
      const values = sessionEvents(storeDir, `w${w}`).flatMap((e) =>
        e.kind === "sessionEnd" && e.contextTokens !== null ? [e.contextTokens] : [],
      );
      // A rotation drops the oldest file only: what is kept of a writer is a run of its newest records, up to its last.
      // (A writer that finished two rotations before the others may have nothing left.)
      expect(values).toEqual([...Array(values.length).keys()].map((i) => 800 - values.length + i));
      kept += values.length;
    }
    // At least the newest ~1 MiB (one full file) is kept: ~1.1 KB per append.
    expect(kept).toBeGreaterThan(LOG_ROTATE_BYTES / 1_200);
  });

  test("a line cut off by a crashed writer costs only itself", async () => {
    const storeDir = await store();
    appendMeasurementEvents(storeDir, [{ kind: "hookSeen", at: "1", event: "SessionStart:startup", sessionId: "a" }]);
    appendFileSync(measurementLogPath(storeDir), '{"kind":"hookSeen","at":"2","eve');
    appendMeasurementEvents(storeDir, [{ kind: "hookSeen", at: "3", event: "SessionEnd:other", sessionId: "a" }]);
    const read = readMeasurementLog(storeDir);
    expect(read.unreadableLines).toBe(1);
    expect(read.measurements.hooksSeen.map((h) => h.at)).toEqual(["1", "3"]);
  });

  test("refuses a log that is a symlink (it never writes outside .threadmind/)", async () => {
    const storeDir = await store();
    const outside = join(repo!.dir, "outside.txt");
    writeFileSync(outside, "mine\n");
    const { symlinkSync } = await import("node:fs");
    symlinkSync(outside, measurementLogPath(storeDir));
    expect(() => appendMeasurementEvents(storeDir, [{ kind: "hookSeen", at: "1", event: "x", sessionId: "a" }])).toThrow(
      /is a symbolic link, not a regular file/,
    );
    expect(readFileSync(outside, "utf8")).toBe("mine\n");
  });

  test("the log is gitignored, also in a store whose .gitignore predates it", async () => {
    const storeDir = await store();
    const gitignore = join(storeDir, ".gitignore");
    writeFileSync(gitignore, "config.json\ncache/\n");
    await servicesFor(repo!.dir).recordEvents([{ kind: "hookSeen", at: "1", event: "x", sessionId: "a" }]);
    const lines = readFileSync(gitignore, "utf8").split("\n");
    expect(lines).toContain("measurements.jsonl");
    expect(lines).toContain("measurements.1.jsonl");
    expect(lines.slice(0, 2)).toEqual(["config.json", "cache/"]);
  });
});
