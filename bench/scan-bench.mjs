// Full transcript scan: `thread-mind-mcp report --json` (the report's scanner) over ~500 MB of generated transcripts in a
// Claude configuration folder: MB/s and peak RSS. Floors: reading the same bytes, and JSON.parse of every line. And the
// report against ccusage at every corpus size (reportBenchmarks, the `report` group).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync, readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { basename, dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { cachedScanCorpus } from "./fixture-cache.mjs";
import { publicFixturesDir, replicatedFixtureCorpus } from "./fixture-corpus.mjs";
import { failedFigure, figure } from "./figure.mjs";
import { peakRssKb } from "./spawn-measure.mjs";
import { summarize } from "./stats.mjs";

const CHUNK = 1024 * 1024;

function mainTranscripts(folder) {
  return readdirSync(folder)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => join(folder, f));
}

/** Reads every file in 1 MiB chunks; with `parse`, JSON.parse of every line as well. Returns MB/s. */
function readAll(files, parse) {
  const buffer = Buffer.allocUnsafe(CHUNK);
  let bytes = 0;
  let lines = 0;
  const t = performance.now();
  for (const file of files) {
    const fd = openSync(file, "r");
    let carry = "";
    try {
      for (;;) {
        const n = readSync(fd, buffer, 0, CHUNK, null);
        if (n === 0) break;
        bytes += n;
        if (!parse) continue;
        const text = carry + buffer.toString("utf8", 0, n);
        const parts = text.split("\n");
        carry = parts.pop() ?? "";
        for (const line of parts) {
          if (line === "") continue;
          JSON.parse(line);
          lines++;
        }
      }
      if (parse && carry !== "") JSON.parse(carry);
    } finally {
      closeSync(fd);
    }
  }
  return { mbps: bytes / 1e6 / ((performance.now() - t) / 1000), bytes, lines };
}

/**
 * The CLI as `thread-mind-mcp report` and /thread-mind:report run it: the package's bin, cli.cjs; cli.mjs for a build from
 * before the entry was CommonJS (`--dist=` a former build).
 */
function reportEntry(distDir) {
  const bin = join(distDir, "cli.cjs");
  return existsSync(bin) ? bin : join(distDir, "cli.mjs");
}

/** The scanner: the report of the built CLI. */
function scannerCommand(distDir) {
  const cli = reportEntry(distDir);
  return {
    kind: "report",
    args: [cli, "report", "--json"],
    note: `\`thread-mind-mcp report --json\` (plugin/dist/${basename(cli)})`,
  };
}

export async function scanBenchmarks(ctx) {
  const { distDir, workDir, cacheDir, quick, log } = ctx;
  const totalBytes = quick ? 10_000_000 : 500_000_000;
  const corpus = cachedScanCorpus(cacheDir, { seed: 41, totalBytes, log });
  const scanner = scannerCommand(distDir);
  const files = mainTranscripts(corpus.folder);
  const runs = quick ? 1 : 3;
  const env = {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
    HOME: join(workDir, "home"),
    CLAUDE_CONFIG_DIR: corpus.configDir,
  };
  const expected = new Map(corpus.sessions.map((s) => [s.sessionId, s.finalContextTokens]));
  const speeds = [];
  const rss = [];
  const rawFloor = [];
  const parseFloor = [];
  log(`scan: ${runs} run(s) of ${scanner.kind} over ${(corpus.mainBytes / 1e6).toFixed(0)} MB in ${files.length} sessions`);
  readAll(files, false); // page cache warm-up: every run reads from memory
  for (let i = 0; i < runs; i++) {
    rawFloor.push(readAll(files, false).mbps);
    const t = performance.now();
    const { kb, run } = await peakRssKb({ command: process.execPath, args: scanner.args, cwd: corpus.workspace, env });
    const seconds = (performance.now() - t) / 1000;
    if (run.code !== 0) throw new Error(`the scan exited with ${run.code}: ${run.stderr.slice(0, 500)}`);
    const report = JSON.parse(run.stdout);
    if (report.scannedFiles !== files.length)
      throw new Error(`the scan read ${report.scannedFiles} transcripts, expected ${files.length}`);
    for (const s of report.sessions) {
      if (expected.get(s.sessionId) !== s.finalContextTokens)
        throw new Error(`session ${s.sessionId}: final context ${s.finalContextTokens}, expected ${expected.get(s.sessionId)}`);
    }
    speeds.push(report.scannedBytes / 1e6 / seconds);
    rss.push(kb / 1024);
    parseFloor.push(readAll(files, true).mbps);
  }
  const workload = `${(corpus.mainBytes / 1e6).toFixed(0)} MB, ${files.length} sessions (+${(corpus.bytes - corpus.mainBytes) / 1e6 > 1 ? ((corpus.bytes - corpus.mainBytes) / 1e6).toFixed(0) : "<1"} MB subagent files)`;
  const f1 = figure({
    key: "scan-speed",
    title: "Full transcript scan",
    workload,
    unit: "MB/s",
    stats: summarize(speeds),
    floorName: "reference: JSON.parse of every line",
    floor: summarize(parseFloor),
  });
  f1.notes.push(
    `Scanner: ${scanner.note}; whole process, node start-up included. Reading the same bytes alone runs at ${summarize(rawFloor).median.toFixed(0)} MB/s (page cache).`,
  );
  const f2 = figure({
    key: "scan-rss",
    title: "Full transcript scan, peak RSS",
    workload,
    unit: "MB",
    stats: summarize(rss),
    floorName: null,
    floor: null,
    valueTarget: { stat: "max", max: 150 },
  });
  return [f1, f2];
}

