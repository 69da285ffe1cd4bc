// Three-way merge of a set (a list whose order does not matter): what both sides kept, then what each side added.

export interface SetMerge<T> {
  /** Base items both sides kept, in base order. */
  kept: T[];
  /** Ours' items not in the base. */
  addedOurs: T[];
  /** Theirs' items in neither the base nor ours. */
  addedTheirs: T[];
  /** How many base items neither side kept. */
  removedByBoth: number;
}

/** The parts of a set's three-way merge, items compared by `key` (duplicates within a side are left as they are). */
export function mergeSet<T>(base: readonly T[], ours: readonly T[], theirs: readonly T[], key: (item: T) => string): SetMerge<T> {
  const [b, o, t] = [new Set(base.map(key)), new Set(ours.map(key)), new Set(theirs.map(key))];
  let removedByBoth = 0;
  const kept: T[] = [];
  for (const x of base) {
    const k = key(x);
    if (o.has(k) && t.has(k)) kept.push(x);
    else if (!o.has(k) && !t.has(k)) removedByBoth++;
  }
  return {
    kept,
    addedOurs: ours.filter((x) => !b.has(key(x))),
    addedTheirs: theirs.filter((x) => !b.has(key(x)) && !o.has(key(x))),
    removedByBoth,
  };
}
