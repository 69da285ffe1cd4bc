// thread_history: the versions of one thread file from git (newest first), and per version what each section gained or lost.
import { relative, sep } from "node:path";
import { errors } from "./errors.js";
import { FrontmatterError, parseThread } from "./store/frontmatter.js";
import { git, gitMaybe, headCommit } from "./git/git.js";
import { parseSummary } from "./store/summary-sections.js";
import { SECTION_HEADINGS, SECTION_KEYS, statusWord, type Thread } from "./types.js";
import { readTextStrict } from "./store/read-strict.js";
import { LIMITS } from "./limits.js";

export const HISTORY_LIMIT = { min: 1, max: 50, default: 10 } as const;
/** Items shown per section and version in the text, and characters per item. */
const ITEMS_SHOWN = 8;
const ITEM_CHARS = 140;

export interface SectionDelta {
  /** The section heading ("Decisions", …; "Summary" for text before the first heading). */
  section: string;
  added: string[];
  removed: string[];
}

export type VersionChange = "created" | "modified" | "deleted";

export interface HistoryEntry {
  /** Null for the uncommitted changes (the top entry when the working file differs from HEAD). */
  commit: string | null;
  author: string | null;
  date: string | null;
  subject: string | null;
  change: VersionChange;
  /** Frontmatter changes in words ("status: open → done", "related: + auth"). */
  meta: string[];
  sections: SectionDelta[];
  /** Set when a version could not be parsed (e.g. committed conflict markers): then no section deltas are given. */
  problem?: string;
}

export interface ThreadHistory {
  threadId: string;
  /** The file's path relative to the git top level (as git names it). */
  path: string;
  gitAvailable: boolean;
  /** Why there is no history (outside git, never committed), when that is the case. */
  message?: string;
  entries: HistoryEntry[];
  /** More versions exist than `limit` allowed. */
  truncated: boolean;
  limit: number;
}

export interface HistoryRequest {
  gitTop: string | null;
  /** Absolute path of the thread file. */
  file: string;
  threadId: string;
  /** The file's current text, null when it does not exist in the working tree. */
  workingText: string | null;
  limit?: number;
}

export function checkHistoryLimit(limit: number | undefined): number {
  const n = limit ?? HISTORY_LIMIT.default;
  if (!Number.isInteger(n) || n < HISTORY_LIMIT.min || n > HISTORY_LIMIT.max) {
    throw errors.invalid(
      `The history limit must be a whole number from ${HISTORY_LIMIT.min} to ${HISTORY_LIMIT.max}, not ${String(limit)}.`,
    );
  }
  return n;
}

export async function threadHistory(req: HistoryRequest): Promise<ThreadHistory> {
  const limit = checkHistoryLimit(req.limit);
  if (req.gitTop === null) {
    if (req.workingText === null) throw errors.threadNotFound(req.threadId);
    return {
      threadId: req.threadId,
      path: req.file,
      gitAvailable: false,
      message: `No history for thread "${req.threadId}": this workspace is not in a git repository. ThreadMind's history is git's: commit .threadmind/ in a repository to get it.`,
      entries: [],
      truncated: false,
      limit,
    };
  }
  const top = req.gitTop;
  const path = relative(top, req.file).split(sep).join("/");
  const head = await headCommit(top);
  const headText = head === null ? null : await blobAtHead(top, path);
  const entries: HistoryEntry[] = [];
  if (req.workingText !== headText) {
    entries.push({ commit: null, author: null, date: null, subject: null, ...compare(headText, req.workingText) });
  }
  const wanted = limit - entries.length;
  const commits = head === null || wanted === 0 ? [] : await commitVersions(top, path, wanted + 1);
  if (entries.length === 0 && commits.length === 0 && req.workingText === null) throw errors.threadNotFound(req.threadId);
  const truncated = commits.length > wanted || (wanted === 0 && head !== null && (await commitVersions(top, path, 1)).length > 0);
  entries.push(...commits.slice(0, wanted));
  const history: ThreadHistory = { threadId: req.threadId, path, gitAvailable: true, entries, truncated, limit };
  // No commit shown because the limit left no room (uncommitted changes took it) is not "never committed".
  if (commits.length === 0 && !truncated)
    history.message = `Thread "${req.threadId}" has never been committed (${path}): only uncommitted changes are shown.`;
  return history;
}

