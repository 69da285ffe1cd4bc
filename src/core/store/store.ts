// The thread store on disk: projects/<id>.json and threads/<project>/<id>/ (format 2; <id>.md: format 1, still read), read strictly, written atomically.
import { type Dir, type Dirent, lstatSync, mkdirSync, opendirSync, readdirSync, rmdirSync } from "node:fs";
import { makeDir } from "./make-dir.js";
import { dirname, join, sep } from "node:path";
import { isAtomicTempFile } from "./atomic-write.js";
import { removeFenced, writeFenced } from "./fenced-write.js";
import { withLock, type LockOptions } from "./lock.js";
import { sweepDeadTempFiles, sweepThreadFolder } from "./temp-sweep.js";
import { errors, UnreadableFileError } from "../errors.js";
import { FrontmatterError, parseThread, serializeThreadExactly } from "./frontmatter.js";
import { HEAD_FILE } from "./thread-folder-format.js";
import { gitBlobId } from "./blob-id.js";
import {
  assembleFolder,
  type FolderItem,
  type FolderThread,
  readFolderTexts,
  sectionBlocks,
  summaryOf,
} from "./thread-folder-read.js";
import { type FolderWrite, planFolderWrite, splitSummary, summaryAsStored, type WriteStamp } from "./thread-folder-write.js";
import { readRegularFile } from "./regular-file.js";
import { noteThreadWrite } from "./recent-writes.js";
import { noteThreadsChanged } from "./threads-changed.js";
import { markFolderWrite, readFolderConsistently } from "./folder-write-marker.js";
import { SECTION_KEYS, type SectionKey } from "../types.js";
import { assertId, isValidId } from "../ids.js";
import { projectIdsIn } from "./project-ids.js";
import { LIMITS } from "../limits.js";
import type { Project, ProjectMode, Thread, ThreadFileProblem } from "../types.js";
import { storeDirState, type Workspace } from "./store-dir.js";
import { pathStamp, statStamp } from "./file-stamp.js";
import { linkRefused, lstatStrict, reasonOf, readTextStrict, strictUtf8, unreadable } from "./read-strict.js";
import { STORE_GITATTRIBUTES } from "./store-gitattributes.js";
import { errnoCode } from "../error-details.js";

const IGNORED = [
  "config.json",
  "config.json.*",
  "measurements.jsonl",
  "measurements.1.jsonl",
  "cache/",
  ".lock",
  ".lock.*",
  ".*.tmp",
];
const GITIGNORE = `# ThreadMind local state (per machine): not shared through git\n${IGNORED.join("\n")}\n`;

export interface ThreadSet {
  threads: Map<string, Thread>;
  problems: ThreadFileProblem[];
}

/** At most this many parsed thread files are kept per store (a warm server re-reads none of them). */
const PARSED_CACHE_LIMIT = 20_000;

/** A copy of a cached thread that its caller may change freely. */
function copyThread(t: Thread): Thread {
  const copy: Thread = { ...t };
  if (t.paths) copy.paths = [...t.paths];
  if (t.related) copy.related = [...t.related];
  return copy;
}

export class Store {
  readonly dir: string;
  readonly lockPath: string;
  /** Threads as read, by folder, each valid while every file it was read from has its stamp; errors are never cached. */
  private readonly parsed = new Map<string, CachedThread>();
  /** Sweeping walks every thread file: long-lived writers do it once; hooks skip it (readers ignore temp files anyway). */
  private swept: boolean;

  constructor(
    readonly workspace: Workspace,
    private readonly lockOptions: LockOptions = {},
    options: { sweepTempFiles?: boolean } = {},
  ) {
    this.dir = workspace.storeDir;
    this.lockPath = join(this.dir, ".lock");
    this.swept = options.sweepTempFiles === false;
  }

  /**
   * True when `.threadmind/` is there. Anything but a real directory at `.threadmind` (a symbolic link, even to another
   * project's store; a file) is refused with the catalogue's storeDirUnusable: nothing is read or written through it.
   */
  exists(): boolean {
    const state = storeDirState(this.dir);
    if (state === "absent") return false;
    if (state === "directory") return true;
    throw errors.storeDirUnusable(this.dir, state.problem);
  }

