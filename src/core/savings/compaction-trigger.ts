// A compaction's trigger (manual or auto) when its transcript records none (Codex's rollouts): from ThreadMind's
// PreCompact record of the same session, which Codex's hook input gives the trigger.
import type { SizeRecord } from "../measure/measurements.js";
import type { ScannedSession } from "./savings-scan.js";
import { COMPACT_PAIR_MAX_GAP_MS, agentOf } from "./stats-restarts.js";

export interface TriggerFromRecord {
  trigger: "manual" | "auto";
  /** The PreCompact record it came from (its time). */
  recordAt: string;
}

interface TimedRecord {
  t: number;
  record: SizeRecord;
}

/** The PreCompact records by session id, each session's in time order (records whose time does not parse are left out). */
export function preCompactsBySession(preCompacts: readonly SizeRecord[]): Map<string, TimedRecord[]> {
  const bySession = new Map<string, TimedRecord[]>();
  for (const record of preCompacts) {
    const t = Date.parse(record.at);
    if (Number.isNaN(t)) continue;
    const list = bySession.get(record.sessionId);
    if (list === undefined) bySession.set(record.sessionId, [{ t, record }]);
    else list.push({ t, record });
  }
  for (const list of bySession.values()) list.sort((a, b) => a.t - b.t);
  return bySession;
}

/**
 * For each of the session's compactions (in order), the trigger its PreCompact record gives, or null. The record is the
 * latest of the same session and agent written at or before the compaction, at most COMPACT_PAIR_MAX_GAP_MS before it
 * (the summarising request lies between), and after the session's previous compaction: so each record serves one
 * compaction at most. A compaction without a time, or after one without a time, gets none; nor does one whose record
 * names another trigger ("unknown": the hook got none). Linear in the session's records and compactions.
 */
export function compactionTriggersFromRecords(
  session: ScannedSession,
  bySession: ReadonlyMap<string, readonly TimedRecord[]>,
): (TriggerFromRecord | null)[] {
  const agent = session.agent ?? "claude-code";
  const records = (bySession.get(session.sessionId) ?? []).filter((r) => agentOf(r.record) === agent);
  const triggers: (TriggerFromRecord | null)[] = [];
  let from = Number.NEGATIVE_INFINITY;
  let next = 0;
  for (const compaction of session.compactions) {
    const at = compaction.timestamp === null ? Number.NaN : Date.parse(compaction.timestamp);
    if (Number.isNaN(at) || at <= from) {
      // Without a time (or out of order) the window of this compaction, and of the ones after it, is unknown.
      triggers.push(null);
      from = Number.POSITIVE_INFINITY;
      continue;
    }
    let latest: TimedRecord | null = null;
    while (next < records.length && records[next]!.t <= at) {
      const r = records[next]!;
      if (r.t > from) latest = r;
      next += 1;
    }
    from = at;
    const reason = latest?.record.reason;
    triggers.push(
      latest !== null && at - latest.t <= COMPACT_PAIR_MAX_GAP_MS && (reason === "manual" || reason === "auto")
        ? { trigger: reason, recordAt: latest.record.at }
        : null,
    );
  }
  return triggers;
}
