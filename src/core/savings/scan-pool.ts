// Scans the report's session files on worker threads (each lane claims the largest file left, one at a time) when that pays: many bytes, cores found idle.
import * as os from "node:os";
import type { Worker } from "node:worker_threads";
import { scanSession, type ScannedSession } from "./savings-scan.js";
import { monotonicMs } from "../monotonic-clock.js";
import { messageOf } from "../error-details.js";
import {
  askedLanes,
  coreCount,
  MAX_LANES,
  scanWorkerScript,
  startScanWorker,
  type StartedScanWorker,
  WORKERS_FROM_BYTES,
} from "./scan-worker-start.js";

export interface ScanFile {
  path: string;
  folder: string;
  sizeBytes: number;
}

/**
 * What a worker is sent once: every file of the scan, in the order the lanes take them, and the shared counter through
 * which each lane (this thread and every worker) claims the next one with Atomics.add. A worker that finishes a file takes
 * the next at once, without waiting for this thread (busy scanning a file of its own) to hand it one.
 */
export interface ScanRequest {
  files: { index: number; path: string; folder: string }[];
  /** An Int32Array's buffer: [0] is the position in `files` of the next file to claim. */
  claim: SharedArrayBuffer;
  /**
   * For the lane started before the probe: where in `claim` its stop flag is. Once non-zero, the worker claims no more
   * (the probe found no core free) and ends its lane after the file it is scanning. Null for the other lanes.
   */
  stopFlag: number | null;
}

export type ScanReply =
  | { kind: "progress"; index: number; bytes: number }
  | { kind: "done"; index: number; session: ScannedSession }
  | { kind: "failed"; index: number; message: string }
  /** No file left to claim, or told to claim no more: the worker's lane has ended. */
  | { kind: "finished" };

/** How long the scan measures what other processes use of the cores before it adds lanes. */
export const PROBE_MS = 80;
/** A core this free (fraction of the probe) or more gets a lane. */
const FREE_ENOUGH = 0.6;

/** How many lanes scan: `start` at once (0 or 1: this thread alone), up to `upTo` once the scan has measured idle cores. */
export interface LanePlan {
  start: number;
  upTo: number;
}

/** What the plan is made from (the machine's, unless a test gives its own). */
export interface MachineLoad {
  cores: number;
  /** The 1-minute load average. */
  loadAverage: number;
}

function machineLoad(): MachineLoad {
  return { cores: coreCount(), loadAverage: os.loadavg()[0] ?? 0 };
}

/**
 * The lanes of a scan. THREADMIND_SCAN_WORKERS when set (0 or 1: this thread alone). Else one lane for a small scan or a
 * single file; otherwise one per idle core by the load average at once (cores minus the 1-minute load average), and up
 * to one per core (MAX_LANES at most) once the scan, running, has measured what other processes leave free (see
 * lanesAfterProbe): the load average also counts work that has ended (the user's last build, the previous command), so
 * it alone leaves idle cores unused.
 * Outside the bundles (no scan-worker.cjs beside this module) this thread scans alone whatever the plan.
 */
export function scanLanes(
  files: readonly ScanFile[],
  env: Record<string, string | undefined>,
  load: MachineLoad = machineLoad(),
): LanePlan {
  const asked = askedLanes(env);
  if (asked !== null) {
    const lanes = asked > 1 ? Math.min(asked, files.length) : 0;
    return { start: lanes, upTo: lanes };
  }
  const bytes = files.reduce((sum, f) => sum + f.sizeBytes, 0);
  if (files.length < 2 || bytes < WORKERS_FROM_BYTES) return { start: 0, upTo: 0 };
  const cap = Math.min(load.cores, MAX_LANES, files.length);
  if (cap < 2) return { start: 0, upTo: 0 };
  const idle = Math.min(Math.floor(load.cores - load.loadAverage), cap);
  return { start: idle > 1 ? idle : 0, upTo: cap };
}

/** A sample of the machine's and this process's CPU use (ms). */
export interface CpuSample {
  /** Busy time of every core together since boot. */
  busy: number;
  /** This process's own CPU time (all its threads). */
  own: number;
  /** When (a monotonic clock). */
  at: number;
}

