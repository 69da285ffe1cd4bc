// Tier 1 (overview): matches query terms against ids, titles, branches, paths and section headings only — never summary text.
import { fieldText, META_FIELDS, type CatalogIndex, type MetaField } from "./catalog-index.js";
import type { CatalogMeta } from "./index-entries.js";
import { clip } from "./snippet.js";
import { bm25Idf } from "./term-index.js";
import { terms } from "./text-terms.js";

export const FIELD_WEIGHTS = { title: 3, id: 2, headings: 1.5, paths: 1.5, branch: 1.5 } as const satisfies Record<
  MetaField,
  number
>;
export const FIELD_LABELS = {
  title: "Title",
  id: "Id",
  headings: "Section headings",
  paths: "Paths",
  branch: "Branch",
} as const satisfies Record<MetaField, string>;
/** Weight of a vocabulary term that only starts with a query term (the deep tier's relaxed matching). */
export const PREFIX_WEIGHT = 0.5;
export const PREFIX_MIN_CHARS = 3;

export interface MetaMatch {
  /** The thread's slot in the catalog index. */
  slot: number;
  meta: CatalogMeta;
  score: number;
  /** Bit i set: query term i was found. */
  mask: number;
  /** The field that contributed most: what the hit shows. */
  field: MetaField;
}

/** The vocabulary terms a query term matches, with their weights: itself, plus (relaxed) the words it begins. */
export function variantsOf(term: string, relaxed: boolean, startingWith: (prefix: string) => string[]): [string, number][] {
  if (!relaxed || term.length < PREFIX_MIN_CHARS) return [[term, 1]];
  return startingWith(term).map((t) => [t, t === term ? 1 : PREFIX_WEIGHT]);
}

/** Whether a vocabulary term matches one of the query terms (as `variantsOf` would match it). */
export function termMatcher(queryTerms: string[], relaxed: boolean): (term: string) => boolean {
  return (t) => queryTerms.some((q) => t === q || (relaxed && q.length >= PREFIX_MIN_CHARS && t.startsWith(q)));
}

/** Per thread: for each query term its best field weight × idf (× prefix weight), summed; coverage as a bit mask. */
export function matchCatalog(
  index: CatalogIndex,
  queryTerms: string[],
  accept: (meta: CatalogMeta) => boolean,
  relaxed: boolean,
): MetaMatch[] {
  const n = index.slotCount;
  const score = index.scratch.floats("score", n);
  const mask = index.scratch.uints("mask", n);
  const byField = META_FIELDS.map((f) => index.scratch.floats(`field-${f}`, n));
  const termBest = index.scratch.floats("term-best", n);
  const termField = index.scratch.uints("term-field", n);
  const touched: number[] = [];
  queryTerms.forEach((term, qi) => {
    const termTouched: number[] = [];
    META_FIELDS.forEach((field, fi) => {
      const fieldIndex = index.fields[field];
      for (const [variant, variantWeight] of variantsOf(term, relaxed, (p) => fieldIndex.termsStartingWith(p))) {
        const list = fieldIndex.postings(variant);
        if (!list) continue;
        const weight = FIELD_WEIGHTS[field] * bm25Idf(index.size, fieldIndex.documentFrequency(list)) * variantWeight;
        for (let i = 0; i < list.length; i += 2) {
          const slot = list[i]!;
          if (!fieldIndex.isLive(slot) || weight <= termBest[slot]!) continue;
          if (termBest[slot] === 0) termTouched.push(slot);
          termBest[slot] = weight;
          termField[slot] = fi;
        }
      }
    });
    for (const slot of termTouched) {
      if (mask[slot] === 0) touched.push(slot);
      score[slot] = score[slot]! + termBest[slot]!;
      mask[slot] = mask[slot]! | (1 << qi);
      const fieldSums = byField[termField[slot]!]!;
      fieldSums[slot] = fieldSums[slot]! + termBest[slot]!;
      termBest[slot] = 0;
      termField[slot] = 0;
    }
  });
  const out: MetaMatch[] = [];
  for (const slot of touched) {
    const meta = index.at(slot);
    if (meta && accept(meta)) {
      let best = 0;
      for (let fi = 1; fi < META_FIELDS.length; fi++) if (byField[fi]![slot]! > byField[best]![slot]!) best = fi;
      out.push({ slot, meta, score: score[slot]!, mask: mask[slot]!, field: META_FIELDS[best]! });
    }
    score[slot] = 0;
    mask[slot] = 0;
    for (const sums of byField) sums[slot] = 0;
  }
  return out;
}

/** What a metadata hit shows: the title, the id, the branch, the matching paths or the matching headings. */
export function metaSnippet(match: MetaMatch, isMatch: (term: string) => boolean): string {
  const matches = (text: string) => terms(text).some(isMatch);
  switch (match.field) {
    case "title":
    case "id":
    case "branch":
      return clip(fieldText(match.meta, match.field));
    case "paths":
      return clip((match.meta.paths ?? []).filter(matches).join(", "));
    case "headings":
      return clip(
        match.meta.headings
          .filter(matches)
          .map((h) => `## ${h}`)
          .join(" · "),
      );
    default: {
      const unknown: never = match.field;
      throw new Error(`unknown metadata field ${String(unknown)}`);
    }
  }
}
