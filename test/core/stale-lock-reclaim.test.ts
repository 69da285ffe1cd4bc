// Guards stale-lock reclaim: dead holders, old and garbage locks, racing reclaimers, and never stealing a live lock.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LockLostError, LockTimeoutError, withLock } from "../../src/core/store/lock.js";
import type { LockHolder } from "../../src/core/store/lock.js";
import type { LockCounterInput } from "../fixtures/workers/lock-counter.js";
import type { LockHolderInput } from "../fixtures/workers/lock-holder.js";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";

const WORKERS = join(import.meta.dirname, "../fixtures/workers");
let root: string;
let counterScript: string;
let holderScript: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tm-stale-"));
  counterScript = buildWorker(join(WORKERS, "lock-counter.ts"), join(root, "bin"));
  holderScript = buildWorker(join(WORKERS, "lock-holder.ts"), join(root, "bin"));
});
afterEach(killWorkers);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function freshLockPath(): string {
  return join(mkdtempSync(join(root, "case-")), ".lock");
}

/** The pid of a process that has exited and been reaped: nobody answers to it. */
function deadPid(): number {
  const run = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(run.stdout);
}

function plant(path: string, content: string, ageMs: number): void {
  writeFileSync(path, content);
  const when = new Date(Date.now() - ageMs);
  utimesSync(path, when, when);
}

function holderJson(holder: Partial<LockHolder>): string {
  return JSON.stringify({
    pid: holder.pid ?? deadPid(),
    hostname: "other-host.invalid",
    acquiredAt: new Date().toISOString(),
    nonce: "planted-nonce",
    ...holder,
  } satisfies LockHolder);
}

function lockFileHolderPid(lockPath: string): number {
  return JSON.parse(readFileSync(lockPath, "utf8")).pid;
}

describe("reclaiming a lock whose holder is gone", () => {
  it.each(["async", "blocking"] as const)("reclaims a lock left by a %s holder killed with SIGKILL", async (mode) => {
    const lockPath = freshLockPath();
    const holder = spawnWorker(holderScript, { lockPath, mode, holdMs: 30_000 } satisfies LockHolderInput);
    await holder.waitFor("acquired");
    holder.child.kill("SIGKILL");
    expect(await holder.exited).toMatchObject({ signal: "SIGKILL" });
    expect(lockFileHolderPid(lockPath)).toBe(holder.pid);
    const inside = await withLock(lockPath, async () => lockFileHolderPid(lockPath), { timeoutMs: 5_000 });
    expect(inside).toBe(process.pid);
    expect(existsSync(lockPath)).toBe(false);
  });

  it("reclaims a fresh lock naming a dead pid on this host without waiting for staleMs", async () => {
    const lockPath = freshLockPath();
    plant(lockPath, holderJson({ hostname: hostname() }), 0);
    expect(await withLock(lockPath, async () => lockFileHolderPid(lockPath), { timeoutMs: 2_000, staleMs: 600_000 })).toBe(
      process.pid,
    );
  });

  it("reclaims a lock naming this process's pid with a nonce this process does not hold (a previous incarnation)", async () => {
    const lockPath = freshLockPath();
    plant(lockPath, holderJson({ hostname: hostname(), pid: process.pid }), 0);
    expect(await withLock(lockPath, async () => "ran", { timeoutMs: 2_000, staleMs: 600_000 })).toBe("ran");
  });
});

describe("reclaiming by age", () => {
  it("respects a fresh lock from another host (its pid cannot be checked) until it is older than staleMs", async () => {
    const lockPath = freshLockPath();
    plant(lockPath, holderJson({ pid: 4242 }), 0);
    try {
      await withLock(lockPath, async () => "ran", { timeoutMs: 200 });
      expect.unreachable("the planted lock is fresh");
    } catch (error) {
      expect(error).toBeInstanceOf(LockTimeoutError);
      expect((error as LockTimeoutError).holder).toMatchObject({ pid: 4242, hostname: "other-host.invalid" });
      expect((error as Error).message).toContain("pid 4242 on host other-host.invalid since");
    }
    expect(await withLock(lockPath, async () => "ran", { timeoutMs: 10_000, staleMs: 400 })).toBe("ran");
  });

  it("reclaims a lock from another host whose mtime is older than the default staleMs", async () => {
    const lockPath = freshLockPath();
    plant(lockPath, holderJson({ pid: 4242 }), 60_000);
    expect(await withLock(lockPath, async () => lockFileHolderPid(lockPath), { timeoutMs: 2_000 })).toBe(process.pid);
  });

  it("does not reclaim a live holder that keeps the lock longer than staleMs (its heartbeat keeps it fresh)", async () => {
    const dir = mkdtempSync(join(root, "case-"));
    const lockPath = join(dir, ".lock");
    const releasedMarker = join(dir, "released");
    const holder = spawnWorker(holderScript, {
      lockPath,
      mode: "async",
      holdMs: 2_000,
      staleMs: 600,
      releasedMarker,
    } satisfies LockHolderInput);
    await holder.waitFor("acquired");
    const cameAfterRelease = await withLock(lockPath, async () => existsSync(releasedMarker), {
      staleMs: 600,
      timeoutMs: 30_000,
    });
    expect(cameAfterRelease).toBe(true);
    expect(await holder.exited).toMatchObject({ code: 0, stderr: "" });
  });
});

