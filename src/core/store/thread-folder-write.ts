// What writing a thread to its folder changes: the files to write and to delete, found by diffing, never by rewriting.
//
// Each section's new blocks are matched (longest common subsequence) against the blocks it holds: unchanged blocks keep
// their files untouched, a changed block paired with an old one at the same place is rewritten in its file (same key),
// extra new blocks get new keys between their neighbours, removed ones lose their files. A file moved from format 1 is
// never rewritten nor deleted: it is named in removed/ beside its replacement (see planItems), and one that holds a
// section is split first (see planSection). So a write touches only the files of what it changed, and two branches'
// writes touch disjoint files or make the same change.
import { FenceTracker, HEADING, sectionKeyOf } from "./summary-sections.js";
import { isKeyOfContent, keyBeside, keyBetween, keyOfContent, keysOfParts } from "./item-keys.js";
import { splitBlocks } from "./summary-blocks.js";
import {
  HEAD_FILE,
  memberFileName,
  orderPaths,
  type PathEntry,
  pathFileName,
  readsBefore,
  recencyAt,
  serializeHead,
  serializeItem,
  type ThreadHead,
} from "./thread-folder-format.js";
import { FrontmatterError } from "./frontmatter.js";
import { type FolderItem, type FolderThread, summaryFromParts } from "./thread-folder-read.js";
import { SECTION_KEYS, type SectionKey, type Thread } from "../types.js";
import { LIMITS } from "../limits.js";
import { errors } from "../errors.js";

/** Files to write (relative to the folder → text) and to delete; `head` apart: it is written after the items. */
export interface FolderWrite {
  items: Map<string, string>;
  head: string | null;
  remove: string[];
}

/** Who writes, when, at which commit: recorded in every item file written. */
export interface WriteStamp {
  at: string;
  by: string;
  commit?: string;
}

/**
 * The summary split for format 2: the text outside the five sections, verbatim (the head's body: text before the first
 * heading, and sections of other headings with their heading lines as written), and each section's blocks. Headings are
 * found as parseSummary finds them (same heading rule, same fence rule).
 */
export function splitSummary(summary: string): { body: string; sections: Map<SectionKey, string[]> } {
  const outside: string[] = [];
  const bodies = new Map<SectionKey, string[]>();
  let current: SectionKey | null = null;
  const fences = new FenceTracker();
  for (const line of summary.split("\n")) {
    const heading = fences.outside(line) ? HEADING.exec(line) : null;
    if (heading && !line.startsWith("###")) {
      current = sectionKeyOf(heading[1]!);
      if (current === null) outside.push(line);
      else if (!bodies.has(current)) bodies.set(current, []);
      continue;
    }
    if (current === null) outside.push(line);
    else bodies.get(current)!.push(line);
  }
  const sections = new Map<SectionKey, string[]>();
  for (const [key, lines] of bodies) sections.set(key, splitBlocks(lines.join("\n")));
  return {
    body: outside
      .join("\n")
      .replace(/^(?:[ \t]*\n)+/, "")
      .replace(/\s+$/, ""),
    sections,
  };
}

/**
 * `summary` as its thread's folder holds it once written, which every later read shows: the text outside the five
 * sections, then each non-empty section under its own heading, identical blocks once (planFolderWrite writes them once).
 * A write reports this, not the text it was given: a block the section held already adds nothing.
 */
export function summaryAsStored(summary: string): string {
  const { body, sections } = splitSummary(summary);
  return summaryFromParts(body, (section) => [...new Set(sections.get(section) ?? [])]);
}

/**
 * The head a thread's fields give, keeping what only the folder knows (migratedFrom). Its stamps (changedAt, commit) are
 * those of its summary text (the body: the text outside the five sections), as an item's are: written with the head,
 * rewritten only when that text changes. A change of the other fields (status, parent, title...) keeps them: a line
 * that every head write changed would make any two branches that change a thread's head (a status on one, a parent on
 * the other, or the same status on both) conflict in git. The thread's updatedAt and commit are then its newest item's
 * (a status change with a reason writes one).
 */
