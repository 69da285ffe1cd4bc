// Guards the store lock's mutual exclusion: across 8 processes, against a live holder, and inside one process.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LockTimeoutError, withLock } from "../../src/core/store/lock.js";
import type { LockCounterInput } from "../fixtures/workers/lock-counter.js";
import type { LockHolderInput } from "../fixtures/workers/lock-holder.js";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";

const WORKERS = join(import.meta.dirname, "../fixtures/workers");
let root: string;
let counterScript: string;
let holderScript: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tm-lock-"));
  counterScript = buildWorker(join(WORKERS, "lock-counter.ts"), join(root, "bin"));
  holderScript = buildWorker(join(WORKERS, "lock-holder.ts"), join(root, "bin"));
});
afterEach(killWorkers);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function freshDir(): string {
  return mkdtempSync(join(root, "case-"));
}

function lockFileHolderPid(lockPath: string): number {
  return JSON.parse(readFileSync(lockPath, "utf8")).pid;
}

describe("withLock across processes", () => {
  it("loses no increment when 8 processes (awaiting and thread-blocking holders) read-modify-write one counter", async () => {
    const dir = freshDir();
    const lockPath = join(dir, ".lock");
    const counterPath = join(dir, "counter");
    const goPath = join(dir, "go");
    writeFileSync(counterPath, "0");
    const iterations = 25;
    const workers = Array.from({ length: 8 }, (_, i) =>
      spawnWorker(counterScript, {
        lockPath,
        counterPath,
        goPath,
        iterations,
        mode: i % 2 === 0 ? "async" : "blocking",
        timeoutMs: 30_000,
      } satisfies LockCounterInput),
    );
    await Promise.all(workers.map((w) => w.waitFor("ready")));
    writeFileSync(goPath, "");
    const exits = await Promise.all(workers.map((w) => w.exited));
    for (const exit of exits) expect(exit).toMatchObject({ code: 0, stderr: "" });
    expect(readFileSync(counterPath, "utf8")).toBe(String(8 * iterations));
    expect(readdirSync(dir).sort()).toEqual(["counter", "go"]);
  });

  it("makes a short-timeout acquirer fail with LockTimeoutError naming the path and the live holder's pid", async () => {
    const dir = freshDir();
    const lockPath = join(dir, ".lock");
    const holder = spawnWorker(holderScript, { lockPath, mode: "async", holdMs: 30_000 } satisfies LockHolderInput);
    await holder.waitFor("acquired");
    let ran = false;
    const error = await withLock(
      lockPath,
      async () => {
        ran = true;
      },
      { timeoutMs: 300 },
    ).catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(LockTimeoutError);
    const timeout = error as LockTimeoutError;
    expect(timeout.lockPath).toBe(lockPath);
    expect(timeout.holder?.pid).toBe(holder.pid);
    expect(timeout.message).toContain(lockPath);
    expect(timeout.message).toContain(`pid ${holder.pid}`);
    expect(timeout.message).toContain("delete");
    expect(lockFileHolderPid(lockPath)).toBe(holder.pid);
  });

  it("makes a short-timeout acquirer fail with LockTimeoutError while a holder blocks its thread in the lock", async () => {
    const dir = freshDir();
    const lockPath = join(dir, ".lock");
    const holder = spawnWorker(holderScript, { lockPath, mode: "blocking", holdMs: 30_000 } satisfies LockHolderInput);
    await holder.waitFor("acquired");
    await expect(withLock(lockPath, async () => "ran", { timeoutMs: 200 })).rejects.toThrow(LockTimeoutError);
    const error = await withLock(lockPath, async () => "ran", { timeoutMs: 0 }).catch((e: unknown) => e);
    expect((error as LockTimeoutError).holder?.pid).toBe(holder.pid);
    expect((error as Error).message).toContain(`${lockPath} (held by pid ${holder.pid}`);
  });

  it("lets the next process in as soon as the holder releases (no leftover lock file)", async () => {
    const dir = freshDir();
    const lockPath = join(dir, ".lock");
    const releasedMarker = join(dir, "released");
    const holder = spawnWorker(holderScript, {
      lockPath,
      mode: "async",
      holdMs: 300,
      releasedMarker,
    } satisfies LockHolderInput);
    await holder.waitFor("acquired");
    const sawRelease = await withLock(lockPath, async () => existsSync(releasedMarker), { timeoutMs: 20_000 });
    expect(sawRelease).toBe(true);
    expect(await holder.exited).toMatchObject({ code: 0, stderr: "" });
    expect(existsSync(lockPath)).toBe(false);
  });
});

describe("withLock inside one process", () => {
  it("runs a nested withLock on the same path instead of deadlocking", async () => {
    const lockPath = join(freshDir(), ".lock");
    const result = await withLock(
      lockPath,
      async () => {
        await sleep(1);
        return withLock(
          lockPath,
          async () => {
            expect(lockFileHolderPid(lockPath)).toBe(process.pid);
            return withLock(lockPath, async () => withLock(lockPath, async () => "innermost"), { timeoutMs: 0 });
          },
          { timeoutMs: 0 },
        );
      },
      { timeoutMs: 1_000 },
    );
    expect(result).toBe("innermost");
    expect(existsSync(lockPath)).toBe(false);
  });

  it("still excludes concurrent sibling tasks of the same process from each other", async () => {
    const lockPath = join(freshDir(), ".lock");
    let counter = 0;
    let inside = 0;
    let maxInside = 0;
    const task = async (): Promise<void> => {
      for (let i = 0; i < 10; i++) {
        await withLock(lockPath, async () => {
          inside++;
          maxInside = Math.max(maxInside, inside);
          const read = counter;
          await sleep(1);
          counter = read + 1;
          inside--;
        });
      }
    };
    await Promise.all([task(), task(), task(), task()]);
    expect(counter).toBe(40);
    expect(maxInside).toBe(1);
  });

  it("re-acquires for real when a task started inside the lock runs after the lock was released", async () => {
    const lockPath = join(freshDir(), ".lock");
    let later: Promise<number> | undefined;
    await withLock(lockPath, async () => {
      later = sleep(20).then(() => withLock(lockPath, async () => lockFileHolderPid(lockPath)));
    });
    expect(existsSync(lockPath)).toBe(false);
    expect(await later).toBe(process.pid);
    expect(existsSync(lockPath)).toBe(false);
  });

  it("removes the lock and passes the error on when the locked function throws", async () => {
    const lockPath = join(freshDir(), ".lock");
    await expect(
      withLock(lockPath, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(existsSync(lockPath)).toBe(false);
  });

  it("fails with the path when the lock's directory does not exist", async () => {
    const lockPath = join(freshDir(), "missing", ".lock");
    await expect(withLock(lockPath, async () => "ran")).rejects.toThrow(lockPath);
  });
});
