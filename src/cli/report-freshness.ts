// The report's freshness table: per kind of restart, how current the thread's summary was (backfilled from the transcripts).
import type { FreshnessFigure, FreshnessGroup } from "../core/savings/freshness-figure.js";
import { fmt, type ReportTable } from "./report-model.js";

function row(label: string, g: FreshnessGroup): string[] {
  return [label, fmt(g.restarts), fmt(g.current), fmt(g.stale), g.averageSinceWrite === null ? "–" : fmt(g.averageSinceWrite)];
}

export function freshnessTable(f: FreshnessFigure): ReportTable {
  return {
    title: "Summary freshness at restarts",
    notes: [
      "From each ended conversation's summary_update calls (any tool name ending in summary_update), history from before ThreadMind included.",
      `Current: the conversation grew no more than ${fmt(f.threshold)} tokens since its last summary_update call (or since its first request, when it made none); stale otherwise, written earlier or not. Both sizes are measured: no estimate.`,
    ],
    headers: ["Restart", "Measured", "Summary current", "Stale", "Avg tokens since last write"],
    align: ["l", "r", "r", "r", "r"],
    rows: [row("/clear", f.clear), row("compaction", f.compaction)],
  };
}