  /** Creates `.threadmind/` with its .gitignore, projects/ and threads/ (idempotent); an older .gitignore gets the missing entries. */
  ensureLayout(): void {
    if (!this.exists()) {
      try {
        mkdirSync(this.dir);
      } catch (e) {
        // The workspace itself is missing (a THREADMIND_ROOT typo): never created, named with where it came from.
        const code = errnoCode(e);
        if (code === "ENOENT" || code === "ENOTDIR") throw errors.workspaceMissing(this.workspace.root, this.workspace.source);
        throw e;
      }
    }
    makeDir(join(this.dir, "projects"));
    makeDir(join(this.dir, "threads"));
    this.ensureIgnored();
    this.ensureAttributes();
  }

  /**
   * `.threadmind/.gitattributes` sends thread and project files through the "threadmind" merge driver (committed with
   * the project); an older or edited one gets the missing lines. True when it was written.
   */
  ensureAttributes(): boolean {
    const wanted = STORE_GITATTRIBUTES.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
    return this.ensureLines(join(this.dir, ".gitattributes"), STORE_GITATTRIBUTES, wanted);
  }

  /** `.threadmind/.gitignore` lists every local file (an older one gets the missing entries). */
  ensureIgnored(): void {
    this.exists();
    this.ensureLines(join(this.dir, ".gitignore"), GITIGNORE, IGNORED);
  }

  /** Writes `fresh` at `path` when it is absent, else appends the `wanted` lines it lacks (compared trimmed); true when it wrote. */
  private ensureLines(path: string, fresh: string, wanted: readonly string[]): boolean {
    const current = readTextStrict(path, LIMITS.threadFileBytes);
    if (current === null) {
      writeFenced(this.lockPath, path, fresh);
      return true;
    }
    const lines = new Set(current.split(/\r?\n/).map((l) => l.trim()));
    const missing = wanted.filter((l) => !lines.has(l));
    if (missing.length === 0) return false;
    writeFenced(this.lockPath, path, `${current}${current === "" || current.endsWith("\n") ? "" : "\n"}${missing.join("\n")}\n`);
    return true;
  }