/** The file's text at HEAD; null when HEAD has no such file ("HEAD:<path>" names the path literally). */
async function blobAtHead(top: string, path: string): Promise<string | null> {
  const blob = await gitMaybe(top, ["rev-parse", "--verify", "-q", `HEAD:${path}`]);
  return blob ? git(top, ["cat-file", "blob", blob]) : null;
}

const RECORD = "\x1e";
const FIELD = "\x1f";

/**
 * Commits touching `path`, newest first (git's default history simplification: commits of merged branches included,
 * merges only when they changed the file against every parent), each with the file before (first parent) and after.
 */
export async function commitVersions(
  top: string,
  path: string,
  max: number,
  from: readonly string[] = [],
): Promise<HistoryEntry[]> {
  return (await commitPatches(top, path, max, from)).map(({ patch, ...commit }) => {
    const { before, after } = sidesOfPatch(patch, commit.commit);
    return { ...commit, ...compare(before, after) };
  });
}

/** One commit of a path's history: who made it, when, its subject, and its whole-file patch of the path. */
export interface CommitPatch {
  commit: string;
  author: string;
  date: string;
  subject: string;
  patch: string;
}

/**
 * The newest `max` commits touching `path` (a file or a folder) in the history of `from` (default: HEAD), each with its
 * patch against the first parent. Two git runs: the list (asking for merge diffs would also list every merge), then the
 * patches of exactly those commits.
 */
export async function commitPatches(
  top: string,
  path: string,
  max: number,
  from: readonly string[] = [],
): Promise<CommitPatch[]> {
  const commits = (await git(top, ["log", "--format=%H", `-n${max}`, ...from, "--", `:(literal)${path}`]))
    .split("\n")
    .filter((l) => l !== "");
  return patchesOf(top, path, commits);
}

/** The given commits (in that order), each with its patch of `path` (a file or a folder) against its first parent. */
export async function patchesOf(top: string, path: string, commits: readonly string[]): Promise<CommitPatch[]> {
  if (commits.length === 0) return [];
  const pathspec = `:(literal)${path}`;
  const out = await git(top, [
    "log",
    "--no-walk=unsorted",
    `--format=${RECORD}%H${FIELD}%an${FIELD}%aI${FIELD}%s`,
    "-p",
    "--unified=1000000000",
    "--diff-merges=first-parent",
    "--no-color",
    "--no-ext-diff",
    "--no-textconv",
    "--no-renames",
    ...commits,
    "--",
    pathspec,
  ]);
  return out
    .split(RECORD)
    .slice(1)
    .map((record) => {
      const newline = record.indexOf("\n");
      const header = newline === -1 ? record : record.slice(0, newline);
      const [commit, author, date, subject] = header.split(FIELD) as [string, string, string, string];
      return { commit, author, date, subject, patch: newline === -1 ? "" : record.slice(newline + 1) };
    });
}

