// The conflict-marker sweep's saved verdicts, .threadmind/cache/conflict-sweep.json (derived data; node builtins only: the
// hooks read it at every start). Two JSON lines in one file, renamed into place so that they always agree: first a
// summary (a few bytes per project: all that a start with nothing changed reads), then every format-1 file's and thread
// folder's verdict (~25 bytes per format-1 file, ~50 per thread folder whatever it holds), parsed only when needed.
import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readRegularFile } from "../store/regular-file.js";
import { assertNoLinksBelow } from "../store/read-strict.js";
import { isRecord, ownEntry } from "../json-record.js";

const SWEEP_VERSION = 3;
/** A larger saved sweep is not ours (swept again, never parsed). */
const STATE_MAX_BYTES = 64 * 1024 * 1024;
/**
 * A start reads this much of the saved sweep first: the summary line is all that a start with unchanged directories
 * needs; the verdicts after it are read only when a directory (or git's index, for thread folders) changed.
 */
const HEAD_READ_BYTES = 64 * 1024;

/** A thread folder's verdict (format 2). */
export type FolderRecord =
  /**
   * Every file judged. `mask`: the subfolders it held (bit i: FOLDER_SUBDIRS[i]); `digest`: the stamps of the folder
   * and of those subfolders (any file coming or going changes one); `files`: how many files it held; `upTo`: their
   * latest change (ms), so that a file changed since, whose change is later, is the one to read.
   */
  | { complete: true; mask: number; digest: string; files: number; upTo: number }
  /** Judged in order of change up to a file (a start's read budget ran out): every file before (upTo, after) or at it. */
  | { complete: false; upTo: number; after: string };

export interface ProjectVerdicts {
  /** The project's threads directory's stamp when every entry in it had a verdict; null when it must be listed again. */
  dir: string | null;
  /** The files holding markers (relative to the project's threads directory: `<id>.md`, `<id>/<section>/<key>.md`) → stamp. */
  marked: Record<string, string>;
  /** Format-1 file name (`<id>.md`) → the digest of its stamp when judged. */
  files: Record<string, string>;
  /** Thread folder (its id) → its verdict. */
  folders: Record<string, FolderRecord>;
}

/** What a start with unchanged directories needs of a project. */
export interface ProjectSummary {
  dir: string | null;
  marked: Record<string, string>;
  /** How many thread folders have a verdict (0: the directory's stamp alone says that nothing changed). */
  folders: number;
}

export interface SweepState {
  /**
   * git's index stamp at the last sweep that left every project complete (null: none, or not in git). git rewrites its
   * index whenever it writes the work tree (checkout, merge, pull, reset, stash): while it is unchanged, no thread
   * folder changed through git.
   */
  index: string | null;
  summary: Record<string, ProjectSummary>;
  /** A project's verdicts, the second line parsed on first use. */
  verdicts: (projectId: string) => ProjectVerdicts | undefined;
}

export function sweepPath(storeDir: string): string {
  return join(storeDir, "cache", "conflict-sweep.json");
}

function emptyState(): SweepState {
  return { index: null, summary: {}, verdicts: () => undefined };
}

const isStringMap = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((v) => typeof v === "string");

/** A folder verdict as saved: [mask, digest, files, upTo] or [upTo, after]; undefined for anything else (judged again). */
function folderRecordOf(value: unknown): FolderRecord | undefined {
  if (!Array.isArray(value)) return undefined;
  const [a, b, c, d] = value as unknown[];
  if (value.length === 4 && Number.isInteger(a) && typeof b === "string" && Number.isInteger(c) && Number.isFinite(d))
    return { complete: true, mask: a as number, digest: b, files: c as number, upTo: d as number };
  if (value.length === 2 && Number.isFinite(a) && typeof b === "string") return { complete: false, upTo: a as number, after: b };
  return undefined;
}

function savedFolderRecord(record: FolderRecord): (number | string)[] {
  return record.complete ? [record.mask, record.digest, record.files, record.upTo] : [record.upTo, record.after];
}

/** The saved sweep; an absent or unusable one (a link, another version, damaged) is an empty one: derived data, swept again. */
export function readState(storeDir: string, counted: (bytes: number) => void): SweepState {
  try {
    // Never through a linked cache/ (a hostile repository's, out of it), a link, a FIFO or a device, and a bounded amount.
    const path = sweepPath(storeDir);
    assertNoLinksBelow(storeDir, path);
    const { headText, rest } = readHead(path, counted);
    const head = JSON.parse(headText) as { version?: unknown; index?: unknown; projects?: unknown };
    if (head.version !== SWEEP_VERSION || !isRecord(head.projects)) return emptyState();
    const summary: Record<string, ProjectSummary> = {};
    for (const [projectId, entry] of Object.entries(head.projects)) {
      // An entry of another shape is swept again.
      if (
        isRecord(entry) &&
        (entry.dir === null || typeof entry.dir === "string") &&
        isStringMap(entry.marked) &&
        Number.isInteger(entry.folders)
      )
        summary[projectId] = { dir: entry.dir, marked: entry.marked, folders: entry.folders as number };
    }
    let details: Record<string, unknown> | null = null;
    return {
      index: typeof head.index === "string" ? head.index : null,
      summary,
      verdicts: (projectId) => {
        const known = ownEntry(summary, projectId);
        if (known === undefined) return undefined;
        if (details === null) {
          try {
            const parsed: unknown = JSON.parse(rest() ?? "");
            details = isRecord(parsed) ? parsed : {};
          } catch {
            details = {};
          }
        }
        const saved = ownEntry(details, projectId);
        const files = isRecord(saved) && isStringMap(saved.f) ? saved.f : {};
        const folders: Record<string, FolderRecord> = {};
        if (isRecord(saved) && isRecord(saved.t)) {
          for (const [id, value] of Object.entries(saved.t)) {
            const record = folderRecordOf(value);
            if (record !== undefined) folders[id] = record;
          }
        }
        return { dir: known.dir, marked: known.marked, files, folders };
      },
    };
  } catch {
    return emptyState();
  }
}

