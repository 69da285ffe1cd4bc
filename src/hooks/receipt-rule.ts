// The receipt rule by content hash (sha1, node:crypto): for injections logged without a fingerprint, and for the report.
import type { HookContextRecord } from "../transcript/types.js";
import { contentHash } from "../core/content-hash.js";
import type { InjectionRecord, ReceiptStatus } from "../core/measure/measurements.js";
import { receiptWith, savedOutputText } from "./receipt-match.js";

export { savedOutputPath } from "./receipt-match.js";

/** Content hash of the full text Claude Code saved for a preview read from `transcriptPath`; null when there is no such file (any more). */
export function savedOutputHash(record: HookContextRecord, transcriptPath: string): string | null {
  const text = savedOutputText(record, transcriptPath);
  return text === null ? null : contentHash(text);
}

/**
 * receiptWith, the text recognised by its content hash. `savedHash` gives the hash of the full text behind a preview
 * (default: none consulted; pass `(r) => savedOutputHash(r, transcriptPath)` to look in the session's folder).
 */
export function receiptFor(
  injection: InjectionRecord,
  found: readonly HookContextRecord[],
  savedHash: (record: HookContextRecord) => string | null = () => null,
): ReceiptStatus {
  return receiptWith(injection, found, { of: contentHash, value: injection.contentHash }, savedHash);
}
