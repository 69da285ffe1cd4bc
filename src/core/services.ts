// The services object: every ThreadMind operation, for one client session. Server, hooks and CLI are adapters over it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { errors, ThreadMindError, UnreadableFileError } from "./errors.js";
import { Store } from "./store/store.js";
import type { Workspace } from "./store/store-dir.js";
import type { Project, ProjectMode, SessionKey, Thread, ThreadFileProblem, ThreadStatus } from "./types.js";
import { threadStatus } from "./types.js";
import { assertId, MAIN_THREAD_ID } from "./ids.js";
import { nextTimestamp } from "./clock.js";
import { headCommitFromWorkTree, isDefaultBranchFromFiles, readBranch, startKey } from "./git/git.js";
import { defaultBranchMemo } from "./git/default-branch-memo.js";
import { resolveAuthorId } from "./author.js";
import type { LocalState } from "./store/local-state.js";
import { LocalStateCache } from "./store/local-state-cache.js";
import { legacyTokenCachePath, TokenEstimator, tokenCachePath, type EncoderLoader } from "./context/token-estimate.js";
import type { AssembledContext } from "./context/context-assembly.js";
import { contextWithSources, type ContextOptions, type ContextWithSources } from "./context/context-sources.js";
import { renderTreeOf, FULL_TREE_LIMIT } from "./context/tree-text.js";
import { CatalogThreadList } from "./context/thread-list-catalog.js";
import { branchLinkCandidates } from "./store/branch-link-candidates.js";
import { LinkedThreadMemo } from "./linked-thread-memo.js";
import { threadListText, type ThreadListOptions } from "./context/thread-list-view.js";
import { migrateV04IfNeeded, type MigrationReport } from "./store/migrate-v04.js";
import { carryOverActiveThread } from "./store/migrate-v04-active-thread.js";
import {
  formatSearchAnswer,
  normalizeSearchQuery,
  searchIndexFor,
  searchThreads,
  type SearchAnswer,
  type SearchQuery,
} from "./search/index.js";
import { checkHistoryLimit, threadFileHistory, type ThreadHistory } from "./thread-history.js";
import type { MeasurementEvent } from "./measure/measurement-log.js";
import { logSummaryWrite, recordMeasurementEvents, rotateMeasurementLogLocked } from "./measure/measurement-recording.js";
import { branchChoice, chooseProjectId, ownThread } from "./thread-choice.js";
import { instanceEvents, instanceThread } from "./measure/measurement-log-read.js";
import { changedFilesSince } from "./recall/changed-files.js";
import type { SummaryWriteVia } from "./measure/freshness-events.js";
import { threadFolderHistory } from "./thread-folder-history.js";
import { committedThread, conflictNotice, fileHasConflictMarkers } from "./git/committed-thread.js";
import { listProjects } from "./project-list.js";
import type { SessionThread, WriteContext } from "./writes/write-context.js";
import { createProject } from "./writes/project-create.js";
import { createThread, type ThreadCreated } from "./writes/thread-create.js";
import { setThreadStatus, type ThreadStatusSet } from "./writes/thread-status.js";
import { mergeThread } from "./writes/thread-merge.js";
import { deleteThread, type ThreadsDeleted } from "./writes/thread-delete.js";
import { rebaseThread } from "./writes/thread-rebase.js";
import { type SummaryUpdated, type SummaryUpdateInput, updateSummary } from "./writes/summary-update.js";
import { messageOf } from "./error-details.js";
import { addNotice } from "./notices.js";

/** How the session's thread is chosen: as a starting process (newProcess), or with its last conversation already read. */
export interface ThreadChoiceOptions {
  newProcess?: boolean;
  /** The instance's last conversation (lastConversation of its events), when already read; null: it has none. */
  followed?: { projectId: string; threadId: string } | null;
}

export interface ServicesOptions {
  workspace: Workspace;
  session: SessionKey;
  env?: Record<string, string | undefined>;
  /** Loads tiktoken for exact counts; null (hooks) means cached counts or characters/3.5. */
  encoder?: EncoderLoader | null;
  /** How long a write waits for the store lock (hooks wait less than the server). */
  lockTimeoutMs?: number;
  /** After how long without a heartbeat the store lock is stale (default 30 s; tests make it short). */
  lockStaleMs?: number;
  /** Remove dead writers' temp files on the first locked write (default true; hooks pass false: it is off their start-up path). */
  sweepTempFiles?: boolean;
}

