// stats_show: thread counts, the active thread's context size, summary sizes, and the measured sessions from measurements.jsonl.
import { readMeasurementLog } from "./measurement-log-read.js";
import type { InjectionRecord, Measurements, ReceiptStatus, SizeRecord } from "./measurements.js";
import type { ThreadMindServices } from "./services.js";
import { buildTree } from "./tree-render.js";
import { threadStatus, type Thread, type ThreadStatus } from "./types.js";

export interface SummaryRow {
  threadId: string;
  /** Estimated tokens of the summary (tiktoken when available, else characters/3.5). */
  tokens: number;
  /** Date (YYYY-MM-DD) of the last update. */
  updated: string;
}

export interface MeasuredPart {
  /** Sessions whose end was measured (conversation size known). */
  sessionEnds: { count: number; averageTokens: number; maxTokens: number } | null;
  injections: { count: number; averageTokens: number } | null;
  receipts: Record<ReceiptStatus, number>;
  restarts: {
    clear: number;
    compaction: number;
    /** Restarts followed by a ThreadMind injection: measured size before, estimated context after. */
    paired: { count: number; averageBefore: number; averageAfter: number } | null;
  };
  /** Newest hook record, when the plugin's hooks ran at least once. */
  lastHookSeen: string | null;
}

export interface StatsReport {
  projectTitle: string;
  counts: Record<ThreadStatus, number> & { total: number; unreadable: number };
  active: { threadId: string; depth: number; contextTokens: number };
  summaries: SummaryRow[];
  measured: MeasuredPart;
}

export async function collectStats(services: ThreadMindServices): Promise<StatsReport> {
  const context = await services.contextGet();
  const project = context.project;
  const { threads, problems } = services.store.readAllThreads(project.id);
  const counts = { active: 0, done: 0, abandoned: 0, total: threads.size, unreadable: problems.length };
  for (const t of threads.values()) counts[threadStatus(t)]++;
  const summaries: SummaryRow[] = [];
  for (const t of treeOrder(threads)) {
    summaries.push({ threadId: t.id, tokens: await services.tokens.count(t.summary), updated: t.updatedAt.slice(0, 10) });
  }
  await services.saveTokenCache();
  return {
    projectTitle: project.title,
    counts,
    active: { threadId: context.thread.id, depth: context.depth, contextTokens: context.tokens },
    summaries,
    // The legacy lists an older config.json holds, as services read (and cached) it: not read a second time.
    measured: measuredPart(readMeasurementLog(services.store.dir, services.readState().measurements).measurements),
  };
}

