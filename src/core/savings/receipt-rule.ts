// The injection-receipt rule: did the context a SessionStart hook loaded reach the model? One rule for the hooks and the report.
// node:fs and node:path only (through saved-output): the hook entry bundles this; the sha1 form (savings-receipts.ts) loads lazily.
import type { HookContextRecord } from "../../transcript/types.js";
import type { InjectionRecord, ReceiptStatus } from "../measure/measurements.js";
import { readSavedOutput } from "./saved-output.js";

/** How the injection's text is recognised: a function of a text, and the value it gives for the injected one. */
export interface TextIdentity {
  of(text: string): string;
  value: string;
}

/** How the rule sees one hook injection found in a transcript. */
export interface SeenInjection<R> {
  /** The identity of the text the record holds (compared with the injection's). */
  identity(record: R): string | null;
  /** Claude Code recorded a <persisted-output> preview instead of the text. */
  isPreview(record: R): boolean;
  /** The identity of the full text saved behind a preview (null: no such file, any more). */
  savedIdentity(record: R): string | null;
  /** A preview's own text (null: not kept). */
  previewText(record: R): string | null;
}

/**
 * The receipt rule over the SessionStart hook injections found for the injection's session: delivered when one holds
 * the injected text; preview when a <persisted-output> preview's saved full text is it, or (the saved file gone) when a
 * preview names the injection's thread (ThreadMind's header does); missing otherwise.
 */
export function receiptOf<R>(
  injection: Pick<InjectionRecord, "threadId">,
  found: readonly R[],
  value: string,
  seen: SeenInjection<R>,
): Exclude<ReceiptStatus, "pending"> {
  if (found.some((r) => seen.identity(r) === value)) return "delivered";
  // Over the cap Claude Code records a <persisted-output> preview instead of the text, and saves the text to a file.
  const previews = found.filter((r) => seen.isPreview(r));
  if (previews.some((r) => seen.savedIdentity(r) === value)) return "preview";
  if (previews.some((r) => seen.previewText(r)?.includes(`(${injection.threadId})`) === true)) return "preview";
  return "missing";
}

/**
 * receiptOf over the hook-context records read from a transcript (SessionStart ones, or of unknown event). `savedIdentity`
 * gives the identity of the full text behind a preview (null: no such file).
 */
export function receiptWith(
  injection: InjectionRecord,
  found: readonly HookContextRecord[],
  identity: TextIdentity,
  savedIdentity: (record: HookContextRecord) => string | null,
): ReceiptStatus {
  const startRecords = found.filter((r) => r.hookEvent === null || r.hookEvent === "SessionStart");
  return receiptOf(injection, startRecords, identity.value, {
    identity: (r) => identity.of(r.text),
    isPreview: (r) => r.isPersistedOutputPreview,
    savedIdentity,
    previewText: (r) => r.text,
  });
}

/**
 * The identity (by `of`) of the full text Claude Code saved at `path` (savedOutputPathOf for `transcriptPath`); null when
 * there is no path or no such file (any more), it is no regular file in the session's folder, or it is too large to be ours.
 */
export function savedOutputIdentity(path: string | null, transcriptPath: string, of: (text: string) => string): string | null {
  const text = path === null ? null : readSavedOutput(path, transcriptPath);
  return text === null ? null : of(text);
}
