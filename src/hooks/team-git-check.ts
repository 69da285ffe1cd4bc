// SessionStart's team check (in hook-start.cjs, node builtins only): keeps the "threadmind" merge driver in this repository's
// .git/config pointing at this plugin (read as a file; written only when missing or stale), and names thread files git
// left in conflict, asking git only while a merge, rebase, cherry-pick or revert is under way.
import { existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { gitDir, gitPath } from "../core/git/git.js";
import { parseUnmergedListing } from "../core/git/unmerged-listing.js";
import { driverCommand, gitConfigPathIn, refreshDriverConfig } from "../core/merge/git-merge-driver.js";
import { hookWorkspace } from "./hook-workspace.js";
import {
  filesLeftUnjudged,
  type SweepWork,
  sweepMarkerPath,
  threadFilesWithMarkers,
} from "../core/conflicts/conflict-marker-sweep.js";
import { startBackgroundSweep } from "../core/background/conflict-sweep-background.js";
import { markerUnderWay } from "../core/store/background-marker.js";
import { commitNotice } from "./commit-notice.js";

/** Files in a git dir that say an operation stopped with the index possibly holding conflicts. */
const IN_PROGRESS = ["MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "REBASE_HEAD", "rebase-merge", "rebase-apply"];
/** At most this long for `git ls-files -u` (only run while an operation is under way). */
const LS_FILES_TIMEOUT_MS = 1_000;

/** Sets or refreshes the driver when the plugin's CLI is there; any failure leaves the config as it was (doctor reports it). */
function refreshDriver(dotGit: string, cliPath: string): void {
  try {
    if (!existsSync(cliPath)) return;
    refreshDriverConfig(gitConfigPathIn(dotGit), driverCommand(process.execPath, cliPath));
  } catch {
    // A read-only or odd config: the session is not the place to say it; `doctor` is.
  }
}

/**
 * Thread and project files (paths from the top of the work tree) git holds unmerged; [] unless an operation is under
 * way. `dir`: the work tree's git directory.
 */
export function conflictedStoreFiles(gitTop: string, dir: string, storeDir: string): string[] {
  if (!IN_PROGRESS.some((name) => existsSync(join(dir, name)))) return [];
  // Loaded only here: a hook with no operation under way does not pay for child_process.
  const { execFileSync } = require("node:child_process") as typeof import("node:child_process");
  const out = execFileSync("git", ["ls-files", "-u", "-z", "--", gitPath(gitTop, storeDir) || "."], {
    cwd: gitTop,
    encoding: "utf8",
    timeout: LS_FILES_TIMEOUT_MS,
    stdio: ["ignore", "pipe", "ignore"],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" },
  });
  return parseUnmergedListing(out).map((f) => f.path);
}

/** "a, b, c and 2 more". */
function shortList(files: readonly string[]): string {
  return files.slice(0, 3).join(", ") + (files.length > 3 ? ` and ${files.length - 3} more` : "");
}

/**
 * The line the user sees about thread files in conflict or holding conflict markers (those `alreadyNamed` mentions
 * excepted), or null. The driver is refreshed on the way; nothing here throws.
 */
export function teamGitCheck(cwd: string, env: NodeJS.ProcessEnv, cliPath: string, alreadyNamed: string): string | null {
  try {
    const workspace = hookWorkspace(env, cwd);
    // A .threadmind that is a symbolic link is refused by the store (and named by the hooks proper): nothing read or written here.
    const store = lstatSync(workspace.storeDir, { throwIfNoEntry: false });
    if (store === undefined || store.isSymbolicLink()) return null;
    const top = workspace.gitTop;
    const dotGit = top === null ? null : gitDir(top);
    if (dotGit !== null) refreshDriver(dotGit, cliPath);
    const shown = (rel: string) => gitPath(top ?? workspace.root, join(workspace.storeDir, rel));
    const unmerged = top === null || dotGit === null ? [] : conflictedStoreFiles(top, dotGit, workspace.storeDir);
    // While a background sweep judges the files (started by an earlier start, below), a start sweeps nothing: listing a
    // large store's changed folders and reading another budget's worth is that process's work, and its verdicts reach
    // the next start. Files it finds with markers are named then (doctor, thread_list and the thread's read name them now).
    const marker = sweepMarkerPath(workspace.storeDir);
    // A store never judged here (a fresh clone, a new worktree) and larger than the budget is handed over unread.
    const work: SweepWork = { listed: 0, read: 0, handOver: true };
    const marked = markerUnderWay(marker)
      ? []
      : threadFilesWithMarkers(workspace.storeDir, Date.now(), work, dotGit)
          .map(shown)
          .filter((f) => !unmerged.includes(f));
    // Its whole budget read, or a project handed over: files are left unjudged (a fresh clone or checkout of a large
    // store). A process of its own judges the rest now, so that the next starts do not each read another budget's worth.
    if (filesLeftUnjudged(work)) startBackgroundSweep(workspace.storeDir, workspace.root, cliPath);
    const fresh = (files: string[]) => files.filter((f) => !alreadyNamed.includes(f));
    const [inConflict, withMarkers] = [fresh(unmerged), fresh(marked)];
    if (inConflict.length > 0) {
      const all = [...inConflict, ...withMarkers];
      return `ThreadMind: ${all.length} thread file${all.length === 1 ? "" : "s"} in conflict (${shortList(all)}); fix: run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal).`;
    }
    if (withMarkers.length > 0) {
      const n = withMarkers.length;
      return `ThreadMind: ${n} thread file${n === 1 ? " holds" : "s hold"} git conflict markers (${shortList(withMarkers)}) and cannot be read; fix: edit the part between <<<<<<< and >>>>>>> (\`git log -p <file>\` shows both sides).`;
    }
    return commitNotice(top, workspace.storeDir);
  } catch {
    return null;
  }
}