/** The file before and after, rebuilt from a whole-file patch (null: the file did not exist on that side). */
export function sidesOfPatch(patch: string, commit: string): { before: string | null; after: string | null } {
  const lines = patch.split("\n");
  let before: string[] | null = [];
  let after: string[] | null = [];
  let inHunk = false;
  let sawPatch = false;
  let endsWithNewline = { before: true, after: true };
  let last: "before" | "after" | "both" = "both";
  for (const line of lines) {
    if (!inHunk) {
      if (line.startsWith("diff --git ")) sawPatch = true;
      else if (line === "--- /dev/null") before = null;
      else if (line === "+++ /dev/null") after = null;
      else if (line.startsWith("Binary files ")) throw new Error(`git log shows ${commit} as a binary change of a thread file`);
      else if (line.startsWith("@@ ")) inHunk = true;
      continue;
    }
    if (line.startsWith("@@ ")) continue;
    const body = line.slice(1);
    switch (line[0]) {
      case " ":
        before?.push(body);
        after?.push(body);
        last = "both";
        break;
      case "-":
        before?.push(body);
        last = "before";
        break;
      case "+":
        after?.push(body);
        last = "after";
        break;
      case "\\":
        if (last === "before" || last === "both") endsWithNewline = { ...endsWithNewline, before: false };
        if (last === "after" || last === "both") endsWithNewline = { ...endsWithNewline, after: false };
        break;
      case undefined:
        break; // the blank line that ends the output
      default:
        throw new Error(`Unexpected line in the patch of ${commit}: ${JSON.stringify(line.slice(0, 80))}`);
    }
  }
  if (!sawPatch) {
    // A commit that touched the path without changing its text (mode change, or an empty merge diff).
    return { before: "", after: "" };
  }
  const join = (side: string[] | null, newline: boolean) =>
    side === null ? null : side.join("\n") + (side.length > 0 && newline ? "\n" : "");
  return { before: join(before, endsWithNewline.before), after: join(after, endsWithNewline.after) };
}

type Comparison = Pick<HistoryEntry, "change" | "meta" | "sections" | "problem">;

/** What changed between two versions of a thread file (null: absent). */
function compare(before: string | null, after: string | null): Comparison {
  const change: VersionChange = before === null ? "created" : after === null ? "deleted" : "modified";
  const parse = (text: string | null, which: string): Thread | null | string => {
    if (text === null || text === "") return null;
    try {
      return parseThread(text);
    } catch (e) {
      if (e instanceof FrontmatterError) return `the ${which} version could not be parsed: ${e.message}`;
      throw e;
    }
  };
  const old = parse(before, "previous");
  const now = parse(after, "new");
  if (typeof old === "string" || typeof now === "string") {
    return { change, meta: [], sections: [], problem: typeof now === "string" ? now : (old as string) };
  }
  return { change, meta: metaChanges(old, now), sections: sectionChanges(old?.summary ?? "", now?.summary ?? "") };
}

/** The fields a thread file's frontmatter and a thread folder's head both hold, as headChanges compares them. */
type HeadFields = Pick<Thread, "title" | "parentId" | "status" | "branch" | "mergedInto">;

/** One line per head field that changed (title, parent, status, branch, merged into): `label: before → after`. */
export function headChanges(old: HeadFields, now: HeadFields): string[] {
  const out: string[] = [];
  const scalar = (label: string, a: string | null | undefined, b: string | null | undefined, none: string) => {
    if ((a ?? null) !== (b ?? null)) out.push(`${label}: ${a ?? none} → ${b ?? none}`);
  };
  scalar("title", old.title, now.title, "—");
  scalar("parent", old.parentId, now.parentId, "none");
  scalar("status", statusWord(old.status ?? "active"), statusWord(now.status ?? "active"), "open");
  scalar("branch", old.branch, now.branch, "none");
  scalar("merged into", old.mergedInto, now.mergedInto, "none");
  return out;
}

export function metaChanges(old: Thread | null, now: Thread | null): string[] {
  if (old === null || now === null) return [];
  const out = headChanges(old, now);
  const list = (label: string, a: string[] | undefined, b: string[] | undefined) => {
    const added = (b ?? []).filter((x) => !(a ?? []).includes(x));
    const removed = (a ?? []).filter((x) => !(b ?? []).includes(x));
    if (added.length + removed.length > 0)
      out.push(`${label}: ${[...added.map((x) => `+ ${x}`), ...removed.map((x) => `− ${x}`)].join(", ")}`);
  };
  list("related", old.related, now.related);
  list("paths", old.paths, now.paths);
  return out;
}

/** Per section (canonical ones first, in order), the lines added and removed (compared as multisets of trimmed lines). */
export function sectionChanges(before: string, after: string): SectionDelta[] {
  const a = sectionLines(before);
  const b = sectionLines(after);
  const names = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => rank(x) - rank(y));
  const out: SectionDelta[] = [];
  for (const name of names) {
    const { added, removed } = multisetDiff(a.get(name) ?? [], b.get(name) ?? []);
    if (added.length + removed.length > 0) out.push({ section: name, added, removed });
  }
  return out;
}

