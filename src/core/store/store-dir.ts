// The store's directory as the store is given it: the workspace it belongs to (plain data; workspace.ts finds it) and what stands at `.threadmind`.
import { lstatSync, type Stats } from "node:fs";
import { errnoCode, messageOf } from "../error-details.js";

export interface Workspace {
  /** Directory that holds (or will hold) `.threadmind/`. */
  root: string;
  storeDir: string;
  gitTop: string | null;
  /** How the root was chosen, for diagnostics. */
  source: "THREADMIND_ROOT" | "client root" | "CLAUDE_PROJECT_DIR" | "cwd";
}

/** What is at `.threadmind`: nothing, a real directory, or something ThreadMind refuses to use (a link, a file...). */
export type StoreDirState = "absent" | "directory" | { problem: string };

/** Looks at `.threadmind` itself (lstat: a symbolic link is never followed, wherever it points). */
export function storeDirState(storeDir: string): StoreDirState {
  let stat: Stats;
  try {
    stat = lstatSync(storeDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return "absent";
    return { problem: `cannot be examined (${messageOf(e)})` };
  }
  if (stat.isSymbolicLink()) return { problem: "is a symbolic link" };
  if (!stat.isDirectory()) return { problem: "is not a directory" };
  return "directory";
}
