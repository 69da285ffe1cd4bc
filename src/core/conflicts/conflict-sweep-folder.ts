// One thread folder (format 2) judged by the conflict-marker sweep (node builtins only: the hooks run it): the stamps of
// the folder and its subfolders tell whether a file came or went (git and ThreadMind write a file by creating it anew);
// then only the files changed since its last verdict are read, within the sweep's budget. Regular files only, no links,
// the folder's names by the reader's own rules (thread-folder-layout.ts), each folder listed at most to the store's limits.
import { type Dir, opendirSync } from "node:fs";
import { sep } from "node:path";
import { isAtomicTempFile } from "../store/atomic-write.js";
import { fileHasMarkers, type Stamp, stampDigest, stampOf } from "./conflict-sweep-files.js";
import type { FolderRecord } from "./conflict-sweep-state.js";
import {
  FOLDER_SUBDIRS,
  folderFileBytes,
  HEAD_FILE,
  isItemFileName,
  isSectionDir,
  subdirEntryLimit,
} from "../store/thread-folder-layout.js";
import { LIMITS } from "../limits.js";

/** What a sweep may still read, and what it did (entries listed or stamped, files read). */
export interface SweepBudget {
  filesLeft: number;
  listed: number;
  read: number;
  /** Format-1 thread files stamped (an lstat each) to compare with their verdicts. */
  stamped: number;
}

export interface FolderJudgement {
  /** The verdict to keep; undefined: none (the folder is judged whole next time). */
  record: FolderRecord | undefined;
  /** Its files holding markers (relative to the folder: `state/<key>.md`) → stamp. */
  marked: Map<string, string>;
  /** Whether every file has a settled verdict: the folder needs no look until its stamps change. */
  complete: boolean;
}

interface FolderFile extends Stamp {
  /** Relative to the folder, with "/": `thread.md`, `<section>/<key>.md`, `paths/<hash>`. */
  rel: string;
  path: string;
  maxBytes: number;
}

interface Listing {
  mask: number;
  digest: string;
  /** Whether the folder's and subfolders' stamps settled (a later change cannot share them). */
  settled: boolean;
  files: FolderFile[];
  /** A folder over the store's limits: left to the store, which names it when it reads the thread. */
  over: boolean;
}

/** The digest of a folder's stamp and its subfolders' (in FOLDER_SUBDIRS order, `-` for one that is not there). */
function digestOf(folderStamp: string, subdirStamps: readonly string[]): string {
  return stampDigest(`${folderStamp}|${subdirStamps.join("|")}`);
}

/** The digest of the folder and of the subfolders `mask` names, as they are now; null when the folder is not a directory. */
function currentDigest(folder: string, mask: number, budget: SweepBudget): string | null {
  const own = stampOf(folder, "dir");
  budget.listed += 1;
  if (own === null) return null;
  const stamps = FOLDER_SUBDIRS.map((name, i) => {
    if ((mask & (1 << i)) === 0) return "-";
    budget.listed += 1;
    return stampOf(`${folder}${sep}${name}`, "dir")?.stamp ?? "-";
  });
  return digestOf(own.stamp, stamps);
}

/** Up to `limit` names in a directory (temp files left out); null when it holds more. */
function namesIn(path: string, limit: number, budget: SweepBudget): string[] | null {
  let dir: Dir;
  try {
    dir = opendirSync(path);
  } catch {
    return [];
  }
  const names: string[] = [];
  try {
    for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
      budget.listed += 1;
      if (isAtomicTempFile(entry.name)) continue;
      if (names.length === limit) return null;
      names.push(entry.name);
    }
  } finally {
    dir.closeSync();
  }
  return names;
}

/** The files the reader reads in a folder, with their stamps; null when the folder is not a directory. */
function listFolder(folder: string, budget: SweepBudget, now: number): Listing | null {
  const own = stampOf(folder, "dir");
  if (own === null) return null;
  let settled = own.settledAtMs < now;
  let mask = 0;
  let over = false;
  const subdirStamps = FOLDER_SUBDIRS.map(() => "-");
  const files: FolderFile[] = [];
  const add = (rel: string, path: string, maxBytes: number) => {
    const stamp = stampOf(path, "file");
    if (stamp !== null) files.push({ ...stamp, rel, path, maxBytes }); // not a regular file: the store names it
  };
  const names = namesIn(folder, LIMITS.threadFolderEntries, budget);
  for (const name of names ?? []) {
    if (name === HEAD_FILE) {
      add(name, `${folder}${sep}${name}`, folderFileBytes(null));
      continue;
    }
    const at = FOLDER_SUBDIRS.indexOf(name as (typeof FOLDER_SUBDIRS)[number]);
    if (at < 0) continue; // not the thread's (a README, an editor's backup): the reader leaves it alone too
    const sub = FOLDER_SUBDIRS[at]!;
    const path = `${folder}${sep}${sub}`;
    const stamp = stampOf(path, "dir"); // a link or a file in its place: the store names it
    if (stamp === null) continue;
    mask |= 1 << at;
    subdirStamps[at] = stamp.stamp;
    if (stamp.settledAtMs >= now) settled = false;
    const inside = namesIn(path, subdirEntryLimit(sub), budget);
    if (inside === null) {
      over = true;
      continue;
    }
    for (const file of inside) {
      if (isSectionDir(sub) && !isItemFileName(file)) continue; // not an item: the store names it
      add(`${sub}/${file}`, `${path}${sep}${file}`, folderFileBytes(sub));
    }
  }
  return { mask, digest: digestOf(own.stamp, subdirStamps), settled, files, over: over || names === null };
}

