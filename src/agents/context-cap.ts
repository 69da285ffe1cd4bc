// Fitting a hook's context into an agent's cap: whole lines kept from the start, never a character cut in two, with a
// last line that says so; the agent's own preview (which the model may not read as ThreadMind's) never happens.
import { capWords, sizeInCapUnit, type ContextCap } from "./profiles.js";

/** The last line of a context cut to the cap. */
export function cutNote(cap: ContextCap): string {
  return `…(ThreadMind: the rest of this context was left out to fit the agent's ${capWords(cap)} cap; thread_get gives it whole.)`;
}

export interface FittedContext {
  text: string;
  /** The text was over the cap and was cut. */
  cut: boolean;
}

/**
 * The text itself when it fits the cap; else its longest run of whole lines from the start that fits with the cut note
 * (a first line longer than that is cut at a code point, never inside a surrogate pair or a UTF-8 sequence).
 * Linear in the text's length.
 */
export function fitToCap(cap: ContextCap, text: string): FittedContext {
  if (sizeInCapUnit(cap, text) <= cap.limit) return { text, cut: false };
  const note = `\n${cutNote(cap)}`;
  const room = cap.limit - sizeInCapUnit(cap, note);
  let used = 0;
  let keptEnd = 0;
  let lineStart = 0;
  // Whole lines first.
  for (;;) {
    const newline = text.indexOf("\n", lineStart);
    const end = newline === -1 ? text.length : newline;
    const size = sizeInCapUnit(cap, text.slice(lineStart, end)) + (lineStart === 0 ? 0 : 1);
    if (used + size > room) break;
    used += size;
    keptEnd = end;
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (keptEnd === 0) {
    // Not even the first line fits: keep its code points that do.
    let at = 0;
    for (const ch of text) {
      const size = sizeInCapUnit(cap, ch);
      if (ch === "\n" || used + size > room) break;
      used += size;
      at += ch.length;
    }
    keptEnd = at;
  }
  return { text: `${text.slice(0, keptEnd)}${note}`, cut: true };
}