/**
 * The saved sweep's first line, and a way to its second: from the first read when the file fit in HEAD_READ_BYTES,
 * else read whole when asked for, and only when its first line is still the one read (the file is replaced by rename:
 * another process may have saved a new sweep meanwhile; then null, and every file is judged again).
 */
function readHead(path: string, counted: (bytes: number) => void): { headText: string; rest: () => string | null } {
  const prefix = readRegularFile(path, HEAD_READ_BYTES);
  if (prefix === null) throw new Error("no saved sweep");
  counted(prefix.length);
  const eol = prefix.indexOf(0x0a);
  const whole = prefix.length <= HEAD_READ_BYTES;
  if (eol >= 0 && whole) {
    return { headText: prefix.subarray(0, eol).toString("utf8"), rest: () => prefix.subarray(eol + 1).toString("utf8") };
  }
  if (eol < 0 && whole) return { headText: prefix.toString("utf8"), rest: () => null };
  const readAll = (): Buffer => {
    const all = readRegularFile(path, STATE_MAX_BYTES);
    if (all === null || all.length > STATE_MAX_BYTES) throw new Error("the saved sweep is gone or too large");
    counted(all.length);
    return all;
  };
  if (eol < 0) {
    // A first line longer than the first read (thousands of marked files): the file is read whole at once.
    const all = readAll();
    const end = all.indexOf(0x0a);
    if (end < 0) return { headText: all.toString("utf8"), rest: () => null };
    return { headText: all.subarray(0, end).toString("utf8"), rest: () => all.subarray(end + 1).toString("utf8") };
  }
  const first = prefix.subarray(0, eol);
  return {
    headText: first.toString("utf8"),
    rest: () => {
      try {
        const all = readAll();
        const end = all.indexOf(0x0a);
        return end === eol && all.subarray(0, end).equals(first) ? all.subarray(end + 1).toString("utf8") : null;
      } catch {
        return null;
      }
    },
  };
}

/** The file's two lines: the summary of every project, then every project's verdicts. */
function stateText(index: string | null, projects: ReadonlyMap<string, ProjectVerdicts>): string {
  const summary: Record<string, ProjectSummary> = {};
  const details: Record<string, { f: Record<string, string>; t: Record<string, (number | string)[]> }> = {};
  for (const [projectId, v] of projects) {
    const t: Record<string, (number | string)[]> = {};
    for (const [id, record] of Object.entries(v.folders)) t[id] = savedFolderRecord(record);
    summary[projectId] = { dir: v.dir, marked: v.marked, folders: Object.keys(t).length };
    details[projectId] = { f: v.files, t };
  }
  return `${JSON.stringify({ version: SWEEP_VERSION, index, projects: summary })}\n${JSON.stringify(details)}\n`;
}

/**
 * Saves the verdicts: those of `swept` projects, the others' as read, without the `gone` ones. Derived data: a cache that
 * cannot be written (a link, a file, no permission) only means that the next start sweeps again.
 */
export function saveState(
  storeDir: string,
  state: SweepState,
  index: string | null,
  swept: ReadonlyMap<string, ProjectVerdicts>,
  gone: ReadonlySet<string>,
): void {
  // A temp file renamed over it (atomic-write.ts would load crypto into every hook for its temp names).
  const temp = `${sweepPath(storeDir)}.${process.pid}.tmp`;
  try {
    const cache = join(storeDir, "cache");
    mkdirSync(cache, { recursive: true });
    if (!lstatSync(cache).isDirectory()) return; // a link: never written through
    const after = new Map<string, ProjectVerdicts>();
    for (const projectId of Object.keys(state.summary)) {
      const kept = gone.has(projectId) || swept.has(projectId) ? undefined : state.verdicts(projectId);
      if (kept !== undefined) after.set(projectId, kept);
    }
    for (const [projectId, verdicts] of swept) after.set(projectId, verdicts);
    rmSync(temp, { force: true });
    writeFileSync(temp, stateText(index, after), { flag: "wx" }); // a new file: never through a link left at its name
    renameSync(temp, sweepPath(storeDir));
  } catch {
    // Not saved: swept again next time.
    try {
      rmSync(temp, { force: true });
    } catch {
      // nothing was written there
    }
  }
}

function sameMap<T>(a: Readonly<Record<string, T>>, b: Readonly<Record<string, T>>, same: (x: T, y: T) => boolean): boolean {
  const names = Object.keys(b);
  if (names.length !== Object.keys(a).length) return false;
  return names.every((name) => {
    const x = ownEntry(a, name);
    return x !== undefined && same(x, b[name]!);
  });
}

const sameFolderRecord = (a: FolderRecord, b: FolderRecord): boolean =>
  savedFolderRecord(a).join("\n") === savedFolderRecord(b).join("\n");

/** Whether a project's new verdicts are those already saved (then the file is not rewritten). */
export function sameVerdicts(saved: ProjectVerdicts | undefined, now: ProjectVerdicts): boolean {
  if (saved === undefined || saved.dir !== now.dir) return false;
  const same = (x: string, y: string) => x === y;
  return (
    sameMap(saved.marked, now.marked, same) &&
    sameMap(saved.files, now.files, same) &&
    sameMap(saved.folders, now.folders, sameFolderRecord)
  );
}
