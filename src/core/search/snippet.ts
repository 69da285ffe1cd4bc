// Short excerpts around a match: the line with the most matched terms, cut around its first match to a small width.
import { termsAt } from "./text-terms.js";

export const SNIPPET_MAX_CHARS = 160;

/** One line of `text` (whitespace collapsed) around the terms for which `isMatch` holds, at most `max` characters. */
export function snippetOf(text: string, isMatch: (term: string) => boolean, max: number = SNIPPET_MAX_CHARS): string {
  const lines = text.split("\n");
  let best = { line: "", count: 0, first: 0 };
  for (const line of lines) {
    const hits = termsAt(line).filter((t) => isMatch(t.term));
    const count = new Set(hits.map((h) => h.term)).size;
    if (count > best.count) best = { line, count, first: hits[0]!.start };
  }
  if (best.count === 0) return clip(collapse(lines.find((l) => l.trim() !== "") ?? ""), max);
  return around(best.line, best.first, max);
}

/** Text shortened to `max` characters with an ellipsis, whitespace collapsed. */
export function clip(text: string, max: number = SNIPPET_MAX_CHARS): string {
  const t = collapse(text);
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

function around(line: string, at: number, max: number): string {
  const raw = line.trim();
  const offset = at - (line.length - line.trimStart().length);
  if (raw.length <= max) return collapse(raw);
  let start = Math.max(0, offset - Math.floor(max / 3));
  let end = Math.min(raw.length, start + max - 2);
  start = Math.max(0, end - (max - 2));
  if (start > 0) {
    const space = raw.indexOf(" ", start);
    if (space !== -1 && space < offset) start = space + 1;
  }
  if (end < raw.length) {
    const space = raw.lastIndexOf(" ", end);
    if (space > offset) end = space;
  }
  return `${start > 0 ? "…" : ""}${collapse(raw.slice(start, end))}${end < raw.length ? "…" : ""}`;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
