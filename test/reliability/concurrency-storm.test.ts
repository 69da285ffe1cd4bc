// Guards the store under concurrent sessions: 16 processes creating threads under one parent, appending lines to one
// thread, changing statuses and switching lose no thread and no line, duplicate nothing, and leave every file parseable.
// The full 16 × 50 storm runs in `node bench/stress.mjs`; this one keeps the suite fast.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildWorker, killWorkers } from "../support/build-worker.js";
import { runStorm } from "./storm-run.js";

const WORKERS = join(import.meta.dirname, "../fixtures/workers");
let base: string;
let workerScript: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "tm-storm-"));
  workerScript = buildWorker(join(WORKERS, "storm-worker.ts"), join(base, "bin"));
});
afterEach(killWorkers);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("16 sessions writing one store at once", () => {
  it("loses no created thread, no appended line and no session, duplicates nothing, and leaves no temp file or lock", {
    timeout: 180_000,
  }, async () => {
    const outcome = await runStorm({ baseDir: base, workerScript, workers: 16, opsPerWorker: 8, seed: 6, lockTimeoutMs: 60_000 });
    console.info(
      `storm 16 × 8: ${outcome.elapsedMs} ms, ${outcome.threadsCreated} threads created, ${outcome.linesAppended} lines appended, ` +
        `op p50 ${outcome.opMs.p50} ms, p95 ${outcome.opMs.p95} ms, max ${outcome.opMs.max} ms`,
    );
    expect(outcome.failures).toEqual([]);
    expect(outcome.reports).toHaveLength(16);
    expect(outcome.problems).toEqual([]);
    // The seeded mix really exercised every kind of operation, and the racing creates of one title got distinct ids.
    const total = (kind: keyof (typeof outcome.reports)[number]["counts"]) =>
      outcome.reports.reduce((n, r) => n + r.counts[kind], 0);
    for (const kind of ["create", "append", "status", "switch", "list"] as const) expect(total(kind), kind).toBeGreaterThan(0);
    const sharedTitleIds = outcome.reports
      .flatMap((r) => r.created.map((c) => c.id))
      .filter((id) => id.startsWith("storm-shared-topic"));
    expect(sharedTitleIds.length).toBeGreaterThan(1);
    expect(new Set(sharedTitleIds).size).toBe(sharedTitleIds.length);
  });
});
