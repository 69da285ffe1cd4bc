#!/usr/bin/env node
import { createRequire } from 'node:module';
import 'path';
import { fileURLToPath } from 'url';
import { existsSync } from 'fs';
import * as os from 'os';
import { Worker } from 'worker_threads';

createRequire(import.meta.url);
function siblingBundle(name) {
  return new URL(`./${name}`, import.meta.url).href;
}
var MAX_LANES = 4;
function scanWorkerScript() {
  const url = new URL("./scan-worker.cjs", import.meta.url);
  return url.protocol === "file:" && existsSync(fileURLToPath(url)) ? url : null;
}
function coreCount() {
  return typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
}
function askedLanes(env) {
  const asked = env.THREADMIND_SCAN_WORKERS;
  if (asked === void 0 || asked === "") return null;
  const n = Number.parseInt(asked, 10);
  return Number.isInteger(n) && n > 1 ? Math.min(n, MAX_LANES) : 0;
}
function startScanWorker(script) {
  const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 12 } });
  const started = { worker, ended: false };
  const ended = () => {
    started.ended = true;
  };
  worker.once("error", ended);
  worker.once("exit", ended);
  return started;
}
function earlyScanWorker(env) {
  const asked = askedLanes(env);
  if (asked === 0 || asked === null && coreCount() < 2) return null;
  const script = scanWorkerScript();
  if (script === null) return null;
  const started = startScanWorker(script);
  started.worker.unref();
  return started;
}

// src/cli/entry.ts
async function run(argv) {
  if (argv[0] === "report") {
    const rest = argv.slice(1);
    const early = rest.includes("--help") || rest.includes("-h") ? null : earlyScanWorker(process.env);
    const report = await import(siblingBundle("cli-report.mjs"));
    return report.runReport(rest, early);
  }
  const cli = await import(siblingBundle("cli-main.mjs"));
  return cli.main(argv);
}
run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (e) => {
    console.error(e instanceof Error ? e.stack ?? e.message : String(e));
    process.exitCode = 1;
  }
);
