// Whether a thread (its folder or format-1 file) is there, for the hooks that name a thread without reading its file (one lstat; bundled into the hook entries).
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { errnoCode } from "../error-details.js";
import { isValidId } from "../id-pattern.js";

/** A thread's file relative to the store directory (as Store.threadPath, for code that does not load the store). */
export function threadFileRel(projectId: string, threadId: string): string {
  return join("threads", projectId, `${threadId}.md`);
}

/**
 * True when anything holds the thread's name in threads/<project>/ (as Store.threadExists: even a damaged file, which
 * the services then report); false when nothing does or an id is not one. An lstat that fails otherwise counts as
 * there: the hooks only name the thread, and the services say what is wrong with it.
 */
export function threadFileExists(storeDir: string, projectId: string, threadId: string): boolean {
  if (!isValidId(projectId) || !isValidId(threadId)) return false;
  // The thread's folder (format 2), else its file (format 1).
  return (
    entryThere(join(storeDir, "threads", projectId, threadId)) ||
    entryThere(join(storeDir, "threads", projectId, `${threadId}.md`))
  );
}

/** True when anything is at `path` (a failed lstat other than "no such entry" counts as there: the reader says what). */
export function entryThere(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (e) {
    const code = errnoCode(e);
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
}
