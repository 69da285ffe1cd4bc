// The semantic tier's per-section vectors: SIF-weighted sums of word vectors, unit length, by document number of the body index.
import { terms } from "./text-terms.js";
import type { WordVectors } from "./word-vectors.js";

/** A text's vector: Σ weight(term) · vector(term) over its known terms (repeats count), normalised; null when no term is known. */
export function embedTerms(
  words: WordVectors,
  termList: readonly string[],
  weightOf?: (term: string, row: number) => number,
): Float32Array | null {
  const out = new Float32Array(words.dims);
  let known = 0;
  for (const t of termList) {
    const row = words.rowOf(t);
    if (row < 0) continue;
    known++;
    words.addTo(out, row, weightOf ? weightOf(t, row) : words.weight(row));
  }
  if (known === 0) return null;
  return normalize(out) ? out : null;
}

export function embedText(words: WordVectors, text: string): Float32Array | null {
  return embedTerms(words, terms(text));
}

function normalize(v: Float32Array): boolean {
  let n = 0;
  for (let d = 0; d < v.length; d++) n += v[d]! * v[d]!;
  if (n === 0) return false;
  const inv = 1 / Math.sqrt(n);
  for (let d = 0; d < v.length; d++) v[d] = v[d]! * inv;
  return true;
}

export function dot(a: Float32Array, aOffset: number, b: Float32Array, dims: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += a[aOffset + d]! * b[d]!;
    s1 += a[aOffset + d + 1]! * b[d + 1]!;
    s2 += a[aOffset + d + 2]! * b[d + 2]!;
    s3 += a[aOffset + d + 3]! * b[d + 3]!;
  }
  for (; d < dims; d++) s0 += a[aOffset + d]! * b[d]!;
  return s0 + s1 + s2 + s3;
}

/** Document vectors in one flat array (document numbers are never reused; a removed document's `known` is 0). */
export class SectionVectors {
  private flat: Float32Array;
  /** doc → 1 when it has a vector. */
  private known: Uint8Array;
  private readonly titles = new Map<number, Float32Array | null>();

  constructor(readonly words: WordVectors) {
    this.flat = new Float32Array(1024 * words.dims);
    this.known = new Uint8Array(1024);
  }

  get dims(): number {
    return this.words.dims;
  }

  get data(): Float32Array {
    return this.flat;
  }

  /** doc → 1 when it has a vector (read-only for scanning). */
  get knownFlags(): Uint8Array {
    return this.known;
  }

  /** Upper bound of document numbers seen. */
  get capacity(): number {
    return this.known.length;
  }

  set(doc: number, text: string): void {
    const v = embedText(this.words, text);
    if (v === null) {
      this.remove(doc);
      return;
    }
    this.grow(doc + 1);
    this.flat.set(v, doc * this.dims);
    this.known[doc] = 1;
  }

  remove(doc: number): void {
    if (doc < this.known.length) this.known[doc] = 0;
  }

  /** A thread's title vector (thread numbers are never reused, so a cached one stays right); null when no word is known. */
  titleVector(threadNo: number, title: () => string): Float32Array | null {
    let v = this.titles.get(threadNo);
    if (v === undefined) {
      v = embedText(this.words, title());
      this.titles.set(threadNo, v);
    }
    return v;
  }

  /** Forgets a replaced or removed thread's title vector. */
  dropTitle(threadNo: number): void {
    this.titles.delete(threadNo);
  }

  private grow(n: number): void {
    if (n <= this.known.length) return;
    const size = Math.max(n, this.known.length * 2);
    const flat = new Float32Array(size * this.dims);
    flat.set(this.flat);
    const known = new Uint8Array(size);
    known.set(this.known);
    this.flat = flat;
    this.known = known;
  }
}
