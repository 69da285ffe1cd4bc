// Scans the report's session files on worker threads (one file per worker at a time, largest first) when that pays: many bytes, more than one core.
import { existsSync } from "node:fs";
import * as os from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { scanSession, type ScannedSession } from "./savings-scan.js";

export interface ScanFile {
  path: string;
  folder: string;
  sizeBytes: number;
}

export interface ScanRequest {
  index: number;
  file: { path: string; folder: string };
}

export type ScanReply =
  | { kind: "progress"; index: number; bytes: number }
  | { kind: "done"; index: number; session: ScannedSession }
  | { kind: "failed"; index: number; message: string };

/** Below this many bytes in all, starting workers (~30 ms each) costs more than it saves. */
const WORKERS_FROM_BYTES = 48 * 1024 * 1024;
const MAX_WORKERS = 4;

/**
 * How many lanes scan: THREADMIND_SCAN_WORKERS when set (0 or 1: this thread alone), else one per idle core (cores
 * minus the load average) up to MAX_WORKERS, and one for a small scan or a single file. Outside the bundles (no
 * scan-worker.mjs beside this module) this thread scans alone whatever the count.
 */
export function scanWorkerCount(files: readonly ScanFile[], env: Record<string, string | undefined>): number {
  const asked = env.THREADMIND_SCAN_WORKERS;
  if (asked !== undefined && asked !== "") {
    const n = Number.parseInt(asked, 10);
    return Number.isInteger(n) && n > 1 ? Math.min(n, MAX_WORKERS, files.length) : 0;
  }
  const bytes = files.reduce((sum, f) => sum + f.sizeBytes, 0);
  if (files.length < 2 || bytes < WORKERS_FROM_BYTES) return 0;
  // Only cores that are idle help: on a machine already busy, a second lane costs memory and gains nothing.
  // os.availableParallelism is Node ≥ 18.14: a named import of it fails to link on the Node 18.3 that engines allows.
  const cores = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  const idle = Math.floor(cores - (os.loadavg()[0] ?? 0));
  const n = Math.min(idle, MAX_WORKERS, files.length);
  return n > 1 ? n : 0;
}

/** plugin/dist/scan-worker.mjs beside the bundle running this; null when running from the sources. */
function workerScript(): URL | null {
  const url = new URL("./scan-worker.mjs", import.meta.url);
  return url.protocol === "file:" && existsSync(fileURLToPath(url)) ? url : null;
}

/**
 * Every file's ScannedSession, in the order of `files`, scanned by `workers` lanes: this thread and workers - 1
 * worker threads, each taking the largest file left. `onBytes(index, bytesInFile)` reports progress and
 * `onDone(index, session)` each finished file. A file a worker could not scan is scanned again here, so that its error
 * is the one the sequential scan throws.
 */
export async function scanFiles(
  files: readonly ScanFile[],
  workers: number,
  onBytes: (index: number, bytes: number) => void,
  onDone: (index: number, session: ScannedSession) => void,
): Promise<ScannedSession[]> {
  const script = workers > 1 ? workerScript() : null;
  const results: ScannedSession[] = new Array<ScannedSession>(files.length);
  /** Scans one file on this thread. */
  const scanHere = async (index: number) => {
    onBytes(index, 0);
    results[index] = await scanSession(files[index]!, (bytes) => onBytes(index, bytes));
    onDone(index, results[index]!);
  };
  // Alone, this thread takes the files in their order; with workers, each lane takes the largest file left.
  const order = files.map((_, i) => i);
  if (script !== null) order.sort((a, b) => files[b]!.sizeBytes - files[a]!.sizeBytes);
  const failed: number[] = [];
  let next = 0;
  const here = async () => {
    while (next < order.length) await scanHere(order[next++]!);
  };
  if (script === null) {
    await here();
    return results;
  }
  // This thread is one of the lanes: one worker fewer (each worker is another heap: memory stays bounded).
  // A smaller young generation than the default keeps each worker's memory down at little cost to its speed.
  const pool = Array.from(
    { length: workers - 1 },
    () => new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 12 } }),
  );
  try {
    await Promise.all([
      here(),
      ...pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= order.length) {
                resolve();
                return;
              }
              const index = order[next++]!;
              onBytes(index, 0);
              worker.postMessage({
                index,
                file: { path: files[index]!.path, folder: files[index]!.folder },
              } satisfies ScanRequest);
            };
            worker.on("message", (reply: ScanReply) => {
              switch (reply.kind) {
                case "progress":
                  onBytes(reply.index, reply.bytes);
                  return;
                case "done":
                  results[reply.index] = reply.session;
                  onDone(reply.index, reply.session);
                  send();
                  return;
                case "failed":
                  failed.push(reply.index);
                  send();
                  return;
                default: {
                  const unreachable: never = reply;
                  reject(new Error(`unexpected reply from a scan worker: ${JSON.stringify(unreachable)}`));
                }
              }
            });
            worker.on("error", reject);
            send();
          }),
      ),
    ]);
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  for (const index of failed.sort((a, b) => a - b)) await scanHere(index);
  return results;
}
