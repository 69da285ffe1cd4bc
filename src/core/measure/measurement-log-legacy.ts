// The measurement lists and conversations an older config.json held, as log events: moved into measurements.jsonl once
// (under the lock), and folded in by readers until then.
import type { ConversationThread, LocalState } from "../store/local-state.js";
import { emptyMeasurements, type Measurements } from "./measurements.js";
import { appendMeasurementEvents, type MeasurementEvent } from "./measurement-log.js";

/** The events that stand for the legacy lists of `state`, oldest first per list. */
export function legacyEvents(state: LocalState): MeasurementEvent[] {
  return legacyMeasurementEvents(state.measurements, state.conversations);
}

/**
 * The events that stand for legacy measurement lists and conversations, oldest first per list: the lines the move
 * appends, and what readers fold in (as the same lines) while config.json still holds them.
 */
export function legacyMeasurementEvents(
  m: Measurements,
  conversations: Readonly<Record<string, ConversationThread>> = {},
): MeasurementEvent[] {
  const events: MeasurementEvent[] = [];
  for (const [sessionId, c] of Object.entries(conversations)) {
    events.push({ kind: "conversation", at: c.at, sessionId, projectId: c.projectId, threadId: c.threadId });
  }
  for (const r of m.sessionEnds) events.push({ kind: "sessionEnd", ...r });
  for (const r of m.preCompacts) events.push({ kind: "preCompact", ...r });
  for (const r of m.hooksSeen) events.push({ kind: "hookSeen", ...r });
  for (const { receipt, ...injection } of m.injections) {
    events.push({ kind: "injection", ...injection });
    if (receipt !== "pending") {
      events.push({
        kind: "receipt",
        at: injection.at,
        sessionId: injection.sessionId,
        injectionAt: injection.at,
        contentHash: injection.contentHash,
        receipt,
      });
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