export function headOf(
  thread: Thread,
  body: string,
  current: ThreadHead | null,
  stamp: WriteStamp,
  migratedFrom?: string,
): ThreadHead {
  const head: ThreadHead = {
    id: thread.id,
    title: thread.title,
    parentId: thread.parentId,
    author: thread.author,
    createdAt: thread.createdAt,
    body,
  };
  if (thread.status !== undefined) head.status = thread.status;
  if (thread.branch !== undefined) head.branch = thread.branch;
  if (thread.mergedInto !== undefined) head.mergedInto = thread.mergedInto;
  const from = migratedFrom ?? current?.migratedFrom;
  if (from !== undefined) head.migratedFrom = from;
  // A new head has changed since its creation only when written later (a migration: the file's own stamps).
  const kept = current !== null && current.body === body;
  const changedAt = kept ? current.changedAt : current === null && stamp.at <= thread.createdAt ? undefined : stamp.at;
  if (changedAt !== undefined) head.changedAt = changedAt;
  const commit = kept ? current.commit : stamp.commit;
  if (commit !== undefined) head.commit = commit;
  return head;
}

function sameHead(a: ThreadHead, b: ThreadHead): boolean {
  const keys = [
    "id",
    "title",
    "parentId",
    "author",
    "createdAt",
    "status",
    "branch",
    "mergedInto",
    "migratedFrom",
    "body",
  ] as const;
  return keys.every((k) => a[k] === b[k]);
}

/** The write that takes `current` (null: no folder yet) to `thread`. */
export function planFolderWrite(
  current: FolderThread | null,
  thread: Thread,
  stamp: WriteStamp,
  migratedFrom?: string,
): FolderWrite {
  const { body, sections } = splitSummary(thread.summary);
  const out: FolderWrite = { items: new Map(), head: null, remove: [] };
  const items = current?.items ?? [];
  // A migration writes what the format-1 file holds, stamped with that file's own stamps, under names derived from their
  // content: every clone that migrates that file (each branch's first write after an upgrade, or `migrate`) writes the
  // same files, so git merges two such branches cleanly. Those files are then never rewritten: changed or removed, they
  // are named in removed/ (two branches that do so write the same member), so that the copy another branch migrated on
  // its own stays out of the thread after a merge (see planSection).
  const keys: ItemKeys = current === null && migratedFrom !== undefined ? "from-content" : "random";
  for (const key of SECTION_KEYS) {
    // Identical blocks are one item (the reader shows them once): written once.
    const wanted = [...new Set(sections.get(key) ?? [])];
    if (wanted.length > LIMITS.sectionItems)
      throw errors.invalid(
        `The ${key} section of "${thread.id}" has ${wanted.length} items, over the limit of ${LIMITS.sectionItems}: fold some together.`,
      );
    planSection(
      items.filter((i) => i.section === key),
      key,
      wanted,
      stamp,
      out,
      keys,
    );
  }
  const head = headOf(thread, body, current?.head ?? null, stamp, migratedFrom);
  const headText = serializeHead(head);
  if (current === null || !sameHead(head, current.head)) out.head = headText;
  planPaths(current?.members.paths ?? new Map<string, string>(), thread.paths ?? [], stamp, out);
  const had = current?.members.related ?? new Map<string, string>();
  const want = new Map((thread.related ?? []).map((m) => [`related/${memberFileName(m)}`, m]));
  for (const [file, member] of want) if (had.get(file) !== member) out.items.set(file, `${member}\n`);
  for (const file of had.keys()) if (!want.has(file)) out.remove.push(file);
  return out;
}

/**
 * paths/ written so that its names give `wanted`'s order (most recent first): from the oldest up, a path keeps its file
 * when that file already reads after the next older one's; else (new, or moved up) it gets a new file whose recency is
 * the write's time, or one more than the next older path's. So adding paths in front adds files only, and the paths two
 * branches added read back newest first after a plain-git merge.
 */
function planPaths(had: ReadonlyMap<string, string>, wanted: readonly string[], stamp: WriteStamp, out: FolderWrite): void {
  const { entries, duplicates } = orderPaths(had);
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const keep = new Set<string>();
  const now = recencyAt(stamp.at);
  let older: PathEntry | null = null;
  for (let i = wanted.length - 1; i >= 0; i--) {
    const path = wanted[i]!;
    const existing = byPath.get(path);
    if (existing !== undefined && (older === null || readsBefore(existing, older))) {
      keep.add(existing.file);
      older = existing;
      continue;
    }
    const recency = Math.max(now, older === null ? 0 : older.recency + 1);
    const file = `paths/${pathFileName(recency, path)}`;
    out.items.set(file, `${path}\n`);
    keep.add(file);
    older = { file, path, recency };
  }
  for (const e of entries) if (!keep.has(e.file)) out.remove.push(e.file);
  out.remove.push(...duplicates);
}

