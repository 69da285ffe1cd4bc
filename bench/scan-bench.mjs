// Full transcript scan: `thread-mind-mcp report --json` (the report's scanner) over ~500 MB of generated transcripts in a
// Claude configuration folder: MB/s and peak RSS. Floors: reading the same bytes, and JSON.parse of every line.
import { closeSync, openSync, readSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { cachedScanCorpus } from "./fixture-cache.mjs";
import { figure } from "./figure.mjs";
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
        for (const line of parts) if (line !== "") (JSON.parse(line), lines++);
      }
      if (parse && carry !== "") JSON.parse(carry);
    } finally {
      closeSync(fd);
    }
  }
  return { mbps: bytes / 1e6 / ((performance.now() - t) / 1000), bytes, lines };
}

/** The scanner: the report of the built CLI. */
function scannerCommand(distDir) {
  const cli = join(distDir, "cli.mjs");
  return { kind: "report", args: [cli, "report", "--json"], note: "`thread-mind-mcp report --json` (plugin/dist/cli.mjs)" };
}

export async function scanBenchmarks(ctx) {
  const { distDir, workDir, cacheDir, quick, log } = ctx;
  const totalBytes = quick ? 10_000_000 : 500_000_000;
  const corpus = cachedScanCorpus(cacheDir, { seed: 41, totalBytes, log });
  const scanner = scannerCommand(distDir);
  const files = mainTranscripts(corpus.folder);
  const runs = quick ? 1 : 3;
  const env = { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`, HOME: join(workDir, "home"), CLAUDE_CONFIG_DIR: corpus.configDir };
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
    if (report.scannedFiles !== files.length) throw new Error(`the scan read ${report.scannedFiles} transcripts, expected ${files.length}`);
    for (const s of report.sessions) {
      if (expected.get(s.sessionId) !== s.finalContextTokens) throw new Error(`session ${s.sessionId}: final context ${s.finalContextTokens}, expected ${expected.get(s.sessionId)}`);
    }
    speeds.push(report.scannedBytes / 1e6 / seconds);
    rss.push(kb / 1024);
    parseFloor.push(readAll(files, true).mbps);
  }
  const workload = `${(corpus.mainBytes / 1e6).toFixed(0)} MB, ${files.length} sessions (+${(corpus.bytes - corpus.mainBytes) / 1e6 > 1 ? ((corpus.bytes - corpus.mainBytes) / 1e6).toFixed(0) : "<1"} MB subagent files)`;
  const f1 = figure({ key: "scan-speed", title: "Full transcript scan", workload, unit: "MB/s", stats: summarize(speeds), floorName: "reference: JSON.parse of every line", floor: summarize(parseFloor) });
  f1.notes.push(`Scanner: ${scanner.note}; whole process, node start-up included. Reading the same bytes alone runs at ${summarize(rawFloor).median.toFixed(0)} MB/s (page cache).`);
  const f2 = figure({ key: "scan-rss", title: "Full transcript scan, peak RSS", workload, unit: "MB", stats: summarize(rss), floorName: null, floor: null, valueTarget: { stat: "max", max: 150 } });
  return [f1, f2];
}