/** Whether a file's verdict is in the record: its change comes before the record's point, or at it and in path order. */
function judgedBy(record: FolderRecord | undefined, file: FolderFile): boolean {
  if (record === undefined) return false;
  if (file.changedMs !== record.upTo) return file.changedMs < record.upTo;
  return record.complete || file.rel <= record.after;
}

const byChange = (a: FolderFile, b: FolderFile): number =>
  a.changedMs - b.changedMs || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);

/**
 * Judges a thread folder against its saved verdict and the marked files saved for it (relative path → stamp); null when
 * it is gone. An unchanged folder costs an lstat of it and of each subfolder; a changed one is listed, and its files
 * changed since the verdict read (every file, when none is newer but some came in: a clock set back, a file moved in).
 */
export function judgeFolder(
  folder: string,
  saved: FolderRecord | undefined,
  savedMarked: ReadonlyMap<string, string>,
  budget: SweepBudget,
  now: number,
): FolderJudgement | null {
  // A marked file fixed in place leaves the folders' stamps as they were: its own stamp says it changed.
  const keptMarks = new Map([...savedMarked].filter(([rel, stamp]) => stampOf(`${folder}${sep}${rel}`, "file")?.stamp === stamp));
  if (saved?.complete === true && keptMarks.size === savedMarked.size) {
    const digest = currentDigest(folder, saved.mask, budget);
    if (digest === null) return null;
    if (digest === saved.digest) return { record: saved, marked: keptMarks, complete: true };
  }
  // Nothing left to read with: not even listed (after a checkout, a start lists only the folders it can judge).
  if (budget.filesLeft <= 0) return { record: saved, marked: keptMarks, complete: false };
  const listing = listFolder(folder, budget, now);
  if (listing === null) return null;
  if (listing.over) {
    // Nothing of it is judged (upTo 0): once under the limits, its stamps have changed and every file is read.
    const record: FolderRecord = { complete: true, mask: listing.mask, digest: listing.digest, files: 0, upTo: 0 };
    return { record, marked: new Map(), complete: listing.settled };
  }
  const marked = new Map<string, string>();
  let toRead = listing.files.filter((file) => {
    if (!judgedBy(saved, file)) return true;
    if (savedMarked.get(file.rel) === file.stamp) marked.set(file.rel, file.stamp);
    return false;
  });
  if (toRead.length === 0 && saved?.complete === true && listing.digest !== saved.digest && listing.files.length >= saved.files) {
    toRead = listing.files;
    marked.clear();
  }
  const judge = (file: FolderFile) => {
    budget.filesLeft -= 1;
    budget.read += 1;
    if (fileHasMarkers(file.path, file.maxBytes)) marked.set(file.rel, file.stamp);
  };
  if (toRead.length <= budget.filesLeft) {
    for (const file of toRead) judge(file);
    // A file written within its margin may change again within its stamp's resolution: judged again next time.
    if (!listing.settled || toRead.some((file) => file.settledAtMs >= now)) return { record: saved, marked, complete: false };
    const upTo = listing.files.reduce((latest, file) => Math.max(latest, file.changedMs), 0);
    const record: FolderRecord = {
      complete: true,
      mask: listing.mask,
      digest: listing.digest,
      files: listing.files.length,
      upTo,
    };
    return { record, marked, complete: true };
  }
  // More to read than the budget left: the oldest changes first, so that the verdict moves on from one start to the next.
  let record = saved;
  let moving = true;
  for (const file of toRead.sort(byChange).slice(0, budget.filesLeft)) {
    judge(file);
    if (file.settledAtMs >= now) moving = false;
    if (moving) record = { complete: false, upTo: file.changedMs, after: file.rel };
  }
  return { record, marked, complete: false };
}
