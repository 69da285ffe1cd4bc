// Injection receipts checked by the report: each injection the hooks recorded, looked for in the scanned transcripts.
import type { InjectionRecord, ReceiptStatus } from "../measure/measurements.js";
import type { InjectionSeen, ScannedSession } from "./savings-scan.js";
import { contentHash } from "../content-hash.js";
import { readSavedOutput } from "./saved-output.js";

/** What the report found for one injection: as the hooks' receipt rule, plus "not-scanned" when its transcript was not found. */
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

/** Content hash of the full text Claude Code saved for a preview in the transcript at `transcriptPath`; null when the file is gone (or not ours). */
export function savedOutputHash(seen: InjectionSeen, transcriptPath: string): string | null {
  if (seen.savedOutputPath === null) return null;
  const text = readSavedOutput(seen.savedOutputPath, transcriptPath);
  return text === null ? null : contentHash(text);
}

/**
 * The hooks' rule (src/hooks/receipt-rule.ts receiptFor), applied to the whole scanned session: delivered when a hook
 * injection in the transcript has the same content hash; preview when a <persisted-output> preview's saved full text
 * has it, or (the saved file gone) when a preview names the injection's thread; missing otherwise.
 */
export function checkReceipt(
  injection: InjectionRecord,
  session: ScannedSession | undefined,
  savedHash: (seen: InjectionSeen, transcriptPath: string) => string | null = savedOutputHash,
): CheckedReceipt {
  if (session === undefined) return "not-scanned";
  const all = [...session.threadMindInjections, ...session.otherInjections];
  if (all.some((i) => i.contentHash === injection.contentHash)) return "delivered";
  const previews = all.filter((i) => i.preview);
  if (previews.some((i) => savedHash(i, session.path) === injection.contentHash)) return "preview";
  if (previews.some((i) => i.previewText !== null && i.previewText.includes(`(${injection.threadId})`))) return "preview";
  return "missing";
}

function isInjection(r: InjectionRecord): boolean {
  return typeof r.sessionId === "string" && typeof r.at === "string" && typeof r.contentHash === "string" && typeof r.threadId === "string";
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
    if (!hashes.has(seen)) hashes.set(seen, savedOutputHash(seen, transcriptPath));
    return hashes.get(seen)!;
  };
  for (const injection of injections.filter(isInjection)) {
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
