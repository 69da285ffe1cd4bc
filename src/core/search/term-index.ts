// An inverted index of terms → (document, term frequency) in flat arrays; removals by tombstone, then compaction. Documents are numbered by the caller.

export class TermIndex {
  /** term → flat [doc, tf, doc, tf, …]; dead documents are skipped by readers until compaction drops them. */
  private postingLists = new Map<string, number[]>();
  /** doc → number of terms; -1 once removed. */
  private lengths: number[] = [];
  private live = 0;
  private dead = 0;
  private totalLength = 0;
  /** Bumped by every add and remove (the norms cache is valid for one version). */
  private version = 0;
  private normCache: Float64Array | null = null;
  private normVersion = -1;

  /** Live documents. */
  get size(): number {
    return this.live;
  }

  get averageLength(): number {
    return this.live === 0 ? 0 : this.totalLength / this.live;
  }

  isLive(doc: number): boolean {
    const len = this.lengths[doc];
    return len !== undefined && len >= 0;
  }

  /** Adds a document (a fresh number: numbers are never reused) with its terms, repeats counting. */
  add(doc: number, terms: readonly string[]): void {
    if (this.lengths[doc] !== undefined) throw new Error(`TermIndex: document ${doc} was already added`);
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [term, n] of tf) {
      const list = this.postingLists.get(term);
      if (list) list.push(doc, n);
      else this.postingLists.set(term, [doc, n]);
    }
    this.lengths[doc] = terms.length;
    this.version++;
    this.live++;
    this.totalLength += terms.length;
  }

  remove(doc: number): void {
    const len = this.lengths[doc];
    if (len === undefined || len < 0) return;
    this.lengths[doc] = -1;
    this.version++;
    this.live--;
    this.dead++;
    this.totalLength -= len;
    if (this.dead > 256 && this.dead > this.live / 4) this.compact();
  }

  /** The raw posting list of a term: flat [doc, tf, …], dead documents included (check `isLive`). Do not modify. */
  postings(term: string): readonly number[] | undefined {
    return this.postingLists.get(term);
  }

  /** How many live documents contain the term. */
  documentFrequency(list: readonly number[]): number {
    let n = 0;
    for (let i = 0; i < list.length; i += 2) if (this.lengths[list[i]!]! >= 0) n++;
    return n;
  }

  /**
   * Per document the BM25 length normalisation k1·(1 − b + b·len/avg), NaN for removed documents; recomputed only
   * when documents were added or removed since the last call.
   */
  norms(): Float64Array {
    if (this.normCache && this.normVersion === this.version) return this.normCache;
    const avg = this.averageLength || 1;
    const out = new Float64Array(this.lengths.length);
    for (let doc = 0; doc < this.lengths.length; doc++) {
      const len = this.lengths[doc];
      out[doc] = len === undefined || len < 0 ? Number.NaN : BM25.k1 * (1 - BM25.b + (BM25.b * len) / avg);
    }
    this.normCache = out;
    this.normVersion = this.version;
    return out;
  }

  /** Every term of the vocabulary that starts with `prefix` (itself included when present). */
  termsStartingWith(prefix: string): string[] {
    const out: string[] = [];
    for (const term of this.postingLists.keys()) if (term.startsWith(prefix)) out.push(term);
    return out;
  }

  private compact(): void {
    for (const [term, list] of this.postingLists) {
      const kept: number[] = [];
      for (let i = 0; i < list.length; i += 2) if (this.lengths[list[i]!]! >= 0) kept.push(list[i]!, list[i + 1]!);
      if (kept.length === 0) this.postingLists.delete(term);
      else this.postingLists.set(term, kept);
    }
    this.dead = 0;
  }
}

/** BM25 inverse document frequency (always positive). */
export function bm25Idf(docCount: number, docFrequency: number): number {
  return Math.log(1 + (docCount - docFrequency + 0.5) / (docFrequency + 0.5));
}

export const BM25 = { k1: 1.2, b: 0.75 } as const;
