// The lookup and deep tiers' in-memory index: one BM25 document per summary section (and per closed thread's closing reasons).
import type { BodyDoc, BodyEntry } from "./index-entries.js";
import { TermIndex } from "./term-index.js";
import { terms } from "./text-terms.js";

export interface IndexedDoc {
  threadId: string;
  doc: BodyDoc;
}

export class BodyIndex {
  readonly terms = new TermIndex();
  private docs = new Map<number, IndexedDoc>();
  private slotsOf = new Map<string, number[]>();
  private nextSlot = 0;

  put(threadId: string, entry: BodyEntry): void {
    this.delete(threadId);
    const slots: number[] = [];
    for (const doc of entry.docs) {
      const slot = this.nextSlot++;
      this.docs.set(slot, { threadId, doc });
      this.terms.add(slot, terms(doc.text));
      slots.push(slot);
    }
    this.slotsOf.set(threadId, slots);
  }

  delete(threadId: string): void {
    for (const slot of this.slotsOf.get(threadId) ?? []) {
      this.docs.delete(slot);
      this.terms.remove(slot);
    }
    this.slotsOf.delete(threadId);
  }

  at(slot: number): IndexedDoc | undefined {
    return this.docs.get(slot);
  }
}
