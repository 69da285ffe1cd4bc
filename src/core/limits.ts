// Size limits on inputs, enforced before anything is written (stated in the README).
import { errors } from "./errors.js";

export const LIMITS = {
  idLength: 64,
  titleChars: 200,
  summaryChars: 32_000,
  sectionChars: 16_000,
  systemContextChars: 8_000,
  reasonChars: 2_000,
  pathsCount: 100,
  pathChars: 500,
  relatedCount: 50,
  /** A thread file larger than this is reported as damaged instead of being read. */
  threadFileBytes: 1_000_000,
  /** Item files per section folder of a thread (format 2): more is reported as damaged instead of being read. */
  sectionItems: 1_000,
  /** An item file larger than this is reported as damaged instead of being read. */
  itemFileBytes: 100_000,
  /** Entries directly in a thread folder (thread.md, the section, paths and related folders, anything left beside them). */
  threadFolderEntries: 64,
  /** A local state file larger than this is set aside instead of being parsed. */
  localStateBytes: 4_000_000,
} as const;

const fmt = (n: number) => n.toLocaleString("en-US");

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses text over `max` characters, and text a UTF-8 file cannot hold exactly (a lone UTF-16 surrogate). */
export function checkLength(what: string, value: string, max: number): void {
  if (value.length > max) {
    throw errors.invalid(`${what} is too long: ${fmt(value.length)} characters (limit ${fmt(max)}).`);
  }
  if (LONE_SURROGATE.test(value)) {
    throw errors.invalid(`${what} contains a lone UTF-16 surrogate (broken Unicode text), which cannot be stored: fix the text.`);
  }
}

export function checkNotBlank(what: string, value: string): void {
  if (value.trim() === "") throw errors.invalid(`${what} must not be empty.`);
}
