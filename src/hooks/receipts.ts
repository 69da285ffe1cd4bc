// Injection receipts: did the context a SessionStart hook loaded reach the model? Checked against the transcript.
import { readFileSync, statSync } from "node:fs";
import { readHead } from "../transcript/read-head.js";
import type { HookContextRecord } from "../transcript/types.js";
import { contentHash } from "../core/token-estimate.js";
import type { InjectionRecord, ReceiptStatus } from "../core/measurements.js";

/** Claude Code's `<persisted-output>` block names the file that holds the full text it did not deliver. */
const SAVED_TO = /Full output saved to: ([^\n]+)\n/;
/** Bound on what is read: a ThreadMind context is about 10,000 characters, so a larger saved output is not one of ours. */
const SAVED_MAX_BYTES = 1024 * 1024;

/** The path of the full text behind a `<persisted-output>` preview, or null when the block names none. */
export function savedOutputPath(record: HookContextRecord): string | null {
  if (!record.isPersistedOutputPreview) return null;
  return SAVED_TO.exec(record.content[0] ?? "")?.[1]?.trim() ?? null;
}

/** Content hash of the full text Claude Code saved for a preview; null when there is no such file (any more). */
export function savedOutputHash(record: HookContextRecord): string | null {
  const path = savedOutputPath(record);
  if (path === null) return null;
  let size: number;
  try {
    size = statSync(path).size;
  } catch (e) {
    // Deleted with the session's folder: the header rule decides. Anything else is a real problem, reported by the caller.
    if (e instanceof Error && "code" in e && (e.code === "ENOENT" || e.code === "ENOTDIR")) return null;
    throw e;
  }
  return size > SAVED_MAX_BYTES ? null : contentHash(readFileSync(path, "utf8"));
}

/**
 * The receipt status of one injection given the hook-context records found for its session. `savedHash` gives the
 * hash of the full text behind a preview (see savedOutputHash).
 */
export function receiptFor(
  injection: InjectionRecord,
  found: readonly HookContextRecord[],
  savedHash: (record: HookContextRecord) => string | null = savedOutputHash,
): ReceiptStatus {
  const startRecords = found.filter((r) => r.hookEvent === null || r.hookEvent === "SessionStart");
  if (startRecords.some((r) => contentHash(r.text) === injection.contentHash)) return "delivered";
  // Over the cap Claude Code records a <persisted-output> preview instead of the text, and saves the text to a file.
  const previews = startRecords.filter((r) => r.isPersistedOutputPreview);
  if (previews.some((r) => savedHash(r) === injection.contentHash)) return "preview";
  // The saved file is gone: ThreadMind's header, which names the thread, opens every preview of its contexts.
  if (previews.some((r) => r.text.includes(`(${injection.threadId})`))) return "preview";
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
