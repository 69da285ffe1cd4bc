// Merges one item file of a thread folder (format 2) edited on both sides: both versions are kept, as two items in the file.
import { parseItem, serializeItem, type ItemFile } from "../store/thread-folder-format.js";
import { mergeLines, type Merged } from "./merge-text.js";

/**
 * Clean when one side left it as it was; otherwise the file holds both sides' blocks (ours first, theirs' new ones after)
 * stamped by the later write: the same item edited two ways shows both versions, nothing is dropped. A side that is not
 * an item file (damaged, or deleted) falls back to the line merge, which marks what conflicts.
 */
export function mergeItemFile(base: string, ours: string, theirs: string): Merged {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const a = itemOrNull(ours);
  const b = itemOrNull(theirs);
  if (a === null || b === null) return mergeLines(base, ours, theirs, "the item");
  const later = b.at > a.at ? b : a;
  const blocks = [...a.blocks, ...b.blocks.filter((x) => !a.blocks.includes(x))];
  const merged: ItemFile = { at: later.at, by: later.by, blocks };
  if (later.commit !== undefined) merged.commit = later.commit;
  return { text: serializeItem(merged), conflicts: [] };
}

function itemOrNull(text: string): ItemFile | null {
  if (text.trim() === "") return null;
  try {
    return parseItem(text);
  } catch {
    return null;
  }
}

/** True for the path of an item file: `…/threads/<project>/<id>/<section>/<key>.md`. */
export function isItemFilePath(path: string): boolean {
  return /(?:^|\/)threads\/[^/]+\/[^/]+\/(?:decisions|constraints|state|open-questions|next-steps)\/[^/]+\.md$/.test(path);
}
