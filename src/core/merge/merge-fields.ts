// Merges two sides' fields (thread frontmatter, project files) key by key against their base: one side's change is
// taken, stamps take the later side, lists named as sets merge as sets, different changes on both sides conflict.
import { mergeSet } from "./merge-set.js";

export interface FieldRules {
  /** Keys in the order they are written; other keys follow in the order the sides have them. */
  order: readonly string[];
  /** Keys that change on every write: never a conflict; the side whose `laterBy` is later wins. */
  stamps: readonly string[];
  laterBy?: string;
  /** Lists merged as sets: base order, then ours' additions, then theirs'; removals applied. */
  sets: readonly string[];
  /** Keys that name when something began (two branches creating the same project): never a conflict, the earlier wins. */
  earliest?: readonly string[];
}

/** A run of merged keys, or one key changed differently on both sides (undefined: absent on that side). */
export type FieldPart =
  | { kind: "clean"; fields: Record<string, unknown> }
  | { kind: "conflict"; key: string; ours: Record<string, unknown>; theirs: Record<string, unknown> };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A list, or absent (an empty set). */
function isList(v: unknown): v is unknown[] | undefined | null {
  return v === undefined || v === null || Array.isArray(v);
}

/** 3-way merge of a list named as a set: base items both sides kept (base order), then ours' additions, then theirs'. */
function mergeList(b: unknown[] | undefined | null, o: unknown[] | undefined | null, t: unknown[] | undefined | null): unknown[] {
  const key = (x: unknown) => JSON.stringify(x);
  const { kept, addedOurs, addedTheirs } = mergeSet(b ?? [], o ?? [], t ?? [], key);
  const merged = new Map<string, unknown>(); // each item once, where it first comes
  for (const x of [...kept, ...addedOurs, ...addedTheirs]) if (!merged.has(key(x))) merged.set(key(x), x);
  return [...merged.values()];
}

/** Later of two stamps: by time when both read as dates, else as text. */
function isLater(a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string") return typeof a === "string";
  const [ta, tb] = [Date.parse(a), Date.parse(b)];
  return Number.isNaN(ta) || Number.isNaN(tb) ? a > b : ta > tb;
}

export function mergeFields(
  base: Record<string, unknown>,
  ours: Record<string, unknown>,
  theirs: Record<string, unknown>,
  rules: FieldRules,
): { parts: FieldPart[]; conflicts: string[] } {
  const keys = new Set<string>(rules.order); // a Set: a frontmatter of many keys is merged in linear time
  for (const side of [ours, theirs, base]) for (const k of Object.keys(side)) keys.add(k);
  const laterIsOurs = rules.laterBy === undefined || !isLater(theirs[rules.laterBy], ours[rules.laterBy]);
  const parts: FieldPart[] = [];
  const conflicts: string[] = [];
  let run: Record<string, unknown> = {};
  // Defined, not assigned: `run["__proto__"] = v` would set the prototype and drop a `__proto__` key from the merge.
  const put = (k: string, v: unknown) => {
    if (v !== undefined) Object.defineProperty(run, k, { value: v, enumerable: true, writable: true, configurable: true });
  };
  for (const k of keys) {
    const [b, o, t] = [base[k], ours[k], theirs[k]];
    if (same(o, t) || same(b, t)) put(k, o);
    else if (same(b, o)) put(k, t);
    else if (rules.stamps.includes(k)) put(k, laterIsOurs ? o : t);
    else if (rules.earliest?.includes(k) === true && o !== undefined && t !== undefined) put(k, isLater(o, t) ? t : o);
    else if (rules.sets.includes(k) && isList(b) && isList(o) && isList(t)) {
      const merged = mergeList(b, o, t);
      put(k, merged.length === 0 && (o === undefined || t === undefined) ? undefined : merged);
    } else {
      conflicts.push(k);
      if (Object.keys(run).length > 0) parts.push({ kind: "clean", fields: run });
      run = {};
      parts.push({
        kind: "conflict",
        key: k,
        ours: o === undefined ? {} : { [k]: o },
        theirs: t === undefined ? {} : { [k]: t },
      });
    }
  }
  if (Object.keys(run).length > 0) parts.push({ kind: "clean", fields: run });
  return { parts, conflicts };
}
