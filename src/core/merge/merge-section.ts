// Merges one summary section: list items as a set (additions of both sides kept, removals applied), prose line by line.
import { FenceTracker } from "../store/summary-sections.js";
import { appendAll, diff3 } from "./diff3.js";
import { mergeSet } from "./merge-set.js";
import { conflictLines } from "./merge-text.js";

/** A bullet item with its continuation lines, or one line of prose (a blank line, a fence, a sentence). */
interface Unit {
  lines: string[];
  item: boolean;
  /** What two units are compared by: the lines without trailing spaces. */
  key: string;
}

const BULLET = /^([-*+]|\d{1,9}[.)])[ \t]/;

function unit(lines: string[], item: boolean): Unit {
  return { lines, item, key: lines.map((l) => l.trimEnd()).join("\n") };
}

/** A section body cut into units: an item runs over the indented lines that follow it; fenced blocks are prose. */
export function unitsOf(body: string): Unit[] {
  if (body === "") return [];
  const units: Unit[] = [];
  const fences = new FenceTracker();
  let current: string[] | null = null;
  const flush = () => {
    if (current !== null) units.push(unit(current, true));
    current = null;
  };
  for (const line of body.split("\n")) {
    if (!fences.outside(line)) {
      flush();
      units.push(unit([line], false));
      continue;
    }
    if (BULLET.test(line)) {
      flush();
      current = [line];
    } else if (current !== null && line.trim() !== "" && /^\s/.test(line)) current.push(line);
    else {
      flush();
      units.push(unit([line], false));
    }
  }
  flush();
  return units;
}

const sameUnit = (a: Unit, b: Unit) => a.key === b.key;
const isBlank = (u: Unit) => !u.item && u.key.trim() === "";

/**
 * A stretch of list items changed on both sides, as a set: base items neither side removed (base order), then ours'
 * additions, then theirs'. Null when it is a real conflict: prose involved, or one item replaced differently on each side.
 */
function mergeItemSets(base: Unit[], ours: Unit[], theirs: Unit[]): Unit[] | null {
  if (![...base, ...ours, ...theirs].every((u) => u.item || isBlank(u))) return null;
  const items = (l: Unit[]) => l.filter((u) => u.item);
  const { kept, addedOurs, addedTheirs, removedByBoth } = mergeSet(items(base), items(ours), items(theirs), (u) => u.key);
  if (removedByBoth > 0 && addedOurs.length > 0 && addedTheirs.length > 0) return null;
  return [...kept, ...addedOurs, ...addedTheirs];
}

/** How many times each item occurs in the base: that many copies of it stay. */
function itemCounts(base: Unit[]): Map<string, number> {
  const allowed = new Map<string, number>();
  for (const u of base) if (u.item) allowed.set(u.key, (allowed.get(u.key) ?? 0) + 1);
  return allowed;
}

/** Items added on a side that an earlier item already says are dropped (base duplicates stay, `allowed` counts them). */
function dropAddedDuplicates(units: Unit[], allowed: Map<string, number>): Unit[] {
  const seen = new Map<string, number>();
  return units.filter((u) => {
    if (!u.item) return true;
    const n = (seen.get(u.key) ?? 0) + 1;
    seen.set(u.key, n);
    return n <= Math.max(1, allowed.get(u.key) ?? 0);
  });
}

/**
 * Base items a side removed, which the merge must not bring back: diff3 sees an item the other side moved (a reordered
 * list) as removed there and added elsewhere, and would keep that "addition".
 */
function removedItems(base: Unit[], ours: Unit[], theirs: Unit[]): Set<string> {
  const keys = (l: Unit[]) => new Set(l.filter((u) => u.item).map((u) => u.key));
  const [o, t] = [keys(ours), keys(theirs)];
  return new Set([...keys(base)].filter((k) => !o.has(k) || !t.has(k)));
}

/** Three-way merge of one section's body; `conflicted` when it holds conflict markers. */
export function mergeSectionBody(base: string, ours: string, theirs: string): { text: string; conflicted: boolean } {
  if (ours === theirs || base === theirs) return { text: ours, conflicted: false };
  if (base === ours) return { text: theirs, conflicted: false };
  const [b, o, t] = [unitsOf(base), unitsOf(ours), unitsOf(theirs)];
  const removed = removedItems(b, o, t);
  const allowed = itemCounts(b);
  const chunks = diff3(b, o, t, sameUnit);
  const out: Unit[] = [];
  const lines: string[] = [];
  let conflicted = false;
  const flush = () => {
    const kept = out.splice(0).filter((u) => !(u.item && removed.has(u.key)));
    for (const u of dropAddedDuplicates(kept, allowed)) appendAll(lines, u.lines);
  };
  for (const c of chunks) {
    if (c.kind === "ok") {
      appendAll(out, c.items);
      continue;
    }
    const merged = mergeItemSets(c.base, c.ours, c.theirs);
    if (merged !== null) {
      appendAll(out, merged);
      continue;
    }
    flush();
    conflicted = true;
    appendAll(
      lines,
      conflictLines(
        c.ours.flatMap((u) => u.lines),
        c.theirs.flatMap((u) => u.lines),
      ),
    );
  }
  flush();
  return { text: lines.join("\n"), conflicted };
}
