// stats_show's restart figures: each /clear and compaction the hooks recorded, paired with the context loaded after it.
import type { InjectionRecord, SizeRecord } from "../measure/measurements.js";
import { AGENT_IDS, agentIdOfTranscript, type AgentId } from "../../agents/profiles.js";

/** The restarts of one kind in one agent as the hooks measured them (agents are never averaged together). */
export interface RestartKindFigures {
  /** The agent whose hooks recorded them (told by the transcript path the hook got; none recorded: Claude Code). */
  agent: AgentId;
  /** "/clear", "manual compaction", "auto compaction" (another recorded trigger: "compaction (<trigger>)"). */
  label: string;
  restarts: number;
  /**
   * Both sizes measured: before (the hook at SessionEnd/PreCompact read the transcript's last request) and after (the
   * first request after ThreadMind's context, read by the hook that settled its receipt). `averageThreadMind` is the
   * estimated share of ThreadMind's context in that first request (~).
   */
  measured: { count: number; averageBefore: number; averageAfter: number; averageThreadMind: number } | null;
  /** ThreadMind loaded context after the restart, but no request after it has been measured yet: only its estimate (~). */
  estimateOnly: { count: number; averageThreadMind: number } | null;
  /** Not measured: the size before was not recorded (the transcript could not be read). */
  noSizeBefore: number;
  /** Not measured: no ThreadMind context reached the model after it (none loaded within the pairing window, or its receipt is missing). */
  noThreadMindAfter: number;
}

/** SessionEnd(clear) and the new session's SessionStart(clear) run one after the other: their records are seconds apart. */
export const CLEAR_PAIR_MAX_GAP_MS = 60_000;
/** PreCompact and SessionStart(compact) are separated by the summarising request, which can take minutes. */
export const COMPACT_PAIR_MAX_GAP_MS = 30 * 60_000;

const KIND_ORDER = ["/clear", "manual compaction", "auto compaction"];

function labelOf(kind: "clear" | "compaction", r: SizeRecord): string {
  if (kind === "clear") return "/clear";
  return r.reason === "manual" || r.reason === "auto" ? `${r.reason} compaction` : `compaction (${r.reason})`;
}

/** A record whose conversation size was measured (a positive, finite token count). */
export function hasSize(r: SizeRecord): r is SizeRecord & { contextTokens: number } {
  return typeof r.contextTokens === "number" && Number.isFinite(r.contextTokens) && r.contextTokens > 0;
}

