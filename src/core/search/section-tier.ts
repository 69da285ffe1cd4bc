// Tiers 2 and 3 (lookup, deep): BM25 over summary sections, weighted by section (a Decisions match outranks a State match).
import type { BodyIndex } from "./body-index.js";
import type { BodyDoc } from "./index-entries.js";
import { variantsOf } from "./overview-tier.js";
import { snippetOf } from "./snippet.js";
import { bm25Idf, bm25Term } from "./term-index.js";

/** How much the other matching sections of a thread add to its best section's score. */
export const OTHER_SECTIONS_SHARE = 0.25;

export interface SectionMatch {
  threadId: string;
  score: number;
  /** Bit i set: query term i was found in one of the thread's sections. */
  mask: number;
  /** The best-scoring section: what the hit shows. */
  best: BodyDoc;
}

/** Scores every section containing a query term (threads refused by `acceptThread` are skipped), then groups by thread. */
export function matchSections(index: BodyIndex, queryTerms: string[], acceptThread: (threadId: string) => boolean, relaxed: boolean): SectionMatch[] {
  const ti = index.terms;
  const docs = index.docCount;
  const scores = new Float64Array(docs);
  const masks = new Uint32Array(docs);
  const touched: number[] = [];
  const verdict = new Uint8Array(index.threadIds.length); // 0 not asked yet, 1 accepted, 2 refused
  const averageLength = ti.averageLength;
  queryTerms.forEach((term, qi) => {
    for (const [variant, variantWeight] of variantsOf(term, relaxed, (p) => ti.termsStartingWith(p))) {
      const list = ti.postings(variant);
      if (!list) continue;
      const idf = bm25Idf(ti.size, ti.documentFrequency(list));
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i]!;
        if (!ti.isLive(doc)) continue;
        const threadNo = index.docThread[doc]!;
        if (verdict[threadNo] === 0) verdict[threadNo] = acceptThread(index.threadIds[threadNo]!) ? 1 : 2;
        if (verdict[threadNo] === 2) continue;
        if (masks[doc] === 0) touched.push(doc);
        scores[doc] = scores[doc]! + bm25Term(idf, list[i + 1]!, ti.length(doc), averageLength) * variantWeight * index.docWeight[doc]!;
        masks[doc] = masks[doc]! | (1 << qi);
      }
    }
  });
  const threads = index.threadIds.length;
  const bestScore = new Float64Array(threads);
  const bestDoc = new Int32Array(threads).fill(-1);
  const sum = new Float64Array(threads);
  const threadMask = new Uint32Array(threads);
  const touchedThreads: number[] = [];
  for (const doc of touched) {
    const t = index.docThread[doc]!;
    if (bestDoc[t] === -1) touchedThreads.push(t);
    sum[t] = sum[t]! + scores[doc]!;
    threadMask[t] = threadMask[t]! | masks[doc]!;
    if (bestDoc[t] === -1 || scores[doc]! > bestScore[t]!) {
      bestScore[t] = scores[doc]!;
      bestDoc[t] = doc;
    }
  }
  return touchedThreads.map((t) => ({
    threadId: index.threadIds[t]!,
    score: bestScore[t]! + OTHER_SECTIONS_SHARE * (sum[t]! - bestScore[t]!),
    mask: threadMask[t]!,
    best: index.doc(bestDoc[t]!)!,
  }));
}

export function sectionSnippet(match: SectionMatch, isMatch: (term: string) => boolean): string {
  return snippetOf(match.best.text, isMatch);
}
