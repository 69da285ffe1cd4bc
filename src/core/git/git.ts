// Git facts for the core: top level, branch (read from .git/HEAD, no process), commits, user, path changes.
import { existsSync, statSync } from "node:fs";
import { readRegularFile } from "../store/regular-file.js";
import { dirname, join, relative, resolve, sep } from "node:path";
import { headCommitFromFiles, remoteHeadBranchFromFiles } from "./git-refs.js";

/** The nearest directory at or above `dir` that holds a `.git` entry, or null outside git. */
export function findGitTop(dir: string): string | null {
  let current = resolve(dir);
  for (;;) {
    if (existsSync(join(current, ".git"))) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** `path` as git names it from the top of the work tree `top`: relative, with "/" (starts with ".." when outside it). */
export function gitPath(top: string, path: string): string {
  return relative(top, path).split(sep).join("/");
}

/** `.git` files and HEAD hold one line: read at most this much of them (never blocking on a FIFO: see readRegularFile). */
const GIT_POINTER_MAX_BYTES = 64 * 1024;

/** The git directory of a work tree (follows the `gitdir:` file of worktrees and submodules). */
export function gitDir(top: string): string {
  const dotGit = join(top, ".git");
  if (statSync(dotGit).isDirectory()) return dotGit;
  const text = readRegularFile(dotGit, GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  const match = /^gitdir:\s*(.+)\s*$/m.exec(text);
  if (!match) throw new Error(`${dotGit} is neither a directory nor a "gitdir:" file`);
  return resolve(top, match[1]!);
}

/**
 * The checked-out branch, read from HEAD without starting git; during a rebase (HEAD detached) the branch being rebased,
 * as `git status` names it; null when detached otherwise, or unreadable.
 */
export function readBranch(top: string): string | null {
  let dir: string;
  let head: string;
  try {
    dir = gitDir(top);
    head = readRegularFile(join(dir, "HEAD"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  } catch {
    return null;
  }
  const match = /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head);
  if (match) return match[1]!;
  for (const state of ["rebase-merge", "rebase-apply"]) {
    try {
      const name = readRegularFile(join(dir, state, "head-name"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
      const rebasing = /^refs\/heads\/(.+?)\s*$/.exec(name);
      if (rebasing) return rebasing[1]!;
    } catch {
      // no rebase of that kind, or its state cannot be read: not a branch
    }
  }
  return null;
}

/**
 * The key of config.json's `branches` under which a folder outside git keeps the thread new sessions start on: no
 * branch can be named so (git refuses ":" in a ref name).
 */
export const NO_GIT_START_KEY = ":no-git";

/** Where the thread new sessions start on is recorded: the checked-out branch; outside git, NO_GIT_START_KEY; null on a detached HEAD. */
export function startKey(top: string | null): string | null {
  return top === null ? NO_GIT_START_KEY : readBranch(top);
}

export class GitError extends Error {}

/** git's output as text (UTF-8); a GitError naming the command and git's message when it fails. */
export async function git(top: string, args: string[]): Promise<string> {
  return (await gitBytes(top, args)).toString("utf8");
}

/** git()'s output as bytes (a blob to be decoded strictly: lenient decoding would replace bytes). */
export async function gitBytes(top: string, args: string[]): Promise<Buffer> {
  // Loaded on first use: hooks that never start git do not pay for loading child_process.
  const { execFile } = await import("node:child_process");
  return new Promise((resolvePromise, reject) => {
    execFile(
      "git",
      args,
      { cwd: top, encoding: "buffer", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" } },
      (error, stdout, stderr) => {
        if (error) {
          reject(new GitError(`git ${args.join(" ")} failed in ${top}: ${(stderr.toString() || error.message).trim()}`));
          return;
        }
        resolvePromise(stdout);
      },
    );
  });
}

/** Like git() but null instead of an error: for questions whose "no" is an ordinary answer (no commits yet, unset config). */
export async function gitMaybe(top: string, args: string[]): Promise<string | null> {
  try {
    return (await git(top, args)).trim();
  } catch {
    return null;
  }
}

/**
 * HEAD's commit read from git's files (no process): null outside git (`top` null) or before the first commit; undefined
 * when only git itself could tell (unreadable files, a layout the reader does not follow).
 */
export function headCommitFromWorkTree(top: string | null): string | null | undefined {
  if (top === null) return null;
  try {
    return headCommitFromFiles(gitDir(top));
  } catch {
    return undefined;
  }
}

/** HEAD's commit, or null before the first commit. Read from git's files when they can say (no process), else from git. */
export async function headCommit(top: string): Promise<string | null> {
  const fromFiles = headCommitFromWorkTree(top);
  // undefined (unreadable files): git decides (and reports) as before
  return fromFiles !== undefined ? fromFiles : gitMaybe(top, ["rev-parse", "--verify", "-q", "HEAD"]);
}

/** The repository's default branch as origin's HEAD says; null without a remote HEAD. Read from git's files when they can say. */
export async function defaultBranch(top: string): Promise<string | null> {
  let fromFiles: string | null | undefined;
  try {
    fromFiles = remoteHeadBranchFromFiles(gitDir(top));
  } catch {
    fromFiles = undefined; // unreadable files: git decides, as before
  }
  if (fromFiles !== undefined) return fromFiles;
  const remote = await gitMaybe(top, ["symbolic-ref", "--short", "-q", "refs/remotes/origin/HEAD"]);
  return remote ? remote.replace(/^origin\//, "") : null;
}

/**
 * Origin's HEAD when there is one; else main, master and init.defaultBranch all count as default (init.defaultBranch
 * only names the branch of repositories created from now on, often not this one's).
 */
export async function isDefaultBranch(top: string, branch: string): Promise<boolean> {
  return (
    defaultByRemoteHead(await defaultBranch(top), branch) ??
    branch === (await gitMaybe(top, ["config", "--get", "init.defaultBranch"]))
  );
}

/** The rule once origin's HEAD is known (null: none): whether `branch` is the default, or null when init.defaultBranch decides. */
function defaultByRemoteHead(remote: string | null, branch: string): boolean | null {
  if (remote) return branch === remote;
  return branch === "main" || branch === "master" ? true : null;
}

/**
 * isDefaultBranch answered from git's files alone (no process): true when origin's HEAD names `branch`, or when there is
 * no remote HEAD and it is main or master; false when it is not, or when only git could tell (init.defaultBranch,
 * unreadable files).
 */
export function isDefaultBranchFromFiles(top: string, branch: string): boolean {
  try {
    const remote = remoteHeadBranchFromFiles(gitDir(top));
    return remote !== undefined && defaultByRemoteHead(remote, branch) === true;
  } catch {
    return false;
  }
}

export async function gitUser(top: string | null): Promise<{ name: string | null; email: string | null }> {
  const cwd = top ?? process.cwd();
  const [name, email] = await Promise.all([
    gitMaybe(cwd, ["config", "--get", "user.name"]),
    gitMaybe(cwd, ["config", "--get", "user.email"]),
  ]);
  return { name: name || null, email: email || null };
}

/**
 * How many commits since `commit` (exclusive) up to HEAD touched any of `paths`; null when `commit` is unknown here. Git
 * runs in `cwd`, a directory of the repository: the paths are relative to it.
 */
export async function commitsTouchingSince(cwd: string, commit: string, paths: string[]): Promise<number | null> {
  if (!/^[0-9a-f]{4,64}$/.test(commit)) return null;
  const known = await gitMaybe(cwd, ["cat-file", "-e", `${commit}^{commit}`]);
  if (known === null) return null;
  const out = await git(cwd, ["rev-list", "--count", `${commit}..HEAD`, "--", ...paths]);
  return Number.parseInt(out.trim(), 10);
}
