// Item file names of a thread folder: fractional-index keys (byte order = reading order) plus a random suffix.
//
// Our own ~40 lines rather than the npm fractional-indexing package: its keys mix upper and lower case, which a
// case-insensitive file system (macOS, Windows) would fold together; these use base 36 in lower case only.
import { nodeCrypto } from "../builtin-at-use.js";
import { fractionOf } from "./thread-folder-layout.js";

// The key's shape lives with the folder's layout (no node:crypto there: the hooks' sweep checks names with it).
export { fractionOf, isItemKey } from "./thread-folder-layout.js";

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
const FIRST = "i";

/** A fraction strictly between `a` ("" = 0) and `b` (null = 1); a < b, neither ends in 0. */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? "0") === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const low = a === "" ? 0 : DIGITS.indexOf(a[0]!);
  const high = b === null ? DIGITS.length : DIGITS.indexOf(b[0]!);
  if (high - low > 1) return DIGITS[Math.round((low + high) / 2)]!;
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[low]! + midpoint(a.slice(1), null);
}

/** A fraction after `a`: one step on (short keys for the common case, appending), else the midpoint towards 1. */
function after(a: string): string {
  if (a === "") return FIRST;
  const d = DIGITS.indexOf(a[0]!);
  if (d < DIGITS.length - 1) return DIGITS[d + 1]!;
  return a[0]! + after(a.slice(1));
}

/** A fraction between `a` and `b` (either open: "" / null); equal or inverted bounds (two branches' keys) fall after `a`. */
export function fractionBetween(a: string, b: string | null): string {
  if (b === null) return after(a);
  if (a !== "" && a >= b) return a + FIRST;
  if (a === "" && b === "") return FIRST;
  return midpoint(a, b);
}

/** A new key after the key `before` and before the key `next` (null: the ends); unique by its random suffix. */
export function keyBetween(before: string | null, next: string | null): string {
  return `${between(before, next)}-${suffixOf(nodeCrypto().randomBytes(4))}`;
}

/** A new key at the same place as `key` (same fraction), unique by its random suffix: a file that takes its place. */
export function keyBeside(key: string): string {
  return `${fractionOf(key)}-${suffixOf(nodeCrypto().randomBytes(4))}`;
}

/**
 * The key of the item file `content` between `before` and `next`, its suffix derived from the fraction and the text:
 * two clones that write the same item at the same place (each migrating one format-1 file) write the same file, and a
 * plain-git merge sees one change. `isKeyOfContent` tells such a file from one written since.
 */
export function keyOfContent(before: string | null, next: string | null, content: string): string {
  const fraction = between(before, next);
  return `${fraction}-${contentSuffix(fraction, content)}`;
}

/**
 * The keys of the parts of a moved item file that holds several blocks (a migration writes a section in one file):
 * each part's fraction is the file's followed by a step of its own ("i", "j"… "z", "zi"…), so the parts sort where the
 * file sorts, in its order, before any key after it; each suffix is derived from the part's text, as keyOfContent's.
 * Every clone that splits that file writes the same parts.
 */
export function keysOfParts(key: string, contents: readonly string[]): string[] {
  const base = fractionOf(key);
  let step = "";
  return contents.map((content) => {
    step = after(step);
    const fraction = base + step;
    return `${fraction}-${contentSuffix(fraction, content)}`;
  });
}

/** True when `key` is the key keyOfContent gives `content` at its place. */
export function isKeyOfContent(key: string, content: string): boolean {
  const fraction = fractionOf(key);
  return key === `${fraction}-${contentSuffix(fraction, content)}`;
}

function between(before: string | null, next: string | null): string {
  return fractionBetween(before === null ? "" : fractionOf(before), next === null ? null : fractionOf(next));
}

function contentSuffix(fraction: string, content: string): string {
  return suffixOf(nodeCrypto().createHash("sha1").update(`${fraction}\n${content}`).digest());
}

function suffixOf(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes.subarray(0, 4)) out += DIGITS[b % DIGITS.length];
  return out;
}
