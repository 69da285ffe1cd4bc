// `npm run bench`: runs the benchmark suite, prints a table and writes bench/results.md. `--quick`: every benchmark once at
// small sizes, only checking that each completes (exit 1 if one fails). `--only=hooks,mcp,scan,report,search,merge,clone` runs
// some groups; `--only=hooks:codex` a group's subset (the hooks' Codex rows, with their floor); `--dist=DIR` measures the
// bundles in DIR instead of plugin/dist; `--compare=DIR` also runs the hooks of the build in DIR, interleaved in the same
// rounds (before/after figures of an optimisation).
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { failedFigure } from "./figure.mjs";
import { loadNow, machineInfo } from "./machine.mjs";
import { markdown, textTable } from "./report.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = dirname(HERE);

function parseOptions(argv) {
  /** @type {{ quick: boolean, only: Map<string, string | null> | null, rounds: number, warmup: number, distDir: string, compareDist: string | null }} */
  const options = {
    quick: false,
    only: null,
    rounds: 20,
    warmup: 3,
    distDir: join(REPO_ROOT, "plugin", "dist"),
    compareDist: null,
  };
  for (const arg of argv) {
    if (arg === "--quick") options.quick = true;
    else if (arg.startsWith("--only="))
      // group[:subset] each; a group named alone runs whole.
      options.only = new Map(
        arg
          .slice(7)
          .split(",")
          .map((entry) => {
            const at = entry.indexOf(":");
            return at === -1 ? [entry, null] : [entry.slice(0, at), entry.slice(at + 1)];
          }),
      );
    else if (arg.startsWith("--rounds=")) options.rounds = Number.parseInt(arg.slice(9), 10);
    else if (arg.startsWith("--dist=")) options.distDir = resolve(arg.slice(7));
    else if (arg.startsWith("--compare=")) options.compareDist = resolve(arg.slice(10));
    else
      throw new Error(
        `unknown option ${arg} (expected --quick, --only=<group[:subset]>,…, --rounds=<n>, --dist=<dir>, --compare=<dir>)`,
      );
  }
  for (const [group, subset] of options.only ?? []) {
    if (!(group in GROUPS)) throw new Error(`--only: unknown group ${group} (expected ${Object.keys(GROUPS).join(", ")})`);
    if (subset !== null && !(GROUPS[group].subsets ?? []).includes(subset))
      throw new Error(`--only: group ${group} has no subset ${subset}`);
  }
  if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error("--rounds needs a positive integer");
  return options;
}

/** Benchmark groups, each loaded only when it runs; each returns a list of figures. */
const GROUPS = {
  hooks: {
    titles: ["SessionStart / SessionEnd / PreCompact / UserPromptSubmit hooks"],
    // Its Codex rows alone (as HOOK_SUBSETS in hook-bench.mjs, which checks it again).
    subsets: ["codex"],
    load: async () => (await import("./hook-bench.mjs")).hookBenchmarks,
  },
  mcp: {
    titles: ["context_get, thread_create, summary_update over stdio"],
    load: async () => (await import("./mcp-bench.mjs")).mcpBenchmarks,
  },
  scan: { titles: ["full transcript scan"], load: async () => (await import("./scan-bench.mjs")).scanBenchmarks },
  report: {
    titles: ["report vs ccusage (empty folder to ~300 MB)"],
    load: async () => (await import("./scan-bench.mjs")).reportBenchmarks,
  },
  clone: {
    titles: ["SessionStart in a fresh clone"],
    load: async () => (await import("./fresh-clone-bench.mjs")).freshCloneBenchmarks,
  },
  search: { titles: ["thread_search latency"], load: async () => (await import("./search-bench.mjs")).searchBenchmarks },
  merge: {
    titles: ["merge driver", "plain-git merge (merge-tree)"],
    load: async () => {
      const { mergeBenchmarks } = await import("./merge-bench.mjs");
      const { plainGitMergeBenchmarks } = await import("./plain-git-merge-bench.mjs");
      return async (ctx) => [...(await mergeBenchmarks(ctx)), ...(await plainGitMergeBenchmarks(ctx))];
    },
  },
};

