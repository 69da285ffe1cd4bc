// Thread files holding git conflict markers, found from known stamps (node builtins only, no YAML: the hooks run it): a
// project's threads/ directory whose stamp is unchanged since the last sweep is not read at all; otherwise only files
// whose stamp changed are read (bounded), and only for markers. The verdicts live in .threadmind/cache/conflict-sweep.json.
// git (checkout, merge, pull) and ThreadMind write a file by creating it anew, which changes the directory's stamp; an
// editor that writes markers into a file in place is seen at the directory's next change (a file fixed in place at once).
// The hooks sweep at every session start (hook-start.cjs); the MCP server sweeps after its own writes, once the directory
// it wrote settled, so that the start after a write finds the state current.
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { hasConflictMarkers } from "./conflict-markers.js";
import { isValidId } from "../id-pattern.js";
import { projectIdsIn } from "./project-ids.js";
import { recentThreadWrites } from "./recent-writes.js";
import { LIMITS } from "../limits.js";
import { changedNsOf, settledAtMs, statStamp } from "./file-stamp.js";
import { readRegularFile } from "./regular-file.js";
import { assertNoLinksBelow } from "./read-strict.js";
import { isRecord, ownEntry } from "../json-record.js";

const SWEEP_VERSION = 2;

/** Per session start, at most this many files are read (the rest on the next start) and this many projects swept. */
const MAX_FILES_READ = 200;
const MAX_PROJECTS = 50;
/** The saved sweep is ~85 bytes per thread: a larger file is not ours (swept again, never parsed). */
const STATE_MAX_BYTES = 64 * 1024 * 1024;

interface DirVerdicts {
  /** The directory's stamp when every file in it had a verdict; null when the sweep must list it again. */
  dir: string | null;
  /** File name → stamp when checked. */
  files: Record<string, string>;
  /** Names of the files that held markers at that stamp. */
  marked: string[];
}

/** What a start with unchanged directories needs: each directory's stamp and its marked files with their stamps. */
interface DirSummary {
  dir: string | null;
  marked: Record<string, string>;
}

/**
 * The saved sweep, as two JSON lines in one file: the summary first (a few bytes per project), then every file's stamp
 * (~85 bytes per thread), parsed only when a directory changed. One file, renamed into place: the two always agree.
 */
interface SweepState {
  summary: Record<string, DirSummary>;
  /** Every project's verdicts, parsed from the second line on first use. */
  verdicts: (projectId: string) => DirVerdicts | undefined;
}

export function sweepPath(storeDir: string): string {
  return join(storeDir, "cache", "conflict-sweep.json");
}

function emptyState(): SweepState {
  return { summary: {}, verdicts: () => undefined };
}

function readState(storeDir: string): SweepState {
  try {
    // Never through a linked cache/ (a hostile repository's, out of it), a link, a FIFO or a device, and a bounded amount.
    assertNoLinksBelow(storeDir, sweepPath(storeDir));
    const bytes = readRegularFile(sweepPath(storeDir), STATE_MAX_BYTES);
    if (bytes === null || bytes.length > STATE_MAX_BYTES) return emptyState();
    const text = bytes.toString("utf8");
    const eol = text.indexOf("\n");
    const head = JSON.parse(eol < 0 ? text : text.slice(0, eol)) as { version?: unknown; projects?: unknown };
    if (head.version !== SWEEP_VERSION || !isRecord(head.projects)) return emptyState();
    let files: Record<string, unknown> | null = null;
    const summary: Record<string, DirSummary> = {};
    for (const [projectId, entry] of Object.entries(head.projects)) {
      // An entry of another shape is swept again.
      if (isRecord(entry) && (entry.dir === null || typeof entry.dir === "string") && isRecord(entry.marked))
        summary[projectId] = { dir: entry.dir, marked: entry.marked as Record<string, string> };
    }
    return {
      summary,
      verdicts: (projectId) => {
        const known = ownEntry(summary, projectId);
        if (known === undefined) return undefined;
        if (files === null) {
          try {
            const parsed: unknown = JSON.parse(text.slice(eol + 1));
            files = isRecord(parsed) ? parsed : {};
          } catch {
            files = {};
          }
        }
        const stamps = ownEntry(files, projectId);
        return {
          dir: known.dir,
          files: isRecord(stamps) ? (stamps as Record<string, string>) : {},
          marked: Object.keys(known.marked),
        };
      },
    };
  } catch {
    // absent or unusable: derived data, swept again
    return emptyState();
  }
}

/** The file's two lines: the summary of every project, then every project's file stamps. */
function stateText(projects: ReadonlyMap<string, DirVerdicts>): string {
  const summary: Record<string, DirSummary> = {};
  const files: Record<string, Record<string, string>> = {};
  for (const [projectId, v] of projects) {
    const marked: Record<string, string> = {};
    for (const name of v.marked) marked[name] = v.files[name] ?? "";
    summary[projectId] = { dir: v.dir, marked };
    files[projectId] = v.files;
  }
  return `${JSON.stringify({ version: SWEEP_VERSION, projects: summary })}\n${JSON.stringify(files)}\n`;
}

interface Stamp {
  stamp: string;
  /** When a stamp taken from now on is trusted: its last change plus the racy margin (ms since the epoch). */
  settledAtMs: number;
}

/** A stamp of any entry (dev:ino:size:mtime:ctime) and when it settles; null when absent. */
function stampOf(path: string, kind: "file" | "dir"): Stamp | null {
  try {
    const s = lstatSync(path, { bigint: true });
    if (kind === "file" ? !s.isFile() : !s.isDirectory()) return null;
    return { stamp: statStamp(s), settledAtMs: settledAtMs(changedNsOf(s)) };
  } catch {
    return null;
  }
}

