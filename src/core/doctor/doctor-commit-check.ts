// doctor's check that the thread files are committed: never committed, or changes left uncommitted for over a day, are
// one `git clean -fdx` (or a lost laptop) away from losing the memory; the fix is `git add .threadmind && git commit`.
import { lstatSync } from "node:fs";
import { join, relative } from "node:path";
import { git } from "../git/git.js";
import type { Workspace } from "../store/store-dir.js";
import { ok, warn, type DoctorCheck } from "./doctor-types.js";

/** Uncommitted changes older than this are warned about. */
export const UNCOMMITTED_WARN_MS = 24 * 60 * 60 * 1000;
/** At most this many files are named (the count says the rest). */
const NAMED = 3;

export const COMMIT_FIX = 'Commit them with the code: `git add .threadmind && git commit -m "ThreadMind summaries"`.';

/** One `git status` entry under `.threadmind/` (what .threadmind/.gitignore leaves: thread and project files). */
interface StoreChange {
  path: string;
  untracked: boolean;
}

/** `git status --porcelain -z` entries under `storeRel` (renames give their new path). */
export function parseStatus(output: string): StoreChange[] {
  const parts = output.split("\0");
  const changes: StoreChange[] = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    changes.push({ path: entry.slice(3), untracked: code === "??" });
    if (code.includes("R") || code.includes("C")) i++; // the rename's source path follows
  }
  return changes;
}

/** null outside git (the git check says so); otherwise ok, or a warning naming the files and the fix. */
export async function checkCommitted(workspace: Workspace, now: Date): Promise<DoctorCheck | null> {
  if (workspace.gitTop === null) return null;
  const top = workspace.gitTop;
  const storeRel = relative(top, workspace.storeDir) || ".threadmind";
  let changes: StoreChange[];
  let tracked: string;
  try {
    changes = parseStatus(await git(top, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", storeRel]));
    tracked = await git(top, ["ls-files", "-z", "--", storeRel]);
  } catch {
    return null; // no git to ask: the git check says so
  }
  const title = "Thread files committed";
  if (changes.length === 0) return ok("committed", title, "every thread and project file is committed");
  const names = (list: readonly StoreChange[]) =>
    list.length <= NAMED
      ? list.map((c) => c.path).join(", ")
      : `${list
          .slice(0, NAMED)
          .map((c) => c.path)
          .join(", ")} and ${list.length - NAMED} more`;
  if (tracked === "") {
    return warn(
      "committed",
      title,
      COMMIT_FIX,
      `the thread files have never been committed (${changes.length} untracked: ${names(changes)}): a \`git clean -fdx\` would delete them, and no teammate or other clone has them`,
    );
  }
  const old = changes.filter((c) => {
    try {
      return now.getTime() - lstatSync(join(top, c.path)).mtimeMs > UNCOMMITTED_WARN_MS;
    } catch {
      return false; // deleted: git status says so, no age to tell
    }
  });
  if (old.length === 0)
    return ok("committed", title, `${changes.length} thread file change(s) not committed yet, all from the last day`);
  return warn(
    "committed",
    title,
    COMMIT_FIX,
    `${old.length} thread file change(s) left uncommitted for more than a day: ${names(old)}`,
  );
}
