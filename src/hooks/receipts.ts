// Injection receipts at SessionEnd/PreCompact: the pending injections of the session, settled from the transcript.
import { readHead } from "../transcript/read-head.js";
import type { HookContextRecord } from "../transcript/types.js";
import type { MeasurementEvent } from "../core/measurement-log.js";
import type { InjectionRecord } from "../core/measurements.js";
import { nextTimestamp } from "../core/clock.js";
import { textFingerprint } from "../core/text-fingerprint.js";
import { receiptWith, savedOutputText } from "./receipt-match.js";

/**
 * The hook-context records a session's pending injections' receipts are read from. Each injection is recorded after the
 * transcript offset it noted when loaded, before the next response: read from there. Records of older versions have no
 * offset: startup/clear injections are then among the first records (head), compact ones after the last boundary (the
 * caller's tail reading adds those records).
 */
export async function readReceiptRecords(pending: readonly InjectionRecord[], transcriptPath: string): Promise<HookContextRecord[]> {
  const offsets = new Set<number>();
  for (const i of pending) {
    if (i.transcriptOffset !== undefined) offsets.add(i.transcriptOffset);
    else if (i.source !== "compact") offsets.add(0);
  }
  const found: HookContextRecord[] = [];
  for (const from of offsets) {
    const read = await readHead(transcriptPath, { from });
    // An offset past the end (the transcript was replaced): read it from the start instead.
    found.push(...(from > 0 && from >= read.fileSize ? (await readHead(transcriptPath)).hookContexts : read.hookContexts));
  }
  return found;
}

/** Receipt events for the pending injections, given the records found in the transcript at `transcriptPath`. */
export async function receiptEvents(pending: readonly InjectionRecord[], found: readonly HookContextRecord[], transcriptPath: string): Promise<MeasurementEvent[]> {
  // Injections logged with a fingerprint are recognised by it; older ones by their sha1 content hash, loaded only then.
  const legacy = pending.some((i) => i.fingerprint === undefined) ? await import("./receipt-rule.js") : null;
  return pending.flatMap((injection): MeasurementEvent[] => {
    const fingerprint = injection.fingerprint;
    const receipt =
      fingerprint !== undefined
        ? // A text of another length is not the injected one: only texts of its length are fingerprinted.
          receiptWith(injection, found, { of: (t) => (t.length === injection.chars ? textFingerprint(t) : ""), value: fingerprint }, (r) => {
            const text = savedOutputText(r, transcriptPath);
            return text === null ? null : textFingerprint(text);
          })
        : legacy!.receiptFor(injection, found, (r) => legacy!.savedOutputHash(r, transcriptPath));
    if (receipt === "pending") return [];
    return [{ kind: "receipt", at: nextTimestamp(), sessionId: injection.sessionId, injectionAt: injection.at, contentHash: injection.contentHash, receipt }];
  });
}
