// The line that opens every injected context: says what it is, so the model (and a receipt check) can recognise it.
import { titleLine } from "./title-line.js";

export const CHARACTER_CAP = 10_000;

/** A title is named in the header on one line and at most this long (a hand-written file may hold any title). */
const HEADER_TITLE_CHARS = 200;

export function contextHeader(source: string, threadId: string, title: string): string {
  const when = source === "clear" ? "after /clear" : source === "compact" ? "after compaction" : "at session start";
  const named = titleLine(title, HEADER_TITLE_CHARS);
  return `ThreadMind memory, loaded ${when}: the context of thread "${named}" (${threadId}). Keep it current with summary_update.\n\n`;
}
