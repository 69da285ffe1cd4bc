// One project's search index: kept fresh against its thread files (directory stamp + watch events + per-file stamps), persisted in the cache.
import { lstatSync, readdirSync } from "node:fs";
import { assembleFolder, readFolderTexts } from "../store/thread-folder-read.js";
import type { Thread } from "../types.js";
import { join } from "node:path";
import { isAtomicTempFile } from "../store/atomic-write.js";
import { UnreadableFileError } from "../errors.js";
import { isValidId } from "../ids.js";
import { LIMITS } from "../limits.js";
import { readTextStrict, reasonOf, unreadable } from "../store/read-strict.js";
import { contentHash } from "../content-hash.js";
import { BodyIndex } from "./body-index.js";
import { CatalogIndex } from "./catalog-index.js";
import { DirectoryWatch } from "./directory-watch.js";
import { bodiesPath, catalogPath, readBodiesFile, readCatalogFile, writeBodiesFile, writeCatalogFile } from "./index-files.js";
import {
  entriesFromText,
  entriesFromThread,
  entryThreadId,
  type BodyEntry,
  type CatalogEntry,
  type FileStamp,
} from "./index-entries.js";
import { errnoCode, messageOf } from "../error-details.js";
import { addNotice } from "../notices.js";

/**
 * A file modified less than this long before it was read may change again within the same timestamp tick, with the
 * same size (filesystems keep mtimes at 1 ns to 2 s granularity): such "racy" files are re-read and compared by
 * content hash at the next check until they are older than this.
 */
export const RACY_MS = 2_000;

export interface RefreshReport {
  swept: boolean;
  filesRead: number;
}

/** A thread file the index could not use: reported with every answer, never silently left out. */
export interface IndexProblem {
  path: string;
  reason: string;
}

/**
 * Freshness, cheapest first. A warm check costs one lstat of the directory and no file access when (a) the directory's
 * stamp (inode, mtime, ctime) is unchanged — every ThreadMind write, git checkout and most editors replace files by
 * rename, which changes it — and (b) the directory watcher saw no event — which catches edits in place. Otherwise
 * the directory is swept: one lstat per file, and only files whose stamp (mtime, ctime, size, inode) changed are
 * read; a file whose content hash is unchanged is not parsed again. Without a watcher (unsupported platform) every
 * check sweeps.
 */
export class ProjectIndex {
  private catalog = new Map<string, CatalogEntry>();
  private catalogLoaded = false;
  private catalogDirty = false;
  private readonly meta = new CatalogIndex();
  private readonly watch = new DirectoryWatch();
  private dirStamp: FileStamp | null = null;
  private racy = new Set<string>();
  /** Section texts by thread id; null until the lookup tier first needs them. */
  private bodies: Map<string, BodyEntry> | null = null;
  private bodyIndex: BodyIndex | null = null;
  private bodiesDirty = false;
  /** Body updates (null: removed) waiting for the body layer, which the overview tier never loads. */
  private pendingBodies = new Map<string, BodyEntry | null>();
  /** Notices for the next answer (a rebuilt index file, no file watching). */
  private notices: string[] = [];
  private filesRead = 0;
  /** The last sweep met thread folders (format 2). */
  private hasFolders = false;

  constructor(
    readonly projectId: string,
    private readonly threadsDir: string,
    private readonly storeDir: string,
  ) {}

  /** Changes to the catalog's entries so far (a thread added, changed or gone): equal counts mean the same catalog. */
  private changes = 0;
  get version(): number {
    return this.changes;
  }

  get catalogIndex(): CatalogIndex {
    return this.meta;
  }

  /** The body layer (loaded by `loadBodies`), null before. */
  get bodyLayer(): BodyIndex | null {
    return this.bodyIndex;
  }

