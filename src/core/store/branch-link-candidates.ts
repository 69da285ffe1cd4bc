// The threads of a project whose head may name a branch, found by a byte search of each head file instead of a parse of every thread: a session start with no cached choice (a fresh clone's first) looks for the open thread linked to its branch, and parsing 10,000 threads for it took ~3 s.
import { type Dirent, readdirSync } from "node:fs";
import { sep } from "node:path";
import { threadIdOfDirent } from "./store.js";
import { HEAD_FILE } from "./thread-folder-layout.js";
import { readFirstBytesInto } from "./regular-file.js";
import { isValidId } from "../ids.js";
import { errnoCode } from "../error-details.js";

/** Bytes of a head file read; a front matter that does not end within them makes a candidate. */
const HEAD_SEARCH_BYTES = 64 * 1024;

const BRANCH = Buffer.from("branch");

/** The closing fence of a head's front matter (a line of `---` after the opening one). */
const CLOSING_FENCE = Buffer.from("\n---");

/** Bytes that, before a `branch` on its line, may open a key: indentation, a quote, an explicit key (`?`). */
const KEY_LEAD = new Set([0x20, 0x09, 0x22, 0x27, 0x3f]);
/**
 * Bytes that let YAML spell a key otherwise, or put words before it on its line: an escape (`\`), an alias (`*`), a
 * flow mapping (`{`), a tag (`!`), an anchor (`&`). A head that holds one is a candidate (a title with "&" too).
 */
const ODD_SYNTAX = [0x5c, 0x2a, 0x7b, 0x21, 0x26];

/** True when `branch` at `at` has nothing but KEY_LEAD bytes before it on its line. */
function atKeyPosition(head: Buffer, at: number): boolean {
  for (let i = at - 1; i >= 0 && head[i] !== 0x0a; i--) if (!KEY_LEAD.has(head[i]!)) return false;
  return true;
}

/**
 * False only when the front matter in `bytes` cannot hold a `branch` key: no `branch` where a key starts (a title that
 * says "branch" is not one), and none of the syntax that spells a key otherwise (ODD_SYNTAX); the summary after it (a
 * format-1 file's) is not searched. A file that is not there, not a regular file, or whose front matter does not end
 * within what is read: true.
 */
function mayNameABranch(bytes: Buffer | null): boolean {
  if (bytes === null) return true;
  const end = bytes.indexOf(CLOSING_FENCE, 3);
  if (end < 0) return true;
  const head = bytes.subarray(0, end);
  if (ODD_SYNTAX.some((b) => head.includes(b))) return true;
  for (let at = head.indexOf(BRANCH); at >= 0; at = head.indexOf(BRANCH, at + 1)) if (atKeyPosition(head, at)) return true;
  return false;
}

/**
 * The head file's first bytes (at most `into.length`, into the search's one buffer: a view valid until the next call),
 * or null (absent, a link, unreadable: left to the full read, which names why). Its kind is not checked (a FIFO reads
 * as empty, which makes a candidate too): the threads that may name a branch are read strictly after.
 */
function headBytes(path: string, into: Buffer): Buffer | null {
  try {
    return readFirstBytesInto(path, into);
  } catch {
    return null;
  }
}

/**
 * The ids (sorted) of the threads in `threadsDir` whose head may name a branch: every thread the Store would read whose
 * format-1 file or folder head may (mayNameABranch), or could not be searched. A superset of the threads linked to any
 * branch: their full read decides.
 */
export function branchLinkCandidates(threadsDir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(threadsDir, { withFileTypes: true });
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return [];
    throw e;
  }
  const ids = new Set<string>();
  const buffer = Buffer.allocUnsafe(HEAD_SEARCH_BYTES);
  for (const entry of entries) {
    const id = threadIdOfDirent(entry);
    if (id === null || !isValidId(id) || ids.has(id)) continue;
    // A valid id (and ".md"): no separator to normalise (join for 10,000 heads costs milliseconds).
    const path = `${threadsDir}${sep}${entry.name}`;
    if (!entry.isFile() && !entry.isDirectory()) ids.add(id);
    else if (mayNameABranch(headBytes(entry.isDirectory() ? `${path}${sep}${HEAD_FILE}` : path, buffer))) ids.add(id);
  }
  return [...ids].sort();
}
