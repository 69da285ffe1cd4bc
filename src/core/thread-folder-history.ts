// thread_history of a thread folder (format 2): per commit, the items each section gained or lost (one item file each:
// so who added a decision, and in which commit, is the commit that added its file), and the head's changes.
import { relative, sep } from "node:path";
import { git, gitMaybe, gitPath, headCommit } from "./git/git.js";
import { committedThread } from "./git/committed-thread.js";
import { FrontmatterError, parseThread } from "./store/frontmatter.js";
import { splitSummary } from "./store/thread-folder-write.js";
import { LIMITS } from "./limits.js";
import { HEAD_FILE, isSectionDir, parseHead, parseItem, type ThreadHead } from "./store/thread-folder-format.js";
import { isItemPath, memberLine } from "./store/thread-folder-read.js";
import { errors } from "./errors.js";
import { SECTION_HEADINGS, SECTION_KEYS, type SectionKey, type Thread } from "./types.js";
import {
  checkHistoryLimit,
  commitVersions,
  formatThreadHistory,
  type HistoryEntry,
  headChanges,
  metaChanges,
  multisetDiff,
  patchesOf,
  type SectionDelta,
  sectionChanges,
  sidesOfPatch,
  type ThreadHistory,
  type VersionChange,
} from "./thread-history.js";

export interface FolderHistoryRequest {
  gitTop: string | null;
  folder: string;
  legacyPath: string;
  threadId: string;
  /** The thread as the store reads it now; null when nothing holds its name. */
  working: Thread | null;
  limit?: number;
}

export async function threadFolderHistory(req: FolderHistoryRequest): Promise<ThreadHistory & { text: string }> {
  const limit = checkHistoryLimit(req.limit);
  const title = req.working?.title ?? null;
  if (req.gitTop === null) {
    if (req.working === null) throw errors.threadNotFound(req.threadId);
    const h: ThreadHistory = {
      threadId: req.threadId,
      path: req.folder,
      gitAvailable: false,
      message: `No history for thread "${req.threadId}": this workspace is not in a git repository. ThreadMind's history is git's: commit .threadmind/ in a repository to get it.`,
      entries: [],
      truncated: false,
      limit,
    };
    return { ...h, text: formatThreadHistory(h, title) };
  }
  const top = req.gitTop;
  const path = `${relative(top, req.folder).split(sep).join("/")}/`;
  const head = await headCommit(top);
  const atHead = head === null ? null : await committedThread(top, req.folder, req.legacyPath, req.threadId);
  const entries: HistoryEntry[] = [];
  if (JSON.stringify(atHead) !== JSON.stringify(req.working)) {
    const change: VersionChange = atHead === null ? "created" : req.working === null ? "deleted" : "modified";
    entries.push({
      commit: null,
      author: null,
      date: null,
      subject: null,
      change,
      meta: metaChanges(atHead, req.working),
      sections: sectionChanges(atHead?.summary ?? "", req.working?.summary ?? ""),
    });
  }
  const wanted = limit - entries.length;
  const commits = head === null || wanted === 0 ? [] : await folderVersions(top, path, wanted + 1);
  // A thread moved from its one file (format 1): the commits that moved it, then that file's own history before them;
  // moved but not committed yet, that file's history alone.
  const legacy = gitPath(top, req.legacyPath);
  const moves = await settleMoves(top, commits, legacy);
  if (head !== null && wanted > 0 && commits.length <= wanted && (moves.length > 0 || commits.length === 0)) {
    const seen = new Set(commits.map((c) => c.commit));
    const older = await commitVersions(top, legacy, wanted + 1 - commits.length + moves.length, moves);
    commits.push(...older.filter((c) => !seen.has(c.commit)).slice(0, wanted + 1 - commits.length));
  }
  if (entries.length === 0 && commits.length === 0 && req.working === null) throw errors.threadNotFound(req.threadId);
  const truncated = commits.length > wanted || (wanted === 0 && head !== null && (await folderVersions(top, path, 1)).length > 0);
  entries.push(...commits.slice(0, wanted));
  const history: ThreadHistory = { threadId: req.threadId, path, gitAvailable: true, entries, truncated, limit };
  if (commits.length === 0 && !truncated)
    history.message = `Thread "${req.threadId}" has never been committed (${path}): only uncommitted changes are shown.`;
  return { ...history, text: formatThreadHistory(history, title) };
}

/**
 * Commits that changed the folder, newest first, each with what its files' patches added and removed. A merge shows only
 * the files it left unlike every parent (a conflict settled in it): the rest came from its branches, whose own commits
 * name who added what; a merge with no such file is no version of its own (git merges the branches' item files cleanly).
 */
