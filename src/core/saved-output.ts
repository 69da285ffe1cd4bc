// The full text Claude Code saved for a `<persisted-output>` preview: the file the block names, and reading it (bounded).
// node:fs only: the hook entry bundles this (no node:crypto, no yaml).
import { readFileSync, statSync } from "node:fs";
import type { HookContextRecord } from "../transcript/types.js";

/** Claude Code's `<persisted-output>` block names the file that holds the full text it did not deliver. */
const SAVED_TO = /Full output saved to: ([^\n]+)\n/;
/** Bound on what is read: a ThreadMind context is about 10,000 characters, so a larger saved output is not one of ours. */
const SAVED_MAX_BYTES = 1024 * 1024;

/** The file a `<persisted-output>` preview names (in its first content string); null when the record is no preview or names none. */
export function savedOutputPathOf(record: Pick<HookContextRecord, "content" | "isPersistedOutputPreview">): string | null {
  if (!record.isPersistedOutputPreview) return null;
  return SAVED_TO.exec(record.content[0] ?? "")?.[1]?.trim() ?? null;
}

/**
 * The saved full text at `path`; null when there is no such file (any more: deleted with the session's folder) or it is
 * too large to be ours. Any other error is a real problem, thrown for the caller to report.
 */
export function readSavedOutput(path: string): string | null {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (e) {
    if (e instanceof Error && "code" in e && (e.code === "ENOENT" || e.code === "ENOTDIR")) return null;
    throw e;
  }
  return size > SAVED_MAX_BYTES ? null : readFileSync(path, "utf8");
}
