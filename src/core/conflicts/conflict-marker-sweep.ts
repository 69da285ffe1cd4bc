// Thread files holding git conflict markers, found from known stamps (node builtins only, no YAML: the hooks run it).
// git (checkout, merge, pull) and ThreadMind write a file by creating it anew, which changes its directory's stamp:
// - a project's threads/ directory whose stamp is unchanged since the last sweep is not listed; listed, its format-1
//   files (`<id>.md`) whose stamp changed are read;
// - a thread folder (format 2: `<id>/thread.md`, `<id>/<section>/<key>.md`, `paths/`, `related/`) is looked at when its
//   project's directory changed or git's index did (git rewrites it whenever it writes the work tree: checkout, merge,
//   pull, reset, stash, commit): an lstat of the folder and of each subfolder, and when one changed, only its files
//   changed since are read (conflict-sweep-folder.ts). Linear: ~5 lstats per thread (~20 ms at 1,000 threads, once
//   after each git write), nothing while neither changed.
// At most MAX_FILES_READ files are read per sweep (the rest on the next); a caller with a process to hand the rest to
// (SweepWork.handOver) reads none of a project that has more never-judged files than that (a fresh clone, a new
// worktree) and lets the process judge them all. The verdicts live in
// .threadmind/cache/conflict-sweep.json (conflict-sweep-state.ts). A file with markers written in place by an editor is
// seen at its directory's next change (a marked file fixed in place at once); one put into a thread folder by other
// means than git (a copy, an editor's rename) is seen once git next writes its index or the project's directory changes.
// The hooks sweep at every session start (hook-start.cjs); the MCP server sweeps after its own writes, once the directory
// it wrote settled, so that the start after a write finds the state current.
import { lstatSync, readdirSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { isValidId } from "../id-pattern.js";
import { findGitTop, gitDir } from "../git/git.js";
import { projectIdsIn } from "../store/project-ids.js";
import { recentThreadWrites } from "../store/recent-writes.js";
import { LIMITS } from "../limits.js";
import { fileHasMarkers, type Stamp, stampDigest, stampOf } from "./conflict-sweep-files.js";
import { judgeFolder, type SweepBudget } from "./conflict-sweep-folder.js";
import {
  type ProjectSummary,
  type ProjectVerdicts,
  readState,
  sameVerdicts,
  saveState,
  type SweepState,
} from "./conflict-sweep-state.js";
import { isAtomicTempFile } from "../store/atomic-write.js";
import { ownEntry } from "../json-record.js";

export { sweepPath } from "./conflict-sweep-state.js";

/**
 * The marker of a sweep run to completion in the background (`thread-mind-mcp conflict-sweep`), which a session start
 * starts when its own sweep read its whole budget and left files unjudged (a fresh clone of a large store): without it,
 * each of the next starts would read MAX_FILES_READ more (50 starts at 10,000 threads).
 */
export function sweepMarkerPath(storeDir: string): string {
  return join(storeDir, "cache", "conflict-sweep.pid");
}

/** Per sweep, at most this many files are read (the rest on the next start) and this many projects swept. */
export const MAX_FILES_READ = 200;

/**
 * A threads directory this large holds more entries than a sweep reads at a session start, on the file systems that
 * size a directory by its entries (ext4 ~48 bytes an entry of ours, btrfs twice its name, tmpfs 20): ~1,300 on ext4
 * (1,000 threads: 48 KiB), over 3,000 on tmpfs. Those that do not (ZFS counts entries, some network ones say 4096)
 * are listed as before.
 */
const MANY_ENTRIES_BYTES = 64 * 1024;
const MAX_PROJECTS = 50;

/**
 * How long until every project's threads directory has settled (0: now), so that a sweep then can trust what it lists;
 * 0 when there is nothing to sweep. Never throws.
 */
export function threadDirsSettleInMs(storeDir: string, now = Date.now()): number {
  try {
    const projectsDir = join(storeDir, "projects");
    if (lstatSync(projectsDir).isSymbolicLink()) return 0;
    let wait = 0;
    for (const projectId of projectIdsIn(projectsDir).slice(0, MAX_PROJECTS)) {
      const dirStamp = stampOf(join(storeDir, "threads", projectId), "dir");
      if (dirStamp !== null) wait = Math.max(wait, dirStamp.settledAtMs + 1 - now);
    }
    // The thread folders this process wrote in: their writes leave the project's directory unchanged.
    for (const dir of recentThreadWrites()) {
      const dirStamp = stampOf(dir, "dir");
      if (dirStamp !== null) wait = Math.max(wait, dirStamp.settledAtMs + 1 - now);
    }
    return wait;
  } catch {
    return 0;
  }
}

/** What a sweep did, for a caller that weighs its cost: directory entries listed or stamped (one lstat each, or fewer). */
export interface SweepWork {
  listed: number;
  /** Bytes of the saved sweep read (counted when the caller sets it). */
  stateBytes?: number;
  /** Thread files read for markers (counted when the caller sets it): the read budget reached means more may be left. */
  read?: number;
  /** At most this many files are read by this sweep (MAX_FILES_READ when unset). */
  readBudget?: number;
  /** Format-1 thread files stamped (counted when the caller sets it): one lstat each. */
  stamped?: number;
  /**
   * Set by a caller with a process to hand the sweep to: a project with more entries never judged than the read budget
   * is not read (a fresh clone's first start; nor even listed when its directory's size says so), and is counted in
   * `handedOver`.
   */
  handOver?: boolean;
  /** Projects left unread by handOver (counted whenever one is). */
  handedOver?: number;
}

/** Whether a sweep left files for a later one: it read its whole budget, or handed a project over unread. */
export function filesLeftUnjudged(work: SweepWork): boolean {
  return (work.read ?? 0) >= (work.readBudget ?? MAX_FILES_READ) || (work.handedOver ?? 0) > 0;
}

/** The stamp of git's index for the store's work tree (`dotGit`: its git directory, when the caller knows it); null outside git. */
function indexStampOf(storeDir: string, dotGit: string | null | undefined): Stamp | null {
  try {
    let dir = dotGit;
    if (dir === undefined) {
      const top = findGitTop(dirname(storeDir));
      dir = top === null ? null : gitDir(top);
    }
    return dir === null ? null : stampOf(join(dir, "index"), "file");
  } catch {
    return null;
  }
}

/**
 * A project swept: its new verdicts and the files found with markers (relative to the project's threads directory).
 * `handedOver`: nothing was read, more entries having no verdict than the budget could read (handOver).
 */
interface ProjectSweep {
  verdicts: ProjectVerdicts;
  found: string[];
  handedOver: boolean;
}

/**
 * What a sweep judges in a project's listing, by the entry's name alone (a listing without types takes a third of the
 * time at 10,000 entries): `<id>.md` a format-1 file (not a temp file), `<id>` a thread folder; null for anything else.
 * An entry of another kind than its name says (a link, a FIFO, a folder named `.md`) fails its stamp (stampOf takes
 * only a regular file, or a directory, without following a link) and is left to the store, which names it when it reads it.
 */
function sweptKind(name: string): "folder" | "file" | null {
  if (name.endsWith(".md")) return !isAtomicTempFile(name) && isValidId(name.slice(0, -3)) ? "file" : null;
  return isValidId(name) ? "folder" : null;
}

/**
 * Whether more than `limit` entries of a listing have no verdict at all (a format-1 file or a thread folder never
 * judged): each costs at least one read. In a fresh clone or a new worktree none has one: the count stops at `limit` + 1.
 */
function moreUnjudgedThan(names: readonly string[], known: ProjectVerdicts | undefined, limit: number): boolean {
  let count = 0;
  for (const name of names) {
    const kind = sweptKind(name);
    const judged =
      kind === "folder" ? ownEntry(known?.folders ?? {}, name) !== undefined : ownEntry(known?.files ?? {}, name) !== undefined;
    if (kind !== null && !judged) count += 1;
    if (count > limit) return true;
  }
  return false;
}

/** The saved marked files of a project that still have their stamp (a file fixed in place changed it). */
function stillMarked(dir: string, savedMarked: Readonly<Record<string, string>>): string[] {
  return Object.entries(savedMarked)
    .filter(([rel, stamp]) => stampOf(`${dir}${sep}${rel}`, "file")?.stamp === stamp)
    .map(([rel]) => rel);
}

/** The marked files saved for thread folders, by folder: `<id>/<rel>` → stamp becomes id → rel → stamp. */
function markedByFolder(marked: Readonly<Record<string, string>>): Map<string, Map<string, string>> {
  const byFolder = new Map<string, Map<string, string>>();
  for (const [rel, stamp] of Object.entries(marked)) {
    const slash = rel.indexOf("/");
    if (slash < 0) continue;
    const id = rel.slice(0, slash);
    const files = byFolder.get(id) ?? new Map<string, string>();
    byFolder.set(id, files);
    files.set(rel.slice(slash + 1), stamp);
  }
  return byFolder;
}

/**
 * Lists a project's threads directory and judges each entry: a format-1 file by its stamp (trusted without an lstat when
 * the directory is unchanged and the file is not marked), a thread folder by its stamps (conflict-sweep-folder.ts).
 */
function sweepProject(
  dir: string,
  dirStamp: Stamp,
  summary: ProjectSummary | undefined,
  known: ProjectVerdicts | undefined,
  budget: SweepBudget,
  now: number,
  handOver: boolean,
): ProjectSweep {
  const dirUnchanged = summary !== undefined && summary.dir === dirStamp.stamp;
  const savedMarked = summary?.marked ?? {};
  // Never judged, and larger than a directory of the budget's entries can be (a fresh clone of a large store): not even
  // listed (~10 ms at 10,000 entries). Should the size mislead (a directory that held many entries once), the caller's
  // process judges a small one as well.
  const unlisted = handOver && known === undefined && summary === undefined && dirStamp.bytes > MANY_ENTRIES_BYTES;
  const names = unlisted ? [] : readdirSync(dir);
  budget.listed += names.length;
  // More never judged than the budget can read (a fresh clone, a new worktree): a part read here would name a sample of
  // the marked files and cost the caller ~50 ms at 10,000 threads; the caller's own process judges them all.
  if (unlisted || (handOver && moreUnjudgedThan(names, known, budget.filesLeft))) {
    const kept = known === undefined ? noVerdicts() : { ...known, dir: null };
    return { verdicts: kept, found: stillMarked(dir, savedMarked), handedOver: true };
  }
  const folderMarks = markedByFolder(savedMarked);
  const verdicts = noVerdicts();
  const found: string[] = [];
  let complete = dirStamp.settledAtMs < now;
  for (const name of names) {
    const kind = sweptKind(name);
    if (kind === null) continue;
    // A valid id (and ".md"): no separator to normalise (join for a thousand files costs milliseconds).
    const path = `${dir}${sep}${name}`;
    if (kind === "folder") {
      const judged = judgeFolder(path, ownEntry(known?.folders ?? {}, name), folderMarks.get(name) ?? new Map(), budget, now);
      if (judged === null) continue; // gone meanwhile
      if (judged.record !== undefined) verdicts.folders[name] = judged.record;
      if (!judged.complete) complete = false;
      for (const [rel, stamp] of judged.marked) {
        verdicts.marked[`${name}/${rel}`] = stamp;
        found.push(`${name}/${rel}`);
      }
      continue;
    }
    const markedStamp = ownEntry(savedMarked, name);
    const knownDigest = ownEntry(known?.files ?? {}, name);
    if (dirUnchanged && markedStamp === undefined && knownDigest !== undefined) {
      verdicts.files[name] = knownDigest; // no file came or went, and git and ThreadMind write by creating anew
      continue;
    }
    // No verdict to compare a stamp with and nothing left to read with: judged by a later sweep, not even stamped (a
    // fresh clone's first start of 10,000 format-1 threads spent ~0.1 s on lstats whose answers it could not use).
    if (knownDigest === undefined && budget.filesLeft <= 0) {
      complete = false;
      continue;
    }
    budget.stamped += 1;
    const stamp = stampOf(path, "file");
    if (stamp === null) continue;
    const digest = stampDigest(stamp.stamp);
    let marked: boolean;
    if (knownDigest === digest) marked = markedStamp !== undefined;
    else if (budget.filesLeft > 0) {
      budget.filesLeft -= 1;
      budget.read += 1;
      marked = fileHasMarkers(path, LIMITS.threadFileBytes);
    } else {
      complete = false;
      continue;
    }
    // A file written within the margin may change again within its stamp's resolution: checked again next time.
    if (stamp.settledAtMs < now) verdicts.files[name] = digest;
    else complete = false;
    if (marked) {
      verdicts.marked[name] = stamp.stamp;
      found.push(name);
    }
  }
  if (complete) verdicts.dir = dirStamp.stamp;
  return { verdicts, found, handedOver: false };
}

/** A project's verdicts before any entry is judged. */
function noVerdicts(): ProjectVerdicts {
  return { dir: null, marked: {}, files: {}, folders: {} };
}

/** Whether every marked file saved for a project still has its stamp (a file fixed in place changes it). */
function markedUnchanged(dir: string, summary: ProjectSummary): boolean {
  return stillMarked(dir, summary.marked).length === Object.keys(summary.marked).length;
}

/**
 * Paths (relative to the store) of thread files that hold conflict markers, by the known stamps; the verdicts are saved
 * when any changed. `dotGit`: the work tree's git directory (null outside git; found from the store when not given).
 * Never throws (a sweep that cannot run says nothing).
 */
export function threadFilesWithMarkers(storeDir: string, now = Date.now(), work?: SweepWork, dotGit?: string | null): string[] {
  try {
    const projectsDir = join(storeDir, "projects");
    if (lstatSync(projectsDir).isSymbolicLink()) return [];
    if (lstatSync(join(storeDir, "threads"), { throwIfNoEntry: false })?.isSymbolicLink() === true) return [];
    const state: SweepState = readState(storeDir, (n) => {
      if (work?.stateBytes !== undefined) work.stateBytes += n;
    });
    const index = indexStampOf(storeDir, dotGit);
    // Outside git (no index) thread folders change by hand only: looked at when their project's directory changes.
    const indexChanged = state.index !== (index?.stamp ?? null);
    // The projects swept again, with their new verdicts, and those whose directory is gone; the others are kept as read.
    const swept = new Map<string, ProjectVerdicts>();
    const gone = new Set<string>();
    const budget: SweepBudget = { filesLeft: work?.readBudget ?? MAX_FILES_READ, listed: 0, read: 0, stamped: 0 };
    const found: string[] = [];
    let complete = true;
    let handedOver = 0;
    for (const projectId of projectIdsIn(projectsDir).slice(0, MAX_PROJECTS)) {
      const dir = join(storeDir, "threads", projectId);
      const dirStamp = stampOf(dir, "dir");
      const summary = ownEntry(state.summary, projectId);
      if (dirStamp === null) {
        if (summary !== undefined) gone.add(projectId);
        continue;
      }
      // An unchanged directory: no file came or went in it, nor (while git's index is unchanged) in its thread folders;
      // a marked file fixed in place is the one change to look for.
      if (
        summary !== undefined &&
        summary.dir === dirStamp.stamp &&
        (!indexChanged || summary.folders === 0) &&
        markedUnchanged(dir, summary)
      ) {
        found.push(...Object.keys(summary.marked).map((rel) => `threads/${projectId}/${rel}`));
        continue;
      }
      const known = state.verdicts(projectId);
      const result = sweepProject(dir, dirStamp, summary, known, budget, now, work?.handOver === true);
      found.push(...result.found.map((rel) => `threads/${projectId}/${rel}`));
      if (result.verdicts.dir === null) complete = false;
      if (result.handedOver) handedOver += 1;
      // Rewritten only when a verdict changed (a directory still within the racy margin is listed again at each start);
      // a project handed over with nothing saved is left unsaved.
      if (!sameVerdicts(known, result.verdicts) && (known !== undefined || !result.handedOver))
        swept.set(projectId, result.verdicts);
    }
    // The index is trusted once every project was judged complete at it, and it has settled.
    let nextIndex = state.index;
    if (indexChanged) nextIndex = index !== null && complete && index.settledAtMs < now ? index.stamp : null;
    if (work !== undefined) {
      work.listed += budget.listed;
      if (work.read !== undefined) work.read += budget.read;
      if (work.stamped !== undefined) work.stamped += budget.stamped;
      if (handedOver > 0) work.handedOver = (work.handedOver ?? 0) + handedOver;
    }
    if (swept.size > 0 || gone.size > 0 || nextIndex !== state.index) saveState(storeDir, state, nextIndex, swept, gone);
    return found;
  } catch {
    return [];
  }
}

/**
 * Sweeps until one sweep reads less than its budget (every thread file judged), at most `maxSweeps` times: for a process
 * with time to spare (`migrate`, which writes every thread anew), so that no session start pays the catch-up. Files
 * still within their racy margin are read again by each sweep: call it once they have settled. Returns the sweeps run.
 */
export function sweepToCompletion(storeDir: string, maxSweeps: number): number {
  for (let sweeps = 1; sweeps <= maxSweeps; sweeps++) {
    const work: SweepWork = { listed: 0, read: 0 };
    threadFilesWithMarkers(storeDir, Date.now(), work);
    if ((work.read ?? 0) < MAX_FILES_READ) return sweeps;
  }
  return maxSweeps;
}
