// A section's text as top-level Markdown blocks (a list item with its continuation lines, a paragraph, a fenced block), and back.
import { FenceTracker } from "./summary-sections.js";

/** A top-level list item: "- ", "* ", "+ " or "1. " / "1) " at the start of the line. */
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

export function isListItem(block: string): boolean {
  return LIST_ITEM.test(block);
}

/**
 * The blocks of a section body, in order, each without surrounding blank lines. A block starts at a top-level list
 * item, or at a line that is not indented after a blank line; indented lines and lines right after a non-blank one
 * continue it (Markdown's lazy continuation); a fenced code block stays whole.
 */
export function splitBlocks(body: string): string[] {
  const blocks: string[][] = [];
  let current: string[] | null = null;
  let blankBefore = true;
  const fences = new FenceTracker();
  for (const raw of body.replace(/\r\n/g, "\n").split("\n")) {
    const line = raw.replace(/[ \t]+$/, "") === "" ? "" : raw;
    const inFence = current !== null && fences.open !== null;
    const outside = fences.outside(line);
    if (inFence) {
      current!.push(line);
      continue;
    }
    if (line === "") {
      blankBefore = true;
      if (current !== null) current.push("");
      continue;
    }
    const indented = /^[ \t]/.test(line);
    const starts = current === null || (!indented && (LIST_ITEM.test(line) || blankBefore)) || (!outside && !indented);
    if (starts) {
      current = [line];
      blocks.push(current);
    } else current!.push(line);
    blankBefore = false;
  }
  return blocks.map((lines) => trimTrailingBlank(lines).join("\n")).filter((b) => b !== "");
}

function trimTrailingBlank(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1] === "") end--;
  return lines.slice(0, end);
}

/**
 * Blocks as one section body: a block that starts a new block by its first line alone (a list item, a fence) follows on
 * the next line; any other after a blank line (without one it would continue the block before it).
 */
export function joinBlocks(blocks: readonly string[]): string {
  let out = "";
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (i > 0) out += isListItem(block) || FENCE_START.test(block) ? "\n" : "\n\n";
    out += block;
  }
  return out;
}

const FENCE_START = /^(```|~~~)/;
