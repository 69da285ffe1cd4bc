// How much a match counts in each kind of summary section: Decisions most, State least; closing reasons high.
import type { SectionKey } from "../types.js";
import type { BodyDoc } from "./index-entries.js";

export const SECTION_WEIGHTS = {
  decisions: 1.6,
  constraints: 1.4,
  "open-questions": 1.0,
  "next-steps": 0.9,
  state: 0.8,
} as const satisfies Record<SectionKey, number>;
/** Text before the first heading, or a heading of the user's own. */
export const OTHER_SECTION_WEIGHT = 1.0;
/** A closed thread's closing reasons (searched by the deep tier, or when the status filter names a closed status). */
export const REASON_WEIGHT = 1.5;

export function sectionWeight(doc: BodyDoc): number {
  if (doc.kind === "reason") return REASON_WEIGHT;
  return doc.key === null ? OTHER_SECTION_WEIGHT : SECTION_WEIGHTS[doc.key];
}

export function sectionLabel(doc: BodyDoc): string {
  return doc.kind === "reason" ? "Closing reason" : doc.heading === "" ? "Summary" : doc.heading;
}
