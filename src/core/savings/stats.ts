// stats_show: thread counts, the active thread's context size, summary sizes, and the measured sessions from measurements.jsonl.
import { isHookSeenRecord, isInjectionRecord, isSizeRecord, readMeasurementLog } from "../measure/measurement-log-read.js";
import { freshnessFromLog, freshnessLines, type FreshnessFigure } from "./freshness-figure.js";
import { readFreshnessConfig } from "../freshness/freshness-config.js";
import { verdictThreshold } from "../freshness/freshness.js";
import { recallLines, type RecallFigures } from "../measure/recall-events.js";
import type { Measurements, ReceiptStatus } from "../measure/measurements.js";
import { agentOf, average, hasSize, restartKindFigures, type RestartKindFigures } from "./stats-restarts.js";
import type { ThreadMindServices } from "../services.js";
import { buildTree } from "../context/tree-render.js";
import { threadStatus, type Thread, type ThreadStatus } from "../types.js";
import { AGENT_IDS, PROFILES, type AgentId } from "../../agents/profiles.js";

export interface SummaryRow {
  threadId: string;
  /** Estimated tokens of the summary (tiktoken when available, else characters/3.5). */
  tokens: number;
  /** Date (YYYY-MM-DD) of the last update. */
  updated: string;
}

/** One agent's sessions whose end was measured (conversation size known). */
export interface SessionEndFigures {
  /** The agent whose SessionEnd hook measured them (told by the transcript path the hook got; none: Claude Code). */
  agent: AgentId;
  count: number;
  averageTokens: number;
  maxTokens: number;
}

/** One agent's ThreadMind contexts loaded at session start (estimated tokens). */
export interface InjectionFigures {
  /** The agent whose SessionStart hook loaded them (told by the transcript path the hook got; none: Claude Code). */
  agent: AgentId;
  count: number;
  averageTokens: number;
}

