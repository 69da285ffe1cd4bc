// SessionStart(clear|compact) after a stale restart: one line for the model (and at /clear one for the user) saying what may be missing.
import type { CachedStart } from "../core/context/context-cache-starts.js";
import type { StalenessEvent } from "../core/measure/freshness-events.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import { CHARACTER_CAP } from "../core/context/context-header.js";
import { formatCount } from "../core/format-count.js";
import type { HookInput } from "./hook-input.js";

/** What a stale restart adds: a line appended to the model's context, and (after /clear) a line shown to the user. */
export interface RestartNotice {
  contextLine: string;
  userLine: string | null;
}

/**
 * The staleness record of the restart this SessionStart follows: the instance's newest conversation-or-staleness event,
 * when it is a staleness record of this kind (compact: of this conversation; clear: of the one before). Anything older
 * was already followed by a SessionStart.
 */
export function restartRecord(events: readonly MeasurementEvent[], input: HookInput, source: string): StalenessEvent | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === "conversation") return null;
    if (e.kind !== "staleness") continue;
    if (e.restart !== source) return null;
    return (source === "compact") === (e.sessionId === input.sessionId) ? e : null;
  }
  return null;
}

/** "~38,200": the nearest hundred, as the user reads it. */
function about(tokens: number): string {
  return `~${formatCount(Math.round(tokens / 100) * 100)}`;
}

const two = (n: number) => String(n).padStart(2, "0");

/** "2026-12-02 10:42 UTC+01:00" in this machine's time zone, with its offset (no Intl: its first use costs a hook ~20 ms). */
export function zonedTime(iso: string): string | null {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return null;
  const offset = -t.getTimezoneOffset();
  const zone = `UTC${offset < 0 ? "-" : "+"}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())} ${two(t.getHours())}:${two(t.getMinutes())} ${zone}`;
}

/** The thread's title as the context header names it; its id when the header is of another thread. */
function threadName(start: CachedStart, threadId: string): string {
  const firstLine = start.text.slice(0, start.text.indexOf("\n") === -1 ? undefined : start.text.indexOf("\n"));
  const suffix = `" (${threadId}).`;
  const at = firstLine.indexOf(suffix);
  const opening = firstLine.indexOf(': the context of thread "');
  return at > opening && opening !== -1 ? firstLine.slice(opening + ': the context of thread "'.length, at) : threadId;
}

/** The notice for a stale restart, null when the summary was current (or the restart was not recorded). */
export function restartNotice(record: StalenessEvent | null, start: CachedStart): RestartNotice | null {
  if (record === null || !record.stale || record.sinceWriteTokens === null) return null;
  const name = threadName(start, record.threadId);
  const behind = about(record.sinceWriteTokens);
  if (record.restart === "compact") {
    return {
      contextLine: `ThreadMind: this conversation was compacted while the summary of thread "${name}" was ${behind} tokens behind: fold what was decided since its last update into the thread now (summary_update).`,
      userLine: null,
    };
  }
  const time = record.lastWriteAt === null ? null : zonedTime(record.lastWriteAt);
  const last = time === null ? "never written by this window" : `last written ${time}`;
  const transcript = record.transcriptPath ?? "unknown";
  const grew = record.written
    ? `grew ${behind} tokens after it last updated the summary of '${name}' (${last})`
    : `grew ${behind} tokens without updating the summary of '${name}' (${last})`;
  return {
    userLine: `ThreadMind: the cleared conversation ${grew}; decisions made since may be missing. Transcript: ${transcript}`,
    contextLine:
      `ThreadMind: the previous conversation was cleared while the summary of thread "${name}" was ${behind} tokens behind ` +
      `(last written ${record.lastWriteAt ?? "never, by that window"}). Its transcript: ${transcript}. If the user asks what was decided there, read back its last part and record it with summary_update.`,
  };
}

/**
 * The start with the notice's line appended to the context (hashes and size recomputed: the receipt must recognise
 * what was sent). A line that would push the context past the character cap is left out and the user told instead.
 */
export async function withRestartNotice(
  start: CachedStart,
  notice: RestartNotice | null,
  input: HookInput,
): Promise<{ start: CachedStart; userLines: string[] }> {
  if (notice === null) return { start, userLines: [] };
  const userLines = notice.userLine !== null ? [notice.userLine] : [];
  const text = `${start.text}\n\n${notice.contextLine}`;
  if (text.length > CHARACTER_CAP) {
    userLines.push(
      `ThreadMind: the ${input.source === "compact" ? "compacted" : "cleared"} conversation had not updated the thread's summary; the note to the model did not fit in the context (${formatCount(CHARACTER_CAP)} characters).`,
    );
    return { start, userLines };
  }
  // Loaded only here (node:crypto): a hook with nothing to add never pays for it.
  const { contentHash } = await import("../core/content-hash.js");
  const { textFingerprint } = await import("../core/text-fingerprint.js");
  return {
    start: {
      ...start,
      text,
      contentHash: contentHash(text),
      fingerprint: textFingerprint(text),
      tokens: start.tokens + Math.ceil(notice.contextLine.length / 3.5),
    },
    userLines,
  };
}

/** The start after the restart it follows (`events`: the instance's; null at startup, which follows none), with the user's lines. */
export function startAfterRestart(
  start: CachedStart,
  events: readonly MeasurementEvent[] | null,
  input: HookInput,
  source: string,
): Promise<{ start: CachedStart; userLines: string[] }> {
  return withRestartNotice(start, events === null ? null : restartNotice(restartRecord(events, input, source), start), input);
}
