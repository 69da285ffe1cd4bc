// Thread folders that plain git left with items but no thread.md: the thread was deleted on one branch while another
// added items to it (new files, so git reports no conflict). `resolve` restores such a folder (its items kept, thread.md
// and the items the deletion took from the last committed version in git history, or a minimal head) or, asked to,
// deletes it for good.
import { type Dirent, lstatSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { writeFileAtomicSync } from "../store/atomic-write.js";
import { FrontmatterError } from "../store/frontmatter.js";
import { parseHead, serializeHead, type ThreadHead } from "../store/thread-folder-format.js";
import { HEAD_FILE, isSectionDir, isSetDir } from "../store/thread-folder-layout.js";
import { git, gitBytes, gitPath } from "../git/git.js";
import { isValidId } from "../ids.js";
import { strictUtf8 } from "../store/read-strict.js";

function entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** True when `folder` (a real directory) has no thread.md and holds a file in one of a thread folder's folders. */
function isHeadless(folder: string): boolean {
  if (lstatSync(join(folder, HEAD_FILE), { throwIfNoEntry: false }) !== undefined) return false;
  return entries(folder).some(
    (e) => e.isDirectory() && (isSectionDir(e.name) || isSetDir(e.name)) && entries(join(folder, e.name)).some((f) => f.isFile()),
  );
}

/** The headless thread folders under the store (paths relative to `gitTop`), projects and folders in name order. */
export function headlessFolders(gitTop: string, storeDir: string): string[] {
  const out: string[] = [];
  const threads = join(storeDir, "threads");
  for (const project of entries(threads)
    .filter((e) => e.isDirectory())
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    for (const e of entries(join(threads, project.name)).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!e.isDirectory() || !isValidId(e.name)) continue;
      const folder = join(threads, project.name, e.name);
      if (isHeadless(folder)) out.push(gitPath(gitTop, folder));
    }
  }
  return out;
}

/** The commits whose history may hold the deleted thread.md: HEAD, and the other side of a merge, rebase or pick under way. */
async function historyTips(gitTop: string): Promise<string[]> {
  const tips = ["HEAD"];
  for (const ref of ["MERGE_HEAD", "REBASE_HEAD", "CHERRY_PICK_HEAD"]) {
    const found = await git(gitTop, ["rev-parse", "-q", "--verify", `${ref}^{commit}`]).catch(() => "");
    if (found.trim() !== "") tips.push(found.trim());
  }
  return tips;
}

/**
 * The newest commit (of the histories at hand) whose folder still has a thread.md that reads as thread `id`: the
 * thread as the branch that kept it last committed it. Null when git history has none.
 */
async function lastCommittedFolder(gitTop: string, folderRel: string, id: string): Promise<string | null> {
  const tips = await historyTips(gitTop);
  const headRel = posix.join(folderRel, HEAD_FILE);
  const log = await git(gitTop, ["log", "--full-history", "--format=%H", "-n", "50", ...tips, "--", folderRel]).catch(() => "");
  for (const commit of log.split("\n").filter((c) => /^[0-9a-f]{40,64}$/.test(c))) {
    const bytes = await gitBytes(gitTop, ["show", `${commit}:${headRel}`]).catch(() => null);
    const text = bytes === null ? null : strictUtf8(bytes);
    if (text === null) continue; // the deleting commit, or a version not UTF-8
    try {
      if (parseHead(text).id === id) return commit;
    } catch (e) {
      if (!(e instanceof FrontmatterError)) throw e;
    }
  }
  return null;
}

export interface Restored {
  /** The commit the folder's thread.md (and the files the deletion took) came back from; null: a minimal head was written. */
  from: string | null;
}

/**
 * Brings the thread back, losing nothing: every file of its last committed folder that the work tree lacks (thread.md,
 * and the items the deleting branch removed) is written back; the items the merge brought stay. With no committed
 * version, a minimal head. The folder is staged.
 */
export async function restoreFolder(gitTop: string, folderRel: string, now: string): Promise<Restored> {
  const id = posix.basename(folderRel);
  const from = await lastCommittedFolder(gitTop, folderRel, id);
  if (from !== null) {
    const files = (await git(gitTop, ["ls-tree", "-r", "-z", "--name-only", from, "--", `${folderRel}/`])).split("\0");
    for (const rel of files.filter((f) => f.startsWith(`${folderRel}/`))) {
      const to = join(gitTop, rel);
      if (lstatSync(to, { throwIfNoEntry: false }) !== undefined) continue;
      // Never through a link: a section folder that is one (or anything but a directory) is left for the store to name.
      const parent = lstatSync(dirname(to), { throwIfNoEntry: false });
      if (parent !== undefined && !parent.isDirectory()) continue;
      mkdirSync(dirname(to), { recursive: true });
      writeFileAtomicSync(to, await gitBytes(gitTop, ["show", `${from}:${rel}`]));
    }
  } else {
    // Nothing to restore from (never committed here): a root thread named by its id, which the user can retitle.
    const head: ThreadHead = { id, title: id, parentId: null, author: "unknown", createdAt: now, body: "" };
    writeFileAtomicSync(join(gitTop, folderRel, HEAD_FILE), serializeHead(head));
  }
  await git(gitTop, ["add", "-A", "--", folderRel]);
  return { from };
}

/** Deletes the folder for good: from the work tree and git's index. */
export async function deleteFolder(gitTop: string, folderRel: string): Promise<void> {
  await git(gitTop, ["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", folderRel]);
  rmSync(join(gitTop, folderRel), { recursive: true, force: true });
}
