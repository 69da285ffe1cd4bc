// Tier 1 (overview): matches query terms against ids, titles, branches, paths and section headings only — never summary text.
import { fieldText, META_FIELDS, type CatalogIndex, type MetaField } from "./catalog-index.js";
import type { CatalogMeta } from "./index-entries.js";
import { clip } from "./snippet.js";
import { bm25Idf } from "./term-index.js";
import { terms } from "./text-terms.js";

export const FIELD_WEIGHTS = { title: 3, id: 2, headings: 1.5, paths: 1.5, branch: 1.5 } as const satisfies Record<MetaField, number>;
export const FIELD_LABELS = { title: "Title", id: "Id", headings: "Section headings", paths: "Paths", branch: "Branch" } as const satisfies Record<MetaField, string>;
/** Weight of a vocabulary term that only starts with a query term (deep tier's relaxed matching). */
export const PREFIX_WEIGHT = 0.5;
export const PREFIX_MIN_CHARS = 3;

export interface MetaMatch {
  meta: CatalogMeta;
  score: number;
  /** Query terms found. */
  matched: Set<string>;
  /** Vocabulary terms found (equal to query terms, or extending them in the deep tier). */
  found: Set<string>;
  /** The field that contributed most: what the hit shows. */
  field: MetaField;
}

/** Query term → the vocabulary terms it matches in `vocabulary` with their weights (itself, plus prefix extensions when relaxed). */
export function variantsOf(term: string, relaxed: boolean, startingWith: (prefix: string) => string[]): [string, number][] {
  if (!relaxed || term.length < PREFIX_MIN_CHARS) return [[term, 1]];
  return startingWith(term).map((t) => [t, t === term ? 1 : PREFIX_WEIGHT]);
}

export function matchCatalog(index: CatalogIndex, queryTerms: string[], accept: (meta: CatalogMeta) => boolean, relaxed: boolean): MetaMatch[] {
  const perSlot = new Map<number, Map<string, { weight: number; field: MetaField; variant: string }>>();
  for (const term of queryTerms) {
    for (const field of META_FIELDS) {
      const fieldIndex = index.fields[field];
      for (const [variant, variantWeight] of variantsOf(term, relaxed, (p) => fieldIndex.termsStartingWith(p))) {
        const docs = fieldIndex.matches(variant);
        if (docs.length === 0) continue;
        const weight = FIELD_WEIGHTS[field] * bm25Idf(index.size, docs.length) * variantWeight;
        for (const { doc } of docs) {
          let best = perSlot.get(doc);
          if (!best) perSlot.set(doc, (best = new Map()));
          const current = best.get(term);
          if (!current || current.weight < weight) best.set(term, { weight, field, variant });
        }
      }
    }
  }
  const out: MetaMatch[] = [];
  for (const [slot, best] of perSlot) {
    const meta = index.at(slot);
    if (!meta || !accept(meta)) continue;
    const byField = new Map<MetaField, number>();
    let score = 0;
    for (const { weight, field } of best.values()) {
      score += weight;
      byField.set(field, (byField.get(field) ?? 0) + weight);
    }
    let field: MetaField = META_FIELDS[0];
    let top = -1;
    for (const f of META_FIELDS) {
      const w = byField.get(f) ?? -1;
      if (w > top) [field, top] = [f, w];
    }
    out.push({ meta, score, matched: new Set(best.keys()), found: new Set([...best.values()].map((b) => b.variant)), field });
  }
  return out;
}

/** What a metadata hit shows: the title, the id, the branch, the matching paths or the matching headings. */
export function metaSnippet(match: MetaMatch): string {
  const isMatch = (text: string) => terms(text).some((t) => match.found.has(t));
  switch (match.field) {
    case "title":
    case "id":
    case "branch":
      return clip(fieldText(match.meta, match.field));
    case "paths":
      return clip((match.meta.paths ?? []).filter(isMatch).join(", "));
    case "headings":
      return clip(match.meta.headings.filter(isMatch).map((h) => `## ${h}`).join(" · "));
    default: {
      const unknown: never = match.field;
      throw new Error(`unknown metadata field ${String(unknown)}`);
    }
  }
}