async function main() {
  const options = parseOptions(process.argv.slice(2));
  // This machine sets NODE_EXTRA_CA_CERTS, which makes every node start several times slower (the certificates are
  // loaded at start-up). Claude Code does not pass it to hooks; floors and subjects all run without it. npm alone keeps
  // it (installing ccusage): where it is set, the registry is reached through a proxy whose certificate it names.
  const npmEnv = { ...process.env };
  delete process.env.NODE_EXTRA_CA_CERTS;
  for (const bundle of ["hook.cjs", "hook-core.cjs", "server.mjs", "cli.mjs"]) {
    if (!existsSync(join(options.distDir, bundle)))
      throw new Error(`${join(options.distDir, bundle)} is missing: run npm run build first`);
  }
  // The real path: a process's cwd is always its real path, and the transcripts record the workspace as the scan sees it
  // (a worktree's .cache is often a symbolic link).
  mkdirSync(join(REPO_ROOT, ".cache"), { recursive: true });
  const cacheDir = join(realpathSync(join(REPO_ROOT, ".cache")), "bench", options.quick ? "quick" : "full");
  // One work directory per run: .cache may be shared by several checkouts (a worktree's .cache is a link), and each run
  // clears its work directory first.
  const workDir = join(cacheDir, `work-${process.pid}`);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const started = performance.now();
  const log = (line) =>
    process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
  const machine = machineInfo();
  const loadBefore = loadNow();
  log(
    `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, load ${loadBefore}${options.quick ? " (quick mode)" : ""}`,
  );
  const figures = [];
  let failed = 0;
  for (const [name, group] of Object.entries(GROUPS)) {
    if (options.only && !options.only.has(name)) continue;
    const ctx = {
      repoRoot: REPO_ROOT,
      distDir: options.distDir,
      compareDist: options.compareDist,
      cacheDir,
      workDir: join(workDir, name),
      quick: options.quick,
      rounds: options.rounds,
      warmup: options.warmup,
      subset: options.only?.get(name) ?? null,
      npmEnv,
      log,
    };
    mkdirSync(ctx.workDir, { recursive: true });
    try {
      const run = await group.load();
      const result = await run(ctx);
      for (const f of result) {
        figures.push(f);
        if (f.error) failed++;
        process.stdout.write(
          `${f.error ? "FAILED" : f.skipped ? "skipped" : "completed"}: ${f.key}${f.error ? ` — ${f.error}` : f.skipped ? ` — ${f.skipped}` : ""}\n`,
        );
      }
    } catch (e) {
      failed++;
      const message = e instanceof Error ? e.message : String(e);
      log(`${name} failed: ${e instanceof Error ? e.stack : message}`);
      figures.push(failedFigure(name, group.titles[0], message));
      process.stdout.write(`FAILED: ${name} — ${message}\n`);
    }
  }
  const loadAfter = loadNow();
  const durationS = (performance.now() - started) / 1000;
  process.stdout.write(`\n${textTable(figures)}\n\n`);
  const findingsPath = join(HERE, "findings.md");
  const findings = existsSync(findingsPath) ? readFileSync(findingsPath, "utf8") : "";
  const text = markdown({ machine, loadBefore, loadAfter, figures, options, durationS, findings });
  // Quick runs check that everything completes; their figures are not results.
  const partial = options.quick || options.only || options.compareDist || options.distDir !== join(REPO_ROOT, "plugin", "dist");
  const resultsPath = partial ? join(cacheDir, "results.md") : join(HERE, "results.md");
  writeFileSync(resultsPath, text);
  log(`${figures.length} figures, ${failed} failed; written to ${resultsPath}`);
  rmSync(workDir, { recursive: true, force: true });
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((e) => {
  process.stderr.write(`bench: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exitCode = 1;
});
