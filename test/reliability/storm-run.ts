// Runs the concurrency storm (used by concurrency-storm.test.ts and bench/stress.mjs): prepare a store, spawn N storm
// workers at once, then check the store against what each worker reports it did.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isAtomicTempFile } from "../../src/core/store/atomic-write.js";
import { ThreadMindServices } from "../../src/core/services.js";
import { resolveWorkspace } from "../../src/core/workspace.js";
import { threadStatus } from "../../src/core/types.js";
import { spawnWorker } from "../support/build-worker.js";
import {
  STORM_LINE,
  STORM_PARENT_ID,
  STORM_SHARED_ID,
  stormSessionKey,
  type StormWorkerInput,
  type StormWorkerReport,
} from "../fixtures/workers/storm-plan.js";

export interface StormOptions {
  /** A directory the storm may create its workspace in. */
  baseDir: string;
  /** The bundled storm-worker.ts. */
  workerScript: string;
  workers: number;
  opsPerWorker: number;
  seed: number;
  lockTimeoutMs: number;
}

export interface StormOutcome {
  root: string;
  /** Everything that contradicts the workers' reports; empty when the store is exactly what they did. */
  problems: string[];
  reports: StormWorkerReport[];
  /** Failed workers: exit code or signal and stderr. */
  failures: string[];
  elapsedMs: number;
  threadsCreated: number;
  linesAppended: number;
  /** Operation latencies over all workers (ms). */
  opMs: { p50: number; p95: number; max: number; count: number };
}

/** A services object for the checks and the setup (its own session). */
export function stormServices(root: string, key = "storm-driver"): ThreadMindServices {
  const env = { THREADMIND_ROOT: root, THREADMIND_AUTHOR: "storm-driver" };
  return new ThreadMindServices({ workspace: resolveWorkspace({ env, cwd: root }), session: { key }, env, encoder: null });
}

/** A project with main, storm-parent and storm-shared (ids checked: the workers rely on them). */
export async function prepareStormStore(root: string): Promise<void> {
  const services = stormServices(root);
  await services.projectCreate({ title: "Storm" });
  const parent = await services.threadCreate({ title: "Storm parent", parentId: "main" });
  const shared = await services.threadCreate({ title: "Storm shared", parentId: "main" });
  if (parent.thread.id !== STORM_PARENT_ID || shared.thread.id !== STORM_SHARED_ID) {
    throw new Error(`unexpected setup ids ${parent.thread.id}, ${shared.thread.id}`);
  }
}

export async function runStorm(options: StormOptions): Promise<StormOutcome> {
  const root = mkdtempSync(join(options.baseDir, "storm-"));
  await prepareStormStore(root);
  const goPath = join(root, "go");
  const workers = Array.from({ length: options.workers }, (_, worker) =>
    spawnWorker(options.workerScript, {
      root,
      worker,
      ops: options.opsPerWorker,
      seed: options.seed,
      goPath,
      lockTimeoutMs: options.lockTimeoutMs,
    } satisfies StormWorkerInput),
  );
  await Promise.all(workers.map((w) => w.waitFor("ready")));
  const started = performance.now();
  writeFileSync(goPath, "");
  const exits = await Promise.all(workers.map((w) => w.exited));
  const elapsedMs = Math.round(performance.now() - started);
  const reports: StormWorkerReport[] = [];
  const failures: string[] = [];
  exits.forEach((exit, worker) => {
    if (exit.code !== 0) {
      failures.push(`worker ${worker} exited ${exit.code ?? exit.signal}: ${exit.stderr.trim()}`);
      return;
    }
    const line = exit.stdout.split("\n").find((l) => l.startsWith("{"));
    if (line === undefined) failures.push(`worker ${worker} printed no report: ${exit.stdout}`);
    else reports.push(JSON.parse(line) as StormWorkerReport);
  });
  const problems = failures.length > 0 ? [] : checkStormStore(root, reports);
  const opMs = reports.flatMap((r) => r.opMs).sort((a, b) => a - b);
  const at = (q: number) => opMs[Math.min(opMs.length - 1, Math.floor(q * opMs.length))] ?? 0;
  return {
    root,
    problems,
    reports,
    failures,
    elapsedMs,
    threadsCreated: reports.reduce((n, r) => n + r.created.length, 0),
    linesAppended: reports.reduce((n, r) => n + r.appended.length, 0),
    opMs: { p50: at(0.5), p95: at(0.95), max: opMs[opMs.length - 1] ?? 0, count: opMs.length },
  };
}