export type { ContextOptions } from "./context/context-sources.js";
export { FULL_TREE_LIMIT } from "./context/tree-text.js";

export type { ThreadCreated } from "./writes/thread-create.js";
export type { SummaryUpdated } from "./writes/summary-update.js";

/** The write operations (src/core/writes/) take this object as their WriteContext. */
export class ThreadMindServices implements WriteContext {
  readonly store: Store;
  readonly tokens: TokenEstimator;
  private readonly env: Record<string, string | undefined>;
  readonly session: SessionKey;
  private projectId: string | null = null;
  private threadId: string | null = null;
  private authorId: string | null = null;
  private migration: MigrationReport | null | undefined = undefined;
  /** Problems seen with local state (config.json), reported once by the adapters. */
  readonly notices: string[] = [];
  /** config.json, read again only when it changed (see local-state-cache.ts). */
  private readonly localState: LocalStateCache;
  /** thread_list's threads of a large project, from the search catalog (see threadList). */
  private readonly catalogList = new CatalogThreadList();
  /** Whether a branch is the repository's default one, asked of git once per branch (see default-branch-memo.ts). */
  readonly isDefaultBranch = defaultBranchMemo();
  /** The open thread last seen linked to each branch (see linked-thread-memo.ts). */
  private readonly linkedMemo = new LinkedThreadMemo();

  constructor(options: ServicesOptions) {
    const lockOptions = {
      ...(options.lockTimeoutMs !== undefined ? { timeoutMs: options.lockTimeoutMs } : {}),
      ...(options.lockStaleMs !== undefined ? { staleMs: options.lockStaleMs } : {}),
    };
    this.store = new Store(options.workspace, lockOptions, {
      sweepTempFiles: options.sweepTempFiles !== false,
    });
    this.env = options.env ?? {};
    this.session = options.session;
    this.tokens = new TokenEstimator(
      tokenCachePath(this.store.dir),
      options.encoder ?? null,
      legacyTokenCachePath(this.store.dir),
    );
    this.localState = new LocalStateCache(this.store.dir, this.notices);
  }

  get workspace(): Workspace {
    return this.store.workspace;
  }

  get gitTop(): string | null {
    return this.workspace.gitTop;
  }

  // ------------------------------------------------------------------ state

  /** True when `.threadmind/` holds at least one project (or an 0.4 store to migrate). */
  hasProjects(): boolean {
    return this.store.exists() && this.store.projectIds().length > 0;
  }

  /** True when `.threadmind/` still has the 0.4 layout (trees/), which the first use migrates. */
  hasOldLayout(): boolean {
    return this.store.exists() && existsSync(join(this.store.dir, "trees"));
  }

  /** Runs the 0.4 migration once per services object, when an old layout is present (under the store lock, which re-enters). */
  async migrateIfNeeded(): Promise<MigrationReport | null> {
    if (this.migration !== undefined) return this.migration;
    // Without trees/ there is nothing to migrate: no lock (a hook must not wait for it); inside the lock it is checked again.
    if (!this.hasOldLayout()) {
      this.migration = null;
      return null;
    }
    this.migration = await this.store.locked(async () => {
      const report = await migrateV04IfNeeded(this.store, () => this.author());
      if (report) await carryOverActiveThread(this.store, this.startKey(), (mutate) => this.updateState(mutate), report);
      return report;
    });
    return this.migration;
  }

  async author(): Promise<string> {
    this.authorId ??= await resolveAuthorId(this.env, this.workspace.gitTop);
    return this.authorId;
  }

  /** HEAD's commit read from git's files; undefined when only git itself could tell (or outside git: null). */
  headCommitFromFiles(): string | null | undefined {
    return headCommitFromWorkTree(this.workspace.gitTop);
  }

  branch(): string | null {
    return this.workspace.gitTop ? readBranch(this.workspace.gitTop) : null;
  }

  /** The key the branch's start thread is recorded under (startKey: the branch, or a fixed key outside git). */
  startKey(): string | null {
    return startKey(this.workspace.gitTop);
  }

  /** config.json as it is now. Read-only: callers must not change the state returned (use updateState). */
  readState(): LocalState {
    return this.localState.read();
  }

  /** Read-modify-write of config.json; call inside the store lock. Prunes sessions of dead processes. */
  updateState(mutate: (state: LocalState) => void | Promise<void>): Promise<void> {
    return this.localState.update(mutate);
  }

