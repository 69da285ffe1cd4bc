// Starting the report scan's worker threads (plugin/dist/scan-worker.cjs), and the rules the CLI's entry needs to start one before the report's code has loaded.
import { existsSync, readdirSync, statSync } from "node:fs";
import * as os from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Worker } from "node:worker_threads";
import { nodeWorkerThreads } from "../builtin-at-use.js";

/** At most this many lanes scan at once (this thread and its workers). */
export const MAX_LANES = 4;

/**
 * Below this many bytes in all, worker lanes cost more than they save: a worker takes ~30-50 ms to start, and its fresh
 * isolate scans its first megabytes at a fraction of a warm lane's speed while V8 compiles its code again, on the same
 * cores. Measured on 2 cores (bench/findings.md, #31): one lane beat two up to ~200 MB (342 against 379 ms), they
 * tied at ~300 MB, and two won from ~400 MB (504 against 569 ms).
 */
export const WORKERS_FROM_BYTES = 256 * 1024 * 1024;

/** How many transcripts of a folder largeTranscriptFolder looks at, at most. */
const LARGE_FOLDER_STATS = 256;

/** plugin/dist/scan-worker.cjs beside the bundle running this; null when running from the sources. */
export function scanWorkerScript(): URL | null {
  // A CommonJS bundle (cli.cjs, cli-report.cjs) knows its folder as __dirname; an ES module one by import.meta.url.
  const url =
    typeof __dirname === "string"
      ? pathToFileURL(join(__dirname, "scan-worker.cjs"))
      : new URL("./scan-worker.cjs", import.meta.url);
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
  // node:worker_threads is required here, at the first worker: a report that starts none does not load it.
  const worker = new (nodeWorkerThreads().Worker)(script, { resourceLimits: { maxYoungGenerationSizeMb: 12 } });
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
 * Whether `folder` alone holds transcripts enough for the scan to take worker lanes (two or more `.jsonl` files of
 * WORKERS_FROM_BYTES in all, among the first LARGE_FOLDER_STATS): a cheap guess, before the report has located its
 * files. It says yes for a scan that takes no worker only when the report then leaves out most of those files (not
 * this workspace's by their recorded cwd), or on a machine of one core (the caller checks). Only transcripts changed
 * after `changedAfterMs` count (the time the report's scan cache was written: the others are taken from it). False when
 * the folder or a file cannot be read.
 */
export function largeTranscriptFolder(folder: string, changedAfterMs = 0): boolean {
  try {
    let files = 0;
    let bytes = 0;
    for (const name of readdirSync(folder)) {
      if (!name.endsWith(".jsonl")) continue;
      if (files === LARGE_FOLDER_STATS) break;
      const stat = statSync(join(folder, name), { throwIfNoEntry: false });
      // A transcript unchanged since the last report's scan cache was written is taken from it, not scanned.
      if (stat === undefined || stat.mtimeMs <= changedAfterMs) continue;
      files += 1;
      bytes += stat.size;
      if (files >= 2 && bytes >= WORKERS_FROM_BYTES) return true;
    }
    return false;
  } catch {
    return false; // an unreadable folder or file: no guess (the report's own locating reports what is wrong)
  }
}

/**
 * For the CLI's entry, before the report's code loads: a scan worker when the scan will take a worker lane, so that
 * its start (~20 ms) overlaps the report's load and its locating the files: THREADMIND_SCAN_WORKERS asks for lanes, or,
 * unset, the machine has two cores or more and `transcriptFolder` (the current directory's own, where most of a large
 * scan's bytes are) is large (largeTranscriptFolder; counting only what changed after `changedAfterMs`). Unreferenced: it keeps the process alive only once a lane takes
 * it (scan-pool.ts ends it when none does). Null otherwise, or from the sources.
 */
export function earlyScanWorker(
  env: Record<string, string | undefined>,
  transcriptFolder: string,
  changedAfterMs = 0,
): StartedScanWorker | null {
  const asked = askedLanes(env);
  if (asked === 0 || (asked === null && (coreCount() < 2 || !largeTranscriptFolder(transcriptFolder, changedAfterMs))))
    return null;
  const script = scanWorkerScript();
  if (script === null) return null;
  const started = startScanWorker(script);
  started.worker.unref();
  return started;
}
