// Tiers 2 and 3 (lookup, deep): BM25 over summary sections, weighted by section (a Decisions match outranks a State match).
import type { BodyIndex } from "./body-index.js";
import type { BodyDoc } from "./index-entries.js";
import { variantsOf } from "./overview-tier.js";
import { snippetOf } from "./snippet.js";
import { BM25, bm25Idf } from "./term-index.js";
import { ThreadVerdicts } from "./thread-verdicts.js";

/** How much the other matching sections of a thread add to its best section's score. */
export const OTHER_SECTIONS_SHARE = 0.25;

export interface SectionMatch {
  /** The thread's number in the body index (`BodyIndex.threadIds`). */
  threadNo: number;
  score: number;
  /** Bit i set: query term i was found in one of the thread's sections. */
  mask: number;
  /** The best-scoring section: what the hit shows. */
  best: BodyDoc;
}

/** Scores every section containing a query term (threads refused by `acceptThread` are skipped), then groups by thread. */
export function matchSections(
  index: BodyIndex,
  queryTerms: string[],
  acceptThread: (threadNo: number) => boolean,
  relaxed: boolean,
): SectionMatch[] {
  const ti = index.terms;
  const scores = index.scratch.floats("doc-score", index.docCount);
  const masks = index.scratch.uints("doc-mask", index.docCount);
  const threads = index.threadIds.length;
  const verdicts = new ThreadVerdicts(index.scratch, "verdict", threads, acceptThread);
  const touched: number[] = [];
  const norms = ti.norms();
  const tfBoost = BM25.k1 + 1;
  queryTerms.forEach((term, qi) => {
    for (const [variant, variantWeight] of variantsOf(term, relaxed, (p) => ti.termsStartingWith(p))) {
      const list = ti.postings(variant);
      if (!list) continue;
      const factor = bm25Idf(ti.size, ti.documentFrequency(list)) * tfBoost * variantWeight;
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i]!;
        const norm = norms[doc]!;
        if (Number.isNaN(norm)) continue; // removed
        if (!verdicts.accepts(index.docThread[doc]!)) continue;
        if (masks[doc] === 0) touched.push(doc);
        const tf = list[i + 1]!;
        // BM25: idf · tf·(k1+1) / (tf + k1·(1 − b + b·len/avg)), times the section's weight.
        scores[doc] = scores[doc]! + ((factor * tf) / (tf + norm)) * index.docWeight[doc]!;
        masks[doc] = masks[doc]! | (1 << qi);
      }
    }
  });
  verdicts.clear();
  const bestScore = index.scratch.floats("thread-best", threads);
  const sum = index.scratch.floats("thread-sum", threads);
  const threadMask = index.scratch.uints("thread-mask", threads);
  const bestDoc = index.scratch.uints("thread-best-doc", threads); // doc + 1; 0 = none yet
  const touchedThreads: number[] = [];
  for (const doc of touched) {
    const t = index.docThread[doc]!;
    if (bestDoc[t] === 0) touchedThreads.push(t);
    sum[t] = sum[t]! + scores[doc]!;
    threadMask[t] = threadMask[t]! | masks[doc]!;
    if (bestDoc[t] === 0 || scores[doc]! > bestScore[t]!) {
      bestScore[t] = scores[doc]!;
      bestDoc[t] = doc + 1;
    }
    scores[doc] = 0;
    masks[doc] = 0;
  }
  const out: SectionMatch[] = [];
  for (const t of touchedThreads) {
    out.push({
      threadNo: t,
      score: bestScore[t]! + OTHER_SECTIONS_SHARE * (sum[t]! - bestScore[t]!),
      mask: threadMask[t]!,
      best: index.doc(bestDoc[t]! - 1)!,
    });
    bestScore[t] = 0;
    sum[t] = 0;
    threadMask[t] = 0;
    bestDoc[t] = 0;
  }
  return out;
}

export function sectionSnippet(match: SectionMatch, isMatch: (term: string) => boolean): string {
  return snippetOf(match.best.text, isMatch);
}