function sectionLines(summary: string): Map<string, string[]> {
  const parsed = parseSummary(summary);
  const out = new Map<string, string[]>();
  const add = (name: string, text: string) => {
    const lines = text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "");
    out.set(name, [...(out.get(name) ?? []), ...lines]);
  };
  if (parsed.preamble.trim() !== "") add("Summary", parsed.preamble);
  for (const s of parsed.sections) add(s.key ? SECTION_HEADINGS[s.key] : s.heading, s.body);
  return out;
}

function rank(name: string): number {
  const i = SECTION_KEYS.findIndex((k) => SECTION_HEADINGS[k] === name);
  return name === "Summary" ? -1 : i === -1 ? SECTION_KEYS.length : i;
}

export function multisetDiff(before: string[], after: string[]): { added: string[]; removed: string[] } {
  const count = new Map<string, number>();
  for (const l of before) count.set(l, (count.get(l) ?? 0) + 1);
  const added: string[] = [];
  for (const l of after) {
    const n = count.get(l) ?? 0;
    if (n > 0) count.set(l, n - 1);
    else added.push(l);
  }
  const removed: string[] = [];
  const left = new Map(count);
  for (const l of before) {
    const n = left.get(l) ?? 0;
    if (n > 0) {
      removed.push(l);
      left.set(l, n - 1);
    }
  }
  return { added, removed };
}

/** The history as text for the conversation: one block per version, the changed sections with + and − items. */
export function formatThreadHistory(h: ThreadHistory, title: string | null): string {
  const name = title ? `"${title.replace(/\s*\n\s*/g, " ")}" (${h.threadId})` : `"${h.threadId}"`;
  if (!h.gitAvailable) return h.message ?? `No history for ${name}.`;
  const lines = [
    `History of ${name}, ${h.path}, newest first: ${h.entries.length} version${h.entries.length === 1 ? "" : "s"}${h.truncated ? ` (older ones left out; limit ${h.limit})` : ""}.`,
  ];
  if (h.message) lines.push(h.message);
  for (const e of h.entries) {
    const what = e.change === "modified" ? "" : ` (${e.change})`;
    lines.push(
      e.commit === null
        ? `● Uncommitted changes${what}`
        : `● ${e.date?.slice(0, 10)} ${e.commit.slice(0, 8)} ${e.author} — ${e.subject}${what}`,
    );
    if (e.problem) lines.push(`  ⚠ ${e.problem}`);
    for (const m of e.meta) lines.push(`  ${m}`);
    for (const s of e.sections) {
      const items = [...s.added.map((x) => `+ ${clip(x)}`), ...s.removed.map((x) => `− ${clip(x)}`)];
      const more = items.length > ITEMS_SHOWN ? ` (and ${items.length - ITEMS_SHOWN} more)` : "";
      lines.push(`  ${s.section}: ${items.slice(0, ITEMS_SHOWN).join(" | ")}${more}`);
    }
    if (!e.problem && e.meta.length === 0 && e.sections.length === 0) lines.push("  (no change to the summary or its metadata)");
  }
  return lines.join("\n");
}

function clip(s: string): string {
  return s.length <= ITEM_CHARS ? s : `${s.slice(0, ITEM_CHARS - 1)}…`;
}

/** thread_history of one thread file: its working text is read here (absent: null), and its title heads the text. */
export async function threadFileHistory(req: {
  gitTop: string | null;
  file: string;
  threadId: string;
  limit?: number;
}): Promise<ThreadHistory & { text: string }> {
  const workingText = readTextStrict(req.file, LIMITS.threadFileBytes);
  const history = await threadHistory({ ...req, workingText });
  let title: string | null = null;
  if (workingText !== null) {
    try {
      title = parseThread(workingText).title;
    } catch (e) {
      // The history's top entry reports why the working file cannot be parsed; the heading then names the id only.
      if (!(e instanceof FrontmatterError)) throw e;
    }
  }
  return { ...history, text: formatThreadHistory(history, title) };
}