/** How new item files are named: a random suffix (any write), or one derived from the file's text (a migration). */
type ItemKeys = "random" | "from-content";

/** One view block (identical blocks shown once) and the item files that hold it. */
interface ViewBlock {
  text: string;
  files: FolderItem[];
}

function planSection(
  items: readonly FolderItem[],
  section: SectionKey,
  wanted: readonly string[],
  stamp: WriteStamp,
  out: FolderWrite,
  keys: ItemKeys,
): void {
  if (keys === "from-content") {
    planMovedSection(section, wanted, stamp, out);
    return;
  }
  const first = planItems(items, section, wanted, stamp);
  if (first.split.length === 0) {
    addWrite(out, first.write);
    return;
  }
  // A moved file of several blocks that the write changes (or inserts into) is split first, into the files the same
  // blocks would have one each (keysOfParts: every clone splits it alike), and the write is planned on those: a part
  // changed or removed is named in removed/, as a moved item is, so that after a merge only what each branch changed
  // differs, and the other branch's copy of a part stays out of the thread.
  const parts = new Map(first.split.map((it) => [it, partsOf(it)] as const));
  const { write } = planItems(
    items.flatMap((it) => parts.get(it) ?? [it]),
    section,
    wanted,
    stamp,
  );
  for (const [file, its] of parts) {
    // The parts the write left as they are (a changed or removed one is named in removed/) land before the file is
    // named there itself: a write cut short hides nothing. The file stays, as every moved file does (see planItems).
    for (const part of its) if (!write.items.has(removedMember(part.file))) write.items.set(part.file, serializeItem(part.item));
    write.items.set(removedMember(file.file), `${file.file}\n`);
  }
  addWrite(out, write);
}

function addWrite(out: FolderWrite, write: FolderWrite): void {
  for (const [file, text] of write.items) out.items.set(file, text);
  out.remove.push(...write.remove);
}

/** A section's write: the files it changes, and the moved files of several blocks it would have to rewrite (to split). */
function planItems(
  items: readonly FolderItem[],
  section: SectionKey,
  wanted: readonly string[],
  stamp: WriteStamp,
): { write: FolderWrite; split: FolderItem[] } {
  const out: FolderWrite = { items: new Map(), head: null, remove: [] };
  const view: ViewBlock[] = [];
  const byText = new Map<string, ViewBlock>();
  for (const it of items) {
    for (const text of it.item.blocks) {
      const seen = byText.get(text);
      if (seen) seen.files.push(it);
      else {
        const v = { text, files: [it] };
        byText.set(text, v);
        view.push(v);
      }
    }
  }
  // Per file: the blocks it will hold (starting from what it holds); changed files are rewritten, emptied ones removed.
  const next = new Map<FolderItem, string[]>(items.map((it) => [it, [...it.item.blocks]]));
  const drop = (v: ViewBlock) => {
    for (const f of v.files)
      next.set(
        f,
        next.get(f)!.filter((b) => b !== v.text),
      );
  };
  const pairs = lcs(
    view.map((v) => v.text),
    wanted,
  );
  const fresh: { after: string | null; before: string | null; texts: string[] }[] = [];
  let vi = 0;
  let wi = 0;
  let lastKey: string | null = null;
  const keyOfView = (v: ViewBlock) => v.files[0]!.key;
  for (const [pv, pw] of [...pairs, [view.length, wanted.length] as const]) {
    const oldGap = view.slice(vi, pv);
    const newGap = wanted.slice(wi, pw);
    const paired = Math.min(oldGap.length, newGap.length);
    for (let i = 0; i < paired; i++) {
      const v = oldGap[i]!;
      const first = v.files[0]!;
      const blocks = next.get(first)!;
      next.set(
        first,
        blocks.map((b) => (b === v.text ? newGap[i]! : b)),
      );
      for (const f of v.files.slice(1))
        next.set(
          f,
          next.get(f)!.filter((b) => b !== v.text),
        );
      lastKey = keyOfView(v);
    }
    for (const v of oldGap.slice(paired)) drop(v);
    if (newGap.length > paired) {
      const following = pv < view.length ? keyOfView(view[pv]!) : null;
      fresh.push({ after: lastKey, before: following, texts: newGap.slice(paired) });
    }
    if (pv < view.length) lastKey = keyOfView(view[pv]!);
    vi = pv + 1;
    wi = pw + 1;
  }
  const split = items.filter(
    (it) =>
      it.item.blocks.length > 1 &&
      (JSON.stringify(next.get(it)) !== JSON.stringify(it.item.blocks) || fresh.some((run) => run.before === it.key)) &&
      isMovedItem(it),
  );
  for (const [it, blocks] of next) {
    if (JSON.stringify(blocks) === JSON.stringify(it.item.blocks)) continue;
    if (isMovedItem(it)) {
      // Moved from a format-1 file: replaced by a new file at its place, then named in removed/ (in that order: a write
      // cut short never hides the old text before the new one landed). The file itself stays: deleted beside its
      // replacement, git's rename detection could pair the two (small, alike), and two branches that each did so would
      // conflict as a rename two ways, or a rename and a deletion; named in removed/, it is never read again.
      if (blocks.length > 0)
        out.items.set(`${section}/${replacementKey(it.key)}.md`, serializeItem({ ...stampFields(stamp), blocks }));
      out.items.set(removedMember(it.file), `${it.file}\n`);
    } else if (blocks.length === 0) out.remove.push(it.file);
    else out.items.set(it.file, serializeItem({ ...stampFields(stamp), blocks }));
  }
  for (const run of fresh) {
    let prev = run.after;
    for (const text of run.texts) {
      const key = keyBetween(prev, run.before);
      out.items.set(`${section}/${key}.md`, serializeItem({ ...stampFields(stamp), blocks: [text] }));
      prev = key;
    }
  }
  return { write: out, split };
}

