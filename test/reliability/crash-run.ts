// Runs crash trials (used by crash-during-write.test.ts and bench/stress.mjs): a writer doing service operations is
// SIGKILLed at a seeded random moment (each trial on a fresh copy of a prepared store), then every file must hold its old or its new state and the lock must be reclaimed.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isAtomicTempFile } from "../../src/core/store/atomic-write.js";
import { ThreadMindServices } from "../../src/core/services.js";
import { resolveWorkspace } from "../../src/core/workspace.js";
import { threadStatus } from "../../src/core/types.js";
import { spawnWorker } from "../support/build-worker.js";
import { randomInt, seededRandom } from "../fixtures/workers/seeded-random.js";
import {
  CRASH_SESSION_KEY,
  CRASH_THREADS,
  crashModel,
  crashPlan,
  crashSummary,
  type CrashModel,
  type CrashWriterInput,
} from "../fixtures/workers/crash-plan.js";
import { filesUnder } from "./storm-run.js";

export interface CrashOptions {
  baseDir: string;
  /** The bundled crash-writer.ts. */
  writerScript: string;
  trials: number;
  seed: number;
  /** Operations planned per trial (the writer is killed long before the last). */
  opsPerTrial?: number;
}

export interface CrashOutcome {
  trials: number;
  /** One line per file found in neither its old nor its new state, or any other broken expectation. */
  problems: string[];
  /** Trials where the writer was killed inside an operation (begun, not ended). */
  killedMidOperation: number;
  /** Trials where the killed writer left the store lock behind (reclaimed by the next writer). */
  locksLeftBehind: number;
  /** Temp files left by interrupted writes (readers ignore them; the next writer sweeps them). */
  tempFilesLeft: number;
  elapsedMs: number;
}

function services(root: string, key: string, lockTimeoutMs?: number): ThreadMindServices {
  const env = { THREADMIND_ROOT: root, THREADMIND_AUTHOR: "crash-writer" };
  return new ThreadMindServices({
    workspace: resolveWorkspace({ env, cwd: root }),
    session: { key },
    env,
    encoder: null,
    ...(lockTimeoutMs !== undefined ? { lockTimeoutMs } : {}),
  });
}

/** A store with main, crash-a and crash-b, each with its generation-0 summary. */
export async function prepareCrashTemplate(root: string): Promise<void> {
  const s = services(root, "crash-setup");
  await s.projectCreate({ title: "Crash" });
  for (const title of ["Crash a", "Crash b"]) await s.threadCreate({ title, parentId: "main" });
  // The writer session starts on main: the folder's start thread (outside git too) is the last one chosen.
  await s.threadSwitch("main");
  for (const threadId of CRASH_THREADS) await s.summaryUpdate({ threadId, content: crashSummary(threadId, 0) });
}

export async function runCrashTrials(options: CrashOptions): Promise<CrashOutcome> {
  const started = performance.now();
  const template = mkdtempSync(join(options.baseDir, "crash-template-"));
  await prepareCrashTemplate(template);
  const random = seededRandom(options.seed);
  const ops = options.opsPerTrial ?? 40;
  const outcome: CrashOutcome = {
    trials: 0,
    problems: [],
    killedMidOperation: 0,
    locksLeftBehind: 0,
    tempFilesLeft: 0,
    elapsedMs: 0,
  };
  for (let trial = 0; trial < options.trials; trial++) {
    const root = mkdtempSync(join(options.baseDir, "crash-"));
    cpSync(template, root, { recursive: true });
    const seed = options.seed * 10_000 + trial;
    const plan = crashPlan(seed, ops);
    const writer = spawnWorker(options.writerScript, { root, seed, ops } satisfies CrashWriterInput);
    const completed = randomInt(random, 4);
    await writer.waitFor(completed === 0 ? "ready\n" : `end ${completed - 1}\n`);
    await sleep(randomInt(random, 60));
    writer.child.kill("SIGKILL");
    const exit = await writer.exited;
    outcome.trials++;
    const problemsBefore = outcome.problems.length;
    const tag = `trial ${trial} (seed ${seed})`;
    if (exit.signal !== "SIGKILL") {
      outcome.problems.push(`${tag}: the writer was not killed but exited ${exit.code}: ${exit.stderr.trim()}`);
      continue;
    }
    const done = countLines(exit.stdout, "end");
    const begun = countLines(exit.stdout, "begin");
    if (begun > done) outcome.killedMidOperation++;
    outcome.problems.push(...checkCrashStore(root, crashModel(plan, done), crashModel(plan, begun)).map((p) => `${tag}: ${p}`));
    outcome.tempFilesLeft += filesUnder(join(root, ".threadmind")).filter((p) => isAtomicTempFile(p)).length;
    const lockPath = join(root, ".threadmind", ".lock");
    if (existsSync(lockPath)) outcome.locksLeftBehind++;
    // The next writer reclaims a dead writer's lock at once (a 2 s wait is far below the 30 s after which any lock is
    // stale) and sweeps the dead writer's temp files: outside thread folders at once, in a thread folder (its write
    // marker, which readers skip once its writer is dead) with the next write into that folder.
    const checker = services(root, "crash-checker", 2_000);
    try {
      await checker.threadSwitch("main");
    } catch (e) {
      outcome.problems.push(
        `${tag}: the next write failed (lock left by the killed writer not reclaimed?): ${(e as Error).message}`,
      );
    }
    if (existsSync(lockPath)) outcome.problems.push(`${tag}: the lock is still there after the next write`);
    const threadsDir = join(root, ".threadmind", "threads");
    const inFolder = (p: string) => /^[^/\\]+[/\\]([^/\\]+)[/\\]/.exec(relative(threadsDir, p))?.[1] ?? null;
    const left = filesUnder(join(root, ".threadmind")).filter((p) => isAtomicTempFile(p));
    for (const p of left.filter((p) => inFolder(p) === null)) {
      outcome.problems.push(`${tag}: the temp file ${p} is still there after the next write`);
    }
    // A thread_create killed after marking its new folder and before its first file leaves a folder that holds no
    // thread: nothing of it exists, readers skip the folder, git ignores the marker; it may hold nothing else.
    const unborn = new Set<string>();
    for (const id of new Set(left.map(inFolder).filter((id): id is string => id !== null))) {
      if (existsSync(join(threadsDir, "crash", id, "thread.md"))) {
        try {
          await checker.summaryUpdate({ threadId: id, section: "state", content: "- swept" });
          continue;
        } catch (e) {
          outcome.problems.push(`${tag}: the write to ${id} that sweeps its folder failed: ${(e as Error).message}`);
          continue;
        }
      }
      const files = filesUnder(join(threadsDir, "crash", id));
      if (files.every((p) => isAtomicTempFile(p))) unborn.add(id);
      else outcome.problems.push(`${tag}: ${id} holds files but no thread.md: ${files.join(", ")}`);
    }
    for (const p of filesUnder(join(root, ".threadmind")).filter((p) => isAtomicTempFile(p))) {
      const id = inFolder(p);
      if (id !== null && unborn.has(id)) continue;
      outcome.problems.push(`${tag}: the temp file ${p} is still there after the next write (into its folder)`);
    }
    if (outcome.problems.length === problemsBefore) rmSync(root, { recursive: true, force: true });
  }
  outcome.elapsedMs = Math.round(performance.now() - started);
  return outcome;
}

