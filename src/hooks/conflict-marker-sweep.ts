// Thread files holding git conflict markers, found from known stamps (in hook.cjs: node builtins only, no YAML): a
// project's threads/ directory whose stamp is unchanged since the last sweep is not read at all; otherwise only files
// whose stamp changed are read (bounded), and only for markers. The verdicts live in .threadmind/cache/conflict-sweep.json.
// git (checkout, merge, pull) and ThreadMind write a file by creating it anew, which changes the directory's stamp; an
// editor that writes markers into a file in place is seen at the directory's next change (a file fixed in place at once).
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { hasConflictMarkers } from "../core/store/conflict-markers.js";
import { isValidId } from "../core/id-pattern.js";
import { projectIdsIn } from "../core/store/project-ids.js";
import { LIMITS } from "../core/limits.js";
import { RACY_MARGIN_MS } from "../core/context/context-cache.js";

const SWEEP_VERSION = 1;
/** Per session start, at most this many files are read (the rest on the next start) and this many projects swept. */
const MAX_FILES_READ = 200;
const MAX_PROJECTS = 50;

interface DirVerdicts {
  /** The directory's stamp when every file in it had a verdict; null when the sweep must list it again. */
  dir: string | null;
  /** File name → stamp when checked. */
  files: Record<string, string>;
  /** Names of the files that held markers at that stamp. */
  marked: string[];
}

interface SweepState {
  version: typeof SWEEP_VERSION;
  projects: Record<string, DirVerdicts>;
}

export function sweepPath(storeDir: string): string {
  return join(storeDir, "cache", "conflict-sweep.json");
}

function readState(storeDir: string): SweepState {
  try {
    const data = JSON.parse(readFileSync(sweepPath(storeDir), "utf8")) as SweepState;
    if (data.version === SWEEP_VERSION && typeof data.projects === "object" && data.projects !== null) return data;
  } catch {
    // absent or unusable: derived data, swept again
  }
  return { version: SWEEP_VERSION, projects: {} };
}

/** A stamp of any entry (dev:ino:size:mtime:ctime) and when it last changed; null when absent. */
function stampOf(path: string, kind: "file" | "dir"): { stamp: string; changedMs: number } | null {
  try {
    const s = lstatSync(path, { bigint: true });
    if (kind === "file" ? !s.isFile() : !s.isDirectory()) return null;
    // biome-ignore lint/complexity/useMathMinMax: these are bigints, which Math.max does not take
    const changed = s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs;
    return { stamp: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`, changedMs: Number(changed / 1_000_000n) };
  } catch {
    return null;
  }
}

/** The first bytes of a regular file (never a FIFO or device: opened non-blocking, checked before reading). */
function readBounded(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const buf = Buffer.alloc(Math.min(st.size, LIMITS.threadFileBytes));
    let read = 0;
    while (read < buf.length) {
      const n = readSync(fd, buf, read, buf.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buf.subarray(0, read).toString("utf8");
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Paths (relative to the store) of thread files that hold conflict markers, by the known stamps; the verdicts are saved
 * when anything was read. Never throws (a sweep that cannot run says nothing).
 */
export function threadFilesWithMarkers(storeDir: string, now = Date.now()): string[] {
  try {
    const projectsDir = join(storeDir, "projects");
    if (lstatSync(projectsDir).isSymbolicLink()) return [];
    const state = readState(storeDir);
    let budget = MAX_FILES_READ;
    let changed = false;
    const found: string[] = [];
    for (const projectId of projectIdsIn(projectsDir).slice(0, MAX_PROJECTS)) {
      const dir = join(storeDir, "threads", projectId);
      const dirStamp = stampOf(dir, "dir");
      const known = state.projects[projectId];
      if (dirStamp === null) {
        if (known !== undefined) {
          delete state.projects[projectId];
          changed = true;
        }
        continue;
      }
      // An unchanged directory: no file came or went; a marked file fixed in place is the one change to look for.
      const markedUnchanged = () => known!.marked.every((name) => stampOf(join(dir, name), "file")?.stamp === known!.files[name]);
      if (known !== undefined && known.dir === dirStamp.stamp && markedUnchanged()) {
        found.push(...known.marked.map((name) => `threads/${projectId}/${name}`));
        continue;
      }
      const verdicts: DirVerdicts = { dir: null, files: {}, marked: [] };
      let complete = dirStamp.changedMs < now - RACY_MARGIN_MS;
      for (const name of readdirSync(dir)) {
        if (!name.endsWith(".md") || !isValidId(name.slice(0, -3))) continue; // temp files end in .tmp
        const stamp = stampOf(join(dir, name), "file");
        if (stamp === null) continue; // not a regular file: the store reports it when it reads it
        const wasMarked = known?.marked.includes(name) ?? false;
        let marked: boolean;
        if (known?.files[name] === stamp.stamp) marked = wasMarked;
        else if (budget > 0) {
          budget--;
          const text = readBounded(join(dir, name));
          marked = text !== null && hasConflictMarkers(text);
        } else {
          complete = false;
          continue;
        }
        // A file written within the margin may change again within its stamp's resolution: checked again next time.
        if (stamp.changedMs < now - RACY_MARGIN_MS) verdicts.files[name] = stamp.stamp;
        else complete = false;
        if (marked) {
          verdicts.marked.push(name);
          found.push(`threads/${projectId}/${name}`);
        }
      }
      if (complete) verdicts.dir = dirStamp.stamp;
      state.projects[projectId] = verdicts;
      changed = true;
    }
    if (changed) {
      // Derived data: a temp file renamed over it (atomic-write.ts would load crypto into every hook for its temp names).
      mkdirSync(join(storeDir, "cache"), { recursive: true });
      const temp = `${sweepPath(storeDir)}.${process.pid}.tmp`;
      try {
        writeFileSync(temp, `${JSON.stringify(state)}\n`);
        renameSync(temp, sweepPath(storeDir));
      } finally {
        rmSync(temp, { force: true });
      }
    }
    return found;
  } catch {
    return [];
  }
}
