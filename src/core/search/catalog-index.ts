// The overview tier's in-memory index: each thread's id, title, branch, paths and section headings as terms, per field.
import type { CatalogMeta } from "./index-entries.js";
import { Scratch } from "./scratch.js";
import { TermIndex } from "./term-index.js";
import { terms } from "./text-terms.js";

export const META_FIELDS = ["title", "id", "headings", "paths", "branch"] as const;
export type MetaField = (typeof META_FIELDS)[number];

/** The text of one metadata field of a thread. */
export function fieldText(meta: CatalogMeta, field: MetaField): string {
  switch (field) {
    case "title":
      return meta.title;
    case "id":
      return meta.id;
    case "headings":
      return meta.headings.join("\n");
    case "paths":
      return (meta.paths ?? []).join("\n");
    case "branch":
      return meta.branch ?? "";
    default: {
      const unknown: never = field;
      throw new Error(`unknown metadata field ${String(unknown)}`);
    }
  }
}

/** Threads are numbered by slot (never reused: a changed thread gets a fresh slot) so that matching runs over arrays. */
export class CatalogIndex {
  readonly scratch = new Scratch();
  readonly fields: Record<MetaField, TermIndex> = {
    title: new TermIndex(),
    id: new TermIndex(),
    headings: new TermIndex(),
    paths: new TermIndex(),
    branch: new TermIndex(),
  };
  private slots = new Map<string, number>();
  private metas: (CatalogMeta | undefined)[] = [];

  /** Live threads. */
  get size(): number {
    return this.slots.size;
  }

  /** Slots ever given out (the length of per-slot arrays). */
  get slotCount(): number {
    return this.metas.length;
  }

  put(meta: CatalogMeta): void {
    this.delete(meta.id);
    const slot = this.metas.length;
    this.metas.push(meta);
    this.slots.set(meta.id, slot);
    for (const field of META_FIELDS) this.fields[field].add(slot, terms(fieldText(meta, field)));
  }

  delete(threadId: string): void {
    const slot = this.slots.get(threadId);
    if (slot === undefined) return;
    this.slots.delete(threadId);
    this.metas[slot] = undefined;
    for (const field of META_FIELDS) this.fields[field].remove(slot);
  }

  /** Every live thread's metadata (read-only: the index keeps these objects). */
  *live(): IterableIterator<CatalogMeta> {
    for (const slot of this.slots.values()) {
      const meta = this.metas[slot];
      if (meta !== undefined) yield meta;
    }
  }

  at(slot: number): CatalogMeta | undefined {
    return this.metas[slot];
  }

  /** The live slot of a thread, -1 when it is not in the catalog. */
  slotOf(threadId: string): number {
    return this.slots.get(threadId) ?? -1;
  }
}
