// Worker processes for multi-process tests: bundle a TypeScript entry with esbuild to a .mjs, spawn it with plain node.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { buildSync } from "esbuild";

/**
 * Bundles `entry` into `<outDir>/<entry name>.mjs` and returns that path. npm dependencies are bundled too, so the
 * result runs from any directory; CommonJS dependencies get a `require` through the banner.
 */
export function buildWorker(entry: string, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${basename(entry, extname(entry))}.mjs`);
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node18",
    sourcemap: "inline",
    logLevel: "error",
    banner: {
      js: 'import { createRequire as __workerRequire } from "node:module"; const require = __workerRequire(import.meta.url);',
    },
  });
  return outfile;
}

export interface WorkerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Worker {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Settles once the process has exited (and been reaped) and its output is closed. */
  readonly exited: Promise<WorkerExit>;
  /** Resolves when stdout contains `text`; rejects if the worker exits first. */
  waitFor(text: string): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Runs `node <script> <JSON input>`; the worker reads its input from process.argv[2]. */
export function spawnWorker(script: string, input: unknown): Worker {
  const child = spawn(process.execPath, [script, JSON.stringify(input)], { stdio: ["ignore", "pipe", "pipe"] });
  if (child.pid === undefined) throw new Error(`could not spawn ${script}`);
  running.add(child);
  let stdout = "";
  let stderr = "";
  const listeners = new Set<() => void>();
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<WorkerExit>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
  const waitFor = (text: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (stdout.includes(text)) {
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
      check();
      exited.then(
        (exit) =>
          reject(new Error(`worker ${script} exited (${exit.code ?? exit.signal}) before printing "${text}": ${exit.stderr}`)),
        reject,
      );
    });
  return { child, pid: child.pid, exited, waitFor };
}

/** SIGKILLs every worker still running (for afterEach) and waits until they are gone. */
export async function killWorkers(): Promise<void> {
  const exits = [...running].map(
    (child) =>
      new Promise<void>((resolve) => {
        child.once("close", () => resolve());
        child.kill("SIGKILL");
      }),
  );
  await Promise.all(exits);
}