  /** Runs `fn` holding the store lock; the first time (unless disabled), temp files of writers that died mid-write are removed first. */
  locked<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.exists()) this.ensureLayout();
    return withLock(
      this.lockPath,
      () => {
        if (!this.swept) sweepDeadTempFiles(this.dir);
        this.swept = true;
        return fn();
      },
      this.lockOptions,
    );
  }

  // ---- projects ----

  projectPath(id: string): string {
    return join(this.projectsDir(), `${assertId(id, "project id")}.json`);
  }

  /** projects/; refused (named) when it is a symbolic link. */
  private projectsDir(): string {
    this.exists();
    const dir = join(this.dir, "projects");
    if (isSymbolicLink(dir)) throw linkRefused(dir);
    return dir;
  }

  projectIds(): string[] {
    const dir = this.projectsDir();
    try {
      return projectIdsIn(dir);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return [];
      throw unreadable(dir, reasonOf(e));
    }
  }

  projectExists(id: string): boolean {
    return entryExists(this.projectPath(id));
  }

  readProject(id: string): Project {
    const path = this.projectPath(id);
    const text = readTextStrict(path, LIMITS.threadFileBytes);
    if (text === null) throw errors.projectNotFound(id, this.projectIds());
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw unreadable(path, `invalid JSON (${reasonOf(e)})`);
    }
    try {
      return validateProject(data, path, id);
    } catch (e) {
      // Whatever goes wrong reading a project file takes the damaged-file path, never a crash.
      if (e instanceof UnreadableFileError) throw e;
      throw unreadable(path, reasonOf(e));
    }
  }

  async writeProject(project: Project): Promise<void> {
    const ordered: Project = { id: project.id, title: project.title, mode: project.mode, createdAt: project.createdAt };
    if (project.systemContext !== undefined) ordered.systemContext = project.systemContext;
    writeFenced(this.lockPath, this.projectPath(project.id), `${JSON.stringify(ordered, null, 2)}\n`);
  }

  // ---- threads ----

  /** threads/<project>/; refuses (naming it) a directory on the way that is a symbolic link, which could lead out of .threadmind/. */
  threadsDir(projectId: string): string {
    this.exists();
    const dir = join(this.dir, "threads", assertId(projectId, "project id"));
    for (const path of [join(this.dir, "threads"), dir]) {
      if (isSymbolicLink(path)) throw linkRefused(path);
    }
    return dir;
  }

  threadsDirExists(projectId: string): boolean {
    return entryExists(this.threadsDir(projectId));
  }

  /** The thread's folder (format 2): threads/<project>/<id>/. */
  threadFolder(projectId: string, threadId: string): string {
    return join(this.threadsDir(projectId), assertId(threadId, "thread id"));
  }

  /** The thread's file of format 1 (threads/<project>/<id>.md): still read; frozen once migrated. */
  legacyThreadPath(projectId: string, threadId: string): string {
    return join(this.threadsDir(projectId), `${assertId(threadId, "thread id")}.md`);
  }

  /**
   * The file that names the thread (in messages, history): its head (<id>/thread.md), or its format-1 file while that
   * is all there is.
   */
  threadPath(projectId: string, threadId: string): string {
    const folder = this.threadFolder(projectId, threadId);
    const legacy = this.legacyThreadPath(projectId, threadId);
    return !entryExists(folder) && entryExists(legacy) ? legacy : join(folder, HEAD_FILE);
  }

  /** True when a path (a file of the thread's folder, the folder, or its format-1 file) belongs to this thread. */
  isThreadFile(projectId: string, threadId: string, path: string): boolean {
    const folder = this.threadFolder(projectId, threadId);
    return path === this.legacyThreadPath(projectId, threadId) || path === folder || path.startsWith(`${folder}${sep}`);
  }

  /**
   * Every file and folder the last read of this thread consulted (folders end with "/"), for a cache keyed by their
   * stamps: adding or removing an item changes its section folder's stamp. Unread: the folder and the format-1 file.
   */
  threadSources(projectId: string, threadId: string, part: ThreadPart = "whole"): string[] {
    const folder = this.threadFolder(projectId, threadId);
    const hit = this.parsed.get(parsedKey(folder, part));
    if (hit !== undefined) return [...hit.stamps.keys()];
    return [`${folder}/`, `${folder}/${HEAD_FILE}`, this.legacyThreadPath(projectId, threadId)];
  }

  /** True when anything (even a damaged file or a dangling link) holds this thread's name: a new thread never takes it. */
  threadExists(projectId: string, threadId: string): boolean {
    return entryExists(this.threadFolder(projectId, threadId)) || entryExists(this.legacyThreadPath(projectId, threadId));
  }

  /**
   * Reads one thread; not-found or an unreadable-file error naming the path and the reason. `part` "ancestor": only what
   * a thread's place above another in a context needs (see ThreadPart).
   */
  readThread(projectId: string, threadId: string, notFound = errors.threadNotFound, part: ThreadPart = "whole"): Thread {
    const read = this.readCached(projectId, threadId, part);
    if (read === null) throw notFound(threadId);
    return copyThread(read.thread);
  }

  /** The thread as read, from the cache while every file it was read from is unchanged; null when nothing holds its name. */
  private readCached(projectId: string, threadId: string, part: ThreadPart = "whole"): CachedThread | null {
    const folder = this.threadFolder(projectId, threadId);
    const key = parsedKey(folder, part);
    const hit = this.parsed.get(key);
    if (hit !== undefined && stampsUnchanged(hit.stamps)) return hit;
    this.parsed.delete(key);
    const read = this.readFresh(projectId, threadId, part);
    if (read === null) return null;
    this.parsed.set(key, read);
    if (this.parsed.size > PARSED_CACHE_LIMIT) this.parsed.delete(this.parsed.keys().next().value!);
    return { ...read, thread: copyThread(read.thread) };
  }

  /**
   * The thread from disk. Its folder wins over its format-1 file; that file beside it is ignored while it holds the
   * bytes the folder was migrated from (frozen); edited since (on a branch that had not migrated, merged here), the
   * blocks it holds that the folder lacks are added, and a close there is kept: the next write absorbs them as items.
   */
  private readFresh(projectId: string, threadId: string, part: ThreadPart = "whole"): CachedThread | null {
    const folder = this.threadFolder(projectId, threadId);
    // Lock-free readers (hooks) must not see a write of several files half done.
    return readFolderConsistently(
      folder,
      () => this.readFreshOnce(projectId, threadId, part),
      (read) => read === null || stampsUnchanged(read.stamps),
    );
  }

  private readFreshOnce(projectId: string, threadId: string, part: ThreadPart): CachedThread | null {
    const folder = this.threadFolder(projectId, threadId);
    const legacyPath = this.legacyThreadPath(projectId, threadId);
    // Stamps are taken before reading: a change during the read gives a newer stamp next time, never a stale hit.
    const disk = readFolderTexts(folder, part === "whole" ? SECTION_KEYS : ANCESTOR_SECTIONS);
    const legacy = readLegacy(legacyPath);
    const stamps = disk?.stamps ?? new Map<string, string | null>([[`${folder}/`, null]]);
    stamps.set(legacyPath, legacy?.stamp ?? null);
    const folderThread = disk === null ? null : assembleFolder(threadId, disk.texts, (rel) => join(folder, rel));
    if (folderThread === null) {
      if (legacy === null) return null;
      return { stamps, thread: parseThreadFile(legacyPath, threadId, legacy.text), folder: null, legacyBlob: legacy.blob };
    }
    if (legacy === null || legacy.blob === folderThread.head.migratedFrom) {
      return { stamps, thread: folderThread.thread, folder: folderThread, legacyBlob: legacy?.blob ?? null };
    }
    const edited = parseThreadFile(legacyPath, threadId, legacy.text);
    return { stamps, thread: absorbLegacy(folderThread, edited), folder: folderThread, legacyBlob: legacy.blob };
  }

  /** Forgets the parsed copies of one thread (each part). */
  private forgetThread(folder: string): void {
    for (const part of THREAD_PARTS) this.parsed.delete(parsedKey(folder, part));
  }

  /** Forgets the parsed copies of threads read from these files: the next read parses them from disk whatever their stamps. */
  forgetParsed(paths: Iterable<string>): void {
    const gone = new Set([...paths].map((p) => p.replace(/[/]$/, "")));
    for (const [key, hit] of this.parsed) {
      if ([...hit.stamps.keys()].some((p) => gone.has(p.replace(/[/]$/, "")))) this.parsed.delete(key);
    }
  }

  /** True when the project has more than `limit` threads (stops reading the directory there). */
  threadCountExceeds(projectId: string, limit: number): boolean {
    let count = 0;
    for (const _ of this.listedThreadIds(projectId)) if (++count > limit) return true;
    return false;
  }

  /**
   * The ids of the project's threads this Store holds no whole parsed copy of (whether held copies are still current
   * is not checked), at most `limit + 1` of them (reading of the directory stops there): a read of every thread (an
   * index build) from a Store that holds them parses only these and those that changed.
   */
  unparsedThreadIds(projectId: string, limit: number): string[] {
    const ids: string[] = [];
    for (const id of this.listedThreadIds(projectId)) {
      if (!isValidId(id) || this.parsed.has(parsedKey(this.threadFolder(projectId, id), "whole"))) continue;
      ids.push(id);
      if (ids.length > limit) break;
    }
    return ids;
  }

  /** The project's thread ids as its directory lists them, each once, in directory order; none without the directory. */
  private *listedThreadIds(projectId: string): Generator<string> {
    let dir: Dir;
    try {
      dir = opendirSync(this.threadsDir(projectId));
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return;
      throw e;
    }
    try {
      const seen = new Set<string>();
      for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
        const id = threadIdOfEntry(entry.name, entry.isDirectory());
        if (id === null || seen.has(id)) continue;
        seen.add(id);
        yield id;
      }
    } finally {
      dir.closeSync();
    }
  }

  /** Every thread of a project; files that cannot be read are listed in `problems`, never silently dropped. */
  readAllThreads(projectId: string): ThreadSet {
    const dir = this.threadsDir(projectId);
    const threads = new Map<string, Thread>();
    const problems: ThreadFileProblem[] = [];
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return { threads, problems };
      // A file (or anything but a directory) in its place: named, as every unreadable store file is, never a raw error.
      throw unreadable(dir, reasonOf(e));
    }
    const ids = new Set<string>();
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const id = threadIdOfDirent(entry);
      if (id === null) continue;
      if (!isValidId(id)) {
        problems.push({
          path: join(dir, entry.name),
          threadId: id,
          reason: "file name is not a valid thread id (lowercase a-z, 0-9, -)",
        });
        continue;
      }
      ids.add(id);
    }
    for (const id of [...ids].sort()) {
      try {
        const read = this.readCached(projectId, id);
        if (read === null) continue; // deleted meanwhile
        threads.set(id, copyThread(read.thread));
      } catch (e) {
        const path = e instanceof UnreadableFileError ? e.path : this.threadPath(projectId, id);
        problems.push({ path, threadId: id, reason: reasonOf(e) });
      }
    }
    return { threads, problems };
  }

  /**
   * Writes a thread to its folder by diffing it against what is there (see thread-folder-write.ts): only the files of
   * what changed are written, new item files first, the head next, removed files last, so that a crash in between
   * loses no item. A thread still in format 1 is migrated first (its file is left as it is: frozen, see readFresh).
   * Refuses (invalid input, nothing written) a thread that would not read back exactly. `by`: the writer (its author).
   */
  async writeThread(projectId: string, thread: Thread, by: string = thread.author): Promise<void> {
    makeDir(this.threadsDir(projectId));
    const folder = this.threadFolder(projectId, thread.id);
    this.forgetThread(folder);
    let current = this.readFresh(projectId, thread.id);
    if (current !== null && current.folder === null) {
      this.migrate(projectId, current.thread, current.legacyBlob!);
      current = this.readFresh(projectId, thread.id);
    }
    const migratedFrom = current?.legacyBlob ?? undefined;
    const stamp: WriteStamp = { at: thread.updatedAt, by };
    if (thread.commit !== undefined) stamp.commit = thread.commit;
    this.applyPlan(folder, thread.id, () => planFolderWrite(current?.folder ?? null, thread, stamp, migratedFrom));
  }

  /**
   * Writes a thread in format 1 (threads/<p>/<id>.md, the whole thread in one file), for the 0.4 migration only, which
   * replaces 0.4's files in place; the first write after it moves each thread to its folder.
   */
  writeLegacyThread(projectId: string, thread: Thread): void {
    let text: string;
    try {
      text = serializeThreadExactly(thread);
    } catch (e) {
      if (e instanceof FrontmatterError) throw errors.invalid(`Thread "${thread.id}" cannot be written: ${e.message}.`);
      throw e;
    }
    makeDir(this.threadsDir(projectId));
    writeFenced(this.lockPath, this.legacyThreadPath(projectId, thread.id), text);
    this.forgetThread(this.threadFolder(projectId, thread.id));
    noteThreadsChanged(this.dir);
  }

  /** Writes the folder of a format-1 thread (its file untouched), recording that file's blob id; its items carry its stamps. */
  private migrate(projectId: string, legacy: Thread, blob: string): void {
    const stamp: WriteStamp = { at: legacy.updatedAt, by: legacy.author };
    if (legacy.commit !== undefined) stamp.commit = legacy.commit;
    this.applyPlan(this.threadFolder(projectId, legacy.id), legacy.id, () => planFolderWrite(null, legacy, stamp, blob));
  }

  /**
   * Migrates every thread of the project still in format 1 (their files are left, frozen: see readFresh), under the
   * lock the caller holds. Returns the ids migrated; an unreadable file is reported, never migrated.
   */
  async migrateProject(projectId: string): Promise<{ migrated: string[]; problems: ThreadFileProblem[] }> {
    const { threads, problems } = this.readAllThreads(projectId);
    const migrated: string[] = [];
    for (const id of threads.keys()) {
      const read = this.readFresh(projectId, id);
      if (read === null) continue;
      const state = migrationState(read);
      switch (state) {
        case null:
          continue;
        case "edited":
          // A format-1 file edited after the migration (merged from a branch that had not migrated): absorbed as items.
          await this.writeThread(projectId, read.thread);
          break;
        case "unmigrated":
          this.migrate(projectId, read.thread, read.legacyBlob!);
          this.forgetThread(this.threadFolder(projectId, id));
          break;
        default: {
          const unreachable: never = state;
          throw new Error(`unhandled migration state ${String(unreachable)}`);
        }
      }
      migrated.push(id);
    }
    return { migrated, problems };
  }

  /**
   * The readable threads of a project that `migrateProject` would write (unreadable files are readAllThreads' problems):
   * `unmigrated`, still one format-1 file (<id>.md); `edited`, a folder whose format-1 file was edited since it was
   * migrated (merged from a branch that had not migrated: the next write absorbs it).
   */
  threadsToMigrate(projectId: string): Record<MigrationState, string[]> {
    const { threads } = this.readAllThreads(projectId);
    const found: Record<MigrationState, string[]> = { unmigrated: [], edited: [] };
    for (const id of threads.keys()) {
      const read = this.readCached(projectId, id);
      const state = read === null ? null : migrationState(read);
      if (state !== null) found[state].push(id);
    }
    return found;
  }

  /**
   * The format-1 files that are frozen (their folder was migrated from exactly these bytes): deleted when `remove`, once
   * every branch has migrated (deleting one while a branch still edits it makes a modify/delete conflict). Returns them.
   */
  finishMigration(projectId: string, remove: boolean): string[] {
    const { threads } = this.readAllThreads(projectId);
    const frozen: string[] = [];
    for (const id of threads.keys()) {
      const read = this.readFresh(projectId, id);
      if (read?.folder === null || read === null || read.legacyBlob === null) continue;
      if (read.legacyBlob !== read.folder.head.migratedFrom) continue; // edited since: the next write absorbs it first
      const path = this.legacyThreadPath(projectId, id);
      frozen.push(path);
      if (remove) removeFenced(this.lockPath, path);
    }
    return frozen;
  }

  private applyPlan(folder: string, id: string, plan: () => FolderWrite): void {
    let write: FolderWrite;
    try {
      write = plan();
    } catch (e) {
      if (e instanceof FrontmatterError) throw errors.invalid(`Thread "${id}" cannot be written: ${e.message}.`);
      throw e;
    }
    // Synchronous: thread files are small, and thread-pool round trips cost more than the writes.
    const made = new Set<string>();
    const ensureDir = (dir: string) => {
      if (made.has(dir)) return;
      makeDir(dir);
      made.add(dir);
    };
    ensureDir(folder);
    sweepThreadFolder(folder); // temp files of writers that died writing this folder (the first lock's sweep skips it)
    const unmark = markFolderWrite(folder);
    let landed = 0;
    try {
      for (const [rel, text] of write.items) {
        const path = join(folder, rel);
        ensureDir(dirname(path));
        writeFenced(this.lockPath, path, text);
        landed++;
      }
      if (write.head !== null) {
        writeFenced(this.lockPath, join(folder, HEAD_FILE), write.head);
        landed++;
      }
      for (const rel of write.remove) {
        removeFenced(this.lockPath, join(folder, rel));
        landed++;
      }
    } catch (error) {
      unmark();
      // Part of the write landed: signalled. A write refused before its first file (a lost lock) changes nothing at all.
      if (landed > 0) {
        try {
          noteThreadsChanged(this.dir);
        } catch {
          // The write's own error is the one to report.
        }
      }
      throw error;
    }
    unmark();
    noteThreadsChanged(this.dir); // after the files: a reader that sees the new signal sees them
    for (const dir of made) noteThreadWrite(dir);
    for (const rel of write.remove) noteThreadWrite(dirname(join(folder, rel)));
    this.forgetThread(folder);
  }

  /** `summary` as a thread's folder holds it once written (summaryAsStored): what every later read shows. */
  summaryAsStored(summary: string): string {
    return summaryAsStored(summary);
  }

  /** Deletes a thread: its folder's files (then the emptied folders) and its format-1 file. */
  deleteThreadFile(projectId: string, threadId: string): void {
    const folder = this.threadFolder(projectId, threadId);
    const disk = readFolderTexts(folder);
    if (disk !== null) {
      const files = [...disk.stamps.keys()].filter((p) => !p.endsWith("/")).concat(disk.unread);
      for (const path of files) removeFenced(this.lockPath, path);
      const dirs = [...disk.stamps.keys()].filter((p) => p.endsWith("/")).sort((a, b) => b.length - a.length);
      for (const dir of dirs) removeEmptyDir(dir.slice(0, -1));
    }
    removeFenced(this.lockPath, this.legacyThreadPath(projectId, threadId));
    this.forgetThread(folder);
    noteThreadsChanged(this.dir);
  }
}

