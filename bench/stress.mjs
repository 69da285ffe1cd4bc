// `node bench/stress.mjs [--long] [--seed=N]`: the reliability storms at full size, outside the test suite. A concurrency
// storm (16 processes × mixed service operations on one store) and crash trials (a writer SIGKILLed at seeded random
// moments); prints what was checked and the figures, exits 1 when any check failed. Default sizes match the tests;
// --long runs the issue's full counts (16 × 50 operations, 300 crash trials).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const REPO_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
/** Bundles go inside the repository (gitignored .cache/) so that their `esbuild` import resolves to node_modules. */
const OUT_DIR = join(REPO_ROOT, ".cache", "stress");
const SIZES = {
  default: { workers: 16, opsPerWorker: 8, crashTrials: 30 },
  long: { workers: 16, opsPerWorker: 50, crashTrials: 300 },
};

function parseOptions(argv) {
  const options = { long: false, seed: 6 };
  for (const arg of argv) {
    if (arg === "--long") options.long = true;
    else if (arg.startsWith("--seed=")) options.seed = Number.parseInt(arg.slice(7), 10);
    else throw new Error(`unknown option ${arg} (expected --long, --seed=<n>)`);
  }
  if (!Number.isSafeInteger(options.seed) || options.seed < 0) throw new Error("--seed needs a non-negative integer");
  return options;
}

const BANNER = {
  js: 'import { createRequire as __stressRequire } from "node:module"; const require = __stressRequire(import.meta.url);',
};

/** Bundles the TypeScript workers and the drivers the tests use (test/reliability/*-run.ts). */
async function bundle() {
  mkdirSync(OUT_DIR, { recursive: true });
  /** @type {import("esbuild").BuildOptions} */
  const common = { bundle: true, platform: "node", format: "esm", target: "node18", logLevel: "error", banner: BANNER };
  const workers = { storm: "test/fixtures/workers/storm-worker.ts", crash: "test/fixtures/workers/crash-writer.ts" };
  const scripts = {};
  for (const [name, entry] of Object.entries(workers)) {
    scripts[name] = join(OUT_DIR, `${name}-worker.mjs`);
    await build({ ...common, entryPoints: [join(REPO_ROOT, entry)], outfile: scripts[name] });
  }
  const driver = join(OUT_DIR, "drivers.mjs");
  await build({
    ...common,
    external: ["esbuild"],
    stdin: {
      contents:
        'export { runStorm } from "./test/reliability/storm-run.ts";\nexport { runCrashTrials } from "./test/reliability/crash-run.ts";\n',
      resolveDir: REPO_ROOT,
      sourcefile: "stress-drivers.ts",
      loader: "ts",
    },
    outfile: driver,
  });
  return { scripts, drivers: await import(pathToFileURL(driver).href) };
}

function list(problems, max = 20) {
  const shown = problems.slice(0, max).map((p) => `    - ${p}`);
  if (problems.length > max) shown.push(`    … and ${problems.length - max} more`);
  return shown.join("\n");
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const size = options.long ? SIZES.long : SIZES.default;
  const { scripts, drivers } = await bundle();
  const base = mkdtempSync(join(tmpdir(), "tm-stress-"));
  let failed = false;
  try {
    console.log(`ThreadMind stress (${options.long ? "--long" : "default sizes"}, seed ${options.seed})\n`);

    const storm = await drivers.runStorm({
      baseDir: base,
      workerScript: scripts.storm,
      workers: size.workers,
      opsPerWorker: size.opsPerWorker,
      seed: options.seed,
      // Long enough that a slow lock hand-over shows as latency below, not as a failed worker.
      lockTimeoutMs: 600_000,
    });
    const ops = storm.opMs.count;
    const stormOk = storm.failures.length === 0 && storm.problems.length === 0;
    failed ||= !stormOk;
    console.log(
      `Concurrency storm: ${size.workers} processes × ${size.opsPerWorker} operations on one store — ${stormOk ? "OK" : "FAILED"}`,
    );
    console.log(
      `  ${ops} operations in ${(storm.elapsedMs / 1000).toFixed(1)} s (${((ops / storm.elapsedMs) * 1000).toFixed(1)} ops/s)`,
    );
    console.log(
      `  operation latency (lock wait included): p50 ${storm.opMs.p50} ms, p95 ${storm.opMs.p95} ms, max ${storm.opMs.max} ms`,
    );
    console.log(
      `  ${storm.threadsCreated} threads created (all present, distinct ids), ${storm.linesAppended} lines appended (each present once)`,
    );
    console.log("  checked: every created thread exists under the parent in its last status, every appended line once,");
    console.log("           every session's active thread in config.json, every file parses, no temp file, no lock left");
    if (storm.failures.length > 0) console.log(`  worker failures:\n${list(storm.failures)}`);
    if (storm.problems.length > 0) console.log(`  problems:\n${list(storm.problems)}`);

    const crash = await drivers.runCrashTrials({
      baseDir: base,
      writerScript: scripts.crash,
      trials: size.crashTrials,
      seed: options.seed,
    });
    const crashOk = crash.problems.length === 0;
    failed ||= !crashOk;
    console.log(
      `\nCrash trials: a writer SIGKILLed at seeded random moments, ${crash.trials} trials — ${crashOk ? "OK" : "FAILED"}`,
    );
    console.log(
      `  ${crash.killedMidOperation} killed inside an operation, ${crash.locksLeftBehind} left the lock held (reclaimed by the next writer),`,
    );
    console.log(`  ${crash.tempFilesLeft} temp files left (swept by the next writer); ${(crash.elapsedMs / 1000).toFixed(1)} s`);
    console.log("  checked: each thread, project and config.json in its old or its new state, never partial; the next");
    console.log("           write (2 s lock timeout) succeeds and leaves no lock and no temp file");
    if (crash.problems.length > 0) console.log(`  problems:\n${list(crash.problems)}`);
  } finally {
    if (failed) console.log(`\nStores kept for inspection in ${base}`);
    else rmSync(base, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