describe("reclaiming unreadable locks", () => {
  it.each([
    ["not JSON", "{half a holder"],
    ["empty", ""],
    ["JSON without a holder", '{"pid":"x"}'],
  ])("reclaims a %s lock file older than the grace period", async (_label, content) => {
    const lockPath = freshLockPath();
    plant(lockPath, content, 10_000);
    expect(await withLock(lockPath, async () => lockFileHolderPid(lockPath), { timeoutMs: 2_000 })).toBe(process.pid);
    expect(existsSync(lockPath)).toBe(false);
  });

  it("leaves a just-created empty lock file alone during the grace period", async () => {
    const lockPath = freshLockPath();
    plant(lockPath, "", 0);
    try {
      await withLock(lockPath, async () => "ran", { timeoutMs: 100 });
      expect.unreachable("a fresh empty lock may be a writer between create and write");
    } catch (error) {
      expect(error).toBeInstanceOf(LockTimeoutError);
      expect((error as LockTimeoutError).holder).toBeUndefined();
      expect((error as Error).message).toContain(lockPath);
    }
    expect(readFileSync(lockPath, "utf8")).toBe("");
  });
});

describe("racing reclaimers", () => {
  it("lets exactly one of 8 processes at a time in when each lock is left behind by a dead holder", async () => {
    const dir = mkdtempSync(join(root, "case-"));
    const lockPath = join(dir, ".lock");
    const counterPath = join(dir, "counter");
    const goPath = join(dir, "go");
    writeFileSync(counterPath, "0");
    const abandonAsPid = deadPid();
    plant(lockPath, holderJson({ pid: abandonAsPid, hostname: hostname() }), 0); // every worker sees it stale at once
    const iterations = 10;
    const workers = Array.from({ length: 8 }, (_, i) =>
      spawnWorker(counterScript, {
        lockPath,
        counterPath,
        goPath,
        iterations,
        mode: i % 2 === 0 ? "blocking" : "async",
        timeoutMs: 30_000,
        abandonAsPid, // and every round ends the same way: all waiters race to reclaim each lock
      } satisfies LockCounterInput),
    );
    await Promise.all(workers.map((w) => w.waitFor("ready")));
    writeFileSync(goPath, "");
    const exits = await Promise.all(workers.map((w) => w.exited));
    for (const exit of exits) expect(exit).toMatchObject({ code: 0, stderr: "" });
    expect(readFileSync(counterPath, "utf8")).toBe(String(8 * iterations));
    expect(readdirSync(dir).sort()).toEqual([".lock", "counter", "go"]); // the last abandoned lock, nothing else
  });

  it.each([
    ["whose holder died", (path: string) => plant(path, holderJson({ hostname: hostname() }), 0)],
    ["that is old", (path: string) => plant(path, holderJson({ pid: 4242 }), 60_000)],
    ["that is old garbage", (path: string) => plant(path, "", 60_000)],
  ])("breaks a reclaim mutex %s, then reclaims the stale lock", async (_label, plantMutex) => {
    const lockPath = freshLockPath();
    plant(lockPath, holderJson({ hostname: hostname() }), 0);
    plantMutex(`${lockPath}.reclaim`);
    expect(await withLock(lockPath, async () => lockFileHolderPid(lockPath), { timeoutMs: 5_000 })).toBe(process.pid);
    expect(existsSync(`${lockPath}.reclaim`)).toBe(false);
  });

  it("waits instead of breaking a reclaim mutex whose holder is alive and recent", async () => {
    const lockPath = freshLockPath();
    plant(lockPath, holderJson({ hostname: hostname() }), 0);
    plant(`${lockPath}.reclaim`, holderJson({ hostname: hostname(), pid: process.ppid }), 0);
    await expect(withLock(lockPath, async () => "ran", { timeoutMs: 200 })).rejects.toThrow(LockTimeoutError);
    expect(existsSync(`${lockPath}.reclaim`)).toBe(true);
  });
});

describe("releasing a lock that is no longer ours", () => {
  it.each([
    ["replaced by another holder", holderJson({ pid: 4242 })],
    ["deleted", undefined],
  ])("reports LockLostError and leaves the lock file alone when it was %s", async (_label, replacement) => {
    const lockPath = freshLockPath();
    const error = await withLock(lockPath, async () => {
      if (replacement === undefined) rmSync(lockPath);
      else writeFileSync(lockPath, replacement);
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockLostError);
    expect((error as Error).message).toContain(lockPath);
    expect(existsSync(lockPath) ? readFileSync(lockPath, "utf8") : undefined).toBe(replacement);
  });

  it("keeps the locked function's own error as the cause when the lock was also lost", async () => {
    const lockPath = freshLockPath();
    const failure = new Error("the function failed");
    try {
      await withLock(lockPath, async () => {
        rmSync(lockPath);
        throw failure;
      });
      expect.unreachable("the function throws");
    } catch (error) {
      expect(error).toBeInstanceOf(LockLostError);
      expect((error as Error).cause).toBe(failure);
    }
  });
});
