// The lookup and deep tiers' in-memory index: one BM25 document per summary section (and per closed thread's closing reasons).
import type { BodyDoc, BodyEntry } from "./index-entries.js";
import { sectionWeight } from "./section-weights.js";
import { Scratch } from "./scratch.js";
import { SectionVectors } from "./section-vectors.js";
import { TermIndex } from "./term-index.js";
import { terms } from "./text-terms.js";
import type { WordVectors } from "./word-vectors.js";

/**
 * Documents and threads are numbered (never reused: a changed thread gets fresh numbers) so that scoring runs over
 * plain arrays: doc → thread number, doc → section weight.
 */
export class BodyIndex {
  readonly terms = new TermIndex();
  readonly scratch = new Scratch();
  readonly docThread: number[] = [];
  readonly docWeight: number[] = [];
  /** thread number → thread id. */
  readonly threadIds: string[] = [];
  /** thread number → its slot in the catalog index when last resolved (a hint: check it, slots change when a file does). */
  readonly catalogSlot: number[] = [];
  private docs: (BodyDoc | undefined)[] = [];
  /** The semantic tier's section vectors: null until that tier first runs, then kept up to date by put and delete. */
  private vectors: SectionVectors | null = null;
  private current = new Map<string, number[]>();
  private threadNumbers = new Map<string, number>();

  get docCount(): number {
    return this.docs.length;
  }

  put(threadId: string, entry: BodyEntry): void {
    this.delete(threadId);
    const threadNo = this.threadIds.length;
    this.threadIds.push(threadId);
    this.threadNumbers.set(threadId, threadNo);
    this.catalogSlot.push(-1);
    const slots: number[] = [];
    for (const doc of entry.docs) {
      const slot = this.docs.length;
      this.docs.push(doc);
      this.docThread[slot] = threadNo;
      this.docWeight[slot] = sectionWeight(doc);
      this.terms.add(slot, terms(doc.text));
      this.vectors?.set(slot, doc.text);
      slots.push(slot);
    }
    this.current.set(threadId, slots);
  }

  delete(threadId: string): void {
    const threadNo = this.threadNumbers.get(threadId);
    if (threadNo !== undefined) this.vectors?.dropTitle(threadNo);
    this.threadNumbers.delete(threadId);
    for (const slot of this.current.get(threadId) ?? []) {
      this.docs[slot] = undefined;
      this.terms.remove(slot);
      this.vectors?.remove(slot);
    }
    this.current.delete(threadId);
  }

  hasSectionVectors(words: WordVectors): boolean {
    return this.vectors !== null && this.vectors.words === words;
  }

  /** The section vectors, computed for every current section on first call (the semantic tier's first run). */
  sectionVectors(words: WordVectors): SectionVectors {
    if (this.vectors && this.vectors.words === words) return this.vectors;
    const vectors = new SectionVectors(words);
    this.docs.forEach((doc, slot) => {
      if (doc) vectors.set(slot, doc.text);
    });
    this.vectors = vectors;
    return vectors;
  }

  doc(slot: number): BodyDoc | undefined {
    return this.docs[slot];
  }
}
