// Three-way merge of sequences (lines or list items): an LCS diff of each side against the base, then diff3's chunks.

/** One stretch of the merge: unchanged or taken from one side, or changed differently on both sides. */
export type Chunk<T> = { kind: "ok"; items: T[] } | { kind: "conflict"; base: T[]; ours: T[]; theirs: T[] };

/** Past this many cells, the middle of two sequences is compared as one changed block (bounded time and memory). */
const LCS_CELL_LIMIT = 4_000_000;

/** Appends `items` to `target` one by one: `push(...items)` passes them as arguments and overflows the stack on a large list. */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/** For each index of `a`, the index of `b` it is matched to by a longest common subsequence, or -1. */
export function matchLcs<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): Int32Array {
  const map = new Int32Array(a.length).fill(-1);
  let start = 0;
  while (start < a.length && start < b.length && same(a[start]!, b[start]!)) {
    map[start] = start;
    start++;
  }
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && same(a[endA - 1]!, b[endB - 1]!)) {
    endA--;
    endB--;
    map[endA] = endB;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0 || n * m > LCS_CELL_LIMIT) return map;
  // lengths[i][j]: LCS length of a[start+i..endA) and b[start+j..endB); walked forwards to read the matches.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] = same(a[start + i]!, b[start + j]!)
        ? lengths[(i + 1) * width + j + 1]! + 1
        : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(a[start + i]!, b[start + j]!)) {
      map[start + i] = start + j;
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) i++;
    else j++;
  }
  return map;
}

/**
 * diff3: stretches where the base is matched on both sides are kept; between them, a stretch changed on one side only
 * takes that side, the same change on both sides is taken once, different changes are a conflict chunk.
 */
export function diff3<T>(
  base: readonly T[],
  ours: readonly T[],
  theirs: readonly T[],
  same: (x: T, y: T) => boolean,
): Chunk<T>[] {
  const toOurs = matchLcs(base, ours, same);
  const toTheirs = matchLcs(base, theirs, same);
  const chunks: Chunk<T>[] = [];
  const push = (items: T[]) => {
    if (items.length === 0) return;
    const last = chunks[chunks.length - 1];
    if (last?.kind === "ok") appendAll(last.items, items);
    else chunks.push({ kind: "ok", items });
  };
  const equal = (x: readonly T[], y: readonly T[]) => x.length === y.length && x.every((v, k) => same(v, y[k]!));
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < base.length || j < ours.length || k < theirs.length) {
    if (i < base.length && toOurs[i] === j && toTheirs[i] === k) {
      push([base[i]!]);
      i++;
      j++;
      k++;
      continue;
    }
    // The next base item matched on both sides (matches only move forwards), or the ends.
    let o = i;
    while (o < base.length && (toOurs[o] === -1 || toTheirs[o] === -1)) o++;
    const endOurs = o < base.length ? toOurs[o]! : ours.length;
    const endTheirs = o < base.length ? toTheirs[o]! : theirs.length;
    const b = base.slice(i, o);
    const x = ours.slice(j, endOurs);
    const y = theirs.slice(k, endTheirs);
    if (equal(x, b)) push(y);
    else if (equal(y, b) || equal(x, y)) push(x);
    else {
      const disjoint = applyDisjoint(base, i, o, [
        hunks(i, o, j, endOurs, toOurs, ours),
        hunks(i, o, k, endTheirs, toTheirs, theirs),
      ]);
      if (disjoint !== null) push(disjoint);
      else chunks.push({ kind: "conflict", base: b, ours: x, theirs: y });
    }
    i = o;
    j = endOurs;
    k = endTheirs;
  }
  return chunks;
}

/** One side's change to the base: base[start..end) replaced by `items` (an insertion when start === end). */
interface Hunk<T> {
  start: number;
  end: number;
  items: T[];
}

/** A side's hunks over base[from..to), from its matches (`toSide`), its items side[sideFrom..sideTo). */
function hunks<T>(from: number, to: number, sideFrom: number, sideTo: number, toSide: Int32Array, side: readonly T[]): Hunk<T>[] {
  const out: Hunk<T>[] = [];
  let i = from;
  let j = sideFrom;
  while (i < to) {
    if (toSide[i] === j) {
      i++;
      j++;
      continue;
    }
    let e = i;
    while (e < to && toSide[e] === -1) e++;
    const sideEnd = e < to ? toSide[e]! : sideTo;
    out.push({ start: i, end: e, items: side.slice(j, sideEnd) });
    i = e;
    j = sideEnd;
  }
  if (j < sideTo) out.push({ start: to, end: to, items: side.slice(j, sideTo) });
  return out;
}

/** Whether two hunks of different sides touch the same base items (an insertion inside the other's change does). */
function touches<T>(x: Hunk<T>, y: Hunk<T>): boolean {
  const bothInsert = x.start === x.end && y.start === y.end && x.start === y.start;
  const overlap = x.start < y.end && y.start < x.end;
  const insideX = y.start === y.end && y.start > x.start && y.start < x.end;
  const insideY = x.start === x.end && x.start > y.start && x.start < y.end;
  return bothInsert || overlap || insideX || insideY;
}

/**
 * Both sides' changes applied to base[from..to) when no two of them touch the same base items (an insertion next to the
 * other side's change does not touch it); null when they do. One sweep over both sides' hunks (each side's are in base
 * order with a matched item between two of them), so linear: the hunk that ends first cannot touch any later one.
 */
function applyDisjoint<T>(base: readonly T[], from: number, to: number, sides: [Hunk<T>[], Hunk<T>[]]): T[] | null {
  const [a, b] = sides;
  for (let p = 0, q = 0; p < a.length && q < b.length; ) {
    if (touches(a[p]!, b[q]!)) return null;
    if (a[p]!.end <= b[q]!.end) p++;
    else q++;
  }
  const all = [...a, ...b].sort((x, y) => x.start - y.start || x.end - y.end);
  const out: T[] = [];
  let i = from;
  for (const h of all) {
    for (let k = i; k < h.start; k++) out.push(base[k]!);
    appendAll(out, h.items);
    i = Math.max(i, h.end);
  }
  for (let k = i; k < to; k++) out.push(base[k]!);
  return out;
}
