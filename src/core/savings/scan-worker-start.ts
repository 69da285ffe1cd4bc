// Starting the report scan's worker threads (plugin/dist/scan-worker.cjs), and the rules the CLI's entry needs to start one before the report's code has loaded.
import { existsSync } from "node:fs";
import * as os from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** At most this many lanes scan at once (this thread and its workers). */
export const MAX_LANES = 4;

/** plugin/dist/scan-worker.cjs beside the bundle running this; null when running from the sources. */
export function scanWorkerScript(): URL | null {
  const url = new URL("./scan-worker.cjs", import.meta.url);
  return url.protocol === "file:" && existsSync(fileURLToPath(url)) ? url : null;
}

/** The machine's cores (what Node may run threads on). */
export function coreCount(): number {
  // os.availableParallelism is Node ≥ 18.14: a named import of it fails to link on the Node 18.3 that engines allows.
  return typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
}

/** The lanes THREADMIND_SCAN_WORKERS asks for (0: this thread alone; at most MAX_LANES), or null when it is unset. */
export function askedLanes(env: Record<string, string | undefined>): number | null {
  const asked = env.THREADMIND_SCAN_WORKERS;
  if (asked === undefined || asked === "") return null;
  const n = Number.parseInt(asked, 10);
  return Number.isInteger(n) && n > 1 ? Math.min(n, MAX_LANES) : 0;
}

/** A scan worker, started. `ended` is set once it failed or exited (before or after it got any work). */
export interface StartedScanWorker {
  readonly worker: Worker;
  ended: boolean;
}

export function startScanWorker(script: URL): StartedScanWorker {
  // A smaller young generation than the default keeps each worker's memory down at little cost to its speed.
  const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 12 } });
  const started: StartedScanWorker = { worker, ended: false };
  // The lane that takes it listens for its errors; until then an error only marks it ended (the lane starts another,
  // which meets the same error if there is one, and reports it).
  const ended = () => {
    started.ended = true;
  };
  worker.once("error", ended);
  worker.once("exit", ended);
  return started;
}

/**
 * For the CLI's entry, before the report's code loads: a scan worker when the scan may take a worker lane whatever its
 * files (THREADMIND_SCAN_WORKERS asks for lanes, or is unset on a machine of two cores or more), so that its start
 * (~20 ms) overlaps the report's load and its locating the files. Unreferenced: it keeps the process alive only once a
 * lane takes it (scan-pool.ts ends it when none does). Null otherwise, or from the sources.
 */
export function earlyScanWorker(env: Record<string, string | undefined>): StartedScanWorker | null {
  const asked = askedLanes(env);
  if (asked === 0 || (asked === null && coreCount() < 2)) return null;
  const script = scanWorkerScript();
  if (script === null) return null;
  const started = startScanWorker(script);
  started.worker.unref();
  return started;
}
