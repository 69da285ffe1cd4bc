// Guards hooks against concurrent writers: while three writer processes (the services, as MCP servers use them) append to,
// rewrite and create threads, every hook run ends, prints valid output with a consistent context (never a half-written
// file), records what it measured unless the lock was busy (then it says so), and a lock left by a killed process is
// reclaimed by the next hook.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HAMMER_LINE, type HammerWriterInput } from "../fixtures/workers/hammer-writer.js";
import type { LockHolderInput } from "../fixtures/workers/lock-holder.js";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";
import { parseHookStdout, runHookProcess, type HookName, type HookRun } from "./hook-process.js";
import { stormServices } from "./storm-run.js";

const WORKERS = join(import.meta.dirname, "../fixtures/workers");
const TRANSCRIPT = join(import.meta.dirname, "../fixtures/transcripts/cc-2.1.332/startup.jsonl");
let base: string;
let hammerScript: string;
let holderScript: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "tm-hooks-writes-"));
  hammerScript = buildWorker(join(WORKERS, "hammer-writer.ts"), join(base, "bin"));
  holderScript = buildWorker(join(WORKERS, "lock-holder.ts"), join(base, "bin"));
});
afterEach(killWorkers);
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function workspace(): Promise<{ root: string; transcript: string }> {
  const root = mkdtempSync(join(base, "ws-"));
  await stormServices(root, "hooks-setup").projectCreate({ title: "Hooks under load" });
  const transcript = join(root, "transcript.jsonl");
  copyFileSync(TRANSCRIPT, transcript);
  return { root, transcript };
}

import { readLocalState } from "../../src/core/store/local-state.js";
import { readMeasurementLog } from "../../src/core/measure/measurement-log-read.js";

interface LocalStateFile {
  sessions: Record<string, unknown>;
  measurements: {
    injections: { sessionId: string }[];
    sessionEnds: { sessionId: string; contextTokens: number | null }[];
    preCompacts: { sessionId: string }[];
  };
}
/** The sessions (config.json) and the measurements (measurements.jsonl) the hooks recorded. */
function readConfig(root: string): LocalStateFile {
  const storeDir = join(root, ".threadmind");
  const { state } = readLocalState(storeDir);
  return { sessions: state.sessions, measurements: readMeasurementLog(storeDir, state.measurements).measurements };
}

/** The store lock was busy for the hook's whole lock wait: the only failure a hook may report under load. */
const LOCK_BUSY = /Timed out after \d+ ms waiting for the ThreadMind lock/;

/** A context is consistent when each writer's lines form an unbroken prefix and the State section is one whole generation. */
function contextProblems(context: string): string[] {
  const problems: string[] = [];
  const perWorker = new Map<number, number[]>();
  for (const m of context.matchAll(HAMMER_LINE))
    perWorker.set(Number(m[1]), [...(perWorker.get(Number(m[1])) ?? []), Number(m[2])]);
  for (const [worker, ns] of perWorker) {
    if (ns.some((n, i) => n !== i)) problems.push(`writer ${worker}'s lines are not an unbroken prefix: ${ns.join(",")}`);
  }
  const begin = /^state begin w(\d+) g(\d+)$/m.exec(context);
  if (begin) {
    const [, w, g] = begin;
    const items = [...context.matchAll(/^- state w(\d+) g(\d+) item (\d+)$/gm)];
    const whole = items.length === 20 && items.every((m, i) => m[1] === w && m[2] === g && Number(m[3]) === i);
    if (!whole || !context.includes(`state end w${w} g${g}`))
      problems.push(`the State section is not one whole generation (w${w} g${g})`);
  }
  return problems;
}

