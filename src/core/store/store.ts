// The thread store on disk: projects/<id>.json and threads/<project>/<id>.md, read strictly, written atomically.
import { type Dir, lstatSync, mkdirSync, opendirSync, readdirSync } from "node:fs";
import { makeDir } from "./make-dir.js";
import { join } from "node:path";
import { isAtomicTempFile } from "./atomic-write.js";
import { removeFenced, writeFenced } from "./fenced-write.js";
import { withLock, type LockOptions } from "./lock.js";
import { sweepDeadTempFiles } from "./temp-sweep.js";
import { errors, UnreadableFileError } from "../errors.js";
import { FrontmatterError, parseThread, serializeThreadExactly } from "./frontmatter.js";
import { assertId, isValidId } from "../ids.js";
import { projectIdsIn } from "./project-ids.js";
import { LIMITS } from "../limits.js";
import type { Project, ProjectMode, Thread, ThreadFileProblem } from "../types.js";
import { storeDirState, type Workspace } from "../workspace.js";
import { statStamp } from "./file-stamp.js";
import { linkRefused, lstatStrict, reasonOf, readTextStrict, readTextStrictAfter, unreadable } from "./read-strict.js";
import { STORE_GITATTRIBUTES } from "../merge/git-merge-driver.js";
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
  /** Parsed thread files by path, each valid while the file's stamp is unchanged; errors are never cached. */
  private readonly parsed = new Map<string, { stamp: string; thread: Thread }>();
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

  threadPath(projectId: string, threadId: string): string {
    return join(this.threadsDir(projectId), `${assertId(threadId, "thread id")}.md`);
  }

  /** True when anything (even a damaged file or a dangling link) holds this thread's name: a new thread never takes it. */
  threadExists(projectId: string, threadId: string): boolean {
    return entryExists(this.threadPath(projectId, threadId));
  }

  /** Reads one thread; not-found or an unreadable-file error naming the path and the reason. */
  readThread(projectId: string, threadId: string, notFound = errors.threadNotFound): Thread {
    const path = this.threadPath(projectId, threadId);
    const thread = this.readThreadFile(path, threadId);
    if (thread === null) throw notFound(threadId);
    return thread;
  }

  /** A thread file parsed, from the cache when the file is unchanged since it was parsed; null when it does not exist. */
  private readThreadFile(path: string, id: string): Thread | null {
    // The stamp is taken before reading: a change during the read gives a newer stamp next time, never a stale hit.
    // One lstat gives the stamp and the link check.
    const stat = lstatStrict(path, true);
    const stamp = stat?.isFile() ? statStamp(stat) : null;
    const hit = stamp === null ? undefined : this.parsed.get(path);
    if (hit !== undefined && hit.stamp === stamp) return copyThread(hit.thread);
    const text = readTextStrictAfter(path, stat, LIMITS.threadFileBytes);
    if (text === null) return null;
    const thread = parseThreadFile(path, id, text);
    if (stamp !== null) {
      this.parsed.delete(path);
      this.parsed.set(path, { stamp, thread: copyThread(thread) });
      if (this.parsed.size > PARSED_CACHE_LIMIT) this.parsed.delete(this.parsed.keys().next().value!);
    }
    return thread;
  }

  /** Forgets the parsed copies of these files: the next read parses them from disk whatever their stamp. */
  forgetParsed(paths: Iterable<string>): void {
    for (const path of paths) this.parsed.delete(path);
  }

  /** True when the project has more than `limit` thread files (stops reading the directory there). */
  threadCountExceeds(projectId: string, limit: number): boolean {
    let dir: Dir;
    try {
      dir = opendirSync(this.threadsDir(projectId));
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return false;
      throw e;
    }
    try {
      let count = 0;
      for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
        if (entry.name.endsWith(".md") && !isAtomicTempFile(entry.name) && ++count > limit) return true;
      }
      return false;
    } finally {
      dir.closeSync();
    }
  }

  /** Every thread of a project; files that cannot be read are listed in `problems`, never silently dropped. */
  readAllThreads(projectId: string): ThreadSet {
    const dir = this.threadsDir(projectId);
    const threads = new Map<string, Thread>();
    const problems: ThreadFileProblem[] = [];
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return { threads, problems };
      // A file (or anything but a directory) in its place: named, as every unreadable store file is, never a raw error.
      throw unreadable(dir, reasonOf(e));
    }
    for (const name of names) {
      if (isAtomicTempFile(name)) continue;
      const path = join(dir, name);
      if (!name.endsWith(".md")) continue;
      const id = name.slice(0, -3);
      if (!isValidId(id)) {
        problems.push({ path, threadId: id, reason: "file name is not a valid thread id (lowercase a-z, 0-9, -)" });
        continue;
      }
      try {
        const thread = this.readThreadFile(path, id);
        if (thread === null) continue; // deleted meanwhile
        threads.set(id, thread);
      } catch (e) {
        problems.push({ path, threadId: id, reason: reasonOf(e) });
      }
    }
    return { threads, problems };
  }

  /** Writes a thread file atomically; refuses (invalid input, nothing written) a thread that would not read back exactly. */
  async writeThread(projectId: string, thread: Thread): Promise<void> {
    let text: string;
    try {
      text = serializeThreadExactly(thread);
    } catch (e) {
      if (e instanceof FrontmatterError) throw errors.invalid(`Thread "${thread.id}" cannot be written: ${e.message}.`);
      throw e;
    }
    makeDir(this.threadsDir(projectId));
    // Synchronous: a thread file is small, and six thread-pool round trips cost more than the write (~1 ms of a
    // thread_create on a busy machine); one session's operations run one after the other anyway.
    writeFenced(this.lockPath, this.threadPath(projectId, thread.id), text);
  }

  deleteThreadFile(projectId: string, threadId: string): void {
    removeFenced(this.lockPath, this.threadPath(projectId, threadId));
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
