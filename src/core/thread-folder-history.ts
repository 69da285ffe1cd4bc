// thread_history of a thread folder (format 2): per commit, the items each section gained or lost (one item file each:
// so who added a decision, and in which commit, is the commit that added its file), and the head's changes.
import { relative, sep } from "node:path";
import { headCommit } from "./git/git.js";
import { committedThread } from "./git/committed-thread.js";
import { FrontmatterError } from "./store/frontmatter.js";
import { HEAD_FILE, isSectionDir, parseHead, parseItem, type ThreadHead } from "./store/thread-folder-format.js";
import { errors } from "./errors.js";
import { SECTION_HEADINGS, SECTION_KEYS, statusWord, type Thread } from "./types.js";
import {
  checkHistoryLimit,
  formatThreadHistory,
  type HistoryEntry,
  metaChanges,
  multisetDiff,
  commitPatches,
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
  if (entries.length === 0 && commits.length === 0 && req.working === null) throw errors.threadNotFound(req.threadId);
  const truncated = commits.length > wanted || (wanted === 0 && head !== null && (await folderVersions(top, path, 1)).length > 0);
  entries.push(...commits.slice(0, wanted));
  const history: ThreadHistory = { threadId: req.threadId, path, gitAvailable: true, entries, truncated, limit };
  if (commits.length === 0 && !truncated)
    history.message = `Thread "${req.threadId}" has never been committed (${path}): only uncommitted changes are shown.`;
  return { ...history, text: formatThreadHistory(history, title) };
}

/** Commits touching the folder, newest first, each with what its files' patches added and removed. */
async function folderVersions(top: string, folder: string, max: number): Promise<HistoryEntry[]> {
  return (await commitPatches(top, folder, max)).map(({ patch, ...commit }) => ({
    ...commit,
    ...commitChanges(patch, commit.commit, folder),
  }));
}

type Changes = Pick<HistoryEntry, "change" | "meta" | "sections" | "problem">;

function commitChanges(patch: string, commit: string, folder: string): Changes {
  const sections = new Map<string, SectionDelta>();
  const meta: string[] = [];
  let change: VersionChange = "modified";
  let problem: string | undefined;
  const delta = (name: string) => {
    let d = sections.get(name);
    if (d === undefined) {
      d = { section: name, added: [], removed: [] };
      sections.set(name, d);
    }
    return d;
  };
  for (const filePatch of patch.split(/^(?=diff --git )/m)) {
    const first = /^diff --git a\/(.+?) b\//.exec(filePatch);
    if (first === null) continue;
    const rel = first[1]!.slice(folder.length);
    const { before, after } = sidesOfPatch(filePatch, commit);
    const [dir, name] = rel.split("/");
    try {
      if (rel === HEAD_FILE) {
        if (before === null) change = "created";
        else if (after === null) change = "deleted";
        meta.push(...headChanges(before === null ? null : parseHead(before), after === null ? null : parseHead(after)));
      } else if (dir !== undefined && name !== undefined && isSectionDir(dir)) {
        const blocks = (text: string | null) => (text === null || text === "" ? [] : parseItem(text).blocks);
        const { added, removed } = multisetDiff(blocks(before), blocks(after));
        const d = delta(SECTION_HEADINGS[dir]);
        d.added.push(...added);
        d.removed.push(...removed);
      } else if (dir === "paths" || dir === "related") {
        const member = (text: string | null) => (text === null ? null : text.replace(/\r?\n$/, ""));
        const [a, b] = [member(before), member(after)];
        if (a !== b) meta.push(`${dir}: ${[...(b !== null ? [`+ ${b}`] : []), ...(a !== null ? [`− ${a}`] : [])].join(", ")}`);
      }
    } catch (e) {
      if (!(e instanceof FrontmatterError)) throw e;
      problem = `${rel} could not be parsed in this version: ${e.message}`;
    }
  }
  const order = (n: string) => SECTION_KEYS.findIndex((k) => SECTION_HEADINGS[k] === n);
  const out: Changes = {
    change,
    meta,
    sections: [...sections.values()]
      .filter((d) => d.added.length + d.removed.length > 0)
      .sort((a, b) => order(a.section) - order(b.section)),
  };
  if (problem !== undefined) out.problem = problem;
  return out;
}

function headChanges(old: ThreadHead | null, now: ThreadHead | null): string[] {
  if (old === null || now === null) return [];
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
