// Doctor checks of team memory through git: the "threadmind" merge driver in this repository's config, and thread or
// project files git left in conflict.
import { existsSync } from "node:fs";
import { relative } from "node:path";
import { driverState, gitConfigPath, readConfiguredDriver } from "../merge/git-merge-driver.js";
import { unmergedFiles } from "../merge/resolve-conflicts.js";
import { fail, ok, warn, type DoctorCheck } from "./doctor-types.js";
import type { Workspace } from "../store/store-dir.js";
import { messageOf } from "../error-details.js";

const SETUP = "Run `thread-mind-mcp git-setup` in the repository (a Claude Code session with the plugin also sets it at start).";

/** The driver git runs for thread files, as this repository's own config sets it, against this install's command. */
export function checkMergeDriver(gitTop: string, expected: string): DoctorCheck {
  const title = "Merge driver";
  let configured: string | null;
  // The file git reads: in a linked worktree, the main repository's config (not <worktree>/.git, which is a file).
  let configPath: string;
  try {
    configPath = gitConfigPath(gitTop);
    configured = readConfiguredDriver(configPath);
  } catch (e) {
    return warn("merge-driver", title, SETUP, `the git config of ${gitTop} cannot be read: ${messageOf(e)}`);
  }
  const state = driverState(configured, expected);
  switch (state) {
    case "ok":
      return ok("merge-driver", title, `thread files merge by meaning (merge.threadmind.driver set in ${configPath})`);
    case "missing":
      return warn(
        "merge-driver",
        title,
        SETUP,
        "merge.threadmind.driver is not set in this repository: thread folders still merge with git's own rules, but what git cannot settle (an item or a field of thread.md changed two ways, a format-1 thread or a project file changed on both branches) is left marked for you or `resolve`",
      );
    case "stale": {
      // The quoted paths of the configured command: one that is gone makes every merge of a thread file fail.
      const gone = [...(configured ?? "").matchAll(/"((?:[^"\\]|\\.)*)"/g)]
        .map((m) => m[1]!.replace(/\\(.)/g, "$1"))
        .filter((p) => !existsSync(p));
      const why =
        gone.length > 0
          ? `; ${gone.join(" and ")} no longer exist${gone.length === 1 ? "s" : ""}, so git cannot merge thread files`
          : "";
      return warn(
        "merge-driver",
        title,
        SETUP,
        `merge.threadmind.driver runs ${configured}, not this install (${expected})${why}`,
      );
    }
    default: {
      const unreachable: never = state;
      throw new Error(`unknown driver state ${String(unreachable)}`);
    }
  }
}

/** Thread and project files git left unmerged (a merge, rebase, cherry-pick or pull stopped on them). */
export async function checkConflicts(workspace: Workspace): Promise<DoctorCheck | null> {
  if (workspace.gitTop === null) return null;
  const top = workspace.gitTop;
  let files: Awaited<ReturnType<typeof unmergedFiles>>;
  try {
    files = await unmergedFiles(top, workspace.storeDir);
  } catch {
    return null; // no git to ask: the git check says so
  }
  if (files.length === 0) return ok("conflicts", "Conflicted thread files", "none in git's index");
  // A file deleted on one side (git's modify/delete) has nothing for resolve to merge: git rm or git add settles it.
  const line = (f: (typeof files)[number]): string => {
    const rel = relative(workspace.root, `${top}/${f.path}`) || f.path;
    if (f.stages.has(2) && f.stages.has(3)) return rel;
    const side = f.stages.has(2) ? "their" : "our";
    return `${rel}: deleted on ${side} side, changed on the other: \`git rm ${rel}\` to delete it, or \`git add ${rel}\` to keep it`;
  };
  return fail(
    "conflicts",
    "Conflicted thread files",
    "Run /thread-mind:resolve (`thread-mind-mcp resolve` in a terminal): it re-merges by meaning the files changed on both sides and stages the clean ones; what is left is marked with <<<<<<< / >>>>>>> in its field or section. A file deleted on one side is settled with git rm or git add, as named above.",
    `${files.length} ThreadMind file${files.length === 1 ? "" : "s"} in conflict`,
    ...files.map(line),
  );
}
