// A thread's title read without the YAML parser (the status line's path, run after every response): the head file's
// `title:` line when it has one of the simple forms the store writes; null when that cannot tell, and the caller reads
// the thread through the Store, which parses it fully and names what is wrong.
import { join } from "node:path";
import { isValidId } from "../id-pattern.js";
import { hasConflictMarkers } from "./conflict-markers.js";
import { readRegularFile } from "./regular-file.js";
import { HEAD_FILE } from "./thread-folder-layout.js";
import { gitBlobId } from "./blob-id.js";
import { entryThere } from "./thread-file-exists.js";

/** A head file ThreadMind writes is a few hundred bytes (100 paths at most); past this the Store reads it. */
const HEAD_MAX_BYTES = 64 * 1024;

/** Characters a plain YAML scalar may not start with (indicators), besides a space. */
const PLAIN_FIRST = /^[^\s\-?:,[\]{}#&*!|>'"%@`]/;
/** Plain values the YAML parser reads as something other than a string (booleans, null, numbers): left to it. */
const NOT_A_STRING = /^(?:true|false|yes|no|on|off|y|n|null|~|[+-]?[.\d].*)$/i;

/**
 * The file holding the thread's head: its folder's thread.md (format 2), else its format-1 file. With both there (a
 * format-1 file beside the folder), `legacy` is set: the folder's head holds the title only while that file is still the
 * one the migration moved (its git blob id is the head's `migratedFrom`); edited since on a branch still in format 1,
 * the Store takes its edits in and decides.
 */
function headPath(storeDir: string, projectId: string, threadId: string): { path: string; legacy: string | null } {
  const legacy = join(storeDir, "threads", projectId, `${threadId}.md`);
  const folder = join(storeDir, "threads", projectId, threadId);
  if (!entryThere(folder)) return { path: legacy, legacy: null };
  return { path: join(folder, HEAD_FILE), legacy: entryThere(legacy) ? legacy : null };
}

/** A format-1 file left beside its folder is larger than this only when edited by hand: the Store then decides. */
const LEGACY_MAX_BYTES = 1024 * 1024;

/** Whether the format-1 file at `legacy` is still the one whose git blob id is `migratedFrom`. */
function legacyUnchanged(legacy: string, migratedFrom: string): boolean {
  const bytes = readRegularFile(legacy, LEGACY_MAX_BYTES);
  if (bytes === null || bytes.length > LEGACY_MAX_BYTES) return false;
  return gitBlobId(bytes) === migratedFrom;
}

/** The value of a `title:` line in the forms the store writes (plain, '…' or "…" without escapes); null for any other. */
export function simpleTitleValue(value: string): string | null {
  if (value === "" || /[\r\t\n]/.test(value)) return null;
  const single = /^'((?:[^']|'')*)'$/.exec(value);
  if (single !== null) return single[1]!.replaceAll("''", "'");
  const double = /^"([^"\\]*)"$/.exec(value);
  if (double !== null) return double[1]!;
  if (!PLAIN_FIRST.test(value) || NOT_A_STRING.test(value)) return null;
  if (value.includes(": ") || value.includes(" #") || value.endsWith(":") || value.endsWith(" ")) return null;
  return value;
}

/**
 * The thread's title from its head file's frontmatter: the one `title:` line, in a file that opens with `---`, closes its
 * frontmatter, names this thread's id and holds no conflict markers; null whenever any of that is not so (or the file
 * cannot be read): the Store's full read then decides.
 */
export function quickThreadTitle(storeDir: string, projectId: string, threadId: string): string | null {
  if (!isValidId(projectId) || !isValidId(threadId)) return null;
  let text: string;
  let legacy: string | null;
  try {
    const head = headPath(storeDir, projectId, threadId);
    legacy = head.legacy;
    const bytes = readRegularFile(head.path, HEAD_MAX_BYTES);
    if (bytes === null || bytes.length > HEAD_MAX_BYTES) return null;
    text = bytes.toString("utf8");
  } catch {
    return null;
  }
  if (!text.startsWith("---\n") || hasConflictMarkers(text)) return null;
  const end = text.indexOf("\n---", 3);
  if (end === -1 || (text[end + 4] !== undefined && text[end + 4] !== "\n")) return null;
  const lines = text.slice(4, end).split("\n");
  const titles = lines.filter((line) => line.startsWith("title:"));
  if (titles.length !== 1 || !lines.includes(`id: ${threadId}`)) return null;
  if (legacy !== null) {
    // A format-1 file beside the folder: the folder's title holds only while that file is the one migrated.
    const from = lines.filter((line) => line.startsWith("migratedFrom: "));
    const blob = from.length === 1 ? from[0]!.slice("migratedFrom: ".length) : null;
    try {
      if (blob === null || !/^[0-9a-f]{40,64}$/.test(blob) || !legacyUnchanged(legacy, blob)) return null;
    } catch {
      return null;
    }
  }
  const line = titles[0]!;
  return line.startsWith("title: ") ? simpleTitleValue(line.slice("title: ".length)) : null;
}
