// Format 2 of a thread on disk, one file per item: <id>/thread.md (the head), <id>/<section>/<key>.md, <id>/paths/, <id>/related/.
//
// The head holds the fields that change rarely (a two-way change of one is a contradiction) and the summary text
// outside the five sections; each item file one or more top-level Markdown blocks of one section with who wrote them
// and when; paths/ and related/ one file per member, named by its hash (a path's name led by its recency, so the names
// sort most recent first). Nothing here changes on every write, so two
// branches that write one thread touch different files, or different lines, and plain git merges them.
import { nodeCrypto } from "../builtin-at-use.js";
import { boundedFrontmatter, frontmatterMapping, frontmatterYaml, FrontmatterError } from "./frontmatter.js";
import { hasConflictMarkers } from "./conflict-markers.js";
import { isValidId } from "../ids.js";
import type { ClosedStatus } from "../types.js";
import { splitBlocks } from "./summary-blocks.js";

export { HEAD_FILE, isSectionDir, SET_DIRS, type SetDir } from "./thread-folder-layout.js";

/** The head's fields, in the order they are written. */
export interface ThreadHead {
  id: string;
  title: string;
  parentId: string | null;
  author: string;
  createdAt: string;
  /** When a head field last changed (status, title, parent...): part of the thread's derived updatedAt. */
  changedAt?: string;
  /** HEAD's commit when the head was last written, when known. */
  commit?: string;
  status?: ClosedStatus;
  branch?: string;
  mergedInto?: string;
  /** The git blob id of the format-1 file this thread was migrated from (that file is then frozen, see the store). */
  migratedFrom?: string;
  /** The summary text outside the five sections, verbatim. */
  body: string;
}

/** A thread folder head's keys, in the order they are written (merge-thread.ts merges a head in this order too). */
export const HEAD_KEYS = [
  "id",
  "title",
  "parentId",
  "author",
  "createdAt",
  "changedAt",
  "commit",
  "status",
  "branch",
  "mergedInto",
  "migratedFrom",
] as const;

/** One item file: its blocks (usually one; a merge that kept two versions of an item leaves both) and who wrote it, when. */
export interface ItemFile {
  at: string;
  by: string;
  commit?: string;
  blocks: string[];
}

/** The file name of a set member (paths/, related/): a hash of the member, so that two branches adding it write one file. */
export function memberFileName(member: string): string {
  return nodeCrypto().createHash("sha1").update(member).digest("hex").slice(0, 16);
}

/**
 * A path member's file name: `<recency>-<hash>`, the recency a 16-digit number (the write's time in microseconds, or one
 * more than the next older path's), so that the names sorted give the paths most recent first after any plain-git merge
 * (two branches' new paths are new files). A name of the previous layout (`<hash>` alone) reads as recency 0.
 */
export function pathFileName(recency: number, member: string): string {
  return `${String(recency).padStart(16, "0")}-${memberFileName(member)}`;
}

const PATH_FILE = /^(\d{16})-[0-9a-f]{16}$/;

/** The recency of a path member's file name (0 for a name of the previous layout, or any other name). */
export function pathRecencyOf(fileName: string): number {
  const m = PATH_FILE.exec(fileName);
  return m === null ? 0 : Number(m[1]);
}

/** The recency a path written at `at` (ISO time) gets at least: its time in microseconds. */
export function recencyAt(at: string): number {
  const ms = Date.parse(at);
  return Number.isFinite(ms) && ms > 0 ? ms * 1000 : 0;
}

/** One path member as read: its file (`paths/<name>`), the path, its recency. */
export interface PathEntry {
  file: string;
  path: string;
  recency: number;
}

/** True when `a` reads before `b`: more recent first; equal recency (old names): the path's order. */
export function readsBefore(a: PathEntry, b: PathEntry): boolean {
  return a.recency !== b.recency ? a.recency > b.recency : a.path < b.path;
}

/**
 * The paths in reading order, each once (two branches that added one path: its most recent file), and the files left over
 * (duplicates, which a write removes).
 */
