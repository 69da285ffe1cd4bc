// Merges a thread file by meaning: frontmatter field by field (stamps take the later side, paths and related as sets),
// the summary section by section; a real conflict gets git's markers around that field or section only.
import {
  KEY_ORDER,
  frontmatterData,
  frontmatterMapping,
  frontmatterPastLimits,
  frontmatterYaml,
  splitFrontmatter,
} from "../store/frontmatter.js";
import { HEAD_KEYS } from "../store/thread-folder-format.js";
import { parseSummary, renderSummary, type ParsedSummary, type SummarySection } from "../store/summary-sections.js";
import { SECTION_KEYS } from "../types.js";
import { conflictLines, mergeLines, type Merged } from "./merge-text.js";
import { mergeSectionBody } from "./merge-section.js";
import { mergeFields, type FieldRules } from "./merge-fields.js";

/** A thread file split into its frontmatter (any keys) and its summary; null when it is not one. */
interface SplitFile {
  fields: Record<string, unknown>;
  summary: string;
}

const CONFLICT_LINE = /^(<{7}|={7}|>{7})( |$)/m;

function splitThreadFile(text: string): SplitFile | null {
  if (text.trim() === "") return { fields: {}, summary: "" };
  const split = splitFrontmatter(text.replace(/\r\n/g, "\n"));
  if (typeof split === "string") return null;
  const { yamlText, summary } = split;
  if (CONFLICT_LINE.test(yamlText)) return null;
  // Past the store's bounds the YAML parser's time is not linear: such a file is merged line by line (it is damaged).
  if (frontmatterPastLimits(yamlText) !== null) return null;
  let data: unknown;
  try {
    data = frontmatterData(yamlText);
  } catch {
    return null; // not YAML the store can read (an error, an alias to nothing): merged line by line
  }
  const fields = frontmatterMapping(data);
  return fields === null ? null : { fields, summary };
}

/** Stamps that change on every write: never a conflict, the side written later wins. */
const THREAD_RULES: FieldRules = {
  order: KEY_ORDER,
  stamps: ["updatedAt", "commit"],
  laterBy: "updatedAt",
  sets: ["paths", "related"],
};

/** The key a section is matched by across the three versions: its canonical key, else its heading. */
function sectionId(s: SummarySection): string {
  return s.key ?? `#${s.heading.trim().toLowerCase()}`;
}

function sectionMap(parsed: ParsedSummary): Map<string, { heading: string; body: string }> | null {
  const map = new Map<string, { heading: string; body: string }>();
  for (const s of parsed.sections) {
    const id = sectionId(s);
    if (map.has(id)) return null; // a heading twice: merged line by line instead
    map.set(id, { heading: s.heading, body: s.body });
  }
  return map;
}

/** Where a section only theirs has goes: canonical sections in their canonical place, others at the end. */
function insertSection(order: string[], id: string): void {
  const rank = SECTION_KEYS.indexOf(id as (typeof SECTION_KEYS)[number]);
  if (rank === -1) {
    order.push(id);
    return;
  }
  const at = order.findIndex((o) => {
    const r = SECTION_KEYS.indexOf(o as (typeof SECTION_KEYS)[number]);
    return r > rank;
  });
  if (at === -1) order.push(id);
  else order.splice(at, 0, id);
}

/** Merges two summaries section by section; falls back to lines when a summary has a heading twice. */
export function mergeSummary(base: string, ours: string, theirs: string): Merged {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const [pb, po, pt] = [parseSummary(base), parseSummary(ours), parseSummary(theirs)];
  const [mb, mo, mt] = [sectionMap(pb), sectionMap(po), sectionMap(pt)];
  if (mb === null || mo === null || mt === null) return mergeLines(base, ours, theirs, "the summary");
  const conflicts: string[] = [];
  const preamble = mergeSectionBody(pb.preamble.trim(), po.preamble.trim(), pt.preamble.trim());
  if (preamble.conflicted) conflicts.push("the text before the first section");
  const order = [...mo.keys()];
  for (const id of mt.keys()) if (!mo.has(id)) insertSection(order, id);
  const parts: string[] = [];
  if (preamble.text.trim() !== "") parts.push(preamble.text);
  for (const id of order) {
    const [b, o, t] = [mb.get(id), mo.get(id), mt.get(id)];
    const heading = (o ?? t)!.heading;
    const same = (x: typeof b, y: typeof b) => (x === undefined ? y === undefined : y !== undefined && x.body === y.body);
    let chosen: typeof b;
    if (same(o, t) || same(b, t)) chosen = o;
    else if (same(b, o)) chosen = t;
    else if (o === undefined || t === undefined) {
      // Removed on one side, changed on the other: the whole section is the conflict.
      conflicts.push(`section "${heading}" (removed on one side, changed on the other)`);
      const side = (s: typeof b) => (s === undefined ? [] : [`## ${s.heading}`, ...(s.body === "" ? [] : s.body.split("\n"))]);
      parts.push(conflictLines(side(o), side(t)).join("\n"));
      continue;
    } else {
      const merged = mergeSectionBody(b?.body ?? "", o.body, t.body);
      if (merged.conflicted) conflicts.push(`section "${heading}"`);
      chosen = { heading, body: merged.text };
    }
    if (chosen === undefined) continue;
    parts.push(renderSummary({ preamble: "", sections: [{ key: null, ...chosen }] }));
  }
  return { text: parts.join("\n\n"), conflicts };
}

/**
 * A thread folder's head (format 2, thread.md): no field changes on every write; when both sides changed the head, the
 * time and commit of its change take the later side, and a field changed two ways (title, parent) conflicts.
 */
const HEAD_RULES: FieldRules = {
  order: HEAD_KEYS,
  stamps: ["changedAt", "commit"],
  laterBy: "changedAt",
  sets: [],
};

/** Merges three versions of a thread file (`base` empty when both sides added it); `head`: a folder's thread.md. */
export function mergeThreadFile(base: string, ours: string, theirs: string, head = false): Merged {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const [b, o, t] = [splitThreadFile(base), splitThreadFile(ours), splitThreadFile(theirs)];
  if (b === null || o === null || t === null)
    return mergeLines(base, ours, theirs, "the file (it is not a readable thread file on every side)");
  const fields = mergeFields(b.fields, o.fields, t.fields, head ? HEAD_RULES : THREAD_RULES);
  const summary = mergeSummary(b.summary, o.summary, t.summary);
  let yaml = "";
  for (const part of fields.parts) {
    yaml +=
      part.kind === "clean"
        ? frontmatterYaml(part.fields)
        : `${conflictLines(splitYaml(frontmatterYaml(part.ours)), splitYaml(frontmatterYaml(part.theirs))).join("\n")}\n`;
  }
  const body = summary.text === "" ? "" : `\n${summary.text}\n`;
  return { text: `---\n${yaml}---\n${body}`, conflicts: [...fields.conflicts.map((k) => `field "${k}"`), ...summary.conflicts] };
}

function splitYaml(text: string): string[] {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}