  /** Brings the catalog up to date with the thread files (see the class comment for how little a warm check costs). */
  async refresh(): Promise<RefreshReport> {
    // Let file-change events already queued by the OS reach the watcher before deciding that nothing changed: two
    // turns, because a first setImmediate scheduled from the poll phase runs before the loop polls for events again.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.filesRead = 0;
    if (!this.catalogLoaded) this.loadCatalogFile();
    const dirStamp = stampOf(this.threadsDir);
    let swept = false;
    if (dirStamp === null) {
      this.watch.close();
      if (this.catalog.size > 0) for (const file of [...this.catalog.keys()]) this.drop(file);
      this.dirStamp = null;
    } else {
      // A directory replaced by another one (same path, new inode) needs a new watcher: the old one watches the old inode.
      if (this.dirStamp !== null && dirStamp.ino !== this.dirStamp.ino) this.watch.close();
      if (!this.watch.start(this.threadsDir)) this.noteNoWatch();
      // Thread folders change inside (an item added) without the directory or its watch noticing: swept each time.
      if (this.watch.changed || !this.watch.active || this.hasFolders || !sameStamp(dirStamp, this.dirStamp)) {
        this.watch.changed = false;
        this.sweep();
        this.dirStamp = dirStamp;
        swept = true;
      } else {
        for (const file of [...this.racy]) this.reread(file);
      }
    }
    if (this.catalogDirty) this.catalogDirty = !(await this.persist(() => this.saveCatalog()));
    return { swept, filesRead: this.filesRead };
  }

  /** Loads the body layer (section texts and their BM25 index), reading only files whose cached sections are out of date. */
  async loadBodies(): Promise<{ filesRead: number; index: BodyIndex }> {
    this.filesRead = 0;
    if (this.bodies === null || this.bodyIndex === null) {
      const loaded = readBodiesFile(bodiesPath(this.storeDir, this.projectId));
      if (loaded.problem)
        this.notices.push(
          `The search index's section texts could not be used (${loaded.problem}); they were rebuilt from the thread files.`,
        );
      this.bodies = new Map();
      this.bodyIndex = new BodyIndex();
      for (const entry of this.catalog.values()) {
        if (!entry.meta) continue;
        const cached = loaded.entries.get(entry.meta.id);
        if (cached && cached.hash === entry.hash && !this.pendingBodies.has(entry.meta.id)) {
          this.bodies.set(entry.meta.id, cached);
          this.bodyIndex.put(entry.meta.id, cached);
        } else if (!this.pendingBodies.has(entry.meta.id)) {
          this.reread(entry.file, true);
        }
      }
      if (loaded.entries.size !== this.bodies.size || loaded.problem) this.bodiesDirty = true;
    }
    for (const [id, body] of this.pendingBodies) {
      this.bodiesDirty = true;
      if (body) {
        this.bodies.set(id, body);
        this.bodyIndex.put(id, body);
      } else {
        this.bodies.delete(id);
        this.bodyIndex.delete(id);
      }
    }
    this.pendingBodies.clear();
    if (this.catalogDirty) this.catalogDirty = !(await this.persist(() => this.saveCatalog()));
    const bodies = this.bodies;
    if (this.bodiesDirty)
      this.bodiesDirty = !(await this.persist(() => writeBodiesFile(bodiesPath(this.storeDir, this.projectId), bodies)));
    return { filesRead: this.filesRead, index: this.bodyIndex };
  }

  private saveCatalog(): Promise<void> {
    return writeCatalogFile(catalogPath(this.storeDir, this.projectId), this.catalog.values());
  }

  /**
   * Saves a layer of the index; false when it could not be saved (a cache/ that is read-only, owned by another user, not
   * a directory, or a link, which is never written through): derived data, so the answer stands, with a notice, and
   * the next query tries again.
   */
  private async persist(save: () => Promise<void>): Promise<boolean> {
    try {
      await save();
      return true;
    } catch (e) {
      addNotice(
        this.notices,
        `The search index could not be saved (${messageOf(e)}); it is kept in memory and saved once it can be.`,
      );
      return false;
    }
  }

  /** Thread files that could not be used, with the reason. */
  problems(): IndexProblem[] {
    const out: IndexProblem[] = [];
    for (const e of this.catalog.values())
      if (e.problem !== undefined) out.push({ path: join(this.threadsDir, e.file), reason: e.problem });
    return out;
  }

