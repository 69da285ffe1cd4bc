// Guards the server's warm-up after initialize (src/server/warm-up.ts): it goes through on a scratch store (so it
// keeps warming the write path as the store's formats change), leaves nothing behind, and waits for an idle client.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { warmUp } from "../../src/server/warm-up.js";
import { ServerSession } from "../../src/server/server-session.js";

const savedTmp = process.env.TMPDIR;
let scratch: string | undefined;
afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe("server warm-up", () => {
  test("updates a summary and reads a context on a scratch store, then removes it", async () => {
    scratch = mkdtempSync(join(tmpdir(), "tm-warm-test-"));
    process.env.TMPDIR = scratch; // os.tmpdir() follows it: the scratch store is made in here
    expect(await warmUp({ key: "claude-4242", pid: 4242 })).toBe(true);
    expect(readdirSync(scratch)).toEqual([]);
  });

  test("a temporary directory that cannot be written costs nothing but the warm-up", async () => {
    scratch = mkdtempSync(join(tmpdir(), "tm-warm-test-"));
    process.env.TMPDIR = join(scratch, "missing", "dir");
    expect(await warmUp({ key: "claude-4242", pid: 4242 })).toBe(false);
  });
});

describe("server warm-up timing", () => {
  test("waits until no operation is under way and the client has been idle", async () => {
    scratch = mkdtempSync(join(tmpdir(), "tm-warm-test-"));
    process.env.TMPDIR = scratch;
    const session = new ServerSession({
      env: { THREADMIND_ROOT: scratch },
      cwd: scratch,
      session: { key: "claude-4243", pid: 4243 },
      encoder: null,
    });
    const order: string[] = [];
    const warmed = new Promise<boolean>((resolve) =>
      session.warmUpWhenIdle(20, (ok) => {
        order.push("warm-up");
        resolve(ok);
      }),
    );
    // An operation longer than the idle time, started at once: the warm-up comes after it.
    await session.serial(async () => {
      await new Promise((r) => setTimeout(r, 120));
      order.push("operation");
    });
    expect(await warmed).toBe(true);
    expect(order).toEqual(["operation", "warm-up"]);
  });

  test("once the client is gone, neither the warm-up nor the tokenizer's load starts", async () => {
    scratch = mkdtempSync(join(tmpdir(), "tm-warm-test-"));
    process.env.TMPDIR = scratch;
    let loads = 0;
    const session = new ServerSession({
      env: { THREADMIND_ROOT: scratch },
      cwd: scratch,
      session: { key: "claude-4244", pid: 4244 },
      encoder: () => {
        loads += 1;
        return Promise.reject(new Error("not loaded in this test"));
      },
    });
    let warmed = false;
    session.warmUpWhenIdle(10, () => {
      warmed = true;
    });
    session.close();
    session.preloadTokenizer();
    await new Promise((r) => setTimeout(r, 80)); // several idle periods: a warm-up would have started
    expect(warmed).toBe(false);
    expect(loads).toBe(0);
  });
});
