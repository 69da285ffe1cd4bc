// `resolve`: re-merges conflicted ThreadMind files from git's index stages (:1 base, :2 ours, :3 theirs) with the
// driver's rules, writes them, and stages the clean ones. Two distinct threads added under one id on two branches are
// both kept: theirs moves to the next free id, and the threads that came with it follow it (a format-1 file here, a
// thread folder in split-folder-threads.ts).
import { existsSync } from "node:fs";
import { basename, dirname, join, posix } from "node:path";
import { writeFileAtomicSync } from "../store/atomic-write.js";
import { git, gitBytes, gitPath } from "../git/git.js";
import { parseUnmergedListing, type UnmergedFile } from "../git/unmerged-listing.js";
import { hasConflictMarkers, parseThread, serializeThreadExactly } from "../store/frontmatter.js";
import { errors, UnreadableFileError } from "../errors.js";
import { LIMITS } from "../limits.js";
import { readTextStrict, strictUtf8 } from "../store/read-strict.js";
import { uniqueId } from "../ids.js";
import type { Thread } from "../types.js";
import { mergeStoreFile } from "./merge-file.js";
import { splitFolderThreads, twoFolderThreads } from "./split-folder-threads.js";
import { HEAD_FILE } from "../store/thread-folder-layout.js";
import { messageOf } from "../error-details.js";

export type ResolveOutcome =
  | { path: string; kind: "merged" }
  | { path: string; kind: "split"; movedTo: string; rewritten: string[] }
  | { path: string; kind: "conflict"; conflicts: string[] }
  | { path: string; kind: "deleted-on-one-side"; deletedBy: "ours" | "theirs" }
  | { path: string; kind: "restored"; from: string | null }
  | { path: string; kind: "deleted-for-good" }
  | { path: string; kind: "not-headless" }
  | { path: string; kind: "not-unmerged" }
  | { path: string; kind: "edited-by-hand" }
  | { path: string; kind: "failed"; reason: string };

/** Unmerged files under `storeDir` (paths relative to `gitTop`), from `git ls-files -u`. */
export async function unmergedFiles(gitTop: string, storeDir: string): Promise<UnmergedFile[]> {
  return parseUnmergedListing(await git(gitTop, ["ls-files", "-u", "-z", "--", gitPath(gitTop, storeDir) || "."]));
}

/** A stage's text, decoded strictly: a side that is not UTF-8 is refused (lenient decoding would write U+FFFD for its bytes). */
async function stageText(gitTop: string, stage: 1 | 2 | 3, path: string): Promise<string> {
  const text = strictUtf8(await gitBytes(gitTop, ["show", `:${stage}:${path}`]));
  if (text === null) throw errors.indexStageNotUtf8(path, stage === 1 ? "the base" : stage === 2 ? "our" : "their");
  return text;
}

function threadOf(text: string): Thread | null {
  try {
    return parseThread(text);
  } catch {
    return null;
  }
}

/**
 * A work-tree file's text, read as the store reads one: never through a symbolic link (a hostile branch's, out of the
 * repository), never a FIFO or device, bounded. Null when it is absent or the store could not read it (left as it is:
 * the store names it when it reads it).
 */
function workTreeText(file: string): string | null {
  try {
    return readTextStrict(file, LIMITS.threadFileBytes);
  } catch (e) {
    if (e instanceof UnreadableFileError) return null;
    throw e;
  }
}

/** The thread in a work-tree file (workTreeText); null when there is none the store would read. */
function threadFileOf(file: string): Thread | null {
  const text = workTreeText(file);
  return text === null ? null : threadOf(text);
}

/**
 * Both sides added a thread file at one path, and they are two threads (created apart), not one. A file not named after
 * that id is the store's unreadable file: no free id can be chosen beside it, so it is refused (the store's error).
 */
function twoThreads(path: string, ours: string, theirs: string): [Thread, Thread] | null {
  const [o, t] = [threadOf(ours), threadOf(theirs)];
  if (o === null || t === null || o.id !== t.id) return null;
  if (o.createdAt === t.createdAt && o.author === t.author) return null;
  const fileId = basename(path, ".md");
  if (fileId !== o.id) throw errors.threadIdNotFileName(path, o.id, fileId);
  return [o, t];
}

/**
 * Theirs' thread moves to a free id; threads that are new in the work tree (absent from HEAD, so they came from the other
 * side) and name the old id as parent or related now name the new one.
 */
async function splitAddedThreads(gitTop: string, path: string, ours: string, theirs: Thread): Promise<ResolveOutcome> {
  const full = join(gitTop, path);
  const dir = dirname(full);
  const newId = uniqueId(theirs.title, (c) => existsSync(join(dir, `${c}.md`)), [theirs.id]);
  const movedTo = posix.join(posix.dirname(path), `${newId}.md`);
  writeFileAtomicSync(full, ours);
  writeFileAtomicSync(join(gitTop, movedTo), serializeThreadExactly({ ...theirs, id: newId }));
  const rewritten: string[] = [];
  const folder = gitPath(gitTop, dir) || ".";
  const listed = await git(gitTop, ["ls-files", "-z", "--", folder]);
  // One listing of HEAD's files there, not one git process per file (none before the first commit).
  const headFiles = await git(gitTop, ["ls-tree", "-r", "--name-only", "-z", "HEAD", "--", folder]).catch(() => "");
  const inHead = new Set(headFiles.split("\0"));
  for (const rel of new Set(listed.split("\0").filter((p) => p.endsWith(".md") && p !== path && p !== movedTo))) {
    if (inHead.has(rel)) continue; // ours: it meant our thread
    const file = join(gitTop, rel);
    const t = threadFileOf(file);
    if (t === null) continue;
    const refersParent = t.parentId === theirs.id;
    const refersRelated = t.related?.includes(theirs.id) ?? false;
    if (!refersParent && !refersRelated) continue;
    const updated: Thread = { ...t, ...(refersParent ? { parentId: newId } : {}) };
    if (refersRelated) updated.related = t.related!.map((r) => (r === theirs.id ? newId : r));
    writeFileAtomicSync(file, serializeThreadExactly(updated));
    rewritten.push(rel);
  }
  await git(gitTop, ["add", "--", path, movedTo, ...rewritten]);
  return { path, kind: "split", movedTo, rewritten };
}

