// Tiers 2 and 3 (lookup, deep): BM25 over summary sections, weighted by section (a Decisions match outranks a State match).
import type { SectionKey } from "../types.js";
import type { BodyIndex } from "./body-index.js";
import type { BodyDoc } from "./index-entries.js";
import { variantsOf } from "./overview-tier.js";
import { snippetOf } from "./snippet.js";
import { bm25Idf, bm25Term } from "./term-index.js";

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
/** How much the other matching sections of a thread add to its best section's score. */
export const OTHER_SECTIONS_SHARE = 0.25;

export function sectionWeight(doc: BodyDoc): number {
  if (doc.kind === "reason") return REASON_WEIGHT;
  return doc.key === null ? OTHER_SECTION_WEIGHT : SECTION_WEIGHTS[doc.key];
}

export function sectionLabel(doc: BodyDoc): string {
  return doc.kind === "reason" ? "Closing reason" : doc.heading === "" ? "Summary" : doc.heading;
}

export interface SectionMatch {
  threadId: string;
  score: number;
  matched: Set<string>;
  /** The best-scoring section: what the hit shows. */
  best: BodyDoc;
  /** Vocabulary terms found in the best section (for its snippet). */
  bestFound: Set<string>;
}

export function matchSections(
  index: BodyIndex,
  queryTerms: string[],
  accept: (threadId: string, doc: BodyDoc) => boolean,
  relaxed: boolean,
): SectionMatch[] {
  const ti = index.terms;
  const perDoc = new Map<number, { score: number; matched: Set<string>; found: Set<string> }>();
  for (const term of queryTerms) {
    for (const [variant, variantWeight] of variantsOf(term, relaxed, (p) => ti.termsStartingWith(p))) {
      const postings = ti.matches(variant);
      if (postings.length === 0) continue;
      const idf = bm25Idf(ti.size, postings.length);
      for (const { doc, tf } of postings) {
        const indexed = index.at(doc);
        if (!indexed || !accept(indexed.threadId, indexed.doc)) continue;
        let d = perDoc.get(doc);
        if (!d) perDoc.set(doc, (d = { score: 0, matched: new Set(), found: new Set() }));
        d.score += bm25Term(idf, tf, ti.length(doc), ti.averageLength) * variantWeight * sectionWeight(indexed.doc);
        d.matched.add(term);
        d.found.add(variant);
      }
    }
  }
  const perThread = new Map<string, { docs: { doc: BodyDoc; score: number; found: Set<string> }[]; matched: Set<string> }>();
  for (const [slot, d] of perDoc) {
    const indexed = index.at(slot)!;
    let t = perThread.get(indexed.threadId);
    if (!t) perThread.set(indexed.threadId, (t = { docs: [], matched: new Set() }));
    t.docs.push({ doc: indexed.doc, score: d.score, found: d.found });
    for (const m of d.matched) t.matched.add(m);
  }
  const out: SectionMatch[] = [];
  for (const [threadId, t] of perThread) {
    t.docs.sort((a, b) => b.score - a.score);
    const [best, ...rest] = t.docs;
    const score = best!.score + OTHER_SECTIONS_SHARE * rest.reduce((sum, r) => sum + r.score, 0);
    out.push({ threadId, score, matched: t.matched, best: best!.doc, bestFound: best!.found });
  }
  return out;
}

export function sectionSnippet(match: SectionMatch): string {
  return snippetOf(match.best.text, (t) => match.bestFound.has(t));
}