/** The report against ccusage (the `report` group): ~300 MB in detail, then an empty folder, ~10 MB and ~90 MB. */
export async function reportBenchmarks(ctx) {
  return [...(await ccusageComparison(ctx)), ...(await ccusageBySize(ctx))];
}

const CCUSAGE = "@ccusage/ccusage-linux-x64@20.0.24";

/**
 * ccusage's native binary installed from npm into the run's work directory (npm run with `npmEnv`, the suite's
 * environment before NODE_EXTRA_CA_CERTS was unset); null (with the reason) when it does not install.
 */
function installCcusage(dir, npmEnv) {
  if (process.platform !== "linux" || process.arch !== "x64") return { bin: null, why: `${CCUSAGE} is built for linux-x64 only` };
  try {
    execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", dir, CCUSAGE], {
      stdio: ["ignore", "ignore", "pipe"],
      env: npmEnv,
      timeout: 120_000,
    });
  } catch (/** @type {any} */ e) {
    return { bin: null, why: `npm install ${CCUSAGE} failed: ${(e.stderr?.toString() ?? e.message).trim().split("\n").pop()}` };
  }
  const bin = join(dir, "node_modules", "@ccusage", "ccusage-linux-x64", "bin", "ccusage");
  if (!existsSync(bin)) return { bin: null, why: `${CCUSAGE} installed without its binary` };
  chmodSync(bin, 0o755);
  return { bin, why: null };
}

/**
 * The report side by side with ccusage at every size a user meets (#31): an empty folder, ~10 MB (a few days of
 * sessions), ~90 MB (a few weeks), ~300 MB (measured in detail by ccusageComparison), in interleaved rounds; target
 * ≤ 1.5× ccusage's median at each. The report prints whether the scan took a worker lane (`scanLanes`, when it says).
 */
