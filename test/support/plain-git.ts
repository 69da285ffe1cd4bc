// Plain-git integration of ThreadMind stores, as a Git host merges a pull request: no merge driver configured (only the
// committed .gitattributes), then `git merge`, `git merge-tree --write-tree` + `git commit-tree`, rebase or cherry-pick;
// and the checks the plain-git tests share (no driver in the config, no conflict markers under .threadmind).
import { spawnSync } from "node:child_process";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect } from "vitest";
import { TEST_GIT_ENV } from "./temp-repo.js";

/** git's environment here: the tests' identity, no system or global config (so no driver from anywhere), no editor. */
export const PLAIN_GIT_ENV = {
  ...TEST_GIT_ENV,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_EDITOR: "true",
  GIT_MERGE_AUTOEDIT: "no",
};

export interface GitResult {
  code: number | null;
  out: string;
}

/** git in `dir` with PLAIN_GIT_ENV, whatever its exit code. */
export function git(dir: string, ...args: string[]): GitResult {
  const r = spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...PLAIN_GIT_ENV } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** git in `dir`; throws with git's output unless it exits 0. Returns stdout and stderr, trimmed. */
export function gitOk(dir: string, ...args: string[]): string {
  const r = git(dir, ...args);
  if (r.code !== 0) throw new Error(`git ${args.join(" ")} exited with ${r.code}:\n${r.out}`);
  return r.out.trim();
}

/** Commits everything under .threadmind (and nothing else the test did not write) on the current branch. */
export function commitStore(dir: string, message: string): void {
  gitOk(dir, "add", "-A", "--", ".threadmind");
  gitOk(dir, "commit", "-q", "--allow-empty", "-m", message);
}

/** The server's situation: no merge.threadmind.* anywhere in git's config, and the store's .gitattributes committed. */
export function expectNoDriver(dir: string): void {
  const driver = git(dir, "config", "--get-regexp", "^merge\\.threadmind\\.");
  expect(driver, "a merge driver is configured").toEqual({ code: 1, out: "" });
  expect(git(dir, "ls-files", "--error-unmatch", ".threadmind/.gitattributes").code).toBe(0);
}

/** The four ways a branch reaches another. */
export const INTEGRATIONS = ["git merge", "merge-tree", "rebase", "cherry-pick"] as const;
export type Integration = (typeof INTEGRATIONS)[number];

export interface Integrated {
  /** git reported no conflict (and the result is checked out on a branch of its own). */
  clean: boolean;
  /** What git said. */
  out: string;
}

/**
 * Brings branch `theirs` into branch `ours` as `how` does, on a new branch `result` that is left checked out when clean
 * (an unclean operation is aborted and `ours` checked out). merge-tree merges without a work tree, as a Git host does:
 * its tree is committed with commit-tree (parents ours and theirs) and that commit checked out.
 */
export function integrate(dir: string, how: Integration, ours: string, theirs: string, result: string): Integrated {
  switch (how) {
    case "git merge": {
      gitOk(dir, "checkout", "-q", "-B", result, ours);
      const r = git(dir, "merge", "--no-ff", "-m", `merge ${theirs} into ${ours}`, theirs);
      if (r.code !== 0) abort(dir, ["merge", "--abort"], ours);
      return { clean: r.code === 0, out: r.out };
    }
    case "merge-tree": {
      const r = git(dir, "merge-tree", "--write-tree", "--messages", ours, theirs);
      if (r.code !== 0) return { clean: false, out: r.out };
      const tree = r.out.split("\n")[0] ?? "";
      const commit = gitOk(dir, "commit-tree", tree, "-p", ours, "-p", theirs, "-m", `merge ${theirs} into ${ours}`);
      gitOk(dir, "checkout", "-q", "-B", result, commit);
      return { clean: true, out: r.out };
    }
    case "rebase": {
      gitOk(dir, "checkout", "-q", "-B", result, theirs);
      const r = git(dir, "rebase", ours);
      if (r.code !== 0) abort(dir, ["rebase", "--abort"], ours);
      return { clean: r.code === 0, out: r.out };
    }
    case "cherry-pick": {
      gitOk(dir, "checkout", "-q", "-B", result, ours);
      const r = git(dir, "cherry-pick", `${ours}..${theirs}`);
      if (r.code !== 0) abort(dir, ["cherry-pick", "--abort"], ours);
      return { clean: r.code === 0, out: r.out };
    }
  }
}

function abort(dir: string, args: string[], back: string): void {
  git(dir, ...args);
  gitOk(dir, "checkout", "-q", "-f", back);
}

const MARKER = /^(<{7}|>{7})( |$)|^={7}$/m;

/**
 * Paths (relative to `dir`) of the regular files under `dir`/.threadmind holding a git conflict marker line; cache/
 * (derived, gitignored, and written meanwhile by a server's idle refresh) is left out.
 */
export function conflictMarkerFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      if (folder === join(dir, ".threadmind") && name === "cache") continue;
      const path = join(folder, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile() && MARKER.test(readFileSync(path, "utf8"))) found.push(relative(dir, path));
    }
  };
  walk(join(dir, ".threadmind"));
  return found;
}

/** How many times `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/** The id in a thread_create reply ("Created thread "T" (id X), ..."): new ids are read, never assumed. */
export function createdId(reply: string): string {
  const id = /^Created thread ".*" \(id ([^)]+)\)/m.exec(reply)?.[1];
  if (id === undefined) throw new Error(`no thread id in: ${reply}`);
  return id;
}
