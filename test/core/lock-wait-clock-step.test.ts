// Guards the bound on waiting for the store lock when the wall clock is stepped back during the wait.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import type { ClockSteppedWaiterInput } from "../fixtures/workers/clock-stepped-waiter.js";
import type { LockHolderInput } from "../fixtures/workers/lock-holder.js";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";

const WORKERS = join(import.meta.dirname, "../fixtures/workers");
let root: string;
let holderScript: string;
let waiterScript: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tm-lock-clock-"));
  holderScript = buildWorker(join(WORKERS, "lock-holder.ts"), join(root, "bin"));
  waiterScript = buildWorker(join(WORKERS, "clock-stepped-waiter.ts"), join(root, "bin"));
});
afterEach(killWorkers);
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("waiting for a held lock still gives up after timeoutMs when the wall clock is stepped back an hour during the wait (it waited the hour)", async () => {
  const lockPath = join(mkdtempSync(join(root, "case-")), ".lock");
  const holder = spawnWorker(holderScript, { lockPath, mode: "async", holdMs: 600_000 } satisfies LockHolderInput);
  await holder.waitFor("acquired");
  const waiter = spawnWorker(waiterScript, { lockPath, timeoutMs: 300 } satisfies ClockSteppedWaiterInput);
  const exit = await waiter.exited;
  expect(exit.stdout).toContain(`timed out: Timed out after`);
  expect(exit.stdout).toContain(`waiting for the ThreadMind lock ${lockPath} (held by pid ${holder.pid}`);
  expect(exit.stdout).not.toContain("acquired");
}, 60_000);