/**
 * What of a thread a read takes: all of it, or what its place above another thread in a context needs (its head, its
 * Decisions and Constraints, its paths and related members): a start checks only those files, and a damaged item in
 * another section does not hide an ancestor's decisions. The thread's `commit` is then its newest read item's.
 */
export type ThreadPart = "whole" | "ancestor";
const THREAD_PARTS: readonly ThreadPart[] = ["whole", "ancestor"];
const ANCESTOR_SECTIONS: readonly SectionKey[] = ["decisions", "constraints"];

/** The parsed-cache key of a thread folder's read of `part` (no folder path ends with a NUL). */
function parsedKey(folder: string, part: ThreadPart): string {
  return part === "whole" ? folder : `${folder}\0${part}`;
}

/** A thread as read, with the stamps of what it was read from, its folder's pieces and its format-1 file's blob id. */
interface CachedThread {
  stamps: Map<string, string | null>;
  thread: Thread;
  folder: FolderThread | null;
  legacyBlob: string | null;
}

/** What `migrate` has left to do for a thread as read: write its folder, absorb its edited format-1 file, or nothing (null). */
type MigrationState = "unmigrated" | "edited";

function migrationState(read: CachedThread): MigrationState | null {
  if (read.folder === null) return "unmigrated";
  return read.legacyBlob !== null && read.legacyBlob !== read.folder.head.migratedFrom ? "edited" : null;
}

