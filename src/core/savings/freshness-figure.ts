// The measured freshness figure: per kind of restart (/clear, compaction), how many found the thread's summary current or
// stale, and the average conversation tokens since the last summary write at the restart. From the hooks' staleness
// records (stats_show) or backfilled from the transcripts' summary_update calls (report).
import type { StalenessEvent } from "../measure/freshness-events.js";
import { DEFAULT_NUDGE_TOKENS } from "../freshness/freshness.js";
import type { Restart } from "./savings-pairing.js";
import type { ScannedSession } from "./savings-scan.js";
import { formatCount } from "../format-count.js";

export interface FreshnessGroup {
  /** Restarts judged (their size was known). */
  restarts: number;
  /** No growth past the threshold since the last write (or the conversation's first request, when it wrote nothing). */
  current: number;
  stale: number;
  /** Average conversation tokens since the last summary write at the restart (null: none judged). */
  averageSinceWrite: number | null;
}

export interface FreshnessFigure {
  /** Tokens since the last write past which a restart is stale (the project's nudge threshold, or the default). */
  threshold: number;
  clear: FreshnessGroup;
  compaction: FreshnessGroup;
}

interface Judged {
  kind: "clear" | "compaction";
  sinceWrite: number;
  stale: boolean;
}

function group(judged: readonly Judged[], kind: Judged["kind"]): FreshnessGroup {
  const mine = judged.filter((j) => j.kind === kind);
  const stale = mine.filter((j) => j.stale).length;
  return {
    restarts: mine.length,
    current: mine.length - stale,
    stale,
    averageSinceWrite: mine.length === 0 ? null : mine.reduce((sum, j) => sum + j.sinceWrite, 0) / mine.length,
  };
}

function figure(judged: readonly Judged[], threshold: number): FreshnessFigure {
  return { threshold, clear: group(judged, "clear"), compaction: group(judged, "compaction") };
}

/** From the hooks' records (measurements.jsonl): each restart as its hook judged it. */
export function freshnessFromLog(records: readonly StalenessEvent[], threshold: number): FreshnessFigure {
  const judged = records.flatMap((r): Judged[] =>
    r.sinceWriteTokens === null
      ? []
      : [{ kind: r.restart === "clear" ? "clear" : "compaction", sinceWrite: r.sinceWriteTokens, stale: r.stale }],
  );
  return figure(judged, threshold);
}

/**
 * Backfilled from the transcripts (restarts paired by time order alone, "inferred", left out): a restart's ended conversation (the cleared session's last segment, or the segment
 * a compaction closed); tokens since the write are the size before the restart less the size at its last
 * summary_update call, or, when it made none, less the segment's first size (the session's first request, or the size
 * after the compaction that opened the segment): never the absolute size. Stale past the threshold, written or not.
 */
export function freshnessFromTranscripts(
  restarts: readonly Restart[],
  sessions: readonly ScannedSession[],
  threshold = DEFAULT_NUDGE_TOKENS,
): FreshnessFigure {
  const byId = new Map(sessions.map((s) => [s.sessionId, s]));
  const judged = restarts.flatMap((r): Judged[] => {
    // A pair found by time order alone may not be this restart's: it is in no average, this one included.
    if (r.before === null || r.confidence === "inferred") return [];
    // A plan accepted with "clear context" ends its conversation as /clear does: it counts with the clears here.
    const kind = r.kind === "compaction" ? "compaction" : "clear";
    const ended =
      kind === "clear" ? (r.previousSessionId === null ? undefined : byId.get(r.previousSessionId)) : byId.get(r.sessionId);
    if (ended === undefined) return [];
    const segment = kind === "clear" ? ended.compactions.length : r.compactionIndex;
    if (segment === null) return [];
    const write = ended.summaryWrites.find((w) => w.segment === segment);
    const baseline =
      write !== undefined
        ? write.contextTokens
        : segment === 0
          ? ended.firstContextTokens
          : (ended.compactions[segment - 1]?.postTokens ?? ended.compactions[segment - 1]?.contextTokensAfter ?? null);
    if (baseline === null) return [];
    const sinceWrite = Math.max(0, r.before - baseline);
    return [{ kind, sinceWrite, stale: sinceWrite > threshold }];
  });
  return figure(judged, threshold);
}

function groupLine(label: string, g: FreshnessGroup): string {
  if (g.restarts === 0) return `  ${label}: none measured`;
  const since =
    g.averageSinceWrite === null
      ? ""
      : `, ${formatCount(Math.round(g.averageSinceWrite))} conversation tokens since the last summary write on average`;
  return `  ${label}: ${g.restarts} (${g.current} with the summary current, ${g.stale} stale)${since}`;
}

/** The figure as the lines stats_show prints (its own block). */
export function freshnessLines(f: FreshnessFigure): string[] {
  return [
    `Summary freshness at restarts (stale: the conversation grew more than ${formatCount(Math.round(f.threshold))} tokens since the summary was last written, or since its first request when it wrote none; measured):`,
    groupLine("/clear", f.clear),
    groupLine("compaction", f.compaction),
  ];
}