  /**
   * Appends measurement events to measurements.jsonl (no lock: one O_APPEND write). When the log has grown past its
   * size, it is rotated under the lock; a busy lock leaves that to the next writer.
   */
  async recordEvents(events: readonly MeasurementEvent[]): Promise<void> {
    await recordMeasurementEvents(this.store, events);
  }

  /**
   * Logs one write to a thread's summary (see freshness-events.ts). The summary is written already: a failure to log it
   * is a notice, never a failed write.
   */
  changedFilesSinceWrite(projectId: string, threadId: string): string[] {
    return changedFilesSince(instanceEvents(this.store.dir, this.session.key), projectId, threadId);
  }

  async recordSummaryWrite(projectId: string, threadId: string, via: SummaryWriteVia): Promise<void> {
    await logSummaryWrite(this.store, this.notices, this.session.key, { projectId, threadId, via });
  }

  /** Rotates measurements.jsonl under the lock if it is past its size; a busy lock leaves that to the next writer. */
  async rotateMeasurementLog(): Promise<void> {
    await rotateMeasurementLogLocked(this.store);
  }

  /** Saves new token counts. The cache is derived data: failing to save it is a notice, never a failed operation. */
  async saveTokenCache(): Promise<void> {
    try {
      await this.tokens.flush();
    } catch (e) {
      const line = `ThreadMind could not save its token-count cache (${messageOf(e)}); counts will be recomputed. Nothing else is affected.`;
      addNotice(this.notices, line);
    }
  }

  private async remember(projectId: string, threadId: string | null): Promise<void> {
    this.projectId = projectId;
    this.threadId = threadId;
    const branch = this.startKey();
    await this.updateState((state) => {
      state.lastProjectId = projectId;
      const entry = {
        projectId,
        updatedAt: nextTimestamp(),
        ...(threadId ? { threadId } : {}),
        ...(this.session.pid !== undefined ? { pid: this.session.pid } : {}),
      };
      state.sessions[this.session.key] = entry;
      if (branch && threadId) state.branches[branch] = { ...(state.branches[branch] ?? {}), [projectId]: threadId };
    });
  }

  // ------------------------------------------------------------------ projects

  /** `followed`: the thread this session's client instance last followed (chooseProjectId); by default, from the log. */
  currentProject(followed: () => { projectId: string } | null = () => instanceThread(this.store.dir, this.session.key)): Project {
    if (this.projectId && this.store.projectExists(this.projectId)) return this.store.readProject(this.projectId);
    const ids = this.store.exists() ? this.store.projectIds() : [];
    if (ids.length === 0) throw errors.noProject();
    const id = chooseProjectId(ids, this.readState(), this.session.key, followed);
    if (id === null) throw errors.noActiveProject(ids);
    this.projectId = id;
    return this.store.readProject(id);
  }

  async projectCreate(input: {
    title: string;
    systemContext?: string;
    mode?: ProjectMode;
  }): Promise<{ project: Project; thread: Thread }> {
    return createProject(this, input);
  }

  projectList(): { projects: Project[]; activeId: string | null; problems: string[] } {
    return listProjects(this.store, () => this.currentProject());
  }

  async projectSwitch(projectId: string): Promise<{ project: Project; thread: Thread }> {
    assertId(projectId, "project id");
    const ids = this.store.exists() ? this.store.projectIds() : [];
    if (!ids.includes(projectId)) throw errors.projectNotFound(projectId, ids);
    const project = this.store.readProject(projectId);
    this.projectId = projectId;
    this.threadId = null;
    const thread = await this.startThread(projectId);
    await this.chooseThread(projectId, thread.id);
    return { project, thread };
  }

  // ------------------------------------------------------------------ threads

  /**
   * The session's active thread: this session's choice, else the thread of the last conversation this session (a
   * Claude Code process) was on, else the branch's last choice, its linked thread, else main. `newProcess` (a Claude
   * Code process starting) skips the conversations: a reused process id must not inherit a dead process's thread.
   * `followed`: that last conversation, when the caller has already read the instance's events (the log is not read
   * again).
   */
  async currentThread(options: ThreadChoiceOptions = {}): Promise<{ project: Project; thread: Thread; lost: string | null }> {
    const { project, threadId, lost } = await this.currentThreadRef(options);
    return { project, thread: this.store.readThread(project.id, threadId), lost };
  }