async function ccusageBySize(ctx) {
  const { distDir, workDir, repoRoot, quick, log } = ctx;
  const fixtures = publicFixturesDir(repoRoot);
  const title = "Report vs ccusage by size";
  if (fixtures === null) return [failedFigure("report-size-ccusage", title, "no public fixtures", { skipped: true })];
  const { bin, why } = installCcusage(join(workDir, "ccusage"), ctx.npmEnv);
  if (bin === null) return [failedFigure("report-size-ccusage", title, `ccusage not run: ${why}`, { skipped: true })];
  const sizes = quick ? [0, 10_000_000] : [0, 10_000_000, 90_000_000];
  const rounds = quick ? 1 : 10;
  const out = [];
  for (const size of sizes) {
    const corpus = replicatedFixtureCorpus(join(workDir, `public-corpus-${size}`), fixtures, size);
    const env = {
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
      HOME: join(workDir, "home"),
      CLAUDE_CONFIG_DIR: corpus.configDir,
    };
    // The workspace has a store, so the report keeps its per-file scan cache there (.threadmind/cache/report-scans.json):
    // "ours" runs with it off (THREADMIND_SCAN_CACHE=0: every transcript read, the target row), "again" with it on, as a
    // user's report run again over transcripts that did not change (round 0 fills it).
    mkdirSync(join(corpus.workspace, ".threadmind"), { recursive: true });
    const subjects = {
      ours: {
        command: process.execPath,
        args: [reportEntry(distDir), "report", "--json"],
        env: { ...env, THREADMIND_SCAN_CACHE: "0" },
      },
      again: { command: process.execPath, args: [reportEntry(distDir), "report", "--json"], env },
      ccusage: { command: bin, args: ["session", "--offline", "--json"], env },
    };
    /** @type {Record<string, number[]>} */
    const wall = { ours: [], again: [], ccusage: [] };
    /** @type {Record<string, string>} */
    const printed = {};
    let ccusageFailed = null;
    log(`report: ${rounds} interleaved rounds over ${(corpus.bytes / 1e6).toFixed(0)} MB against ccusage`);
    for (let round = 0; round < rounds + 1; round++) {
      for (const [name, spec] of Object.entries(subjects).sort(() => Math.random() - 0.5)) {
        const t = performance.now();
        const { run } = await peakRssKb({ ...spec, cwd: corpus.workspace });
        const ms = performance.now() - t;
        if (name !== "ccusage") {
          if (run.code !== 0) throw new Error(`report exited with ${run.code}: ${run.stderr.slice(0, 300)}`);
          const report = JSON.parse(run.stdout);
          if (report.scannedFiles !== corpus.files)
            throw new Error(`the report read ${report.scannedFiles} transcripts, expected ${corpus.files}`);
          // From the cache or not, the report is the same.
          printed[name] ??= run.stdout;
          if (
            run.stdout !== printed[name] ||
            (printed.ours !== undefined && printed.again !== undefined && printed.ours !== printed.again)
          )
            throw new Error("the report run again (scan cache) printed another report than a full scan");
        } else if (run.code !== 0) ccusageFailed = `exit ${run.code}: ${run.stderr.trim().split("\n").pop()}`;
        if (round > 0) wall[name].push(ms); // round 0 warms the page cache
      }
    }
    const label = size === 0 ? "empty folder" : `~${(corpus.bytes / 1e6).toFixed(0)} MB, ${corpus.files} sessions`;
    const f = figure({
      key: `report-size-ccusage-${size === 0 ? "empty" : `${Math.round(size / 1e6)}mb`}`,
      title: `${title}: report --json, ${label}`,
      workload: label,
      unit: "ms",
      stats: summarize(wall.ours),
      floorName: "ccusage session --offline --json",
      floor: summarize(wall.ccusage),
      ratioTarget: 1.5,
    });
    f.notes.push("Every transcript read (THREADMIND_SCAN_CACHE=0): a first report, or one after every transcript changed.");
    if (ccusageFailed !== null) f.notes.push(`ccusage did not succeed here (${ccusageFailed}): its time is that of its failure.`);
    out.push(f);
    if (size === 0) continue;
    const again = figure({
      key: `report-size-ccusage-again-${Math.round(size / 1e6)}mb`,
      title: `${title}: report --json run again (scan cache), ${label}`,
      workload: `${label}, unchanged since the last report`,
      unit: "ms",
      stats: summarize(wall.again),
      floorName: "ccusage session --offline --json",
      floor: summarize(wall.ccusage),
    });
    again.notes.push(
      "The report's per-file scan cache (.threadmind/cache/report-scans.json) holds each unchanged transcript's scan; ccusage has none and reads every file each time. No target: the row above is the one held to 1.5×.",
    );
    out.push(again);
  }
  return out;
}

/**
 * The report's scan side by side with ccusage (native Rust, `session --offline --json`) over the same ~300 MB of real
 * public transcripts (replicated), in interleaved rounds: ours as it runs by default, with one lane and with two lanes
 * (THREADMIND_SCAN_WORKERS), and ccusage. Wall time and peak RSS of each whole process.
 */