/** The mean of a non-empty list. */
export function average(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

interface Group {
  restarts: number;
  measured: { before: number; after: number; loaded: number }[];
  estimateOnly: number[];
  noSizeBefore: number;
  noThreadMindAfter: number;
}

/** The agent of a hook's record: from the transcript path its hook got (older records name none: Claude Code's). */
export function agentOf(record: { transcriptPath?: string }): AgentId {
  return agentIdOfTranscript(typeof record.transcriptPath === "string" ? record.transcriptPath : null);
}

/**
 * Pairs each restart with the context ThreadMind loaded after it, in the same agent: a SessionEnd(clear) with another
 * session's clear injection at most CLEAR_PAIR_MAX_GAP_MS later; a PreCompact with its own session's compact injection
 * at most COMPACT_PAIR_MAX_GAP_MS later and before that session's next PreCompact. Each injection pairs once, restarts
 * in time order. The "after" is the first request the hooks measured after that injection; without it, only the
 * estimate of ThreadMind's context is known, and that is kept apart. Figures are per agent and kind. Records are
 * already checked (at, sessionId, reason strings).
 */
export function restartKindFigures(
  clears: readonly SizeRecord[],
  compacts: readonly SizeRecord[],
  injections: readonly InjectionRecord[],
): RestartKindFigures[] {
  // Each PreCompact's next one in the same session bounds the compaction context it can be paired with.
  const nextCompactAt = new Map<SizeRecord, string | null>();
  const bySession = new Map<string, SizeRecord[]>();
  for (const r of compacts) {
    const list = bySession.get(r.sessionId);
    if (list === undefined) bySession.set(r.sessionId, [r]);
    else list.push(r);
  }
  for (const list of bySession.values()) {
    list.sort((a, b) => compareAt(a.at, b.at));
    for (const [k, r] of list.entries()) nextCompactAt.set(r, list[k + 1]?.at ?? null);
  }
  const restarts = [
    ...clears.map((record) => ({ kind: "clear" as const, record })),
    ...compacts.map((record) => ({ kind: "compaction" as const, record })),
  ];
  restarts.sort((a, b) => compareAt(a.record.at, b.record.at));
  const used = new Set<InjectionRecord>();
  const groups = new Map<string, Group & { agent: AgentId; label: string }>();
  for (const { kind, record: r } of restarts) {
    const agent = agentOf(r);
    const label = labelOf(kind, r);
    const key = `${agent}\u0000${label}`;
    const group = groups.get(key) ?? {
      agent,
      label,
      restarts: 0,
      measured: [],
      estimateOnly: [],
      noSizeBefore: 0,
      noThreadMindAfter: 0,
    };
    groups.set(key, group);
    group.restarts += 1;
    const next = nextCompactAt.get(r) ?? null;
    const after =
      kind === "clear"
        ? firstInjectionAfter(
            injections,
            used,
            r.at,
            CLEAR_PAIR_MAX_GAP_MS,
            (i) => i.source === "clear" && i.sessionId !== r.sessionId && agentOf(i) === agent,
          )
        : firstInjectionAfter(
            injections,
            used,
            r.at,
            COMPACT_PAIR_MAX_GAP_MS,
            (i) =>
              i.source === "compact" && i.sessionId === r.sessionId && agentOf(i) === agent && (next === null || i.at < next),
          );
    if (after !== null) used.add(after);
    if (!hasSize(r)) group.noSizeBefore += 1;
    else if (after === null || after.receipt === "missing") group.noThreadMindAfter += 1;
    else if (typeof after.firstRequestTokens === "number")
      group.measured.push({ before: r.contextTokens, after: after.firstRequestTokens, loaded: after.tokens });
    else group.estimateOnly.push(after.tokens);
  }
  const order = (label: string) => (KIND_ORDER.includes(label) ? KIND_ORDER.indexOf(label) : KIND_ORDER.length);
  return [...groups.values()]
    .sort((a, b) => AGENT_IDS.indexOf(a.agent) - AGENT_IDS.indexOf(b.agent) || order(a.label) - order(b.label))
    .map((g) => ({
      agent: g.agent,
      label: g.label,
      restarts: g.restarts,
      measured:
        g.measured.length === 0
          ? null
          : {
              count: g.measured.length,
              averageBefore: average(g.measured.map((p) => p.before)),
              averageAfter: average(g.measured.map((p) => p.after)),
              averageThreadMind: average(g.measured.map((p) => p.loaded)),
            },
      estimateOnly:
        g.estimateOnly.length === 0 ? null : { count: g.estimateOnly.length, averageThreadMind: average(g.estimateOnly) },
      noSizeBefore: g.noSizeBefore,
      noThreadMindAfter: g.noThreadMindAfter,
    }));
}

function compareAt(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The earliest injection not yet paired, at or after `at` and at most `maxGapMs` later, that `matches`. */
function firstInjectionAfter(
  injections: readonly InjectionRecord[],
  used: ReadonlySet<InjectionRecord>,
  at: string,
  maxGapMs: number,
  matches: (i: InjectionRecord) => boolean,
): InjectionRecord | null {
  const from = Date.parse(at);
  if (Number.isNaN(from)) return null;
  let best: InjectionRecord | null = null;
  for (const i of injections) {
    const t = Date.parse(i.at);
    if (Number.isNaN(t) || t < from || t - from > maxGapMs || used.has(i) || !matches(i)) continue;
    if (best === null || i.at < best.at) best = i;
  }
  return best;
}