  /**
   * currentThread for reading only: when git left the thread's file in conflict, its last committed version (HEAD) and
   * a notice saying so (writes to that file are still refused: it is never overwritten).
   */
  async currentThreadForReading(
    options: ThreadChoiceOptions = {},
  ): Promise<{ project: Project; thread: Thread; lost: string | null; conflictNotice: string | null }> {
    try {
      return { ...(await this.currentThread(options)), conflictNotice: null };
    } catch (e) {
      if (!(e instanceof UnreadableFileError) || !fileHasConflictMarkers(e.path)) throw e;
      const { project, threadId, lost } = await this.currentThreadRef(options);
      if (!this.store.isThreadFile(project.id, threadId, e.path)) throw e;
      const thread = await committedThread(
        this.workspace.gitTop,
        this.store.threadFolder(project.id, threadId),
        this.store.legacyThreadPath(project.id, threadId),
        threadId,
      );
      if (thread === null) throw e;
      return { project, thread, lost, conflictNotice: conflictNotice(this.workspace.root, e.path) };
    }
  }

  /** Makes `threadId` the session's thread (as thread_switch does, without assembling its context). */
  async chooseThread(projectId: string, threadId: string): Promise<void> {
    await this.store.locked(() => this.remember(projectId, threadId));
  }

  /**
   * The id of the session's active thread (as currentThread) without reading its file, which may be damaged. `lost`:
   * the session's own thread when its file is gone (deleted, or on another branch since it was chosen; the rule of
   * sessionThreadRef): reading goes on elsewhere with a notice, and a write that names no thread is refused
   * (sessionWriteRef). Not remembered then, so that every call says so until the session chooses a thread again.
   */
  async currentThreadRef(options: ThreadChoiceOptions = {}): Promise<SessionThread> {
    // Read from the log at most once (a Claude Code process starting follows nothing: see currentThread).
    let last: { projectId: string; threadId: string } | null | undefined;
    const followed = () => {
      if (last === undefined)
        last = options.newProcess
          ? null
          : options.followed !== undefined
            ? options.followed
            : instanceThread(this.store.dir, this.session.key);
      return last;
    };
    const project = this.currentProject(followed);
    if (this.threadId && this.store.threadExists(project.id, this.threadId))
      return { project, threadId: this.threadId, lost: null };
    const exists = (id: string) => this.store.threadExists(project.id, id);
    const { threadId: own, lost } = ownThread(this.readState(), this.session.key, project.id, followed, exists);
    if (own !== null) {
      this.threadId = own;
      return { project, threadId: own, lost };
    }
    const threadId = await this.startThreadId(project.id);
    if (lost === null) this.threadId = threadId;
    else {
      const line = `The thread "${lost}" this session was on has no file here (deleted, or on another branch since it was chosen): this is "${threadId}" instead. thread_switch to choose a thread.`;
      addNotice(this.notices, line);
    }
    return { project, threadId, lost };
  }

  /**
   * Where a new session starts: last chosen on this branch (if open), else the open thread linked to the branch (none
   * on the default branch, which thread_create never links), else main.
   */
  async startThread(projectId: string): Promise<Thread> {
    return this.store.readThread(projectId, await this.startThreadId(projectId));
  }

  /** startThread's id; main is not read, so a damaged main still lets the session list the tree that names it. */
  private async startThreadId(projectId: string): Promise<string> {
    const branch = this.branch();
    // The chosen thread's file could not be read: said once the session is known to start on another thread (a damaged
    // or conflicted main falls back to main itself, whose own notice says how it is read).
    let unreadable: { chosen: string; line: string } | null = null;
    const fallback = (id: string): string => {
      if (unreadable !== null && unreadable.chosen !== id) addNotice(this.notices, unreadable.line);
      return id;
    };
    const key = this.startKey();
    if (key) {
      const chosen = branchChoice(this.readState(), key, projectId);
      if (chosen && this.store.threadExists(projectId, chosen)) {
        try {
          const t = this.store.readThread(projectId, chosen);
          if (threadStatus(t) === "active") return t.id;
        } catch (e) {
          // Only a preference: a damaged file is reported and the session starts on the next candidate; one deleted
          // since it was seen (by another process, outside the lock) is simply passed over.
          if (e instanceof UnreadableFileError) {
            const where = branch ? `on branch "${branch}"` : "in this folder";
            const line = `The thread last chosen ${where} could not be read (${e.path}: ${e.reason}); this session starts elsewhere.`;
            unreadable = { chosen, line };
          } else if (!(e instanceof ThreadMindError && e.code === "not-found")) throw e;
        }
      }
    }
    // thread_create links no thread to the default branch: a start there does not read every head for one (a fresh
    // clone's first start of a 10,000-thread store spent ~0.3 s on it). Where only git could tell, the heads are read.
    const top = this.workspace.gitTop;
    if (branch && !(top !== null && isDefaultBranchFromFiles(top, branch))) {
      const linked = this.linkedOpenThread(projectId, branch);
      if (linked) return fallback(linked.id);
    }
    if (this.store.threadExists(projectId, MAIN_THREAD_ID)) return fallback(MAIN_THREAD_ID);
    // Stores upgraded from 0.4 may have a root with another id.
    const { threads } = this.store.readAllThreads(projectId);
    const root = [...threads.values()].find((t) => t.parentId === null);
    if (!root) throw errors.threadNotFound(MAIN_THREAD_ID);
    return fallback(root.id);
  }

