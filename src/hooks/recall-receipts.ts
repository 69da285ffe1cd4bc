// Receipts of point-of-action recall (PreToolUse) and of the subagent context (SubagentStart), settled at SessionEnd and
// PreCompact: each one handed over is looked for where Claude Code 2.1.332 records it (docs/claude-code-verified.md): a
// PreToolUse context in the conversation's transcript (a subagent's own file inside a subagent) after the offset noted
// when it was handed over, under its tool call's id; a SubagentStart context at the head of the subagent's file.
import { subagentTranscriptPath } from "../agents/claude-code/subagent-transcript.js";
import { nextTimestamp } from "../core/clock.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import { receiptKey } from "../core/measure/measurement-log-read.js";
import type { RecallEvent, SubagentContextEvent } from "../core/measure/recall-events.js";
import { receiptOf } from "../core/savings/receipt-rule.js";
import { textFingerprint } from "../core/text-fingerprint.js";
import { readHookAttachments, type HookAttachment } from "../transcript/read-hook-attachments.js";
import { TranscriptReadError } from "../transcript/transcript-file.js";

/** How far past its offset an injection's record is looked for: Claude Code writes it right after the hook ends. */
export const RECALL_RECEIPT_MAX_BYTES = 1024 * 1024;
/** At most this many transcript reads by one hook (the oldest injections first; the rest at the next SessionEnd/PreCompact). */
export const RECALL_RECEIPTS_PER_HOOK = 32;

export type HandedOver = RecallEvent | SubagentContextEvent;

/** The receipt key of a recall or subagent context: its session, time and text fingerprint (as an injection's hash). */
export function handedOverKey(e: HandedOver & { fingerprint: string }): string {
  return receiptKey({ sessionId: e.sessionId, at: e.at, contentHash: e.fingerprint });
}

/** The recall and subagent-context events among `events` that carry a fingerprint and no receipt has settled yet. */
export function pendingHandedOver(events: readonly MeasurementEvent[]): (HandedOver & { fingerprint: string })[] {
  const settled = new Set<string>();
  for (const e of events)
    if (e.kind === "receipt") settled.add(receiptKey({ sessionId: e.sessionId, at: e.injectionAt, contentHash: e.contentHash }));
  const pending: (HandedOver & { fingerprint: string })[] = [];
  for (const e of events) {
    if (e.kind !== "recall" && e.kind !== "subagentContext") continue;
    const fingerprint = e.fingerprint;
    if (fingerprint === undefined) continue; // an older record: nothing to recognise it by
    const withPrint = { ...e, fingerprint };
    if (!settled.has(handedOverKey(withPrint))) pending.push(withPrint);
  }
  return pending;
}

/** Where to read an injection's record: the file and the offset; null when it cannot be located. */
function recordPlace(e: HandedOver, transcriptPath: string): { path: string; from: number } | null {
  switch (e.kind) {
    case "recall": {
      const path = e.agentId === undefined ? transcriptPath : subagentTranscriptPath(transcriptPath, e.agentId);
      return path === null ? null : { path, from: e.transcriptOffset ?? 0 };
    }
    case "subagentContext": {
      const path = subagentTranscriptPath(transcriptPath, e.agentId);
      return path === null ? null : { path, from: 0 };
    }
    default: {
      const unreachable: never = e;
      throw new Error(`unknown injection ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Whether an attachment is the record of this injection's hook call (its event; for PreToolUse, its tool call). */
function ofThisCall(e: HandedOver, a: HookAttachment): boolean {
  switch (e.kind) {
    case "recall":
      return a.hookEvent === "PreToolUse" && (e.toolUseId === undefined || a.toolUseId === e.toolUseId);
    case "subagentContext":
      return a.hookEvent === "SubagentStart";
    default: {
      const unreachable: never = e;
      throw new Error(`unknown injection ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * Receipt events for the pending recall and subagent-context injections of a Claude Code conversation whose transcript
 * is `transcriptPath`: delivered when the record of its hook call holds the text handed over, preview when Claude Code
 * recorded a <persisted-output> preview instead, missing when neither is there. An injection whose file does not exist
 * (or cannot be read) is left pending. Each read is bounded (RECALL_RECEIPT_MAX_BYTES, RECALL_RECEIPTS_PER_HOOK).
 */
export async function recallReceiptEvents(
  events: readonly MeasurementEvent[],
  transcriptPath: string,
): Promise<MeasurementEvent[]> {
  const out: MeasurementEvent[] = [];
  let reads = 0;
  for (const e of pendingHandedOver(events)) {
    if (reads >= RECALL_RECEIPTS_PER_HOOK) break;
    const place = recordPlace(e, transcriptPath);
    if (place === null) continue;
    const identity = (a: HookAttachment) => (a.text.length === e.chars ? textFingerprint(a.text) : "");
    let found: HookAttachment[];
    try {
      reads += 1;
      const read = await readHookAttachments(place.path, {
        from: place.from,
        maxBytes: RECALL_RECEIPT_MAX_BYTES,
        until: (a) => ofThisCall(e, a) && (a.isPersistedOutputPreview || identity(a) === e.fingerprint),
      });
      found = read.found.filter((a) => ofThisCall(e, a));
    } catch (error) {
      // No such file (a subagent's never written; not counted as a read: a failed open costs a stat), or one that is not
      // a regular file: left pending (stats say "not checked yet"); the other injections are still settled.
      if (!(error instanceof TranscriptReadError)) throw error;
      if (error.code === "ENOENT") reads -= 1;
      continue;
    }
    const threadId = e.kind === "recall" ? (e.threads[0]?.split("/")[1] ?? "") : e.threadId;
    const receipt = receiptOf({ threadId }, found, e.fingerprint, {
      identity,
      isPreview: (a) => a.isPersistedOutputPreview,
      // Within 2,000 characters these never reach the 10,000-character cap: no saved full text is looked for.
      savedIdentity: () => null,
      previewText: (a) => a.text,
    });
    out.push({
      kind: "receipt",
      at: nextTimestamp(),
      sessionId: e.sessionId,
      injectionAt: e.at,
      contentHash: e.fingerprint,
      receipt,
    });
  }
  return out;
}
