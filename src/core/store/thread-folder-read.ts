// Reading a thread folder (format 2) into a Thread: from disk (bounded, regular files only, every file and folder read
// named for the caches) or from a set of texts (git's committed version); damaged pieces are named with their path.
import { type Dir, opendirSync } from "node:fs";
import { join } from "node:path";
import { isAtomicTempFile } from "./atomic-write.js";
import { statStamp } from "./file-stamp.js";
import { FrontmatterError } from "./frontmatter.js";
import { linkRefused, lstatStrict, reasonOf, readTextStrictAfter, unreadable } from "./read-strict.js";
import { joinBlocks } from "./summary-blocks.js";
import { type ItemFile, orderPaths, parseHead, parseItem, type ThreadHead } from "./thread-folder-format.js";
import {
  folderFileBytes,
  HEAD_FILE,
  isItemFileName,
  isSectionDir,
  isSetDir,
  type SetDir,
  subdirEntryLimit,
} from "./thread-folder-layout.js";
import { errors } from "../errors.js";
import { errnoCode } from "../error-details.js";
import { LIMITS } from "../limits.js";
import { SECTION_HEADINGS, SECTION_KEYS, type SectionKey, type Thread } from "../types.js";

/** One item file as read: where it is (relative to the thread folder) and what it holds. */
export interface FolderItem {
  section: SectionKey;
  key: string;
  /** `<section>/<key>.md` */
  file: string;
  item: ItemFile;
}

/** A thread folder as read: the thread the rest of the code sees, and the pieces a write diffs against. */
export interface FolderThread {
  thread: Thread;
  head: ThreadHead;
  /** Every item, by section in reading order (key order). */
  items: FolderItem[];
  /** Member file (relative to the folder: `paths/<recency>-<hash>`, `related/<hash>`, `removed/<hash>`) → member. */
  members: Record<SetDir, Map<string, string>>;
}

/** The thread folder's files (relative paths) and their texts, as a source gives them; null text: absent. */
export interface FolderTexts {
  head: string | null;
  /** `<section>/<key>.md` → text, for every section folder. */
  items: Map<string, string>;
  /** `paths/<recency>-<hash>`, `related/<hash>` → text. */
  members: Map<string, string>;
}

/** Builds the Thread of a folder's texts; `pathOf` names a file (relative to the folder) in errors. */
export function assembleFolder(id: string, texts: FolderTexts, pathOf: (rel: string) => string): FolderThread | null {
  if (texts.head === null) {
    if (texts.items.size === 0 && texts.members.size === 0) return null;
    throw unreadable(
      pathOf(HEAD_FILE),
      `is missing: the thread folder holds items but no ${HEAD_FILE} (its thread was deleted on one branch while another added items to it): run /thread-mind:resolve (in a terminal: thread-mind-mcp resolve) to restore it with its items, or \`thread-mind-mcp resolve --delete ${pathOf("").replace(/[\\/]+$/, "")}\` to delete it for good`,
    );
  }
  let head: ThreadHead;
  try {
    head = parseHead(texts.head);
  } catch (e) {
    throw unreadable(pathOf(HEAD_FILE), e instanceof FrontmatterError ? e.message : `cannot be parsed (${reasonOf(e)})`);
  }
  if (head.id !== id) throw errors.threadIdNotFileName(pathOf(HEAD_FILE), head.id, id);
  const members: Record<SetDir, Map<string, string>> = { paths: new Map(), related: new Map(), removed: new Map() };
  for (const [file, text] of texts.members) {
    const dir = file.split("/")[0] as SetDir;
    const member = memberLine(text);
    if (member.includes("\n") || member === "")
      throw unreadable(pathOf(file), "must hold one line: the path, thread id or item file it stands for");
    if (dir === "removed" && !isItemPath(member))
      throw unreadable(pathOf(file), "must name one item file of the thread (<section>/<key>.md)");
    members[dir].set(file, member);
  }
  const removed = new Set(members.removed.values());
  const items: FolderItem[] = [];
  for (const file of [...texts.items.keys()].sort()) {
    // Named in removed/ (moved from a format-1 file, since changed or removed): left out.
    if (removed.has(file)) continue;
    const [section, name] = file.split("/") as [SectionKey, string];
    let item: ItemFile;
    try {
      item = parseItem(texts.items.get(file)!);
    } catch (e) {
      throw unreadable(pathOf(file), e instanceof FrontmatterError ? e.message : `cannot be parsed (${reasonOf(e)})`);
    }
    items.push({ section, key: name.slice(0, -3), file, item });
  }
  return { thread: threadOf(head, items, members), head, items, members };
}