export function cpuSample(): CpuSample {
  let busy = 0;
  for (const cpu of os.cpus()) busy += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
  const own = process.cpuUsage();
  return { busy, own: (own.user + own.system) / 1000, at: monotonicMs() };
}

/**
 * How many lanes the scan should have after a probe: one per core that other processes left free (≥ FREE_ENOUGH of
 * it) between the two samples, this process's own use (its lanes, a worker starting) not counted, within
 * [max(start, 1), upTo]. The kernel counts CPU time in ticks (10 ms): over PROBE_MS the measure is coarse, the threshold
 * is not tight.
 */
export function lanesAfterProbe(plan: LanePlan, cores: number, before: CpuSample, after: CpuSample): number {
  const elapsed = after.at - before.at;
  const floor = Math.max(plan.start, 1);
  if (elapsed <= 0) return floor;
  const others = Math.max(0, after.busy - before.busy - (after.own - before.own)) / elapsed;
  const free = cores - others;
  return Math.max(floor, Math.min(plan.upTo, Math.floor(free + (1 - FREE_ENOUGH))));
}

/** Lets the event loop run (worker messages, the probe's timer) between two files of this thread. */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A transcript the scan could not read to its end (its reason), left out of the report, which says so. */
export interface UnscannedFile {
  index: number;
  path: string;
  folder: string;
  reason: string;
}

/** The scanned sessions in the order of the files, and the files that could not be scanned. */
export interface ScannedFiles {
  sessions: ScannedSession[];
  unscanned: UnscannedFile[];
}

/**
 * Every file's ScannedSession, in the order of `files`, scanned by this thread and worker threads (`plan.start` lanes
 * at once; when `plan.upTo` is more, one more lane at once that stops claiming files unless other processes left a
 * core free during the first PROBE_MS since `plan.probeStart` (by default the scan's start), and more up to
 * `plan.upTo` if they left more), each lane claiming the largest file left.
 * `onBytes(index, bytesInFile)` reports progress and `onDone(index, session)` each finished file. A file a worker could
 * not scan is scanned again here, so that its error is the one the sequential scan throws. `earlyWorker`, a worker the
 * CLI's entry started before the report's code loaded (earlyScanWorker), is the first worker lane's (unless it has
 * ended); the scan ends it when no lane takes it.
 */