/**
 * A migrated section's item files, at most this large: its blocks in as few files as fit (one for any section a write
 * makes), since every file is one more a session start checks; a hand-written format-1 file may hold more.
 */
const MOVED_FILE_BYTES = LIMITS.itemFileBytes / 2;

/**
 * A section moved from a format-1 file: its blocks in as few files as fit, named from their text (keyOfContent), so that
 * every clone that migrates that file writes the same files. Blocks that would not read back alike from one file (none
 * that a format-1 section holds, but the check is cheap) get one file each, as before.
 */
function planMovedSection(section: SectionKey, wanted: readonly string[], stamp: WriteStamp, out: FolderWrite): void {
  const runs: string[][] = [];
  let bytes = 0;
  for (const text of wanted) {
    const size = Buffer.byteLength(text) + 2;
    const run = runs.at(-1);
    if (run === undefined || bytes + size > MOVED_FILE_BYTES) {
      runs.push([text]);
      bytes = size;
    } else {
      run.push(text);
      bytes += size;
    }
  }
  let files: string[];
  try {
    files = runs.map((blocks) => serializeItem({ ...stampFields(stamp), blocks }));
  } catch (e) {
    if (!(e instanceof FrontmatterError)) throw e;
    files = wanted.map((text) => serializeItem({ ...stampFields(stamp), blocks: [text] }));
  }
  let prev: string | null = null;
  for (const file of files) {
    const key = keyOfContent(prev, null, file);
    out.items.set(`${section}/${key}.md`, file);
    prev = key;
  }
}

/** A key at the place of `key` that is not `key` (whose file removed/ names from now on). */
function replacementKey(key: string): string {
  for (;;) {
    const next = keyBeside(key);
    if (next !== key) return next;
  }
}

/** The removed/ member that keeps an item file out of its thread. */
function removedMember(file: string): string {
  return `removed/${memberFileName(file)}`;
}

/** The single-block files a moved file of several blocks splits into (see planSection), with their texts. */
function partsOf(it: FolderItem): FolderItem[] {
  const items = it.item.blocks.map((block) => ({ ...it.item, blocks: [block] }));
  const keys = keysOfParts(it.key, items.map(serializeItem));
  return items.map((item, i) => ({ section: it.section, key: keys[i]!, file: `${it.section}/${keys[i]!}.md`, item }));
}

/** True for an item file a migration wrote and nothing has rewritten since: its name is derived from its text. */
function isMovedItem(it: FolderItem): boolean {
  return isKeyOfContent(it.key, serializeItem(it.item));
}

function stampFields(stamp: WriteStamp): { at: string; by: string; commit?: string } {
  return stamp.commit === undefined ? { at: stamp.at, by: stamp.by } : { at: stamp.at, by: stamp.by, commit: stamp.commit };
}

/** Index pairs of a longest common subsequence of `a` and `b`, in order (O(n·m): a section holds at most a few hundred blocks). */
export function lcs(a: readonly string[], b: readonly string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const table: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

export { HEAD_FILE };