function stampsUnchanged(stamps: Map<string, string | null>): boolean {
  for (const [path, stamp] of stamps) {
    if (pathStamp(path) !== stamp) return false;
  }
  return true;
}

/**
 * The thread id a listed entry of threads/<project>/ stands for (whether valid or not), or null when it stands for none:
 * a folder, a `.md` file, or a link (a link not named `.md` read as a folder, so that the read refuses it by name).
 */
export function threadIdOfDirent(entry: Dirent): string | null {
  return threadIdOfEntry(entry.name, entry.isDirectory() || (entry.isSymbolicLink() && !entry.name.endsWith(".md")));
}

/** The id a threads/<project>/ entry stands for: `<id>.md` (format 1) or `<id>/` (format 2); null otherwise. */
function threadIdOfEntry(name: string, isDir: boolean): string | null {
  if (isAtomicTempFile(name)) return null;
  if (isDir) return name;
  return name.endsWith(".md") ? name.slice(0, -3) : null;
}

function readLegacy(path: string): { text: string; blob: string; stamp: string | null } | null {
  const stat = lstatStrict(path, true);
  if (stat === null) return null;
  if (stat.isSymbolicLink()) throw linkRefused(path);
  let bytes: Buffer | null;
  try {
    bytes = readRegularFile(path, LIMITS.threadFileBytes);
  } catch (e) {
    if (e instanceof UnreadableFileError) throw e;
    throw unreadable(path, reasonOf(e));
  }
  if (bytes === null) return null;
  if (bytes.length > LIMITS.threadFileBytes) {
    // As readTextStrict says it: the file's size, then the limit.
    const size = Math.max(bytes.length, Number(stat.size));
    throw unreadable(
      path,
      `is ${size.toLocaleString("en-US")} bytes, over the ${LIMITS.threadFileBytes.toLocaleString("en-US")}-byte limit`,
    );
  }
  const text = strictUtf8(bytes);
  if (text === null) throw unreadable(path, "is not valid UTF-8");
  return { text, blob: gitBlobId(bytes), stamp: stat.isFile() ? statStamp(stat) : null };
}

