// An inverted index of terms → (document, term frequency), with removals by tombstone and compaction; documents are numbered by the caller.

export class TermIndex {
  /** term → flat [doc, tf, doc, tf, …] (dead documents are skipped, then compacted away). */
  private postings = new Map<string, number[]>();
  private lengths = new Map<number, number>();
  private deadSince = new Set<number>();
  private totalLength = 0;

  /** Live documents. */
  get size(): number {
    return this.lengths.size;
  }

  get averageLength(): number {
    return this.lengths.size === 0 ? 0 : this.totalLength / this.lengths.size;
  }

  length(doc: number): number {
    return this.lengths.get(doc) ?? 0;
  }

  /** Adds a document (a fresh number: numbers are never reused) with its terms, repeats counting. */
  add(doc: number, terms: readonly string[]): void {
    if (this.lengths.has(doc) || this.deadSince.has(doc)) throw new Error(`TermIndex: document ${doc} was already added`);
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [term, n] of tf) {
      const list = this.postings.get(term);
      if (list) list.push(doc, n);
      else this.postings.set(term, [doc, n]);
    }
    this.lengths.set(doc, terms.length);
    this.totalLength += terms.length;
  }

  remove(doc: number): void {
    const len = this.lengths.get(doc);
    if (len === undefined) return;
    this.lengths.delete(doc);
    this.totalLength -= len;
    this.deadSince.add(doc);
    if (this.deadSince.size > 256 && this.deadSince.size > this.lengths.size / 4) this.compact();
  }

  /** Live documents containing `term`, with the term's frequency in each. */
  matches(term: string): { doc: number; tf: number }[] {
    const list = this.postings.get(term);
    if (!list) return [];
    const out: { doc: number; tf: number }[] = [];
    for (let i = 0; i < list.length; i += 2) {
      const doc = list[i]!;
      if (this.lengths.has(doc)) out.push({ doc, tf: list[i + 1]! });
    }
    return out;
  }

  /** Every term of the vocabulary that starts with `prefix` (itself included when present). */
  termsStartingWith(prefix: string): string[] {
    const out: string[] = [];
    for (const term of this.postings.keys()) if (term.startsWith(prefix)) out.push(term);
    return out;
  }

  private compact(): void {
    for (const [term, list] of this.postings) {
      const kept: number[] = [];
      for (let i = 0; i < list.length; i += 2) if (this.lengths.has(list[i]!)) kept.push(list[i]!, list[i + 1]!);
      if (kept.length === 0) this.postings.delete(term);
      else this.postings.set(term, kept);
    }
    this.deadSince.clear();
  }
}

/** BM25 inverse document frequency (always positive). */
export function bm25Idf(docCount: number, docFrequency: number): number {
  return Math.log(1 + (docCount - docFrequency + 0.5) / (docFrequency + 0.5));
}

export const BM25 = { k1: 1.2, b: 0.75 } as const;

/** The BM25 weight of one term in one document. */
export function bm25Term(idf: number, tf: number, length: number, averageLength: number): number {
  const norm = BM25.k1 * (1 - BM25.b + (BM25.b * length) / (averageLength || 1));
  return (idf * tf * (BM25.k1 + 1)) / (tf + norm);
}
