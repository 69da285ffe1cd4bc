// Receipts by content hash: the report checks each injection the hooks recorded in the scanned transcripts; the hooks settle older ones.
import type { HookContextRecord } from "../../transcript/types.js";
import type { InjectionRecord, ReceiptStatus } from "../measure/measurements.js";
import type { InjectionSeen, ScannedSession } from "./savings-scan.js";
import { contentHash } from "../content-hash.js";
import { receiptOf, receiptWith, savedOutputIdentity } from "./receipt-rule.js";
import { isInjectionRecord } from "../measure/measurement-log-read.js";

/** What the report found for one injection: as the receipt rule (receipt-rule.ts), plus "not-scanned" when its transcript was not found. */
export type CheckedReceipt = "delivered" | "preview" | "missing" | "not-scanned";

export interface ReceiptDetail {
  at: string;
  sessionId: string;
  source: string;
  threadId: string;
  chars: number;
  /** As the hooks settled it (measurements.jsonl). */
  recorded: ReceiptStatus;
  /** As the report finds it now in the transcripts. */
  checked: CheckedReceipt;
}

export interface ReceiptSummary {
  recorded: Record<ReceiptStatus, number>;
  checked: Record<CheckedReceipt, number>;
  /** ThreadMind injections seen in the scanned transcripts (with or without a hooks' record), and how many were previews. */
  seenInTranscripts: number;
  previewsInTranscripts: number;
  details: ReceiptDetail[];
}

/** Content hash of the full text Claude Code saved at `path` for a preview in the transcript at `transcriptPath`; null when there is none (any more, or not ours). */
export function savedOutputHash(path: string | null, transcriptPath: string): string | null {
  return savedOutputIdentity(path, transcriptPath, contentHash);
}

/**
 * The receipt rule (receipt-rule.ts) by content hash over hook-context records: for injections logged without a
 * fingerprint. `savedHash` gives the hash of the full text behind a preview (default: none consulted; pass
 * `(r) => savedOutputHash(savedOutputPathOf(r, transcriptPath), transcriptPath)` to look in the session's folder).
 */
export function receiptFor(
  injection: InjectionRecord,
  found: readonly HookContextRecord[],
  savedHash: (record: HookContextRecord) => string | null = () => null,
): ReceiptStatus {
  return receiptWith(injection, found, { of: contentHash, value: injection.contentHash }, savedHash);
}

/** The receipt rule (receipt-rule.ts) by content hash, applied to the hook injections of the whole scanned session. */
export function checkReceipt(
  injection: InjectionRecord,
  session: ScannedSession | undefined,
  savedHash: (seen: InjectionSeen, transcriptPath: string) => string | null = (seen, transcriptPath) =>
    savedOutputHash(seen.savedOutputPath, transcriptPath),
): CheckedReceipt {
  if (session === undefined) return "not-scanned";
  return receiptOf(injection, [...session.threadMindInjections, ...session.otherInjections], injection.contentHash, {
    identity: (i) => i.contentHash,
    isPreview: (i) => i.preview,
    savedIdentity: (i) => savedHash(i, session.path),
    previewText: (i) => i.previewText,
  });
}

export function summarizeReceipts(injections: readonly InjectionRecord[], sessions: readonly ScannedSession[]): ReceiptSummary {
  const byId = new Map<string, ScannedSession>();
  for (const s of sessions) if (!byId.has(s.sessionId)) byId.set(s.sessionId, s);
  const recorded: Record<ReceiptStatus, number> = { delivered: 0, preview: 0, missing: 0, pending: 0 };
  const checked: Record<CheckedReceipt, number> = { delivered: 0, preview: 0, missing: 0, "not-scanned": 0 };
  const details: ReceiptDetail[] = [];
  // Each saved preview file is read once, however many injections are checked against it.
  const hashes = new Map<InjectionSeen, string | null>();
  const cachedHash = (seen: InjectionSeen, transcriptPath: string) => {
    if (!hashes.has(seen)) hashes.set(seen, savedOutputHash(seen.savedOutputPath, transcriptPath));
    return hashes.get(seen)!;
  };
  for (const injection of injections.filter(isInjectionRecord)) {
    const status = checkReceipt(injection, byId.get(injection.sessionId), cachedHash);
    if (injection.receipt in recorded) recorded[injection.receipt] += 1;
    checked[status] += 1;
    details.push({
      at: injection.at,
      sessionId: injection.sessionId,
      source: injection.source,
      threadId: injection.threadId,
      chars: injection.chars,
      recorded: injection.receipt,
      checked: status,
    });
  }
  let seen = 0;
  let previews = 0;
  for (const s of sessions) {
    seen += s.threadMindInjections.length;
    previews += s.threadMindInjections.filter((i) => i.preview).length;
  }
  return { recorded, checked, seenInTranscripts: seen, previewsInTranscripts: previews, details };
}
