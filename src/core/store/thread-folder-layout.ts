// Where a thread folder (format 2) keeps its files, by name only: no YAML and no node:crypto, so that the hooks' conflict-marker sweep lists folders by the same rules as the reader.
import { LIMITS } from "../limits.js";
import { SECTION_KEYS, type SectionKey } from "../types.js";

export const HEAD_FILE = "thread.md";
/**
 * The member sets: `paths/`, `related/`, and `removed/`, the item files moved from a format-1 file (see item-keys.ts) that
 * a write changed or removed: every clone that migrates that file writes those same files, so a branch that migrated it
 * on its own would bring them back in a merge; named here, they stay out of the thread.
 */
export const SET_DIRS = ["paths", "related", "removed"] as const;
export type SetDir = (typeof SET_DIRS)[number];
/** The folders a thread folder may hold, in a fixed order: the five sections, then the member sets. */
export const FOLDER_SUBDIRS: readonly (SectionKey | SetDir)[] = [...SECTION_KEYS, ...SET_DIRS];

/** `<fraction>-<4 base-36 chars>`: the fraction never ends in 0, so no two fractions are equal numbers (see item-keys.ts). */
const ITEM_KEY = /^([0-9a-z]*[1-9a-z])-([0-9a-z]{4})$/;

export function isItemKey(name: string): boolean {
  return ITEM_KEY.test(name);
}

/** The fraction part of a key ("" for none: the lower end). */
export function fractionOf(key: string): string {
  return ITEM_KEY.exec(key)?.[1] ?? "";
}

export function isSectionDir(name: string): name is SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(name);
}

export function isSetDir(name: string): name is SetDir {
  return (SET_DIRS as readonly string[]).includes(name);
}

/** `<key>.md` with a valid item key: the only names a section folder may hold. */
export function isItemFileName(name: string): boolean {
  return name.endsWith(".md") && isItemKey(name.slice(0, -3));
}

/** At most this many entries in one of a thread folder's folders: more is reported as damaged instead of being read. */
export function subdirEntryLimit(dir: SectionKey | SetDir): number {
  if (dir === "paths") return LIMITS.pathsCount * 4;
  if (dir === "related") return LIMITS.relatedCount * 4;
  if (dir === "removed") return LIMITS.sectionItems * SECTION_KEYS.length;
  return LIMITS.sectionItems;
}

/** The largest file of a thread folder that is read, by where it is (the head, an item, a member). */
export function folderFileBytes(dir: SectionKey | SetDir | null): number {
  if (dir === null) return LIMITS.threadFileBytes;
  return isSetDir(dir) ? LIMITS.pathChars * 4 + 16 : LIMITS.itemFileBytes;
}
