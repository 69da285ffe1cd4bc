// The last committed version of a thread file (`git show HEAD:<path>`), for a thread git left in conflict: the session
// keeps its context while the merge is being resolved.
import { relative } from "node:path";
import { hasConflictMarkers, parseThread } from "../store/frontmatter.js";
import { gitMaybe, gitPath } from "./git.js";
import { LIMITS } from "../limits.js";
import { readTextStrict } from "../store/read-strict.js";
import type { Thread } from "../types.js";

/** True when the file at `path` holds git conflict markers (false when it cannot be read). */
export function fileHasConflictMarkers(path: string): boolean {
  try {
    const text = readTextStrict(path, LIMITS.threadFileBytes);
    return text !== null && hasConflictMarkers(text);
  } catch {
    return false;
  }
}

/** The thread as HEAD holds it; null outside git, when HEAD has no such file, or when that version is not the thread either. */
export async function committedThread(gitTop: string | null, path: string, id: string): Promise<Thread | null> {
  if (gitTop === null) return null;
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
  return `_⚠ ${file} is in conflict (a merge left it unresolved), so its last committed version is loaded; fix: run \`npx thread-mind-mcp resolve\` (or edit between the <<<<<<< and >>>>>>> markers). Updates to this thread are refused until then._`;
}
