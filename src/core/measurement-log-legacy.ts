// Moves the measurement lists and conversations an older config.json held into measurements.jsonl (once, under the lock).
import type { LocalState } from "./local-state.js";
import { emptyMeasurements } from "./measurements.js";
import { appendMeasurementEvents, type MeasurementEvent } from "./measurement-log.js";

/** The events that stand for the legacy lists of `state`, oldest first per list. */
export function legacyEvents(state: LocalState): MeasurementEvent[] {
  const m = state.measurements;
  const events: MeasurementEvent[] = [];
  for (const [sessionId, c] of Object.entries(state.conversations)) {
    events.push({ kind: "conversation", at: c.at, sessionId, projectId: c.projectId, threadId: c.threadId });
  }
  for (const r of m.sessionEnds) events.push({ kind: "sessionEnd", ...r });
  for (const r of m.preCompacts) events.push({ kind: "preCompact", ...r });
  for (const r of m.hooksSeen) events.push({ kind: "hookSeen", ...r });
  for (const { receipt, ...injection } of m.injections) {
    events.push({ kind: "injection", ...injection });
    if (receipt !== "pending") {
      events.push({ kind: "receipt", at: injection.at, sessionId: injection.sessionId, injectionAt: injection.at, contentHash: injection.contentHash, receipt });
    }
  }
  return events;
}

/**
 * Appends the legacy lists to the log (in appends of a few hundred records) and empties them in `state`, which the
 * caller then writes. Interrupted between the two, the next call appends the same lines again, and readers count
 * identical lines once.
 */
export function moveLegacyMeasurements(storeDir: string, state: LocalState): boolean {
  const events = legacyEvents(state);
  if (events.length === 0) return false;
  for (let i = 0; i < events.length; i += 100) appendMeasurementEvents(storeDir, events.slice(i, i + 100));
  state.measurements = emptyMeasurements();
  state.conversations = {};
  return true;
}