async function folderVersions(top: string, folder: string, max: number): Promise<MovedEntry[]> {
  const kept: FolderCommit[] = [];
  // A page of commits at a time, until `max` are kept or history ends: merges that only brought branches together are
  // passed over, and they can be most of a busy thread's commits.
  const page = Math.max(max, 50);
  for (let skip = 0; kept.length < max; skip += page) {
    const listed = await folderCommits(top, folder, page, skip);
    kept.push(...listed.filter((c) => c.own === null || c.own.size > 0).slice(0, max - kept.length));
    if (listed.length < page) break;
  }
  const own = new Map(kept.map((c) => [c.commit, c.own]));
  const out: MovedEntry[] = [];
  for (const { patch, ...commit } of await patchesOf(
    top,
    folder,
    kept.map((c) => c.commit),
  )) {
    const { sides, named, ...changes } = commitChanges(patch, commit.commit, folder, own.get(commit.commit) ?? null);
    // An item file named in removed/ (or no longer named) by this commit: its blocks left the thread (or came back).
    for (const { file, gone } of named) {
      const blocks = await committedBlocks(top, commit.commit, `${folder}${file}`);
      const side = sideOf(sides, SECTION_HEADINGS[file.split("/")[0] as SectionKey]);
      (gone ? side.before : side.after).push(...blocks);
    }
    const order = (n: string) => SECTION_KEYS.findIndex((k) => SECTION_HEADINGS[k] === n);
    const sections = [...sides]
      .map(([section, d]): SectionDelta => ({ section, ...multisetDiff(d.before, d.after) }))
      .filter((d) => d.added.length + d.removed.length > 0)
      .sort((a, b) => order(a.section) - order(b.section));
    out.push({ ...commit, ...changes, sections });
  }
  return out;
}

/** The blocks of an item file as a commit holds it; none when it holds no such file (or one past the bound, or damaged). */
async function committedBlocks(top: string, commit: string, path: string): Promise<string[]> {
  try {
    return parseItem(await committedText(top, `${commit}:${path}`, LIMITS.itemFileBytes)).blocks;
  } catch (e) {
    if (e instanceof FrontmatterError) return [];
    throw e;
  }
}

/**
 * The text of a committed object (`<commit>:<path>` or a blob id). Committed bytes are untrusted: their size is asked
 * first, and one past `maxBytes` is not read. FrontmatterError with the reason when it cannot be had.
 */
async function committedText(top: string, spec: string, maxBytes: number): Promise<string> {
  const sizeText = await gitMaybe(top, ["cat-file", "-s", spec]);
  if (sizeText === null) throw new FrontmatterError("it is not in this repository");
  const size = Number(sizeText);
  if (size > maxBytes) throw new FrontmatterError(`${size} bytes, over the limit of ${maxBytes}`);
  const text = await gitMaybe(top, ["cat-file", "blob", spec]);
  if (text === null) throw new FrontmatterError("it is not in this repository");
  return text;
}

/** Per section heading, the blocks of every file before and after a commit. */
type Sides = Map<string, { before: string[]; after: string[] }>;

function sideOf(sides: Sides, name: string): { before: string[]; after: string[] } {
  let d = sides.get(name);
  if (d === undefined) {
    d = { before: [], after: [] };
    sides.set(name, d);
  }
  return d;
}

/**
 * The entries (in place) of the commits that created the folder from a format-1 file (its head's `migratedFrom`): the
 * items that file held were moved, not added, so they are taken out of what the entry added, and it says the thread
 * moved. Returns those commits.
 */
async function settleMoves(top: string, entries: MovedEntry[], legacy: string): Promise<string[]> {
  const moves: string[] = [];
  for (const entry of entries) {
    const blob = entry.movedFrom;
    delete entry.movedFrom;
    if (blob === undefined || entry.commit === null) continue;
    moves.push(entry.commit);
    entry.change = "modified";
    entry.meta.unshift(`moved from ${legacy} to its folder (one file per item)`);
    let sections: Map<SectionKey, string[]>;
    try {
      const text = await committedText(top, blob, LIMITS.threadFileBytes);
      sections = splitSummary(parseThread(`${text}\n`).summary).sections;
    } catch (e) {
      if (!(e instanceof FrontmatterError)) throw e;
      entry.problem ??= `the version of ${legacy} it was moved from (blob ${blob.slice(0, 8)}) cannot be read (${e.message}): its items are shown as added`;
      continue;
    }
    // The folder is new in this commit: what it added is all it holds, compared now with what the file held.
    const holds = new Map(entry.sections.map((d) => [d.section, d.added]));
    entry.sections = SECTION_KEYS.map((key) => {
      const section = SECTION_HEADINGS[key];
      return { section, ...multisetDiff(sections.get(key) ?? [], holds.get(section) ?? []) };
    }).filter((d) => d.added.length + d.removed.length > 0);
  }
  return moves;
}