/** A member file's text as the member it stands for: its one line, without the line's end. */
export function memberLine(text: string): string {
  return text.replace(/\r?\n$/, "");
}

/** `<section>/<key>.md`: an item file's path in its thread folder. */
export function isItemPath(text: string): boolean {
  const [section, name, ...rest] = text.split("/");
  return rest.length === 0 && section !== undefined && isSectionDir(section) && name !== undefined && isItemFileName(name);
}

/** The blocks of one section in reading order, identical blocks once (two branches that added the same one). */
export function sectionBlocks(items: readonly FolderItem[], section: SectionKey): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const it of items) {
    if (it.section !== section) continue;
    for (const block of it.item.blocks) {
      if (seen.has(block)) continue;
      seen.add(block);
      out.push(block);
    }
  }
  return out;
}

/** The summary of a head and its items: the head's body, then `## Heading` and the blocks of each non-empty section. */
export function summaryOf(body: string, items: readonly FolderItem[]): string {
  return summaryFromParts(body, (section) => sectionBlocks(items, section));
}

/** The summary of a body and each section's blocks in reading order, as every read of a thread folder renders it. */
export function summaryFromParts(body: string, blocksOf: (section: SectionKey) => readonly string[]): string {
  const parts: string[] = [];
  if (body.trim() !== "") parts.push(body);
  for (const key of SECTION_KEYS) {
    const blocks = blocksOf(key);
    if (blocks.length > 0) parts.push(`## ${SECTION_HEADINGS[key]}\n${joinBlocks(blocks)}`);
  }
  return parts.join("\n\n");
}

function threadOf(head: ThreadHead, items: readonly FolderItem[], members: Record<SetDir, Map<string, string>>): Thread {
  let updatedAt = head.changedAt !== undefined && head.changedAt > head.createdAt ? head.changedAt : head.createdAt;
  let commit = head.commit;
  let newest = head.changedAt ?? head.createdAt;
  for (const it of items) {
    if (it.item.at > updatedAt) updatedAt = it.item.at;
    if (it.item.at >= newest && it.item.commit !== undefined) {
      newest = it.item.at;
      commit = it.item.commit;
    }
  }
  const thread: Thread = {
    id: head.id,
    title: head.title,
    parentId: head.parentId,
    author: head.author,
    createdAt: head.createdAt,
    updatedAt,
    summary: summaryOf(head.body, items),
  };
  if (head.status !== undefined) thread.status = head.status;
  if (head.branch !== undefined) thread.branch = head.branch;
  if (commit !== undefined) thread.commit = commit;
  // Most recent first (the file names' recency), each once; past the limit (two branches' paths together), the oldest go.
  const paths = orderPaths(members.paths)
    .entries.slice(0, LIMITS.pathsCount)
    .map((e) => e.path);
  if (paths.length > 0) thread.paths = paths;
  if (head.mergedInto !== undefined) thread.mergedInto = head.mergedInto;
  const related = [...members.related.values()].sort();
  if (related.length > 0) thread.related = related;
  return thread;
}

