// What the search index keeps per thread file: a catalog entry (metadata and headings only) and a body entry (section texts).
import { contentHash } from "../content-hash.js";
import { errors } from "../errors.js";
import { FrontmatterError, parseThread } from "../store/frontmatter.js";
import { parseSummary } from "../store/summary-sections.js";
import type { ClosedStatus, SectionKey, Thread } from "../types.js";

/** What lstat says about a file; a change in any field means the file must be looked at again. */
export interface FileStamp {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  ino: number;
}

/** The metadata the overview tier searches. Never any summary text besides the section headings. */
export interface CatalogMeta {
  id: string;
  title: string;
  parentId: string | null;
  createdAt: string;
  updatedAt: string;
  status?: ClosedStatus;
  branch?: string;
  paths?: string[];
  mergedInto?: string;
  related?: string[];
  headings: string[];
}

export interface CatalogEntry {
  /** Name in the project's threads directory: `<id>/` (a thread folder, format 2) or `<id>.md` (format 1). */
  file: string;
  stamp: FileStamp;
  /** Content hash of the whole file text. */
  hash: string;
  /** Null when the file could not be parsed (then `problem` says why). */
  meta: CatalogMeta | null;
  problem?: string;
}

/** "section": a summary section or the text before the first heading; "reason": a closed thread's closing reasons. */
export type BodyDocKind = "section" | "reason";

export interface BodyDoc {
  kind: BodyDocKind;
  key: SectionKey | null;
  /** The section heading as written ("" for the text before the first heading). */
  heading: string;
  text: string;
}

export interface BodyEntry {
  /** Content hash of the file version these sections come from (matches the catalog entry's hash when current). */
  hash: string;
  docs: BodyDoc[];
}

/** Closing lines written by thread_status ("- Closed as done (2026-01-02): …", "- Abandoned (…): …"). */
const CLOSING_LINE = /^\s*-\s*(Closed as done|Abandoned)\s*\(\d{4}-\d{2}-\d{2}\):/;

export interface ParsedFile {
  catalog: CatalogEntry;
  body: BodyEntry | null;
}

/** Parses one thread file's text into its catalog and body entries; an unparseable file becomes a catalog entry with a problem. */
/** The thread id an index entry's name stands for (`<id>/` or `<id>.md`). */
export function entryThreadId(file: string): string {
  return file.endsWith("/") ? file.slice(0, -1) : file.slice(0, -3);
}

export function entriesFromText(file: string, stamp: FileStamp, text: string): ParsedFile {
  const hash = contentHash(text);
  const expectedId = entryThreadId(file);
  let thread: ReturnType<typeof parseThread>;
  try {
    thread = parseThread(text);
  } catch (e) {
    if (e instanceof FrontmatterError) return { catalog: { file, stamp, hash, meta: null, problem: e.message }, body: null };
    throw e;
  }
  if (thread.id !== expectedId) {
    return {
      catalog: {
        file,
        stamp,
        hash,
        meta: null,
        problem: errors.threadIdNotFileName(file, thread.id, expectedId).reason,
      },
      body: null,
    };
  }
  return entriesFromThread(file, stamp, hash, thread);
}

/** The catalog and body entries of a thread as read (a folder's, whose `hash` covers every file it was read from). */
export function entriesFromThread(file: string, stamp: FileStamp, hash: string, thread: Thread): ParsedFile {
  const parsed = parseSummary(thread.summary);
  const meta: CatalogMeta = {
    id: thread.id,
    title: thread.title,
    parentId: thread.parentId,
    createdAt: thread.createdAt,
    updatedAt: thread.updatedAt,
    headings: parsed.sections.map((s) => s.heading),
  };
  if (thread.status) meta.status = thread.status;
  if (thread.branch) meta.branch = thread.branch;
  if (thread.paths && thread.paths.length > 0) meta.paths = thread.paths;
  if (thread.mergedInto) meta.mergedInto = thread.mergedInto;
  if (thread.related && thread.related.length > 0) meta.related = thread.related;

  const docs: BodyDoc[] = [];
  const reasons: string[] = [];
  if (parsed.preamble.trim() !== "") docs.push({ kind: "section", key: null, heading: "", text: parsed.preamble.trim() });
  for (const s of parsed.sections) {
    let text = s.body;
    if (thread.status && s.key === "decisions") {
      const lines = text.split("\n");
      reasons.push(...lines.filter((l) => CLOSING_LINE.test(l)));
      text = lines.filter((l) => !CLOSING_LINE.test(l)).join("\n");
    }
    if (text.trim() !== "") docs.push({ kind: "section", key: s.key, heading: s.heading, text });
  }
  if (reasons.length > 0) docs.push({ kind: "reason", key: null, heading: "Closing reason", text: reasons.join("\n") });
  return { catalog: { file, stamp, hash, meta }, body: { hash, docs } };
}