  takeNotices(): string[] {
    const out = this.notices;
    this.notices = [];
    return out;
  }

  close(): void {
    this.watch.close();
  }

  private loadCatalogFile(): void {
    this.catalogLoaded = true;
    const loaded = readCatalogFile(catalogPath(this.storeDir, this.projectId));
    if (loaded.problem) {
      this.notices.push(`The search index could not be used (${loaded.problem}); it was rebuilt from the thread files.`);
      this.catalogDirty = true;
    }
    this.catalog = loaded.entries;
    for (const entry of this.catalog.values()) if (entry.meta) this.meta.put(entry.meta);
  }

  private noteNoWatch(): void {
    const line = `File watching is unavailable for ${this.threadsDir} (${this.watch.failure ?? "unknown reason"}): every search checks each thread file.`;
    addNotice(this.notices, line);
  }

  /** One lstat per file; reads only new files, files whose stamp changed and racy ones; forgets files that are gone. */
  private sweep(): void {
    let names: string[];
    try {
      names = readdirSync(this.threadsDir);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") names = [];
      // A file in its place: named, as the store names it, never a raw ENOTDIR.
      else throw unreadable(this.threadsDir, reasonOf(e));
    }
    const seen = new Set<string>();
    const folders = new Set(names.filter((n) => isValidId(n) && isDirectory(join(this.threadsDir, n))));
    this.hasFolders = folders.size > 0;
    for (const entry of names) {
      if (isAtomicTempFile(entry)) continue;
      const isFolder = folders.has(entry);
      // A format-1 file beside its thread's folder is the folder's (frozen, or absorbed by the store): not a second entry.
      if (!isFolder && (!entry.endsWith(".md") || folders.has(entry.slice(0, -3)))) continue;
      const name = isFolder ? `${entry}/` : entry;
      const stamp = isFolder ? folderStampOf(join(this.threadsDir, entry)) : stampOf(join(this.threadsDir, name));
      if (stamp === null) continue; // deleted meanwhile
      seen.add(name);
      const previous = this.catalog.get(name);
      if (previous && sameStamp(previous.stamp, stamp) && !this.racy.has(name)) continue;
      this.reread(name, false, stamp);
    }
    for (const file of [...this.catalog.keys()]) if (!seen.has(file)) this.drop(file);
  }

  /**
   * Reads one file and updates its entries. Unchanged content (same hash) only refreshes the stamp. `force` re-parses
   * even then (the body layer lacks its sections).
   */
  private reread(file: string, force = false, knownStamp?: FileStamp): void {
    if (file.endsWith("/")) {
      this.rereadFolder(file, force, knownStamp);
      return;
    }
    const path = join(this.threadsDir, file);
    const stamp = knownStamp ?? stampOf(path);
    if (stamp === null) {
      this.drop(file);
      return;
    }
    const previous = this.catalog.get(file);
    const id = entryThreadId(file);
    if (!isValidId(id)) {
      this.racy.delete(file);
      this.setEntry({ file, stamp, hash: "", meta: null, problem: "file name is not a valid thread id (lowercase a-z, 0-9, -)" });
      return;
    }
    const readAt = Date.now();
    let text: string | null;
    try {
      text = readTextStrict(path, LIMITS.threadFileBytes);
    } catch (e) {
      if (!(e instanceof UnreadableFileError)) throw e;
      this.racy.delete(file);
      this.setEntry({ file, stamp, hash: "", meta: null, problem: e.reason });
      return;
    }
    this.filesRead++;
    if (text === null) {
      this.drop(file);
      return;
    }
    if (stamp.mtimeMs >= readAt - RACY_MS) this.racy.add(file);
    else this.racy.delete(file);
    const hash = contentHash(text);
    if (previous && previous.hash === hash && !force) {
      if (!sameStamp(previous.stamp, stamp)) {
        previous.stamp = stamp;
        this.catalogDirty = true;
      }
      return;
    }
    const parsed = entriesFromText(file, stamp, text);
    this.setEntry(parsed.catalog);
    this.pendingBodies.set(id, parsed.body);
  }