/** The first bytes of a regular file (never a FIFO or device: see readRegularFile); null when it cannot be read. */
function readBounded(path: string): string | null {
  try {
    return readRegularFile(path, LIMITS.threadFileBytes)?.subarray(0, LIMITS.threadFileBytes).toString("utf8") ?? null;
  } catch {
    return null;
  }
}

/**
 * Saves the verdicts: derived data, so a cache that cannot be written (a link, a file, no permission) only means the
 * next start sweeps again; what this sweep found is reported all the same.
 */
function saveState(
  storeDir: string,
  state: SweepState,
  swept: ReadonlyMap<string, DirVerdicts>,
  gone: ReadonlySet<string>,
): void {
  // A temp file renamed over it (atomic-write.ts would load crypto into every hook for its temp names).
  const temp = `${sweepPath(storeDir)}.${process.pid}.tmp`;
  try {
    const cache = join(storeDir, "cache");
    mkdirSync(cache, { recursive: true });
    if (!lstatSync(cache).isDirectory()) return; // a link: never written through
    const after = new Map<string, DirVerdicts>();
    for (const projectId of Object.keys(state.summary)) {
      const kept = gone.has(projectId) || swept.has(projectId) ? undefined : state.verdicts(projectId);
      if (kept !== undefined) after.set(projectId, kept);
    }
    for (const [projectId, verdicts] of swept) after.set(projectId, verdicts);
    rmSync(temp, { force: true });
    writeFileSync(temp, stateText(after), { flag: "wx" }); // a new file: never through a link left at its name
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

/** Whether a directory's new verdicts are those already saved. */
function sameVerdicts(saved: DirVerdicts | undefined, now: DirVerdicts): boolean {
  if (saved === undefined || saved.dir !== now.dir || saved.marked.join("/") !== now.marked.join("/")) return false;
  const names = Object.keys(now.files);
  if (names.length !== Object.keys(saved.files).length) return false;
  return names.every((name) => saved.files[name] === now.files[name]);
}

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

/** What a sweep did, for a caller that weighs its cost: directory entries listed (one lstat each, or fewer). */
export interface SweepWork {
  listed: number;
}

/**
 * Paths (relative to the store) of thread files that hold conflict markers, by the known stamps; the verdicts are saved
 * when anything was read. Never throws (a sweep that cannot run says nothing).
 */
export function threadFilesWithMarkers(storeDir: string, now = Date.now(), work?: SweepWork): string[] {
  try {
    const projectsDir = join(storeDir, "projects");
    if (lstatSync(projectsDir).isSymbolicLink()) return [];
    const state = readState(storeDir);
    // The projects swept again, with their new verdicts, and those whose directory is gone; the others are kept as read.
    const swept = new Map<string, DirVerdicts>();
    const gone = new Set<string>();
    let budget = MAX_FILES_READ;
    const found: string[] = [];
    for (const projectId of projectIdsIn(projectsDir).slice(0, MAX_PROJECTS)) {
      const dir = join(storeDir, "threads", projectId);
      const dirStamp = stampOf(dir, "dir");
      const summary = ownEntry(state.summary, projectId);
      if (dirStamp === null) {
        if (summary !== undefined) gone.add(projectId);
        continue;
      }
      // An unchanged directory: no file came or went; a marked file fixed in place is the one change to look for.
      const markedUnchanged = () =>
        Object.entries(summary!.marked).every(([name, stamp]) => stampOf(join(dir, name), "file")?.stamp === stamp);
      if (summary !== undefined && summary.dir === dirStamp.stamp && markedUnchanged()) {
        found.push(...Object.keys(summary.marked).map((name) => `threads/${projectId}/${name}`));
        continue;
      }
      const known = state.verdicts(projectId);
      const verdicts: DirVerdicts = { dir: null, files: {}, marked: [] };
      let complete = dirStamp.settledAtMs < now;
      const names = readdirSync(dir);
      if (work !== undefined) work.listed += names.length;
      for (const name of names) {
        if (!name.endsWith(".md") || !isValidId(name.slice(0, -3))) continue; // temp files end in .tmp
        // A valid id and ".md": no separator to normalise (join for a thousand files costs milliseconds).
        const path = `${dir}${sep}${name}`;
        const stamp = stampOf(path, "file");
        if (stamp === null) continue; // not a regular file: the store reports it when it reads it
        const wasMarked = known?.marked.includes(name) ?? false;
        let marked: boolean;
        if (known?.files[name] === stamp.stamp) marked = wasMarked;
        else if (budget > 0) {
          budget--;
          const text = readBounded(path);
          marked = text !== null && hasConflictMarkers(text);
        } else {
          complete = false;
          continue;
        }
        // A file written within the margin may change again within its stamp's resolution: checked again next time.
        if (stamp.settledAtMs < now) verdicts.files[name] = stamp.stamp;
        else complete = false;
        if (marked) {
          verdicts.marked.push(name);
          found.push(`threads/${projectId}/${name}`);
        }
      }
      if (complete) verdicts.dir = dirStamp.stamp;
      // Rewritten only when a verdict changed (a directory still within the racy margin is listed again at each start).
      if (!sameVerdicts(known, verdicts)) swept.set(projectId, verdicts);
    }
    if (swept.size > 0 || gone.size > 0) saveState(storeDir, state, swept, gone);
    return found;
  } catch {
    return [];
  }
}
