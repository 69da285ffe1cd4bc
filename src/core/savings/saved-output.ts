// The full text Claude Code saved for a `<persisted-output>` preview: the file the block names, and reading it (bounded).
// The path comes from a transcript, which is untrusted: only a regular file inside Claude Code's folder for that
// session is opened (never a FIFO, a device or a link out of it), without blocking, and at most SAVED_MAX_BYTES read.
// node:fs and node:path only (and error-details.ts, which imports nothing): the hook entry bundles this (no node:crypto, no yaml).
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve, sep } from "node:path";
import type { HookContextRecord } from "../../transcript/types.js";
import { errnoCode } from "../error-details.js";

/** Claude Code's `<persisted-output>` block names the file that holds the full text it did not deliver. */
const SAVED_TO = /Full output saved to: ([^\n]+)\n/;
/** Bound on what is read: a ThreadMind context is about 10,000 characters, so a larger saved output is not one of ours. */
const SAVED_MAX_BYTES = 1024 * 1024;

/** Claude Code keeps a session's files (tool-results/ among them) beside its transcript, in a folder named after it. */
export function sessionFolderOf(transcriptPath: string): string {
  return join(dirname(resolve(transcriptPath)), basename(transcriptPath, ".jsonl"));
}

function inside(path: string, folder: string): boolean {
  return path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}

/**
 * The file a `<persisted-output>` preview names (in its first content string), when it lies inside the session folder of
 * the transcript the record was read from; null when the record is no preview, names none, or names a file elsewhere.
 */
export function savedOutputPathOf(
  record: Pick<HookContextRecord, "content" | "isPersistedOutputPreview">,
  transcriptPath: string,
): string | null {
  if (!record.isPersistedOutputPreview) return null;
  const named = SAVED_TO.exec(record.content[0] ?? "")?.[1]?.trim();
  if (named === undefined || named === "" || !isAbsolute(named)) return null;
  const path = resolve(named);
  return inside(path, sessionFolderOf(transcriptPath)) ? path : null;
}

/** Not there (any more: deleted with the session's folder), or a link where a file should be: not a saved output. */
const ABSENT = new Set(["ENOENT", "ENOTDIR", "ELOOP"]);

/**
 * The saved full text at `path` (as savedOutputPathOf gave it for `transcriptPath`); null when there is no such file, it
 * is not a regular file, it is reached through a link out of the session's folder, or it is too large to be ours. Any
 * other error is a real problem, thrown for the caller to report.
 */
export function readSavedOutput(path: string, transcriptPath: string): string | null {
  const folder = sessionFolderOf(transcriptPath);
  if (!inside(resolve(path), folder)) return null;
  let fd: number;
  try {
    // Links on the way must not lead out of the folder: the file's real directory is inside its real path.
    const realFolder = realpathSync(folder);
    const realDir = realpathSync(dirname(resolve(path)));
    if (realDir !== realFolder && !inside(realDir, realFolder)) return null;
    // Non-blocking (a FIFO opens at once instead of waiting for a writer) and never through a final link.
    fd = openSync(join(realDir, basename(path)), constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    if (ABSENT.has(errnoCode(e) ?? "")) return null;
    throw e;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > SAVED_MAX_BYTES) return null;
    // At most the bound, whatever the file claims: one byte more tells a file that grew past it.
    const buffer = Buffer.alloc(Math.min(stat.size, SAVED_MAX_BYTES) + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, length);
    if (length > SAVED_MAX_BYTES) return null;
    return buffer.subarray(0, length).toString("utf8");
  } finally {
    closeSync(fd);
  }
}