/** The folder's thread with what a format-1 file edited after the migration adds: its blocks the folder lacks, its close. */
function absorbLegacy(folder: FolderThread, legacy: Thread): Thread {
  const thread = copyThread(folder.thread);
  const { sections } = splitSummary(legacy.summary);
  const extra: FolderItem[] = [];
  for (const [section, blocks] of sections) {
    const have = new Set(sectionBlocks(folder.items, section));
    for (const block of blocks) {
      if (!have.has(block))
        extra.push({ section, key: "", file: "", item: { at: legacy.updatedAt, by: legacy.author, blocks: [block] } });
    }
  }
  if (extra.length > 0) {
    const ordered = SECTION_KEYS.flatMap((k) => [
      ...folder.items.filter((i) => i.section === k),
      ...extra.filter((i) => i.section === k),
    ]);
    thread.summary = summaryOf(folder.head.body, ordered);
  }
  if (legacy.updatedAt > thread.updatedAt) thread.updatedAt = legacy.updatedAt;
  if (thread.status === undefined && legacy.status !== undefined) {
    thread.status = legacy.status;
    if (legacy.mergedInto !== undefined) thread.mergedInto = legacy.mergedInto;
  }
  for (const key of ["paths", "related"] as const) {
    const union = [...new Set([...(thread[key] ?? []), ...(legacy[key] ?? [])])].sort();
    if (union.length > 0) thread[key] = union;
  }
  return thread;
}