  /**
   * The most recently updated open thread linked to `branch`, if any. Only the threads whose head may name a branch are
   * read (branch-link-candidates.ts); an unreadable one is left out, as readAllThreads leaves it out (the tree and
   * doctor report it).
   */
  linkedOpenThread(projectId: string, branch: string): Thread | null {
    let best: Thread | null = null;
    for (const id of branchLinkCandidates(this.store.threadsDir(projectId))) {
      const t = this.readIfReadable(projectId, id);
      if (t !== null && t.branch === branch && threadStatus(t) === "active" && (!best || t.updatedAt > best.updatedAt)) best = t;
    }
    if (best === null) this.linkedMemo.forget(projectId, branch);
    else this.linkedMemo.remember(projectId, branch, best.id);
    return best;
  }

  /**
   * Whether any open thread is linked to `branch` (thread_create links a new thread only when none is): the thread last
   * seen so, read again, answers when it still is; otherwise every head is searched (linkedOpenThread).
   */
  hasLinkedOpenThread(projectId: string, branch: string): boolean {
    const known = this.linkedMemo.candidate(projectId, branch);
    const t = known === undefined ? null : this.readIfReadable(projectId, known);
    if (t !== null && t.branch === branch && threadStatus(t) === "active") return true;
    return this.linkedOpenThread(projectId, branch) !== null;
  }

  /** A thread this process has just linked to `branch` (thread_create): the next hasLinkedOpenThread reads it first. */
  rememberLinkedThread(projectId: string, branch: string, threadId: string): void {
    this.linkedMemo.remember(projectId, branch, threadId);
  }

  /** The thread, or null when it cannot be read (gone, damaged: the tree and doctor report it; readAllThreads leaves it out too). */
  private readIfReadable(projectId: string, id: string): Thread | null {
    try {
      return this.store.readThread(projectId, id);
    } catch {
      return null;
    }
  }

  async threadCreate(input: { title: string; parentId?: string; related?: string[] }): Promise<ThreadCreated> {
    return createThread(this, input);
  }

  async threadSwitch(threadId: string, options: ContextOptions = {}): Promise<{ thread: Thread; context: AssembledContext }> {
    assertId(threadId, "thread id");
    const project = this.currentProject();
    const thread = this.store.readThread(project.id, threadId);
    await this.chooseThread(project.id, thread.id);
    return { thread, context: await this.contextFor(project, thread, options) };
  }

  /**
   * thread_list: the whole tree while it fits in THREAD_LIST_MAX_BYTES, else a bounded view (see thread-list-view.ts);
   * `full` (the CLI's tree command, for a person at a terminal) always renders the whole tree. Above FULL_TREE_LIMIT
   * threads the threads come from the search catalog, kept fresh by a directory watch (no file read or lstat per
   * thread on a warm server), not from the files one by one.
   */
  async threadList(
    options: ThreadListOptions & { full?: boolean } = {},
  ): Promise<{ text: string; problems: ThreadFileProblem[] }> {
    const { project, threadId } = await this.currentThreadRef();
    if (options.full === true || !this.store.threadCountExceeds(project.id, FULL_TREE_LIMIT)) {
      const { threads, problems } = this.store.readAllThreads(project.id);
      const text =
        options.full === true
          ? renderTreeOf(project, threads, problems, threadId)
          : threadListText({ projectTitle: project.title, threads, problems, activeId: threadId }, options);
      return { text, problems };
    }
    const { threads, derived, problems } = await this.catalogList.read(this.store.dir, project.id);
    return {
      text: threadListText({ projectTitle: project.title, threads, problems, activeId: threadId, derived }, options),
      problems: [...problems],
    };
  }

