// The last committed version of a thread (its folder or file, `git show HEAD:<path>`), for a thread git left in conflict: the session
// keeps its context while the merge is being resolved.
import { relative } from "node:path";
import { hasConflictMarkers, parseThread } from "../store/frontmatter.js";
import { gitMaybe, gitPath } from "./git.js";
import { LIMITS } from "../limits.js";
import { readTextStrict } from "../store/read-strict.js";
import type { Thread } from "../types.js";
import { assembleFolder, type FolderTexts } from "../store/thread-folder-read.js";
import { HEAD_FILE, isSectionDir, SET_DIRS } from "../store/thread-folder-format.js";

/** True when the file at `path` holds git conflict markers (false when it cannot be read). */
export function fileHasConflictMarkers(path: string): boolean {
  try {
    const text = readTextStrict(path, LIMITS.threadFileBytes);
    return text !== null && hasConflictMarkers(text);
  } catch {
    return false;
  }
}

/**
 * The thread as HEAD holds it: its folder (format 2) when HEAD has one, else its file (format 1); null outside git,
 * when HEAD has neither, or when that version is not the thread either.
 */
export async function committedThread(
  gitTop: string | null,
  folder: string,
  legacyPath: string,
  id: string,
): Promise<Thread | null> {
  if (gitTop === null) return null;
  const relFolder = gitPath(gitTop, folder);
  if (relFolder.startsWith("..")) return null;
  const listed = await gitMaybe(gitTop, ["ls-tree", "-r", "-z", "--name-only", "HEAD", "--", `${relFolder}/`]);
  if (listed !== null && listed !== "") return committedFolder(gitTop, relFolder, listed, id);
  return committedFile(gitTop, legacyPath, id);
}

/** The thread of a folder in HEAD, read as the store reads it from disk (same limits, same assembly). */
async function committedFolder(gitTop: string, relFolder: string, listed: string, id: string): Promise<Thread | null> {
  const texts: FolderTexts = { head: null, items: new Map(), members: new Map() };
  const names = listed.split("\0").filter((n) => n !== "");
  if (names.length > LIMITS.sectionItems * 6) return null;
  for (const name of names) {
    const rel = name.slice(relFolder.length + 1);
    const parts = rel.split("/");
    const text = await gitMaybe(gitTop, ["show", `HEAD:${name}`]);
    if (text === null || text.length > LIMITS.threadFileBytes) return null;
    if (rel === HEAD_FILE) texts.head = `${text}\n`;
    else if (parts.length === 2 && isSectionDir(parts[0]!) && parts[1]!.endsWith(".md")) texts.items.set(rel, `${text}\n`);
    else if (parts.length === 2 && (SET_DIRS as readonly string[]).includes(parts[0]!)) texts.members.set(rel, text);
  }
  try {
    return assembleFolder(id, texts, (rel) => `HEAD:${relFolder}/${rel}`)?.thread ?? null;
  } catch {
    return null;
  }
}

async function committedFile(gitTop: string, path: string, id: string): Promise<Thread | null> {
  const rel = gitPath(gitTop, path);
  if (rel.startsWith("..")) return null;
  const text = await gitMaybe(gitTop, ["show", `HEAD:${rel}`]);
  if (text === null || text.length > LIMITS.threadFileBytes) return null;
  try {
    const thread = parseThread(`${text}\n`);
    return thread.id === id ? thread : null;
  } catch {
    return null;
  }
}

/** The notice above a context read from HEAD because git left the thread file at `path` in conflict (`root`: the workspace root). */
export function conflictNotice(root: string, path: string): string {
  const file = relative(root, path) || path;
  return `_⚠ ${file} is in conflict (a merge left it unresolved), so its last committed version is loaded; fix: run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal), or edit between the <<<<<<< and >>>>>>> markers. Updates to this thread are refused until then._`;
}
