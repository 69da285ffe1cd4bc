// Summary sections (## Decisions, ## Constraints, ## State, ## Open questions, ## Next steps): read, extract, update.
import { SECTION_HEADINGS, SECTION_KEYS, type SectionKey } from "../types.js";

export interface SummarySection {
  /** Canonical key when the heading is one of ours, else null. */
  key: SectionKey | null;
  heading: string;
  /** Lines of the section body, without the heading line. */
  body: string;
}

export interface ParsedSummary {
  /** Text before the first "## " heading. */
  preamble: string;
  sections: SummarySection[];
}

/** A "## " heading; a closing run of # counts only after a space or tab (CommonMark: "## Port to C#" keeps its #). */
export const HEADING = /^##[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;

export function sectionKeyOf(heading: string): SectionKey | null {
  const normalized = heading
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  for (const key of SECTION_KEYS) {
    if (normalized === key || normalized === SECTION_HEADINGS[key].toLowerCase().replace(/\s+/g, "-")) return key;
  }
  return null;
}

const FENCE_LINE = /^\s*(```|~~~)/;

/**
 * The one fence rule, shared by the section parser and the context's heading demoter (so that no line is a heading to
 * one and code to the other): a line starting, after any indentation, with ``` or ~~~ opens a fenced block, and only
 * a line starting with the same three characters closes it (``` does not close ~~~, nor the reverse).
 */
export class FenceTracker {
  private fence: string | null = null;

  /** Takes the next line; true when it is outside every fenced block (an opening or closing fence line is inside). */
  outside(line: string): boolean {
    const marker = FENCE_LINE.exec(line)?.[1];
    if (marker !== undefined) {
      if (this.fence === null) this.fence = marker;
      else if (marker === this.fence) this.fence = null;
      return false;
    }
    return this.fence === null;
  }

  /** The fence still open after the last line (null when none): a block that ends inside one must close it. */
  get open(): string | null {
    return this.fence;
  }
}

/** Splits a summary at its "## " headings, ignoring headings inside fenced code blocks. */
export function parseSummary(summary: string): ParsedSummary {
  const lines = summary.split("\n");
  const preamble: string[] = [];
  const sections: { key: SectionKey | null; heading: string; lines: string[] }[] = [];
  const fences = new FenceTracker();
  for (const line of lines) {
    const heading = fences.outside(line) ? HEADING.exec(line) : null;
    if (heading && !line.startsWith("###")) {
      const title = heading[1]!;
      sections.push({ key: sectionKeyOf(title), heading: title, lines: [] });
      continue;
    }
    const current = sections[sections.length - 1];
    if (current) current.lines.push(line);
    else preamble.push(line);
  }
  return {
    preamble: preamble.join("\n"),
    sections: sections.map((s) => ({ key: s.key, heading: s.heading, body: trimBlankLines(s.lines.join("\n")) })),
  };
}

export function renderSummary(parsed: ParsedSummary): string {
  const parts: string[] = [];
  const preamble = trimBlankLines(parsed.preamble);
  if (preamble !== "") parts.push(preamble);
  for (const s of parsed.sections) parts.push(s.body === "" ? `## ${s.heading}` : `## ${s.heading}\n${s.body}`);
  return parts.join("\n\n");
}

/** Only the Decisions and Constraints sections (what ancestors contribute to a context); whole text if it has no sections. */
export function ancestorExcerpt(summary: string): string {
  const parsed = parseSummary(summary);
  if (parsed.sections.length === 0) return summary.trim();
  const kept = parsed.sections.filter((s) => s.key === "decisions" || s.key === "constraints");
  return renderSummary({ preamble: "", sections: kept });
}

/**
 * Appends to (default) or replaces one section. A missing section is created in its canonical place
 * (after the canonical sections that precede it, before those that follow).
 */
export function updateSection(summary: string, key: SectionKey, content: string, replace: boolean): string {
  const parsed = parseSummary(summary);
  const text = trimBlankLines(content);
  const existing = parsed.sections.find((s) => s.key === key);
  if (existing) {
    if (text === "" && !replace) return summary; // appending nothing changes nothing
    existing.body = replace || existing.body === "" ? text : `${existing.body}\n${text}`;
    return renderSummary(parsed);
  }
  const order = SECTION_KEYS.indexOf(key);
  let insertAt = parsed.sections.length;
  for (let i = 0; i < parsed.sections.length; i++) {
    const k = parsed.sections[i]!.key;
    if (k !== null && SECTION_KEYS.indexOf(k) > order) {
      insertAt = i;
      break;
    }
  }
  parsed.sections.splice(insertAt, 0, { key, heading: SECTION_HEADINGS[key], body: text });
  return renderSummary(parsed);
}

export function sectionTemplate(): string {
  return SECTION_KEYS.map((k) => `## ${SECTION_HEADINGS[k]}\n- …`).join("\n\n");
}

function trimBlankLines(text: string): string {
  return text
    .replace(/^(?:[ \t]*\r?\n)+/, "")
    .replace(/(?:\r?\n[ \t]*)+$/, "")
    .replace(/^[ \t]*$/, "");
}