  /** remember() after a write: its failure is returned as a line for the result, never thrown (the write stands). */
  async rememberAfterWrite(projectId: string, threadId: string): Promise<string | null> {
    try {
      await this.remember(projectId, threadId);
      return null;
    } catch (e) {
      return `The change was saved, but this session's active thread could not be recorded (${messageOf(e)}); it is "${threadId}" until this session ends.`;
    }
  }

  async threadStatus(input: { status: ThreadStatus; threadId?: string; reason?: string }): Promise<ThreadStatusSet> {
    return setThreadStatus(this, input);
  }

  async threadMerge(input: {
    parentSummary: string;
    threadId?: string;
  }): Promise<{ thread: Thread; parent: Thread; warnings: string[] }> {
    return mergeThread(this, input);
  }

  async threadDelete(threadId: string): Promise<ThreadsDeleted> {
    return deleteThread(this, threadId);
  }

  async threadRebase(threadId: string, newParentId: string): Promise<{ thread: Thread }> {
    return rebaseThread(this, threadId, newParentId);
  }

  // ------------------------------------------------------------------ summaries

  async summaryUpdate(input: SummaryUpdateInput): Promise<SummaryUpdated> {
    return updateSummary(this, input);
  }

  // ------------------------------------------------------------------ context

  async contextGet(options: ContextOptions = {}): Promise<AssembledContext & { project: Project; thread: Thread }> {
    const { project, thread, conflictNotice } = await this.currentThreadForReading();
    const notices = [...(conflictNotice === null ? [] : [conflictNotice]), ...(options.notices ?? [])];
    return { ...(await this.contextFor(project, thread, { ...options, notices })), project, thread };
  }

  async contextFor(project: Project, thread: Thread, options: ContextOptions): Promise<AssembledContext> {
    return (await this.contextWithSources(project, thread, options)).context;
  }

  /**
   * contextFor, and what it was built from: every file consulted (paths relative to the store; absent ones included)
   * and whether it depends on HEAD (stale-path warnings), so that it can be cached.
   */
  async contextWithSources(project: Project, thread: Thread, options: ContextOptions): Promise<ContextWithSources> {
    return contextWithSources(this, project, thread, options);
  }

  // ------------------------------------------------------------------ recall

  /** thread_search: tiers cheapest first over a derived index in the local cache (see src/core/search/). */
  async threadSearch(input: SearchQuery): Promise<SearchAnswer & { text: string }> {
    const q = normalizeSearchQuery(input);
    const projectIds =
      q.scope === "all-projects" ? (this.store.exists() ? this.store.projectIds() : []) : [this.currentProject().id];
    if (projectIds.length === 0) throw errors.noProject();
    // The index reads the threads directories itself: a directory on the way that is a symbolic link (out of the
    // repository, to another project's store) is refused here, as every other operation refuses it (store.threadsDir).
    for (const id of projectIds) this.store.threadsDir(id);
    const answer = await searchThreads(searchIndexFor(this.store.dir), projectIds, input);
    return { ...answer, text: formatSearchAnswer(answer) };
  }

  /** thread_history: the versions of a thread's file in git (default: the active thread), newest first. */
  async threadHistory(input: { threadId?: string; limit?: number } = {}): Promise<ThreadHistory & { text: string }> {
    if (input.threadId !== undefined) assertId(input.threadId, "thread id");
    checkHistoryLimit(input.limit);
    const { project, threadId: sessionThreadId } = await this.currentThreadRef();
    const threadId = input.threadId ?? sessionThreadId;
    const folder = this.store.threadFolder(project.id, threadId);
    // The folder's history unless the thread is only in format 1 here (a deleted thread: its folder's, in git).
    if (existsSync(folder) || !existsSync(this.store.legacyThreadPath(project.id, threadId))) {
      let working: Thread | null = null;
      try {
        working = this.store.readThread(project.id, threadId);
      } catch (e) {
        // Deleted (its history is git's), or a damaged piece (a conflict left in an item): read from git alone.
        if (!(e instanceof UnreadableFileError) && !(e instanceof ThreadMindError && e.code === "not-found")) throw e;
      }
      return threadFolderHistory({
        gitTop: this.workspace.gitTop,
        folder,
        legacyPath: this.store.legacyThreadPath(project.id, threadId),
        threadId,
        working,
        ...(input.limit !== undefined ? { limit: input.limit } : {}),
      });
    }
    const file = this.store.threadPath(project.id, threadId);
    return threadFileHistory({
      gitTop: this.workspace.gitTop,
      file,
      threadId,
      ...(input.limit !== undefined ? { limit: input.limit } : {}),
    });
  }
}