describe("hooks while writer processes hammer the store", () => {
  it("every hook ends with valid output and a consistent context, and records its measurement unless the lock was busy", {
    timeout: 180_000,
  }, async () => {
    const { root, transcript } = await workspace();
    const stopPath = join(root, "stop");
    const writers = [0, 1, 2].map((worker) =>
      spawnWorker(hammerScript, { root, worker, stopPath, maxAppends: 60, lockTimeoutMs: 60_000 } satisfies HammerWriterInput),
    );
    await Promise.all(writers.map((w) => w.waitFor("ready")));

    const plan: HookName[] = Array.from({ length: 36 }, (_, i) =>
      i % 6 === 4 ? "session-end" : i % 6 === 5 ? "pre-compact" : "session-start",
    );
    const runs: { name: HookName; sessionId: string; run: HookRun }[] = [];
    // Two hooks at a time (two Claude Code instances), each with its own session id.
    for (let i = 0; i < plan.length; i += 2) {
      const batch = plan.slice(i, i + 2).map(async (name, j) => {
        const sessionId = `load-${i + j}`;
        const run = await runHookProcess(name, {
          cwd: root,
          sessionId,
          transcriptPath: name === "session-start" ? join(root, `${sessionId}.jsonl`) : transcript,
          claudePid: process.pid,
        });
        runs.push({ name, sessionId, run });
      });
      await Promise.all(batch);
    }
    writeFileSync(stopPath, "");
    const exits = await Promise.all(writers.map((w) => w.exited));
    for (const exit of exits) expect(exit, exit.stderr).toMatchObject({ code: 0 });
    const writerTotals = exits.map((e) => /stopped (\d+) (\d+)/.exec(e.stdout)?.slice(1).map(Number));

    const config = readConfig(root);
    const lockBusy: string[] = [];
    let linesSeen = 0;
    for (const { name, sessionId, run } of runs) {
      const tag = `${name} ${sessionId}`;
      expect(run, `${tag}: ${run.stderr}`).toMatchObject({ code: 0, signal: null, hung: false });
      const out = parseHookStdout(run.stdout);
      const message = out?.systemMessage;
      if (message !== undefined) {
        expect(message, tag).toMatch(LOCK_BUSY);
        lockBusy.push(tag);
      }
      if (name === "session-start") {
        const context = out?.hookSpecificOutput?.additionalContext ?? "";
        expect(out?.hookSpecificOutput?.hookEventName, tag).toBe("SessionStart");
        // A new session starts on the thread a writer last switched to in the folder: main or one of its Hammer children,
        // whose context carries main's Decisions as an ancestor's.
        const header =
          /^ThreadMind memory, loaded at session start: the context of thread "(Hooks under load|Hammer w\d+ r\d+)" \(([a-z0-9-]+)\)\./.exec(
            context,
          );
        expect(header, `${tag}: ${context.slice(0, 200)}`).not.toBeNull();
        expect(context, tag).toContain(
          header?.[1] === "Hooks under load" ? "## Thread: Hooks under load (current)" : "Hooks under load",
        );
        expect(contextProblems(context), tag).toEqual([]);
        linesSeen += [...context.matchAll(HAMMER_LINE)].length;
        const recorded = config.measurements.injections.some((r) => r.sessionId === sessionId);
        expect(recorded, `${tag}: injection recorded`).toBe(message === undefined);
      } else {
        const list = name === "session-end" ? config.measurements.sessionEnds : config.measurements.preCompacts;
        expect(
          list.some((r) => r.sessionId === sessionId),
          `${tag}: measurement recorded`,
        ).toBe(message === undefined);
      }
    }
    const store = stormServices(root, "hooks-check").store;
    expect(store.readAllThreads("hooks-under-load").problems).toEqual([]);
    expect(existsSync(join(root, ".threadmind", ".lock"))).toBe(false);
    const times = runs.map((r) => r.run.elapsedMs).sort((a, b) => a - b);
    console.info(
      `${runs.length} hook runs under load: elapsed p50 ${times[Math.floor(times.length / 2)]} ms, max ${times[times.length - 1]} ms; ` +
        `${lockBusy.length} reported a busy lock; ${linesSeen} writer lines seen in contexts; writers (appends, state rewrites): ${JSON.stringify(writerTotals)}`,
    );
    // The writers really wrote while the hooks ran, and the hooks saw their lines.
    expect(linesSeen).toBeGreaterThan(0);
  });

  it("a lock left by a killed holder: the hooks inject and record without it, and the next writer reclaims it", async () => {
    const { root, transcript } = await workspace();
    const lockPath = join(root, ".threadmind", ".lock");
    const holder = spawnWorker(holderScript, { lockPath, mode: "async", holdMs: 60_000 } satisfies LockHolderInput);
    await holder.waitFor("acquired");
    holder.child.kill("SIGKILL");
    await holder.exited;
    expect(JSON.parse(readFileSync(lockPath, "utf8")).pid).toBe(holder.pid);

    const start = await runHookProcess("session-start", {
      cwd: root,
      sessionId: "after-kill",
      transcriptPath: join(root, "after-kill.jsonl"),
      claudePid: process.pid,
    });
    expect(start).toMatchObject({ code: 0, hung: false });
    const startOut = parseHookStdout(start.stdout);
    expect(startOut?.systemMessage).toBeUndefined();
    expect(startOut?.hookSpecificOutput?.additionalContext).toContain("## Thread: Hooks under load (current)");
    const end = await runHookProcess("session-end", {
      cwd: root,
      sessionId: "after-kill",
      transcriptPath: transcript,
      claudePid: process.pid,
    });
    expect(end).toMatchObject({ code: 0, hung: false, stdout: "" });
    // Both only appended to the measurement log: the dead holder's lock is still there, until the next writer.
    expect(JSON.parse(readFileSync(lockPath, "utf8")).pid).toBe(holder.pid);
    await stormServices(root, "after-kill-writer").threadCreate({ title: "After the kill" });
    expect(existsSync(lockPath)).toBe(false);

    const config = readConfig(root);
    expect(config.measurements.injections.map((r) => r.sessionId)).toContain("after-kill");
    expect(config.measurements.sessionEnds.map((r) => r.sessionId)).toContain("after-kill");
    console.info(`hooks after a killed lock holder: SessionStart ${start.elapsedMs} ms, SessionEnd ${end.elapsedMs} ms`);
  });
});