async function ccusageComparison(ctx) {
  const { distDir, workDir, repoRoot, quick, log } = ctx;
  const fixtures = publicFixturesDir(repoRoot);
  const title = "Report scan vs ccusage";
  if (fixtures === null)
    return [
      failedFigure(
        "scan-ccusage",
        title,
        "no public fixtures (/work/shared/fixtures/transcripts or THREADMIND_SHARED_FIXTURES)",
        { skipped: true },
      ),
    ];
  const corpus = replicatedFixtureCorpus(join(workDir, "public-corpus"), fixtures, quick ? 10_000_000 : 300_000_000);
  log(`scan: installing ${CCUSAGE} into the work directory`);
  const { bin, why } = installCcusage(join(workDir, "ccusage"), ctx.npmEnv);
  const env = {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
    HOME: join(workDir, "home"),
    CLAUDE_CONFIG_DIR: corpus.configDir,
  };
  const subjects = {
    ours: { command: process.execPath, args: [reportEntry(distDir), "report", "--json"], env },
    oneLane: {
      command: process.execPath,
      args: [reportEntry(distDir), "report", "--json"],
      env: { ...env, THREADMIND_SCAN_WORKERS: "0" },
    },
    twoLanes: {
      command: process.execPath,
      args: [reportEntry(distDir), "report", "--json"],
      env: { ...env, THREADMIND_SCAN_WORKERS: "2" },
    },
    ...(bin !== null ? { ccusage: { command: bin, args: ["session", "--offline", "--json"], env } } : {}),
  };
  const rounds = quick ? 1 : 5;
  /** @type {Record<string, number[]>} */
  const wall = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  /** @type {Record<string, number[]>} */
  const rss = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  let reference = null;
  log(
    `scan: ${rounds} interleaved rounds over ${(corpus.bytes / 1e6).toFixed(0)} MB (${corpus.files} real sessions, replicated)${bin === null ? `; ccusage skipped: ${why}` : ", with ccusage"}`,
  );
  for (let round = 0; round < rounds; round++) {
    for (const [name, spec] of Object.entries(subjects).sort(() => Math.random() - 0.5)) {
      const t = performance.now();
      const { kb, run } = await peakRssKb({ ...spec, cwd: corpus.workspace });
      const ms = performance.now() - t;
      if (run.code !== 0) throw new Error(`${name} exited with ${run.code}: ${run.stderr.slice(0, 300)}`);
      if (name === "ccusage") {
        if (!Array.isArray(JSON.parse(run.stdout).session))
          throw new Error(`ccusage printed no sessions: ${run.stdout.slice(0, 200)}`);
      } else {
        const report = JSON.parse(run.stdout);
        if (report.scannedFiles !== corpus.files)
          throw new Error(`${name}: the report read ${report.scannedFiles} transcripts, expected ${corpus.files}`);
        // Every way of running our scan gives the same report.
        reference ??= run.stdout;
        if (run.stdout !== reference) throw new Error(`${name}: the report differs from the other runs' report`);
      }
      wall[name].push(ms / 1000);
      rss[name].push(kb / 1024);
    }
  }
  const workload = `${(corpus.bytes / 1e6).toFixed(0)} MB, ${corpus.files} real public sessions (replicated)`;
  const floor = bin !== null ? summarize(wall.ccusage) : null;
  const floorName = bin !== null ? "ccusage session --offline --json" : null;
  const out = [
    figure({
      key: "scan-ccusage",
      title: `${title}: report --json as it runs`,
      workload,
      unit: "s",
      stats: summarize(wall.ours),
      floorName,
      floor,
      ratioTarget: bin !== null ? 1.5 : null,
    }),
    figure({
      key: "scan-ccusage-1",
      title: `${title}: one lane (THREADMIND_SCAN_WORKERS=0)`,
      workload,
      unit: "s",
      stats: summarize(wall.oneLane),
      floorName,
      floor,
    }),
    figure({
      key: "scan-ccusage-2",
      title: `${title}: two lanes (THREADMIND_SCAN_WORKERS=2)`,
      workload,
      unit: "s",
      stats: summarize(wall.twoLanes),
      floorName,
      floor,
    }),
    figure({
      key: "scan-ccusage-rss",
      title: "Report scan peak RSS, as it runs",
      workload,
      unit: "MB",
      stats: summarize(rss.ours),
      floorName: bin !== null ? "ccusage" : null,
      floor: bin !== null ? summarize(rss.ccusage) : null,
      valueTarget: { stat: "max", max: 150 },
    }),
    figure({
      key: "scan-ccusage-rss-2",
      title: "Report scan peak RSS, two lanes (THREADMIND_SCAN_WORKERS=2)",
      workload,
      unit: "MB",
      stats: summarize(rss.twoLanes),
      floorName: bin !== null ? "ccusage" : null,
      floor: bin !== null ? summarize(rss.ccusage) : null,
    }),
  ];
  if (bin === null) out[0].notes.push(`ccusage not run: ${why}.`);
  out[0].notes.push(
    `By default the scan starts a lane per core the 1-minute load average leaves idle (${(await import("node:os")).loadavg()[0].toFixed(1)} at the end) and, on more cores, starts one more at once that it keeps (adding more) only for cores other processes leave free during its first 80 ms (src/core/savings/scan-pool.ts); peak RSS as it runs ${Math.max(...rss.ours).toFixed(0)} MB, one lane ${Math.max(...rss.oneLane).toFixed(0)} MB, two lanes ${Math.max(...rss.twoLanes).toFixed(0)} MB.`,
  );
  return out;
}
