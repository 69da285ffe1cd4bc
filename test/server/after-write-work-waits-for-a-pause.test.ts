// Guards #31's "summary_update right after thread_create as fast as alone": the work a write triggers (cache refresh,
// conflict-marker sweep, the tokenizer an assembly loads) waits for the client's pause, never ahead of its next call.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ServerSession } from "../../src/server/server-session.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function session(): ServerSession {
  dir = mkdtempSync(join(tmpdir(), "tm-after-idle-"));
  return new ServerSession({
    env: { THREADMIND_ROOT: dir },
    cwd: dir,
    session: { key: "claude-4242", pid: 4242 },
    encoder: null,
  });
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("work after a write", () => {
  test("the calls the client sends before pausing run first; the work runs once, after them, in the queue", async () => {
    const s = session();
    const order: string[] = [];
    let done!: () => void;
    const ran = new Promise<void>((resolve) => {
      done = resolve;
    });
    await s.serial(async () => {
      order.push("thread_create");
      s.afterIdle(20, async () => {
        order.push("after-write work");
        done();
      });
    });
    // A burst: each call arrives as soon as the previous one answered, and a second write asks for the work again.
    await s.serial(async () => {
      order.push("summary_update");
      s.afterIdle(20, async () => {
        order.push("a second job");
      });
    });
    await tick();
    await s.serial(async () => {
      order.push("summary_update 2");
    });
    await ran;
    await s.serial(async () => {});
    expect(order).toEqual(["thread_create", "summary_update", "summary_update 2", "after-write work"]);
  });

  test("a client that goes away before pausing still gets the work done, queued at once", async () => {
    const s = session();
    let ran = false;
    await s.serial(async () => {
      s.afterIdle(60_000, async () => {
        ran = true;
      });
    });
    s.close();
    await s.serial(async () => {});
    expect(ran).toBe(true);
  });
});