/** Compares the store with the workers' reports; returns one line per discrepancy. */
export function checkStormStore(root: string, reports: StormWorkerReport[]): string[] {
  const problems: string[] = [];
  const services = stormServices(root, "storm-checker");
  const project = services.currentProject();
  const { threads, problems: damaged } = services.store.readAllThreads(project.id);
  for (const p of damaged) problems.push(`unreadable thread file ${p.path}: ${p.reason}`);

  // Every created thread exists once, under the parent, in the status its creator left it in.
  const owners = new Map<string, number>();
  for (const report of reports) {
    for (const created of report.created) {
      const other = owners.get(created.id);
      if (other !== undefined) problems.push(`workers ${other} and ${report.worker} both created "${created.id}"`);
      owners.set(created.id, report.worker);
      const thread = threads.get(created.id);
      if (!thread) {
        problems.push(`thread "${created.id}" created by worker ${report.worker} is missing`);
        continue;
      }
      if (thread.parentId !== STORM_PARENT_ID) problems.push(`thread "${created.id}" has parent ${thread.parentId}`);
      if (threadStatus(thread) !== created.status)
        problems.push(`thread "${created.id}" is ${threadStatus(thread)}, expected ${created.status}`);
    }
  }
  const expectedCount = 3 + owners.size;
  if (threads.size !== expectedCount) problems.push(`${threads.size} thread files, expected ${expectedCount}`);

  // Every appended line is in the shared thread exactly once, and no other storm line is.
  const shared = threads.get(STORM_SHARED_ID);
  if (!shared) problems.push(`the shared thread "${STORM_SHARED_ID}" is missing`);
  else {
    const seen = new Map<string, number>();
    for (const match of shared.summary.matchAll(STORM_LINE)) seen.set(match[0], (seen.get(match[0]) ?? 0) + 1);
    const expected = new Set(reports.flatMap((r) => r.appended));
    for (const line of expected) {
      const n = seen.get(line) ?? 0;
      if (n !== 1) problems.push(`"${line}" appears ${n} times in the shared thread`);
    }
    for (const line of seen.keys())
      if (!expected.has(line)) problems.push(`"${line}" is in the shared thread but no worker appended it`);
  }

  // config.json parses and holds every worker's session on the thread that worker last chose.
  let config: { sessions?: Record<string, { threadId?: string }> } | undefined;
  try {
    config = JSON.parse(readFileSync(join(services.store.dir, "config.json"), "utf8"));
  } catch (e) {
    problems.push(`config.json does not parse: ${(e as Error).message}`);
  }
  for (const report of reports) {
    // A session that never chose a thread (no create, no switch) is not recorded: it is on the folder's start thread,
    // which the other workers' choices move (as they would a branch's), so there is nothing of its own to compare.
    const chose = report.counts.create + report.counts.switch > 0;
    const recorded = config?.sessions?.[stormSessionKey(report.worker)]?.threadId ?? (chose ? "nothing" : null);
    if (recorded !== null && recorded !== report.activeThreadId) {
      problems.push(`config.json has worker ${report.worker} on ${recorded}, the worker is on ${report.activeThreadId}`);
    }
  }
  for (const id of services.store.projectIds()) {
    try {
      services.store.readProject(id);
    } catch (e) {
      problems.push(`project ${id} does not parse: ${(e as Error).message}`);
    }
  }

  // Nothing left behind: no temp file, no lock.
  for (const path of filesUnder(services.store.dir)) {
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (isAtomicTempFile(name) || name === ".lock" || name.startsWith(".lock.")) problems.push(`left behind: ${path}`);
  }
  return problems;
}

export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}
