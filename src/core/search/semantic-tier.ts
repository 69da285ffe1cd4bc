// Tier 3 (semantic): sections ranked by similarity of meaning to the query (SIF-weighted word vectors, cosine).
import type { BodyIndex } from "./body-index.js";
import type { BodyDoc } from "./index-entries.js";
import { dot, embedTerms, embedText } from "./section-vectors.js";
import { clip } from "./snippet.js";
import { bm25Idf } from "./term-index.js";
import { ThreadVerdicts } from "./thread-verdicts.js";
import type { WordVectors } from "./word-vectors.js";

/** How much of a section's weight (Decisions 1.6 … State 0.8) applies to its similarity: a tie-breaker, not a ranking. */
export const SEMANTIC_SECTION_SHARE = 0.25;
/** A thread less similar than this is not a semantic hit at all. */
export const SEMANTIC_MIN_SIMILARITY = 0.35;
/** A semantic hit at least this similar counts as strong (the tier is weak with fewer than min(limit, 3) of them). */
export const SEMANTIC_STRONG_SIMILARITY = 0.5;

export interface MeaningMatch {
  threadNo: number;
  /** Cosine similarity of the best section, times its share of the section weight. */
  similarity: number;
  best: BodyDoc;
}

/**
 * The query's vector: each known term weighted by its SIF weight (rare in English) times its BM25 idf in this project
 * (rare in these threads); null when no query term is in the vocabulary.
 */
export function queryVector(index: BodyIndex, words: WordVectors, queryTerms: string[]): Float32Array | null {
  const ti = index.terms;
  return embedTerms(words, queryTerms, (term, row) => {
    const list = ti.postings(term);
    return words.weight(row) * bm25Idf(ti.size, list ? ti.documentFrequency(list) : 0);
  });
}

/** The `keep` most similar threads (each with its most similar section); threads below SEMANTIC_MIN_SIMILARITY are left out. */
export function matchMeaning(
  index: BodyIndex,
  words: WordVectors,
  query: Float32Array,
  acceptThread: (threadNo: number) => boolean,
  titleOf: (threadNo: number) => string,
  keep: number,
): MeaningMatch[] {
  const vectors = index.sectionVectors(words);
  const data = vectors.data;
  const dims = vectors.dims;
  const threads = index.threadIds.length;
  const best = index.scratch.floats("meaning-best", threads);
  const bestDoc = index.scratch.uints("meaning-doc", threads); // doc + 1; 0 = none yet
  const verdicts = new ThreadVerdicts(index.scratch, "meaning-verdict", threads, acceptThread);
  const end = Math.min(index.docCount, vectors.capacity);
  const known = vectors.knownFlags;
  const docThread = index.docThread;
  for (let doc = 0; doc < end; doc++) {
    if (known[doc] !== 1) continue; // no known word, or removed (delete clears the flag)
    const t = docThread[doc]!;
    if (!verdicts.accepts(t)) continue;
    const sim = dot(data, doc * dims, query, dims) * (1 + SEMANTIC_SECTION_SHARE * (index.docWeight[doc]! - 1));
    if (bestDoc[t] === 0 || sim > best[t]!) {
      best[t] = sim;
      bestDoc[t] = doc + 1;
    }
  }
  const found: number[] = []; // thread numbers above the minimum, their similarity in `best`
  for (const t of verdicts.asked) {
    // The title counts as one more section (of weight 1): it names the topic that the sections' lines leave implicit.
    const accepted = verdicts.accepts(t);
    const title = accepted ? vectors.titleVector(t, () => titleOf(t)) : null;
    const sim = Math.max(best[t]!, title ? dot(title, 0, query, dims) : -Infinity);
    if (accepted && bestDoc[t]! > 0 && sim >= SEMANTIC_MIN_SIMILARITY) {
      best[t] = sim;
      found.push(t);
    } else {
      best[t] = 0;
      bestDoc[t] = 0;
    }
  }
  verdicts.clear();
  let cut = -Infinity;
  if (found.length > keep) cut = Float64Array.from(found, (t) => best[t]!).sort()[found.length - keep]!;
  const out: MeaningMatch[] = [];
  for (const t of found) {
    if (best[t]! >= cut) out.push({ threadNo: t, similarity: best[t]!, best: index.doc(bestDoc[t]! - 1)! });
    best[t] = 0;
    bestDoc[t] = 0;
  }
  return out;
}

/** What a semantic hit shows: the line of its best section closest in meaning to the query. */
export function meaningSnippet(words: WordVectors, doc: BodyDoc, query: Float32Array): string {
  let bestLine = "";
  let bestSim = -Infinity;
  for (const line of doc.text.split("\n")) {
    if (line.trim() === "") continue;
    const v = embedText(words, line);
    const sim = v ? dot(v, 0, query, words.dims) : -1;
    if (sim > bestSim) [bestLine, bestSim] = [line, sim];
  }
  return clip(bestLine);
}