export async function scanFiles(
  files: readonly ScanFile[],
  plan: LanePlan & { probeStart?: CpuSample },
  onBytes: (index: number, bytes: number) => void,
  onDone: (index: number, session: ScannedSession) => void,
  earlyWorker: StartedScanWorker | null = null,
): Promise<ScannedFiles> {
  let early = earlyWorker;
  /** Ends the early worker when no lane took it. */
  const endEarlyWorker = async (): Promise<void> => {
    const unused = early;
    early = null;
    if (unused !== null) await unused.worker.terminate();
  };
  const script = plan.upTo > 1 ? scanWorkerScript() : null;
  const results: (ScannedSession | undefined)[] = new Array<ScannedSession | undefined>(files.length);
  const unscanned: UnscannedFile[] = [];
  /** Scans one file on this thread; one it cannot scan (deleted meanwhile, a line too long to hold) is named, not fatal. */
  const scanHere = async (index: number) => {
    onBytes(index, 0);
    try {
      results[index] = await scanSession(files[index]!, (bytes) => onBytes(index, bytes));
    } catch (error) {
      unscanned.push({ index, path: files[index]!.path, folder: files[index]!.folder, reason: messageOf(error) });
      return;
    }
    onDone(index, results[index]!);
  };
  const done = (): ScannedFiles => ({
    sessions: results.filter((s): s is ScannedSession => s !== undefined),
    unscanned: unscanned.sort((a, b) => a.index - b.index),
  });
  // Alone, this thread takes the files in their order; with workers, each lane takes the largest file left.
  const order = files.map((_, i) => i);
  if (script === null) {
    await endEarlyWorker();
    for (const index of order) await scanHere(index);
    return done();
  }
  order.sort((a, b) => files[b]!.sizeBytes - files[a]!.sizeBytes);
  const claim = new Int32Array(new SharedArrayBuffer(8));
  /** The next file's index for the lane that calls it, or null when every file is claimed. */
  const claimNext = (): number | null => {
    const at = Atomics.add(claim, 0, 1);
    return at < order.length ? order[at]! : null;
  };
  const filesInOrder = order.map((index) => ({ index, path: files[index]!.path, folder: files[index]!.folder }));
  const STOP_FLAG = 1;
  const failed: number[] = [];
  const workers: Worker[] = [];
  const lanes: Promise<void>[] = [];
  let failure: unknown = null;

  /** A worker, started (the early one while it runs); it takes files once its lane runs. */
  const startWorker = (): Worker => {
    const taken = early;
    early = null;
    let worker: Worker;
    if (taken !== null && !taken.ended) {
      worker = taken.worker;
      worker.ref();
    } else {
      if (taken !== null) void taken.worker.terminate();
      worker = startScanWorker(script).worker;
    }
    workers.push(worker);
    return worker;
  };
  /** One more lane: the worker claims files until none is left. */
  const runLane = (worker: Worker, stopFlag: number | null = null) => {
    const lane = new Promise<void>((resolve, reject) => {
      worker.on("message", (reply: ScanReply) => {
        switch (reply.kind) {
          case "progress":
            onBytes(reply.index, reply.bytes);
            return;
          case "done":
            results[reply.index] = reply.session;
            onDone(reply.index, reply.session);
            return;
          case "failed":
            failed.push(reply.index);
            return;
          case "finished":
            resolve();
            return;
          default: {
            const unreachable: never = reply;
            reject(new Error(`unexpected reply from a scan worker: ${JSON.stringify(unreachable)}`));
          }
        }
      });
      worker.on("error", reject);
      // A worker that ends before it said it had finished: the files it claimed are not scanned.
      worker.on("exit", (code) => reject(new Error(`a scan worker exited (code ${code}) before the scan ended`)));
      worker.postMessage({
        files: filesInOrder,
        claim: claim.buffer as SharedArrayBuffer,
        stopFlag,
      } satisfies ScanRequest);
    });
    // Held until every lane is awaited below: a rejection is not left unhandled meanwhile.
    lane.catch((error: unknown) => {
      failure ??= error;
    });
    lanes.push(lane);
  };

  // This thread is one of the lanes: one worker fewer (each worker is another heap: memory stays bounded).
  for (let i = 1; i < plan.start; i++) runLane(startWorker());
  let probe: NodeJS.Timeout | null = null;
  if (plan.upTo > Math.max(plan.start, 1)) {
    // One more lane starts at once (its worker takes ~30 ms to load, then claims files): if the probe finds no core
    // free, it claims no more after its current file. Its CPU time is this process's: the probe does not count it.
    const before = plan.probeStart ?? cpuSample();
    runLane(startWorker(), STOP_FLAG);
    const cores = os.cpus().length;
    probe = setTimeout(
      () => {
        probe = null;
        const lanesWanted = lanesAfterProbe(plan, cores, before, cpuSample());
        const more = lanesWanted - Math.max(plan.start, 1);
        if (more < 1) {
          Atomics.store(claim, STOP_FLAG, 1);
          return;
        }
        for (let i = 1; i < more && Atomics.load(claim, 0) < order.length; i++) runLane(startWorker());
      },
      Math.max(0, PROBE_MS - (monotonicMs() - before.at)),
    );
  }
  try {
    for (let index = claimNext(); index !== null; index = claimNext()) {
      await scanHere(index);
      await turn();
    }
    if (probe !== null) clearTimeout(probe);
    await Promise.allSettled(lanes);
    if (failure !== null) throw failure;
  } finally {
    if (probe !== null) clearTimeout(probe);
    await Promise.all([...workers.map((w) => w.terminate()), endEarlyWorker()]);
  }
  for (const index of failed.sort((a, b) => a - b)) await scanHere(index);
  return done();
}
