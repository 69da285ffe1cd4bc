// The receipt rule by content hash (sha1, node:crypto): for injections logged without a fingerprint, and for the report.
import type { HookContextRecord } from "../transcript/types.js";
import { contentHash } from "../core/content-hash.js";
import type { InjectionRecord, ReceiptStatus } from "../core/measurements.js";
import { receiptWith, savedOutputText } from "./receipt-match.js";

export { savedOutputPath } from "./receipt-match.js";

/** Content hash of the full text Claude Code saved for a preview; null when there is no such file (any more). */
export function savedOutputHash(record: HookContextRecord): string | null {
  const text = savedOutputText(record);
  return text === null ? null : contentHash(text);
}

/** receiptWith, the text recognised by its content hash. `savedHash` gives the hash of the full text behind a preview. */
export function receiptFor(
  injection: InjectionRecord,
  found: readonly HookContextRecord[],
  savedHash: (record: HookContextRecord) => string | null = savedOutputHash,
): ReceiptStatus {
  return receiptWith(injection, found, { of: contentHash, value: injection.contentHash }, savedHash);
}
