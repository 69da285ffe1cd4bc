// Injection receipts: did the context a SessionStart hook loaded reach the model? Checked against the transcript.
import { readHead } from "../transcript/read-head.js";
import type { HookContextRecord } from "../transcript/types.js";
import { contentHash } from "../core/token-estimate.js";
import type { InjectionRecord, ReceiptStatus } from "../core/measurements.js";

/** The receipt status of one injection given the hook-context records found for its session. */
export function receiptFor(injection: InjectionRecord, found: readonly HookContextRecord[]): ReceiptStatus {
  const startRecords = found.filter((r) => r.hookEvent === null || r.hookEvent === "SessionStart");
  if (startRecords.some((r) => contentHash(r.text) === injection.contentHash)) return "delivered";
  // Over the cap Claude Code records a <persisted-output> preview instead of the text.
  if (startRecords.some((r) => r.isPersistedOutputPreview && r.text.includes(`(${injection.threadId})`))) return "preview";
  return "missing";
}

/**
 * Settles the pending receipts of `sessionId` (mutates the records). Injections at startup/clear are the first records of
 * the transcript (head); after a compaction they follow the boundary (the caller's tail reading passes them in).
 */
export async function settleReceipts(
  injections: InjectionRecord[],
  sessionId: string,
  transcriptPath: string,
  tailContexts: readonly HookContextRecord[],
): Promise<number> {
  const pending = injections.filter((i) => i.receipt === "pending" && i.sessionId === sessionId);
  if (pending.length === 0) return 0;
  const head = await readHead(transcriptPath);
  const found = [...head.hookContexts, ...tailContexts];
  for (const injection of pending) injection.receipt = receiptFor(injection, found);
  return pending.length;
}
