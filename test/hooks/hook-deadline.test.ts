// Guards the hooks' own deadline: a handler that never answers (a hung disk, a stuck store) ends at the hook's plan
// deadline with one line for the user, exit 0, and nothing else printed.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWorker, spawnWorker } from "../support/build-worker.js";
import { PLANS } from "../../src/hooks/hook-plans.js";

let bin: string;
let script: string;
let armedScript: string;
beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), "tm-deadline-bin-"));
  script = buildWorker(join(import.meta.dirname, "workers", "deadline.worker.ts"), bin);
  armedScript = buildWorker(join(import.meta.dirname, "workers", "deadline-armed.worker.ts"), bin);
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe("a hook whose work never ends", () => {
  test.each(["session-end", "pre-compact"] as const)(
    "%s gives up at its deadline, says so in one line and exits 0",
    async (name) => {
      const started = performance.now();
      const run = await spawnWorker(script, name).exited;
      const elapsed = performance.now() - started;
      expect(run).toMatchObject({ code: 0, stderr: "" });
      expect(JSON.parse(run.stdout)).toEqual({
        systemMessage: `ThreadMind: ${PLANS[name].event} hook gave up after ${PLANS[name].deadlineMs} ms: its work did not finish in time (a locked store, a slow disk or a very large store); nothing was changed.`,
      });
      // It did wait for the deadline (no timing upper bound here: the machine may be slow).
      expect(elapsed).toBeGreaterThanOrEqual(PLANS[name].deadlineMs);
    },
  );
});

describe("the deadline's timer", () => {
  test("is not set while the handler runs without waiting on the event loop (a fast path pays no timer)", async () => {
    const run = await spawnWorker(armedScript, "sync").exited;
    expect(run).toMatchObject({ code: 0, stderr: "" });
    // Only the immediate that sets the timer once the loop turns; nothing left once the hook answered.
    expect(JSON.parse(run.stdout)).toEqual({ before: ["Immediate"], whileWaiting: null, after: [] });
  });

  test("a handler that waits on the event loop has the deadline set while it waits, and cleared after", async () => {
    const run = await spawnWorker(armedScript, "waits").exited;
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toEqual({ before: ["Immediate"], whileWaiting: ["Timeout"], after: [] });
  });
});