  /** A thread folder read as the store reads it (a damaged piece makes a catalog entry with its problem). */
  private rereadFolder(file: string, force: boolean, knownStamp?: FileStamp): void {
    const id = entryThreadId(file);
    const folder = join(this.threadsDir, id);
    const stamp = knownStamp ?? folderStampOf(folder);
    if (stamp === null) {
      this.drop(file);
      return;
    }
    const previous = this.catalog.get(file);
    const readAt = Date.now();
    let thread: Thread | null;
    let hash: string;
    try {
      const read = readFolderTexts(folder);
      thread = read === null ? null : (assembleFolder(id, read.texts, (rel) => join(folder, rel))?.thread ?? null);
      hash = read === null ? "" : contentHash(JSON.stringify([read.texts.head, [...read.texts.items], [...read.texts.members]]));
    } catch (e) {
      if (!(e instanceof UnreadableFileError)) throw e;
      this.racy.delete(file);
      this.setEntry({ file, stamp, hash: "", meta: null, problem: `${e.path}: ${e.reason}` });
      return;
    }
    this.filesRead++;
    if (thread === null) {
      this.drop(file);
      return;
    }
    if (stamp.mtimeMs >= readAt - RACY_MS || stamp.ctimeMs >= readAt - RACY_MS) this.racy.add(file);
    else this.racy.delete(file);
    if (previous && previous.hash === hash && !force) {
      if (!sameStamp(previous.stamp, stamp)) {
        previous.stamp = stamp;
        this.catalogDirty = true;
      }
      return;
    }
    const parsed = entriesFromThread(file, stamp, hash, thread);
    this.setEntry(parsed.catalog);
    this.pendingBodies.set(id, parsed.body);
  }

  private setEntry(entry: CatalogEntry): void {
    const id = entryThreadId(entry.file);
    this.catalog.set(entry.file, entry);
    this.catalogDirty = true;
    this.changes++;
    if (entry.meta) this.meta.put(entry.meta);
    else {
      this.meta.delete(id);
      if (isValidId(id)) this.pendingBodies.set(id, null);
    }
  }

  private drop(file: string): void {
    const entry = this.catalog.get(file);
    this.racy.delete(file);
    if (!entry) return;
    this.catalog.delete(file);
    this.catalogDirty = true;
    this.changes++;
    const id = entryThreadId(file);
    this.meta.delete(id);
    if (isValidId(id)) this.pendingBodies.set(id, null);
  }
}

function stampOf(path: string): FileStamp | null {
  try {
    const s = lstatSync(path);
    return { mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, size: s.size, ino: s.ino };
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return null;
    throw e;
  }
}

function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * One stamp for a thread folder and everything in it (the latest mtime and ctime, the sizes and entries, the inodes
 * summed): any write, rename or removal inside changes it. Null when the folder is gone.
 */
function folderStampOf(folder: string): FileStamp | null {
  const top = stampOf(folder);
  if (top === null) return null;
  const acc = { mtimeMs: top.mtimeMs, ctimeMs: top.ctimeMs, size: 0, ino: top.ino };
  const add = (path: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names) {
      const child = join(path, name);
      let st: ReturnType<typeof lstatSync>;
      try {
        st = lstatSync(child);
      } catch {
        continue;
      }
      acc.mtimeMs = Math.max(acc.mtimeMs, st.mtimeMs);
      acc.ctimeMs = Math.max(acc.ctimeMs, st.ctimeMs);
      acc.size += st.size + 1;
      acc.ino = (acc.ino + st.ino) % 2 ** 48;
      if (depth === 0 && st.isDirectory()) add(child, 1);
    }
  };
  add(folder, 0);
  return acc;
}

function sameStamp(a: FileStamp, b: FileStamp | null): boolean {
  return b !== null && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.size === b.size && a.ino === b.ino;
}
