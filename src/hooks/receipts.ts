// Injection receipts at SessionEnd/PreCompact: the pending injections of the session, settled from the transcript.
import { agentOfTranscript } from "../agents/detect.js";
import type { HookContextRecord } from "../transcript/types.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import type { InjectionRecord } from "../core/measure/measurements.js";
import { nextTimestamp } from "../core/clock.js";
import { textFingerprint } from "../core/text-fingerprint.js";
import { receiptWith, savedOutputIdentity } from "../core/savings/receipt-rule.js";
import { savedOutputPathOf } from "../core/savings/saved-output.js";

/** What the hooks read for a session's pending injections: the hook-context records, and the first request after each. */
export interface ReceiptReading {
  records: HookContextRecord[];
  /**
   * Measured size (input + cache tokens) of the first main-chain request after each transcript offset read, by offset;
   * absent when no request followed yet (or the head's byte bound was reached first).
   */
  firstRequestTokens: Map<number, number>;
}

/**
 * The hook-context records a session's pending injections' receipts are read from. Each injection is recorded after the
 * transcript offset it noted when loaded, before the next response: read from there. Records of older versions have no
 * offset: startup/clear injections are then among the first records (head), compact ones after the last boundary (the
 * caller's tail reading adds those records). The head stops at the first response after the offset: the first request
 * that carried the injection, whose size is the measured "after" of the restart.
 */
export async function readReceiptHeads(pending: readonly InjectionRecord[], transcriptPath: string): Promise<ReceiptReading> {
  const offsets = new Set<number>();
  for (const i of pending) {
    const offset = injectionOffset(i);
    if (offset !== null) offsets.add(offset);
  }
  const records: HookContextRecord[] = [];
  const firstRequestTokens = new Map<number, number>();
  const agent = agentOfTranscript(transcriptPath);
  for (const from of offsets) {
    const read = await agent.readHeadFrom(transcriptPath, from);
    // An offset at or past the end: nothing was written after it yet, or the transcript was replaced. The receipt's
    // records are then looked for from the start; no request is known to follow the injection.
    if (from > 0 && from >= read.fileSize) {
      records.push(...(await agent.readHeadFrom(transcriptPath, 0)).hookContexts);
      continue;
    }
    records.push(...read.hookContexts);
    if (read.firstRequestTokens !== null) firstRequestTokens.set(from, read.firstRequestTokens);
  }
  return { records, firstRequestTokens };
}

/** Where an injection's records are read from: its noted offset, the start for older startup/clear ones, else null. */
function injectionOffset(injection: InjectionRecord): number | null {
  if (injection.transcriptOffset !== undefined) return injection.transcriptOffset;
  return injection.source !== "compact" ? 0 : null;
}

/** The hook-context records only (see readReceiptHeads). */
export async function readReceiptRecords(
  pending: readonly InjectionRecord[],
  transcriptPath: string,
): Promise<HookContextRecord[]> {
  return (await readReceiptHeads(pending, transcriptPath)).records;
}

/** The measured size of the first request after an injection, from a reading of its head (null: none yet). */
export function firstRequestAfter(reading: ReceiptReading, injection: InjectionRecord): number | null {
  const offset = injectionOffset(injection);
  return offset === null ? null : (reading.firstRequestTokens.get(offset) ?? null);
}

/**
 * Receipt events for the pending injections, given the records found in the transcript at `transcriptPath`.
 * `firstRequest` gives the measured size of the first request after an injection (null when none followed yet):
 * recorded with the receipt as its measured "after".
 */
export async function receiptEvents(
  pending: readonly InjectionRecord[],
  found: readonly HookContextRecord[],
  transcriptPath: string,
  firstRequest: (injection: InjectionRecord) => number | null = () => null,
): Promise<MeasurementEvent[]> {
  // Injections logged with a fingerprint are recognised by it; older ones by their sha1 content hash, loaded only then.
  const legacy = pending.some((i) => i.fingerprint === undefined) ? await import("../core/savings/savings-receipts.js") : null;
  return pending.flatMap((injection): MeasurementEvent[] => {
    const fingerprint = injection.fingerprint;
    const receipt =
      fingerprint !== undefined
        ? // A text of another length is not the injected one: only texts of its length are fingerprinted.
          receiptWith(
            injection,
            found,
            { of: (t) => (t.length === injection.chars ? textFingerprint(t) : ""), value: fingerprint },
            (r) => savedOutputIdentity(savedOutputPathOf(r, transcriptPath), transcriptPath, textFingerprint),
          )
        : legacy!.receiptFor(injection, found, (r) =>
            legacy!.savedOutputHash(savedOutputPathOf(r, transcriptPath), transcriptPath),
          );
    if (receipt === "pending") return [];
    const after = firstRequest(injection);
    return [
      {
        kind: "receipt",
        at: nextTimestamp(),
        sessionId: injection.sessionId,
        injectionAt: injection.at,
        contentHash: injection.contentHash,
        receipt,
        ...(after !== null ? { firstRequestTokens: after } : {}),
      },
    ];
  });
}