function removeEmptyDir(dir: string): void {
  try {
    rmdirSync(dir);
  } catch (e) {
    const code = errnoCode(e);
    if (code !== "ENOENT" && code !== "ENOTEMPTY" && code !== "EEXIST") throw e;
  }
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return false;
    throw unreadable(path, reasonOf(e));
  }
}

/** True when `path` names any directory entry; unlike existsSync, a dangling symbolic link counts. */
function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return false;
    throw unreadable(path, reasonOf(e));
  }
}

function parseThreadFile(path: string, id: string, text: string): Thread {
  let thread: Thread;
  try {
    thread = parseThread(text);
  } catch (e) {
    // parseThread turns every exception into a FrontmatterError; anything else is still a damaged file, never a crash.
    throw unreadable(path, e instanceof FrontmatterError ? e.message : `cannot be parsed (${reasonOf(e)})`);
  }
  if (thread.id !== id) throw errors.threadIdNotFileName(path, thread.id, id);
  return thread;
}

function validateProject(data: unknown, path: string, id: string): Project {
  if (typeof data !== "object" || data === null) throw unreadable(path, "is not a JSON object");
  const d = data as Record<string, unknown>;
  if (d.id !== id) throw unreadable(path, `"id" is ${JSON.stringify(d.id)}, expected "${id}"`);
  if (typeof d.title !== "string") throw unreadable(path, '"title" must be a string');
  const mode: ProjectMode = d.mode === "team" ? "team" : "solo";
  if (d.mode !== undefined && d.mode !== "team" && d.mode !== "solo") throw unreadable(path, '"mode" must be "solo" or "team"');
  const project: Project = { id, title: d.title, mode, createdAt: typeof d.createdAt === "string" ? d.createdAt : "" };
  if (typeof d.systemContext === "string" && d.systemContext !== "") project.systemContext = d.systemContext;
  return project;
}