function countLines(stdout: string, word: "begin" | "end"): number {
  const numbers = [...stdout.matchAll(new RegExp(`^${word} (\\d+)$`, "gm"))].map((m) => Number(m[1]));
  return numbers.length === 0 ? 0 : Math.max(...numbers) + 1;
}

/** Every file of the store in the state `before` or `after` describes (the killed operation not applied, or applied). */
export function checkCrashStore(root: string, before: CrashModel, after: CrashModel): string[] {
  const problems: string[] = [];
  const either = <T>(what: string, found: T, old: T, next: T) => {
    const same = (a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
    if (!same(found, old) && !same(found, next)) {
      problems.push(
        `${what} is ${JSON.stringify(found)}, neither the old ${JSON.stringify(old)} nor the new ${JSON.stringify(next)}`,
      );
    }
  };
  const reader = services(root, "crash-reader");
  const { threads, problems: damaged } = reader.store.readAllThreads("crash");
  for (const p of damaged) problems.push(`unreadable thread file ${p.path}: ${p.reason}`);
  for (const id of CRASH_THREADS) {
    const thread = threads.get(id);
    if (!thread) {
      problems.push(`thread ${id} is missing`);
      continue;
    }
    const generation = [before, after].map((m) => m.generations[id]).find((g) => thread.summary === crashSummary(id, g));
    if (generation === undefined) {
      problems.push(
        `the summary of ${id} (${thread.summary.length} chars) is neither generation ${before.generations[id]} nor ${after.generations[id]}`,
      );
    }
  }
  const crashB = threads.get("crash-b");
  if (crashB) either("the status of crash-b", threadStatus(crashB), before.bStatus, after.bStatus);
  const created = [...threads.keys()].filter((id) => id.startsWith("crash-new-")).sort();
  either("the set of created threads", created, [...before.created].sort(), [...after.created].sort());
  for (const id of created) {
    if (threads.get(id)?.parentId !== "crash-a") problems.push(`created thread ${id} has parent ${threads.get(id)?.parentId}`);
  }
  try {
    reader.store.readProject("crash");
  } catch (e) {
    problems.push(`the project file does not read: ${(e as Error).message}`);
  }
  let sessionThread: string | null = null;
  try {
    const config = JSON.parse(readFileSync(join(reader.store.dir, "config.json"), "utf8")) as {
      sessions?: Record<string, { threadId?: string }>;
    };
    sessionThread = config.sessions?.[CRASH_SESSION_KEY]?.threadId ?? null;
  } catch (e) {
    problems.push(`config.json does not parse: ${(e as Error).message}`);
  }
  either("the writer session's thread in config.json", sessionThread, before.sessionThread, after.sessionThread);
  // Anything else in the store must be a temp file of an interrupted write (or the dead writer's lock), which readers ignore.
  // measurements.jsonl: the summary writes' log (one O_APPEND write each, read line by line; a torn last line costs only itself).
  // cache/threads-changed: the signal every thread write replaces (derived, local; readers of it compare more besides).
  const expected = new Set([
    ".gitignore",
    ".gitattributes",
    "config.json",
    ".lock",
    "measurements.jsonl",
    "projects/crash.json",
    "cache/threads-changed",
  ]);
  // Format 2: a thread is its folder threads/crash/<id>/ (thread.md, one file per item, paths/, related/).
  const inThreadFolder = (rel: string) => {
    const m = /^threads\/crash\/([^/]+)\/.+$/.exec(rel);
    return m !== null && threads.has(m[1]!);
  };
  for (const path of filesUnder(reader.store.dir)) {
    const rel = path.slice(reader.store.dir.length + 1);
    if (!expected.has(rel) && !inThreadFolder(rel) && !isAtomicTempFile(rel)) problems.push(`unexpected file ${rel}`);
  }
  return problems;
}
