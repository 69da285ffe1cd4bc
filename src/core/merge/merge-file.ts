// The merge for one ThreadMind file, chosen by its path: thread files and project files by meaning, anything else by lines.
import { mergeLines, type Merged } from "./merge-text.js";
import { mergeThreadFile } from "./merge-thread.js";
import { mergeProjectFile } from "./merge-project.js";
import { isItemFilePath, mergeItemFile } from "./merge-item.js";

export type { Merged };

/** Three-way merge of the three versions of the file at `path` (git's %P; only its ending and folder matter). */
export function mergeStoreFile(path: string, base: string, ours: string, theirs: string): Merged {
  const p = path.replace(/\\/g, "/");
  if (p.endsWith(".json")) return mergeProjectFile(base, ours, theirs);
  if (isItemFilePath(p)) return mergeItemFile(base, ours, theirs);
  if (p.endsWith(".md")) return mergeThreadFile(base, ours, theirs, p.endsWith("/thread.md"));
  return mergeLines(base, ours, theirs, "the file");
}
