// Writing to measurements.jsonl for a store: events appended without the lock, the log rotated under it, summary writes logged.
import { existsSync } from "node:fs";
import { nextTimestamp } from "../clock.js";
import type { Store } from "../store/store.js";
import { LockTimeoutError } from "../store/lock.js";
import type { SummaryWriteVia } from "./freshness-events.js";
import { appendMeasurementEvents, LOG_ROTATE_BYTES, measurementLogPath, type MeasurementEvent } from "./measurement-log.js";
import { rotateMeasurementLogIfFull } from "./measurement-log-rotate.js";
import { addNotice } from "../notices.js";
import { messageOf } from "../error-details.js";

/**
 * Appends measurement events to measurements.jsonl (no lock: one O_APPEND write). When the log has grown past its
 * size, it is rotated under the lock; a busy lock leaves that to the next writer.
 */
export async function recordMeasurementEvents(store: Store, events: readonly MeasurementEvent[]): Promise<void> {
  store.exists(); // refuses a .threadmind that is not a real directory (never writes through a link)
  if (!existsSync(measurementLogPath(store.dir))) store.ensureIgnored();
  const size = appendMeasurementEvents(store.dir, events);
  if (size > LOG_ROTATE_BYTES) await rotateMeasurementLogLocked(store);
}

/** Rotates measurements.jsonl under the lock if it is past its size; a busy lock leaves that to the next writer. */
export async function rotateMeasurementLogLocked(store: Store): Promise<void> {
  try {
    await store.locked(async () => void rotateMeasurementLogIfFull(store.dir));
  } catch (e) {
    if (!(e instanceof LockTimeoutError)) throw e;
  }
}

/**
 * Logs one write to a thread's summary (see freshness-events.ts) by the services instance `instance`. The summary is
 * written already: a failure to log it is a line added to `notices` (once), never a failed write.
 */
export async function logSummaryWrite(
  store: Store,
  notices: string[],
  instance: string,
  write: { projectId: string; threadId: string; via: SummaryWriteVia },
): Promise<void> {
  const { projectId, threadId, via } = write;
  try {
    await recordMeasurementEvents(store, [
      { kind: "summaryWrite", at: nextTimestamp(), sessionId: null, instance, projectId, threadId, via },
    ]);
  } catch (e) {
    addNotice(
      notices,
      `ThreadMind wrote the summary of "${threadId}" but could not log the write (${messageOf(e)}); the freshness figure misses it.`,
    );
  }
}