/** What reading a folder from disk consulted: every file with its stamp, every folder (listed) with its stamp. */
export interface FolderRead {
  texts: FolderTexts;
  /** Absolute path → stamp (folders end with the path separator). */
  stamps: Map<string, string | null>;
  /** Item files listed but not read: named in removed/ (absolute paths). */
  unread: string[];
}

/**
 * The folder's texts from disk; null when the folder is absent. Links, non-regular files, too many files: named errors.
 * `sections`: only these section folders are listed and read (an ancestor's place in a context needs two of the five).
 */
export function readFolderTexts(folder: string, sections: readonly SectionKey[] = SECTION_KEYS): FolderRead | null {
  const stamps = new Map<string, string | null>();
  const root = listDir(folder, stamps, LIMITS.threadFolderEntries);
  if (root === null) return null;
  const texts: FolderTexts = { head: null, items: new Map(), members: new Map() };
  // The member sets first: an item file named in removed/ is then neither read nor a source of what was read (nothing
  // it holds is shown; it is added or removed only with its folder's stamp, and shown again only with removed/'s).
  for (const name of root) {
    if (!isSetDir(name)) continue;
    const path = join(folder, name);
    const names = listDir(path, stamps, subdirEntryLimit(name)) ?? [];
    for (const file of names) {
      if (isAtomicTempFile(file)) continue;
      const text = readFile(join(path, file), stamps, folderFileBytes(name));
      if (text !== null) texts.members.set(`${name}/${file}`, text);
    }
  }
  const unread: string[] = [];
  const removed = new Set<string>();
  for (const [file, text] of texts.members) if (file.startsWith("removed/")) removed.add(memberLine(text));
  for (const name of root) {
    if (isAtomicTempFile(name)) continue;
    const path = join(folder, name);
    if (name === HEAD_FILE) {
      texts.head = readFile(path, stamps, folderFileBytes(null));
    } else if (isSectionDir(name) && sections.includes(name)) {
      const names = listDir(path, stamps, subdirEntryLimit(name)) ?? [];
      for (const file of names) {
        if (isAtomicTempFile(file)) continue;
        if (!isItemFileName(file))
          throw unreadable(join(path, file), "is not an item file name (<key>-<4 letters or digits>.md): rename or remove it");
        if (removed.has(`${name}/${file}`)) {
          unread.push(join(path, file));
          continue;
        }
        const text = readFile(join(path, file), stamps, folderFileBytes(name));
        if (text !== null) texts.items.set(`${name}/${file}`, text);
      }
    }
    // Anything else in the folder (a README, an editor's backup) is not the thread's: left alone.
  }
  return { texts, stamps, unread };
}

function readFile(path: string, stamps: Map<string, string | null>, maxBytes: number): string | null {
  const stat = lstatStrict(path, true);
  stamps.set(path, stat?.isFile() ? statStamp(stat) : null);
  return readTextStrictAfter(path, stat, maxBytes);
}

/** The names in a folder (sorted), at most `limit`; null when absent; a link or a file in its place: a named error. */
function listDir(path: string, stamps: Map<string, string | null>, limit: number): string[] | null {
  const stat = lstatStrict(path, true);
  if (stat === null) {
    stamps.set(`${path}/`, null);
    return null;
  }
  if (stat.isSymbolicLink()) throw linkRefused(path);
  if (!stat.isDirectory()) throw unreadable(path, "is not a directory (a thread folder and its sections are directories)");
  stamps.set(`${path}/`, statStamp(stat));
  let dir: Dir;
  try {
    dir = opendirSync(path);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return null;
    throw unreadable(path, reasonOf(e));
  }
  const names: string[] = [];
  try {
    for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
      if (isAtomicTempFile(entry.name)) continue;
      names.push(entry.name);
      if (names.length > limit)
        throw unreadable(
          path,
          `holds more than ${limit.toLocaleString("en-US")} entries, over the limit: fold some items together by hand`,
        );
    }
  } finally {
    dir.closeSync();
  }
  return names.sort();
}