export interface MeasuredPart {
  /**
   * Per agent with a measured session end (in AGENT_IDS order; none: empty), never averaged together: each request also
   * carries the agent's own system prompt and tools.
   */
  sessionEnds: SessionEndFigures[];
  /** Per agent with a loaded context (in AGENT_IDS order; none: empty), never averaged together, as sessionEnds. */
  injections: InjectionFigures[];
  receipts: Record<ReceiptStatus, number>;
  restarts: {
    clear: number;
    compaction: number;
    /**
     * One entry per agent and kind of restart that happened (/clear, manual compaction, auto compaction), never averaged
     * together: each agent's restarts apart.
     */
    kinds: RestartKindFigures[];
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
  /** How current the thread's summary was at each /clear and compaction (the hooks' records). */
  freshness: FreshnessFigure;
  /** How often point-of-action recall and the subagent context fired, and their estimated tokens (absent: not read). */
  recall?: RecallFigures;
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
  // One pass over the log for both the measured figures and the freshness figure.
  const logged = readMeasurementLog(services.store.dir, services.readState().measurements);
  return {
    projectTitle: project.title,
    counts,
    active: { threadId: context.thread.id, depth: context.depth, contextTokens: context.tokens },
    summaries,
    // The legacy lists an older config.json holds, as services read (and cached) it: not read a second time.
    measured: measuredPart(logged.measurements),
    freshness: freshnessFromLog(
      logged.staleness,
      verdictThreshold(readFreshnessConfig(services.store.dir, project.id).nudgeTokens),
    ),
    recall: logged.recall,
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
  const compacts = m.preCompacts.filter(isSizeRecord);
  const injections = m.injections.filter(isInjectionRecord);
  const receipts: Record<ReceiptStatus, number> = { delivered: 0, preview: 0, missing: 0, pending: 0 };
  for (const r of injections) if (r.receipt in receipts) receipts[r.receipt]++;

  const clears = m.sessionEnds.filter((r) => isSizeRecord(r) && r.reason === "clear");
  const hooks = m.hooksSeen
    .filter(isHookSeenRecord)
    .map((h) => h.at)
    .sort();
  return {
    sessionEnds: AGENT_IDS.flatMap((agent) => {
      const ofAgent = ends.filter((r) => agentOf(r) === agent);
      if (ofAgent.length === 0) return [];
      return [
        {
          agent,
          count: ofAgent.length,
          averageTokens: average(ofAgent.map((r) => r.contextTokens)),
          maxTokens: ofAgent.reduce((max, r) => Math.max(max, r.contextTokens), Number.NEGATIVE_INFINITY),
        },
      ];
    }),
    injections: AGENT_IDS.flatMap((agent) => {
      const ofAgent = injections.filter((r) => agentOf(r) === agent);
      if (ofAgent.length === 0) return [];
      return [{ agent, count: ofAgent.length, averageTokens: average(ofAgent.map((r) => r.tokens)) }];
    }),
    receipts,
    restarts: { clear: clears.length, compaction: compacts.length, kinds: restartKindFigures(clears, compacts, injections) },
    lastHookSeen: hooks[hooks.length - 1] ?? null,
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** A change in percent with a real minus sign: −58.6%. */
function change(before: number, after: number): string {
  const c = ((after - before) / before) * 100;
  return `${c < 0 ? "−" : "+"}${Math.abs(c).toFixed(1)}%`;
}

/**
 * One kind of restart of one agent: measured pairs averaged; estimates and unmeasured restarts listed apart, never
 * averaged in. `mixed`: restarts of more than one agent are listed, so each line names its agent.
 */
function kindLines(figures: RestartKindFigures, mixed: boolean): string[] {
  const k = mixed ? { ...figures, label: `${PROFILES[figures.agent].name} ${figures.label}` } : figures;
  const out: string[] = [];
  const p = k.measured;
  if (p !== null) {
    out.push(
      `    ${k.label}: ${fmt(p.averageBefore)} → ${fmt(p.averageAfter)} tokens measured (${change(p.averageBefore, p.averageAfter)}; ThreadMind ~${fmt(p.averageThreadMind)} of it), average of ${plural(p.count, "restart")}`,
    );
  }
  const rest: string[] = [];
  if (k.estimateOnly !== null) {
    rest.push(
      `${k.estimateOnly.count} with ThreadMind context (~${fmt(k.estimateOnly.averageThreadMind)} tokens, estimated) whose first request after is not measured (it is read when that session next ends or compacts; older versions did not record it)`,
    );
  }
  if (k.noThreadMindAfter > 0)
    rest.push(
      `${k.noThreadMindAfter} after which no ThreadMind context reached the model (none loaded, or its receipt is missing)`,
    );
  if (k.noSizeBefore > 0) rest.push(`${k.noSizeBefore} whose size before could not be read from the transcript`);
  if (rest.length > 0) out.push(`    ${k.label}${p !== null ? ", not averaged" : ""}: ${rest.join("; ")}`);
  return out;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

/** At most this many summaries are listed (the largest): 2,000 threads made stats_show ~27k tokens, past a tool result's cap. */
export const STATS_SUMMARY_ROWS = 40;

/** The summaries listed: all of them up to STATS_SUMMARY_ROWS, else the largest that many (in the report's order), and how many more. */
function listedSummaries(rows: readonly SummaryRow[]): { listed: SummaryRow[]; more: number; moreTokens: number } {
  if (rows.length <= STATS_SUMMARY_ROWS) return { listed: [...rows], more: 0, moreTokens: 0 };
  const order = rows.map((_, i) => i).sort((a, b) => rows[b]!.tokens - rows[a]!.tokens || a - b);
  const keep = new Set(order.slice(0, STATS_SUMMARY_ROWS));
  let moreTokens = 0;
  for (const i of order.slice(STATS_SUMMARY_ROWS)) moreTokens += rows[i]!.tokens;
  return { listed: rows.filter((_, i) => keep.has(i)), more: rows.length - STATS_SUMMARY_ROWS, moreTokens };
}

export function renderStats(report: StatsReport): string {
  const c = report.counts;
  const lines = [
    `ThreadMind Stats: "${report.projectTitle}"`,
    "",
    `Threads: ${c.total} (${c.active} open, ${c.done} done, ${c.abandoned} abandoned)${c.unreadable > 0 ? ` — ${c.unreadable} thread file${c.unreadable === 1 ? "" : "s"} could not be read (see thread_list)` : ""}`,
    `Current thread: ${report.active.threadId} (depth ${report.active.depth}, ~${fmt(report.active.contextTokens)} tokens of context)`,
    "",
    "Summaries:",
  ];
  const { listed, more, moreTokens } = listedSummaries(report.summaries);
  const width = listed.reduce((w, s) => Math.max(w, s.threadId.length + 1), 24);
  lines.push(`  ${"Thread".padEnd(width)} ${"Tokens".padEnd(8)} Updated`);
  for (const s of listed) lines.push(`  ${s.threadId.padEnd(width)} ${`~${fmt(s.tokens)}`.padEnd(8)} ${s.updated}`);
  if (more > 0)
    lines.push(
      `  … and ${more} smaller ${more === 1 ? "summary" : "summaries"} not listed (~${fmt(moreTokens)} tokens in all; thread_list shows the tree)`,
    );
  lines.push("", "Measured sessions (Claude Code and Codex plugins):", ...measuredLines(report.measured));
  lines.push("", ...freshnessLines(report.freshness));
  if (report.recall !== undefined) lines.push("", ...recallLines(report.recall));
  lines.push(
    "",
    "Sizes marked ~ are estimates (summaries, ThreadMind's context); the others are measured from the usage the agent records in its transcripts (Claude Code: input + cache tokens of a request; Codex: a request's input tokens, cached ones included).",
  );
  return lines.join("\n");
}

/** Points to the full report (every restart from the transcripts, history before ThreadMind included, with a chart). */
const REPORT_LINE =
  "  Every restart measured from the agents' transcripts (Claude Code's and Codex's), before ThreadMind too, with a chart: /thread-mind:report (`thread-mind-mcp report --html report.html` in a terminal)";

function measuredLines(m: MeasuredPart): string[] {
  const lines: string[] = [];
  // Sessions of more than one agent: each agent's line of its own, naming it.
  const mixedEnds = m.sessionEnds.length > 1;
  for (const e of m.sessionEnds) {
    lines.push(
      `  Conversation size when ${mixedEnds ? `${PROFILES[e.agent].name} ` : ""}sessions ended: ${fmt(e.averageTokens)} tokens on average, ${fmt(e.maxTokens)} at most (${plural(e.count, "session")}, measured)`,
    );
  }
  // Contexts loaded in more than one agent: each agent's line of its own, naming it (their caps differ).
  const mixedLoads = m.injections.length > 1;
  for (const i of m.injections) {
    lines.push(
      `  ThreadMind context loaded at ${mixedLoads ? `${PROFILES[i.agent].name} ` : ""}session start: ~${fmt(i.averageTokens)} tokens on average (${plural(i.count, "session")}, estimated)`,
    );
  }
  if (m.injections.length > 0) {
    const r = m.receipts;
    lines.push(
      `  Context delivery: ${r.delivered} confirmed in the transcript, ${r.preview} replaced by a preview, ${r.missing} missing, ${r.pending} not checked yet`,
    );
  }
  const restarts = m.restarts.clear + m.restarts.compaction;
  if (restarts > 0) {
    const mixed = new Set(m.restarts.kinds.map((k) => k.agent)).size > 1;
    lines.push(
      `  Restarts: ${restarts} (/clear ${m.restarts.clear}, compaction ${m.restarts.compaction}); before → first request after, each kind${mixed ? " of each agent" : ""} on its own:`,
    );
    for (const k of m.restarts.kinds) lines.push(...kindLines(k, mixed));
  }
  if (lines.length > 0) return [...lines, REPORT_LINE];
  if (m.lastHookSeen) {
    return [
      `  No session has ended since the plugin's hooks started running (last seen ${m.lastHookSeen}). Sizes appear here after a session ends (/clear, /compact or exit).`,
      REPORT_LINE,
    ];
  }
  return [
    "  No measurements yet. Install the ThreadMind plugin for Claude Code or Codex: its hooks reload the context after /clear and compaction",
    "  and measure each conversation's size from the agent's transcripts. Figures appear here after a session ends.",
    REPORT_LINE,
  ];
}