/**
 * True when the work-tree file is neither what git left (conflict markers, or our version when the merge could not run)
 * nor readable as such: the user resolved it by hand and has not staged it yet, and a re-merge would overwrite that.
 */
function editedByHand(file: string, ours: string): boolean {
  const text = workTreeText(file); // null: absent, or not a file the user edited as text (re-merged as before)
  if (text === null || hasConflictMarkers(text)) return false;
  const lf = (t: string) => t.replace(/\r\n/g, "\n");
  return lf(text) !== lf(ours);
}

/** Re-merges one unmerged file; the clean result is written and staged, a conflict is written with its markers. */
export async function resolveFile(gitTop: string, file: UnmergedFile): Promise<ResolveOutcome> {
  try {
    return await remerge(gitTop, file);
  } catch (e) {
    // One file that cannot be re-merged (git refuses, a side that cannot be written back) does not stop the others.
    return { path: file.path, kind: "failed", reason: messageOf(e).split("\n")[0]! };
  }
}

async function remerge(gitTop: string, file: UnmergedFile): Promise<ResolveOutcome> {
  const { path, stages } = file;
  if (!stages.has(2) || !stages.has(3))
    return { path, kind: "deleted-on-one-side", deletedBy: stages.has(2) ? "theirs" : "ours" };
  const base = stages.has(1) ? await stageText(gitTop, 1, path) : "";
  const [ours, theirs] = [await stageText(gitTop, 2, path), await stageText(gitTop, 3, path)];
  if (editedByHand(join(gitTop, path), ours)) return { path, kind: "edited-by-hand" };
  const heads = !stages.has(1) && posix.basename(path) === HEAD_FILE ? twoFolderThreads(path, ours, theirs) : null;
  if (heads !== null) return { path, kind: "split", ...(await splitFolderThreads(gitTop, path, ours, heads[1])) };
  if (!stages.has(1) && path.endsWith(".md")) {
    const pair = twoThreads(path, ours, theirs);
    if (pair !== null) return splitAddedThreads(gitTop, path, ours, pair[1]);
  }
  const merged = mergeStoreFile(path, base, ours, theirs);
  writeFileAtomicSync(join(gitTop, path), merged.text);
  if (merged.conflicts.length > 0) return { path, kind: "conflict", conflicts: merged.conflicts };
  await git(gitTop, ["add", "--", path]);
  return { path, kind: "merged" };
}

/** One line per outcome, with what to do when something is left. */
export function describeOutcome(o: ResolveOutcome): string {
  switch (o.kind) {
    case "merged":
      return `merged and staged: ${o.path}`;
    case "split":
      return `two threads had one id: kept ${o.path}, moved the other to ${o.movedTo}${o.rewritten.length > 0 ? ` (and updated ${o.rewritten.join(", ")})` : ""}; staged`;
    case "conflict":
      return `still in conflict: ${o.path} (${o.conflicts.join(", ")}): edit the part between <<<<<<< and >>>>>>>, then \`git add ${o.path}\``;
    case "deleted-on-one-side":
      return `deleted on one side (${o.deletedBy}), changed on the other: ${o.path}: \`git rm ${o.path}\` to delete it, or \`git add ${o.path}\` to keep it`;
    case "restored":
      return `thread deleted on one branch while another added items to it: ${o.path} kept with its items, its ${HEAD_FILE} ${o.from === null ? "written anew (none in git history: its title is its id, edit it there)" : `restored from commit ${o.from.slice(0, 12)}`}; staged (to delete it for good instead: \`thread-mind-mcp resolve --delete ${o.path}\`)`;
    case "deleted-for-good":
      return `deleted for good: ${o.path} (a thread deleted on one branch, with the items another branch added to it); staged`;
    case "not-headless":
      return `not a thread folder without ${HEAD_FILE}: ${o.path} (--delete removes only a folder that holds items but no ${HEAD_FILE}; delete a thread with thread_delete)`;
    case "edited-by-hand":
      return `edited by hand: ${o.path} has no conflict markers and is not git's version, so it was left as it is: \`git add ${o.path}\` to keep it, or \`git checkout -m ${o.path}\` to bring the conflict back and run resolve again`;
    case "not-unmerged":
      return `not in conflict in git's index: ${o.path} (nothing to re-merge; if it holds conflict markers, edit it by hand)`;
    case "failed":
      return `could not re-merge ${o.path}: ${o.reason} (left as it was)`;
    default: {
      const unreachable: never = o;
      return String(unreachable);
    }
  }
}