export function orderPaths(members: ReadonlyMap<string, string>): { entries: PathEntry[]; duplicates: string[] } {
  const best = new Map<string, PathEntry>();
  const duplicates: string[] = [];
  for (const [file, path] of members) {
    const entry = { file, path, recency: pathRecencyOf(file.slice(file.indexOf("/") + 1)) };
    const had = best.get(path);
    if (had === undefined) best.set(path, entry);
    else if (entry.recency > had.recency || (entry.recency === had.recency && entry.file > had.file)) {
      duplicates.push(had.file);
      best.set(path, entry);
    } else duplicates.push(file);
  }
  const entries = [...best.values()].sort((a, b) => (readsBefore(a, b) ? -1 : readsBefore(b, a) ? 1 : 0));
  return { entries, duplicates };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses text that a file of the store could not hold exactly (FrontmatterError with the reason). */
function assertStorable(what: string, text: string): void {
  if (LONE_SURROGATE.test(text))
    throw new FrontmatterError(`the ${what} contains a lone UTF-16 surrogate, which a UTF-8 file cannot hold`);
  if (hasConflictMarkers(text)) {
    throw new FrontmatterError(
      `the ${what} would contain lines that read as git conflict markers (<<<<<<< and >>>>>>> at the start of a line): indent them or put them in other words`,
    );
  }
}

export function serializeHead(head: ThreadHead): string {
  const fields: Record<string, unknown> = {};
  for (const key of HEAD_KEYS) {
    const value = head[key];
    if (value !== undefined) fields[key] = value;
  }
  assertStorable("title", head.title);
  assertStorable("summary", head.body);
  const text = `---\n${frontmatterYaml(fields)}---\n${head.body === "" ? "" : `\n${head.body}\n`}`;
  const back = parseHead(text);
  for (const key of [...HEAD_KEYS, "body"] as const) {
    if (JSON.stringify(back[key]) !== JSON.stringify(head[key]))
      throw new FrontmatterError(`its ${key} would not read back exactly as given`);
  }
  return text;
}

export function serializeItem(item: ItemFile): string {
  const fields: Record<string, unknown> = { at: item.at, by: item.by };
  if (item.commit !== undefined) fields.commit = item.commit;
  const body = item.blocks.join("\n\n");
  assertStorable("summary", body);
  const text = `---\n${frontmatterYaml(fields)}---\n${body}\n`;
  const back = parseItem(text);
  if (JSON.stringify(back.blocks) !== JSON.stringify(item.blocks)) {
    throw new FrontmatterError("an item of its summary would not read back exactly as given");
  }
  return text;
}

function yamlMapping(text: string): { data: Record<string, unknown>; body: string } {
  const bounded = boundedFrontmatter(text);
  const data = frontmatterMapping(bounded.data);
  if (data === null) throw new FrontmatterError("frontmatter is not a mapping of keys to values");
  return { data, body: bounded.body };
}

function stringField(d: Record<string, unknown>, key: string, required: boolean): string | undefined {
  const v = d[key];
  if (v === undefined || v === null) {
    if (required) throw new FrontmatterError(`frontmatter has no "${key}"`);
    return undefined;
  }
  if (typeof v !== "string")
    throw new FrontmatterError(
      `frontmatter "${key}" must be a string, found ${Array.isArray(v) ? "a list" : v instanceof Date ? "a date (quote it)" : typeof v}`,
    );
  return v;
}

/** A head file's fields and body; FrontmatterError with the reason when it is not one. */
export function parseHead(text: string): ThreadHead {
  const { data: d, body } = yamlMapping(text);
  const id = stringField(d, "id", true)!;
  if (!isValidId(id)) throw new FrontmatterError(`frontmatter id ${JSON.stringify(id)} is not a valid id`);
  const parentRaw = d.parentId;
  if (parentRaw === undefined) throw new FrontmatterError('frontmatter has no "parentId" (use null for main)');
  if (parentRaw !== null && (typeof parentRaw !== "string" || !isValidId(parentRaw))) {
    throw new FrontmatterError(`frontmatter parentId ${JSON.stringify(parentRaw)} is not a valid id`);
  }
  const head: ThreadHead = {
    id,
    title: stringField(d, "title", true)!,
    parentId: parentRaw,
    author: stringField(d, "author", false) ?? "unknown",
    createdAt: stringField(d, "createdAt", true)!,
    body,
  };
  const changedAt = stringField(d, "changedAt", false);
  if (changedAt !== undefined) head.changedAt = changedAt;
  const commit = stringField(d, "commit", false);
  if (commit !== undefined) head.commit = commit;
  const status = stringField(d, "status", false);
  if (status !== undefined) {
    if (status !== "done" && status !== "abandoned")
      throw new FrontmatterError(`frontmatter status "${status}" must be done or abandoned`);
    head.status = status;
  }
  const branch = stringField(d, "branch", false);
  if (branch !== undefined) head.branch = branch;
  const mergedInto = stringField(d, "mergedInto", false);
  if (mergedInto !== undefined) head.mergedInto = mergedInto;
  const migratedFrom = stringField(d, "migratedFrom", false);
  if (migratedFrom !== undefined) head.migratedFrom = migratedFrom;
  return head;
}

/** An item file's fields and blocks; FrontmatterError with the reason when it is not one (or holds no text). */
export function parseItem(text: string): ItemFile {
  const { data: d, body } = yamlMapping(text);
  const item: ItemFile = {
    at: stringField(d, "at", false) ?? "",
    by: stringField(d, "by", false) ?? "unknown",
    blocks: splitBlocks(body),
  };
  const commit = stringField(d, "commit", false);
  if (commit !== undefined) item.commit = commit;
  return item;
}
