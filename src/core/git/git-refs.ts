// Reading HEAD's commit from git's files (the "files" ref backend: HEAD, loose refs, packed-refs) without starting git.
import { existsSync, statSync } from "node:fs";
import { readRegularFile } from "../store/regular-file.js";
import { join, resolve } from "node:path";
import { errnoCode } from "../error-details.js";

const HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** Refs that live in a worktree's own git dir rather than the common one. */
const PER_WORKTREE = /^(?:HEAD|refs\/(?:bisect|worktree|rewritten)\/)/;

/** git's ref files may be links, but must be regular files (a FIFO never blocks us); a larger one is refused. */
const MAX_REF_FILE_BYTES = 64 * 1024 * 1024;

function readIfExists(path: string): string | null {
  try {
    // commondir (outside a linked worktree) and packed-refs (in a young repository) are often absent: asked with a stat,
    // not an exception, which would cost a cold hook process ~0.1 ms (present files, HEAD and loose refs, pay the stat).
    if (statSync(path, { throwIfNoEntry: false }) === undefined) return null;
    const bytes = readRegularFile(path, MAX_REF_FILE_BYTES, true);
    if (bytes !== null && bytes.length > MAX_REF_FILE_BYTES) throw new Error(`${path} is over ${MAX_REF_FILE_BYTES} bytes`);
    return bytes === null ? null : bytes.toString("utf8");
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return null;
    throw e;
  }
}

/** The common git dir of a worktree's git dir (itself for the main worktree). */
export function commonDir(gitDir: string): string {
  const pointer = readIfExists(join(gitDir, "commondir"));
  return pointer === null ? gitDir : resolve(gitDir, pointer.trim());
}

function packedRef(common: string, name: string): string | null {
  const packed = readIfExists(join(common, "packed-refs"));
  if (packed === null) return null;
  for (const line of packed.split("\n")) {
    if (line.startsWith("#") || line.startsWith("^")) continue;
    const space = line.indexOf(" ");
    if (space > 0 && line.slice(space + 1).trimEnd() === name) return line.slice(0, space);
  }
  return null;
}

/**
 * HEAD's commit hash read from the files of `gitDir` (see git.ts gitDir); null when HEAD names a branch with no commit
 * yet; undefined when the files cannot answer for sure (another ref backend, an unexpected shape): then ask git.
 */
export function headCommitFromFiles(gitDir: string): string | null | undefined {
  const common = commonDir(gitDir);
  if (existsSync(join(common, "reftable"))) return undefined;
  let name = "HEAD";
  for (let depth = 0; depth < 5; depth++) {
    if (!/^(?:HEAD|refs\/[^\0\\]+)$/.test(name) || name.split("/").includes("..")) return undefined;
    const loose = readIfExists(join(PER_WORKTREE.test(name) ? gitDir : common, name));
    const text = loose === null ? (name === "HEAD" ? null : packedRef(common, name)) : loose.trim();
    if (text === null) return name === "HEAD" ? undefined : null;
    if (HASH.test(text)) return text;
    const symbolic = /^ref:\s*(\S+)$/.exec(text);
    if (!symbolic) return undefined;
    name = symbolic[1]!;
  }
  return undefined;
}

/** origin's HEAD as git clone and `git remote set-head` write it: a symbolic ref to one of origin's branches. */
const REMOTE_HEAD = /^ref:\s*refs\/remotes\/origin\/(\S+)$/;

/**
 * The branch origin's HEAD names (`refs/remotes/origin/HEAD` in the common git dir, which `git clone` writes), read from
 * git's files: null when there is no such ref (no remote, or a remote HEAD never fetched: git's own answer is then "none"
 * as well); undefined when only git could tell (another ref backend, a ref of another shape).
 */
export function remoteHeadBranchFromFiles(gitDir: string): string | null | undefined {
  const common = commonDir(gitDir);
  if (existsSync(join(common, "reftable"))) return undefined;
  const text = readIfExists(join(common, "refs", "remotes", "origin", "HEAD"));
  // A symbolic ref is never packed (packed-refs holds hashes only): no loose file, no remote HEAD.
  if (text === null) return null;
  const branch = REMOTE_HEAD.exec(text.trim())?.[1];
  if (branch === undefined || branch.split("/").includes("..")) return undefined;
  return branch;
}
