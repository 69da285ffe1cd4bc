// The receipt rule: did the context a SessionStart hook loaded reach the model? Checked against the transcript's records.
import type { HookContextRecord } from "../transcript/types.js";
import type { InjectionRecord, ReceiptStatus } from "../core/measure/measurements.js";
import { readSavedOutput, savedOutputPathOf } from "../core/savings/saved-output.js";

/** How the injection's text is recognised: a function of a text, and the value it gives for the injected one. */
export interface TextIdentity {
  of(text: string): string;
  value: string;
}

/** The path of the full text behind a `<persisted-output>` preview, or null when the block names none inside the session's folder. */
export function savedOutputPath(record: HookContextRecord, transcriptPath: string): string | null {
  return savedOutputPathOf(record, transcriptPath);
}

/**
 * The full text Claude Code saved for a preview found in the transcript at `transcriptPath`; null when there is no such
 * file (any more), it is no regular file in the session's folder, or it is too large to be ours.
 */
export function savedOutputText(record: HookContextRecord, transcriptPath: string): string | null {
  const path = savedOutputPathOf(record, transcriptPath);
  return path === null ? null : readSavedOutput(path, transcriptPath);
}

/**
 * The receipt status of one injection given the hook-context records found for its session: delivered when one holds
 * the injected text; preview when a <persisted-output> preview's saved full text is it, or (the saved file gone) when a
 * preview names the injection's thread (ThreadMind's header does); missing otherwise. `savedIdentity` gives the
 * identity of the full text behind a preview (null: no such file).
 */
export function receiptWith(
  injection: InjectionRecord,
  found: readonly HookContextRecord[],
  identity: TextIdentity,
  savedIdentity: (record: HookContextRecord) => string | null,
): ReceiptStatus {
  const startRecords = found.filter((r) => r.hookEvent === null || r.hookEvent === "SessionStart");
  if (startRecords.some((r) => identity.of(r.text) === identity.value)) return "delivered";
  // Over the cap Claude Code records a <persisted-output> preview instead of the text, and saves the text to a file.
  const previews = startRecords.filter((r) => r.isPersistedOutputPreview);
  if (previews.some((r) => savedIdentity(r) === identity.value)) return "preview";
  if (previews.some((r) => r.text.includes(`(${injection.threadId})`))) return "preview";
  return "missing";
}
