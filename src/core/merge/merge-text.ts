// Line-wise three-way merge of plain text, with git's conflict markers around each stretch changed differently on both sides.
import { appendAll, diff3, type Chunk } from "./diff3.js";

export const MARKER_OURS = "<<<<<<< ours";
export const MARKER_SPLIT = "=======";
export const MARKER_THEIRS = ">>>>>>> theirs";

/** A merged text, and what conflicted (empty when clean). */
export interface Merged {
  text: string;
  conflicts: string[];
}

/** The lines of a conflict: ours, then theirs, between git's standard markers. */
export function conflictLines(ours: readonly string[], theirs: readonly string[]): string[] {
  return [MARKER_OURS, ...ours, MARKER_SPLIT, ...theirs, MARKER_THEIRS];
}

/** Lines of chunks, conflicts written with markers; `conflicts` counts them. */
export function renderChunks(chunks: readonly Chunk<string>[]): { lines: string[]; conflicts: number } {
  const lines: string[] = [];
  let conflicts = 0;
  for (const c of chunks) {
    if (c.kind === "ok") appendAll(lines, c.items);
    else {
      conflicts++;
      appendAll(lines, conflictLines(c.ours, c.theirs));
    }
  }
  return { lines, conflicts };
}

const sameLine = (a: string, b: string) => a === b;

/** Three-way merge of two texts line by line (`what` names the text in the conflict list). */
export function mergeLines(base: string, ours: string, theirs: string, what: string): Merged {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const { lines, conflicts } = renderChunks(diff3(base.split("\n"), ours.split("\n"), theirs.split("\n"), sameLine));
  return { text: lines.join("\n"), conflicts: conflicts > 0 ? [what] : [] };
}