/** A folder version as commitChanges gives it: with the blob of the format-1 file its folder was created from. */
type MovedEntry = HistoryEntry & { movedFrom?: string };

/** A commit that changed a folder; for a merge, the folder's files it left unlike every parent (else null: all). */
interface FolderCommit {
  commit: string;
  own: Set<string> | null;
}

const RECORD = "\x1e";
const FIELD = "\x1f";

/** One page of the commits that changed `folder` (git's history simplification), newest first. */
async function folderCommits(top: string, folder: string, count: number, skip: number): Promise<FolderCommit[]> {
  // -c lists a merge's files changed against every parent; -z keeps any path as it is.
  const out = await git(top, [
    "log",
    "-z",
    `--format=${RECORD}%H${FIELD}%P`,
    "-c",
    "--name-only",
    "--no-renames",
    `-n${count}`,
    `--skip=${skip}`,
    "--",
    `:(literal)${folder}`,
  ]);
  return out
    .split(RECORD)
    .slice(1)
    .map((record) => {
      const [header = "", ...names] = record.split("\0");
      const [commit = "", parents = ""] = header.split(FIELD);
      const isMerge = parents.trim().split(" ").length > 1;
      const files = names.map((n) => n.replace(/^\n/, "")).filter((n) => n !== "");
      return { commit, own: isMerge ? new Set(files) : null };
    });
}

/**
 * What a commit's patch says: the head's changes, and per section the blocks of its files before and after (compared
 * once per section by folderVersions: a moved file split into its parts, see thread-folder-write.ts, adds files that
 * hold blocks the thread already showed), and the item files it named in removed/ or stopped naming (gone: false).
 */
type Changes = Pick<MovedEntry, "change" | "meta" | "problem" | "movedFrom"> & {
  sides: Sides;
  named: { file: string; gone: boolean }[];
};

function commitChanges(patch: string, commit: string, folder: string, only: ReadonlySet<string> | null): Changes {
  const sides: Sides = new Map();
  const named: { file: string; gone: boolean }[] = [];
  const meta: string[] = [];
  let change: VersionChange = "modified";
  let problem: string | undefined;
  let movedFrom: string | undefined;
  for (const filePatch of patch.split(/^(?=diff --git )/m)) {
    const first = /^diff --git a\/(.+?) b\//.exec(filePatch);
    if (first === null || (only !== null && !only.has(first[1]!))) continue;
    const rel = first[1]!.slice(folder.length);
    const { before, after } = sidesOfPatch(filePatch, commit);
    const [dir, name] = rel.split("/");
    try {
      if (rel === HEAD_FILE) {
        const [old, now] = [before === null ? null : parseHead(before), after === null ? null : parseHead(after)];
        if (before === null) change = "created";
        else if (after === null) change = "deleted";
        if (old === null && now?.migratedFrom !== undefined) movedFrom = now.migratedFrom;
        meta.push(...headChangesOrNone(old, now));
      } else if (dir !== undefined && name !== undefined && isSectionDir(dir)) {
        const blocks = (text: string | null) => (text === null || text === "" ? [] : parseItem(text).blocks);
        const [was, is] = [blocks(before), blocks(after)];
        const d = sideOf(sides, SECTION_HEADINGS[dir]);
        d.before.push(...was);
        d.after.push(...is);
      } else if (dir === "removed") {
        const [a, b] = [memberOrNull(before), memberOrNull(after)];
        if (a !== b) {
          if (b !== null && isItemPath(b)) named.push({ file: b, gone: true });
          if (a !== null && isItemPath(a)) named.push({ file: a, gone: false });
        }
      } else if (dir === "paths" || dir === "related") {
        const [a, b] = [memberOrNull(before), memberOrNull(after)];
        if (a !== b) meta.push(`${dir}: ${[...(b !== null ? [`+ ${b}`] : []), ...(a !== null ? [`− ${a}`] : [])].join(", ")}`);
      }
    } catch (e) {
      if (!(e instanceof FrontmatterError)) throw e;
      problem = `${rel} could not be parsed in this version: ${e.message}`;
    }
  }
  const out: Changes = { change, meta, sides, named };
  if (problem !== undefined) out.problem = problem;
  if (movedFrom !== undefined) out.movedFrom = movedFrom;
  return out;
}

/** A member file's one line (memberLine), or null for an absent side. */
function memberOrNull(text: string | null): string | null {
  return text === null ? null : memberLine(text);
}

/** headChanges of two versions of a head, none when either side is absent. */
function headChangesOrNone(old: ThreadHead | null, now: ThreadHead | null): string[] {
  return old === null || now === null ? [] : headChanges(old, now);
}
