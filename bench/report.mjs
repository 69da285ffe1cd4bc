// Renders benchmark figures: a plain-text table for the terminal and bench/results.md (machine, method, table, misses).

const fmt = (value, unit) => {
  if (value === null || value === undefined) return "–";
  if (unit === "MB/s" || unit === "MB") return value >= 100 ? value.toFixed(0) : value.toFixed(1);
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
};

function spread(f) {
  if (!f.stats) return "–";
  const s = f.stats;
  return `${fmt(s.min, f.unit)} / ${fmt(s.median, f.unit)} / ${fmt(s.max, f.unit)}`;
}

function percentiles(f) {
  if (!f.stats || (f.stats.n < 20 && f.stats.min !== null)) return "";
  return `p50 ${fmt(f.stats.p50, f.unit)}, p99 ${fmt(f.stats.p99, f.unit)}`;
}

function verdict(f) {
  if (f.error) return `FAILED: ${f.error}`;
  if (f.skipped) return `skipped: ${f.skipped}`;
  if (f.verdicts.length === 0) return "(no target)";
  return f.verdicts
    .map((v) => `${v.pass ? "✓" : "✗"} ${v.text}${v.pass ? "" : ` (missed by ${((v.by - 1) * 100).toFixed(0)}%)`}`)
    .join("; ");
}

export function rows(figures) {
  return figures.map((f) => ({
    figure: f.title,
    workload: f.workload,
    unit: f.unit,
    n: f.stats ? String(f.stats.n) : "–",
    spread: spread(f),
    pct: percentiles(f),
    floor: f.floor ? `${f.floorName}: ${fmt(f.floor.median, f.unit)}` : "–",
    ratio: f.ratio === null ? "–" : `${f.ratio.toFixed(2)}×${f.ratioMin == null ? "" : ` (min ${f.ratioMin.toFixed(2)}×)`}`,
    verdict: verdict(f),
  }));
}

export function textTable(figures) {
  const header = {
    figure: "figure",
    workload: "workload",
    unit: "unit",
    n: "n",
    spread: "min / median / max",
    pct: "percentiles",
    floor: "floor (median)",
    ratio: "ratio of medians (of minimums)",
    verdict: "target",
  };
  const all = [header, ...rows(figures)];
  const keys = Object.keys(header);
  const widths = keys.map((k) => Math.min(60, Math.max(...all.map((r) => r[k].length))));
  return all
    .map((r) =>
      keys.map((k, i) => (r[k].length > widths[i] ? `${r[k].slice(0, widths[i] - 1)}…` : r[k].padEnd(widths[i]))).join("  "),
    )
    .join("\n");
}

export function markdown({ machine, loadBefore, loadAfter, figures, options, durationS, findings }) {
  const esc = (s) => s.replace(/\|/g, "\\|");
  const lines = [
    "# ThreadMind benchmark results",
    "",
    "Written by `npm run bench` (bench/run.mjs). Every figure is the statistics of repeated runs; its floor was measured in",
    "the same run, interleaved with it, and the ratio compares medians.",
    "",
    "## Machine",
    "",
    `- CPU: ${machine.cpu}, ${machine.cores} cores; memory ${machine.memoryGiB} GiB`,
    `- OS: ${machine.os}; Node ${machine.node}`,
    `- Date: ${machine.date}; suite took ${durationS.toFixed(0)} s`,
    `- Load average (1 min) before / after: ${loadBefore} / ${loadAfter}${machine.cores <= 2 ? " — a shared 2-core machine: other processes ran during the suite, so absolute times are noisy; ratios to floors measured in the same rounds are the meaningful figures" : ""}`,
    "",
    "## Method",
    "",
    `- Hooks: the command from plugin/hooks.json run through \`sh -c\` as Claude Code runs it, hook JSON on stdin, env CLAUDE_PID, CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_ROOT (and the other variables Claude Code sets). Floor: \`sh -c "node -e ''"\`. ${options.warmup} warm-up rounds, then ${options.rounds} rounds; in each round every process runs once (the floor twice) in a shuffled order. Each run is checked (the context injected, the size recorded, the receipt settled). Wall time from spawn to exit. Peak RSS: GNU time \`%M\`, highest of 3 runs. The "Reference" row, an empty .mjs file, shows what Node's ESM loader costs any .mjs entry. The "under Codex" rows run the same commands as Codex runs them: Codex's hook input (\`model\`, \`permission_mode\`, \`turn_id\`), its environment (PLUGIN_ROOT, PLUGIN_DATA and their CLAUDE_ twins; no CLAUDE_PID nor CLAUDE_PROJECT_DIR), a rollout-….jsonl in codex-cli 0.171.0's shapes as \`transcript_path\`; checked alike (within Codex's 10,000-byte cap, keyed as the Codex instance).`,
    "- Store: written directly (thread files, project, config.json and a measurement log of 500 sessions as after long use), deterministic from a seed; the active thread is the deepest one.",
    "- Transcripts: generated in the real format (streamed copies of each response, tool_use/tool_result with toolUseResult, hook/bash/agent progress records with embedded subagent usage, subagent files and 1.0.x inline sidechains, API errors, turn_duration, compact_boundary + isCompactSummary, ThreadMind injections), deterministic from a seed, cached in `.cache/bench/`.",
    "- MCP: plugin/dist/server.mjs spawned with the SDK's stdio Client, warmed up, then the tool calls timed one by one; floor: an MCP `ping` round trip on the same connection. The notes give the server's CPU time per call from /proc (not inflated by other processes' load).",
    "- Scan: `thread-mind-mcp report --json` (plugin/dist/cli.mjs) over a Claude configuration folder of generated transcripts; reference: JSON.parse of every line of the same files in the benchmark process. Side by side with ccusage 20.0.24 (`@ccusage/ccusage-linux-x64`, its native binary installed from npm into the run's work directory; `session --offline --json`) over the real public transcripts of /work/shared/fixtures/transcripts replicated to ~300 MB (never committed), in interleaved rounds; every run of ours must print the same report.",
    "- Environment: NODE_EXTRA_CA_CERTS, which this machine sets and which makes every `node` start several times slower, is unset for every process the suite starts, floors and subjects alike (the floors here are clean `node -e ''` starts).",
    "",
    "## Figures",
    "",
    "| figure | workload | n | min / median / max | percentiles | floor (median) | ratio of medians (of minimums) | target |",
    "|---|---|---|---|---|---|---|---|",
    ...rows(figures).map(
      (r) =>
        `| ${esc(r.figure)} | ${esc(r.workload)} | ${r.n} | ${r.spread} ${r.unit} | ${r.pct} | ${esc(r.floor)} ${r.floor === "–" ? "" : r.unit} | ${r.ratio} | ${esc(r.verdict)} |`,
    ),
    "",
  ];
  const notes = figures.filter((f) => f.notes.length > 0);
  if (notes.length > 0) {
    lines.push("## Notes per figure", "");
    for (const f of notes) lines.push(`- **${f.title}** (${f.workload}): ${f.notes.join(" ")}`);
    lines.push("");
  }
  if (findings) lines.push(findings.trim(), "");
  return lines.join("\n");
}