/** Threads depth-first from the roots (as the tree shows them), then detached ones; each once, a parentId cycle included. */
function treeOrder(threads: Map<string, Thread>): Thread[] {
  const shape = buildTree(threads);
  const out: Thread[] = [];
  const seen = new Set<string>();
  // Iterative: a recursive walk overflows the stack on a deep tree.
  const walk = (start: string) => {
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(threads.get(id)!);
      const kids = shape.children.get(id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  };
  for (const root of shape.roots) walk(root);
  for (const d of shape.detached) walk(d.id);
  return out;
}

/** Measurements come from user-editable files (measurements.jsonl, an older config.json): records are checked field by field, and malformed ones are not counted. */
export function measuredPart(m: Measurements): MeasuredPart {
  const ends = m.sessionEnds.filter(hasSize);
  const compacts = m.preCompacts.filter((r) => typeof r.at === "string");
  const injections = m.injections.filter((r) => typeof r.tokens === "number" && typeof r.at === "string");
  const receipts: Record<ReceiptStatus, number> = { delivered: 0, preview: 0, missing: 0, pending: 0 };
  for (const r of injections) if (r.receipt in receipts) receipts[r.receipt]++;

  const clears = m.sessionEnds.filter((r) => r.reason === "clear" && typeof r.at === "string");
  const pairs: { before: number; after: number }[] = [];
  for (const r of clears) {
    const after = firstInjectionAfter(injections, r.at, (i) => i.source === "clear");
    if (hasSize(r) && after) pairs.push({ before: r.contextTokens, after: after.tokens });
  }
  for (const r of compacts) {
    const after = firstInjectionAfter(injections, r.at, (i) => i.source === "compact" && i.sessionId === r.sessionId);
    if (hasSize(r) && after) pairs.push({ before: r.contextTokens, after: after.tokens });
  }
  const hooks = m.hooksSeen.map((h) => h.at).filter((at) => typeof at === "string").sort();
  return {
    sessionEnds: ends.length === 0 ? null : { count: ends.length, averageTokens: average(ends.map((r) => r.contextTokens)), maxTokens: Math.max(...ends.map((r) => r.contextTokens)) },
    injections: injections.length === 0 ? null : { count: injections.length, averageTokens: average(injections.map((r) => r.tokens)) },
    receipts,
    restarts: {
      clear: clears.length,
      compaction: compacts.length,
      paired: pairs.length === 0 ? null : { count: pairs.length, averageBefore: average(pairs.map((p) => p.before)), averageAfter: average(pairs.map((p) => p.after)) },
    },
    lastHookSeen: hooks[hooks.length - 1] ?? null,
  };
}

function hasSize(r: SizeRecord): r is SizeRecord & { contextTokens: number } {
  return typeof r.contextTokens === "number" && Number.isFinite(r.contextTokens) && r.contextTokens > 0;
}

function firstInjectionAfter(injections: InjectionRecord[], at: string, matches: (i: InjectionRecord) => boolean): InjectionRecord | null {
  let best: InjectionRecord | null = null;
  for (const i of injections) {
    if (i.at >= at && matches(i) && (!best || i.at < best.at)) best = i;
  }
  return best;
}

function average(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

export function renderStats(report: StatsReport): string {
  const c = report.counts;
  const lines = [
    `ThreadMind Stats: "${report.projectTitle}"`,
    "",
    `Threads: ${c.total} (${c.active} active, ${c.done} done, ${c.abandoned} abandoned)${c.unreadable > 0 ? ` — ${c.unreadable} thread file${c.unreadable === 1 ? "" : "s"} could not be read (see thread_list)` : ""}`,
    `Active thread: ${report.active.threadId} (depth ${report.active.depth}, ~${fmt(report.active.contextTokens)} tokens of context)`,
    "",
    "Summaries:",
  ];
  const width = Math.max(24, ...report.summaries.map((s) => s.threadId.length + 1));
  lines.push(`  ${"Thread".padEnd(width)} ${"Tokens".padEnd(8)} Updated`);
  for (const s of report.summaries) lines.push(`  ${s.threadId.padEnd(width)} ${`~${fmt(s.tokens)}`.padEnd(8)} ${s.updated}`);
  lines.push("", "Measured sessions (Claude Code plugin):", ...measuredLines(report.measured));
  lines.push(
    "",
    "Summary and context sizes (~) are estimates; conversation sizes are measured from the usage Claude Code records in its transcripts.",
  );
  return lines.join("\n");
}

/** Points to the full report (every restart from the transcripts, history before ThreadMind included, with a chart). */
const REPORT_LINE = "  Every restart measured from Claude Code's transcripts, before ThreadMind too, with a chart: `thread-mind-mcp report --html report.html`";

function measuredLines(m: MeasuredPart): string[] {
  const lines: string[] = [];
  if (m.sessionEnds) {
    lines.push(`  Conversation size when sessions ended: ~${fmt(m.sessionEnds.averageTokens)} tokens on average, ~${fmt(m.sessionEnds.maxTokens)} at most (${m.sessionEnds.count} session${m.sessionEnds.count === 1 ? "" : "s"})`);
  }
  if (m.injections) {
    lines.push(`  ThreadMind context loaded at session start: ~${fmt(m.injections.averageTokens)} tokens on average (${m.injections.count} session${m.injections.count === 1 ? "" : "s"})`);
    const r = m.receipts;
    lines.push(`  Context delivery: ${r.delivered} confirmed in the transcript, ${r.preview} replaced by a preview, ${r.missing} missing, ${r.pending} not checked yet`);
  }
  const restarts = m.restarts.clear + m.restarts.compaction;
  if (restarts > 0) {
    const head = `  Restarts: ${restarts} (/clear ${m.restarts.clear}, compaction ${m.restarts.compaction})`;
    const p = m.restarts.paired;
    if (p) {
      const change = ((p.averageAfter - p.averageBefore) / p.averageBefore) * 100;
      lines.push(`${head}: ~${fmt(p.averageBefore)} tokens before → ~${fmt(p.averageAfter)} after on average (${change < 0 ? "−" : "+"}${Math.abs(change).toFixed(1)}%, ${p.count} with ThreadMind context)`);
    } else lines.push(`${head}: none followed by ThreadMind context yet`);
  }
  if (lines.length > 0) return [...lines, REPORT_LINE];
  if (m.lastHookSeen) {
    return [`  No session has ended since the plugin's hooks started running (last seen ${m.lastHookSeen}). Sizes appear here after a session ends (/clear, /compact or exit).`, REPORT_LINE];
  }
  return [
    "  No measurements yet. Install the ThreadMind plugin for Claude Code: its hooks reload the context after /clear and compaction",
    "  and measure each conversation's size from Claude Code's transcripts. Figures appear here after a session ends.",
    REPORT_LINE,
  ];
}
