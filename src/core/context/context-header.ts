// The line that opens every injected context: says what it is, so the model (and a receipt check) can recognise it.

export const CHARACTER_CAP = 10_000;

/** A title is named in the header on one line and at most this long (a hand-written file may hold any title). */
const HEADER_TITLE_CHARS = 200;

export function contextHeader(source: string, threadId: string, title: string): string {
  const when = source === "clear" ? "after /clear" : source === "compact" ? "after compaction" : "at session start";
  let named = title.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim();
  if (named.length > HEADER_TITLE_CHARS) named = `${named.slice(0, HEADER_TITLE_CHARS - 1).trimEnd()}…`;
  return `ThreadMind memory, loaded ${when}: the context of thread "${named}" (${threadId}). Keep it current with summary_update.\n\n`;
}
