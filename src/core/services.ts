// The services object: every ThreadMind operation, for one client session. Server, hooks and CLI are adapters over it.
import { existsSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { errors, ThreadMindError, UnreadableFileError } from "./errors.js";
import { fileStamp, Store } from "./store/store.js";
import type { Workspace } from "./workspace.js";
import type { ClosedStatus, Project, ProjectMode, SectionKey, SessionKey, Thread, ThreadFileProblem, ThreadStatus } from "./types.js";
import { SECTION_KEYS, threadStatus } from "./types.js";
import { assertId, MAIN_THREAD_ID, uniqueId } from "./ids.js";
import { checkLength, checkNotBlank, LIMITS } from "./limits.js";
import { nextTimestamp } from "./clock.js";
import { GitError, headCommit, headCommitFromWorkTree, isDefaultBranch, readBranch, commitsTouchingSince } from "./git/git.js";
import { resolveAuthorId } from "./author.js";
import { localStatePath, readLocalState, type LocalState, type LocalStateRead } from "./store/local-state.js";
import { writeLocalState } from "./store/local-state-write.js";
import { charsEstimate, legacyTokenCachePath, TokenEstimator, tokenCachePath, type EncoderLoader } from "./context/token-estimate.js";
import { assembleContext, readChainWithinBudget, type AssembledContext } from "./context/context-assembly.js";
import { renderTree } from "./context/tree-render.js";
import { listDerived, relatedMark, threadListText, type ListDerived, type ListedThread, type ThreadListOptions } from "./context/thread-list-view.js";
import { updateSection } from "./context/summary-sections.js";
import { AncestorWalk, walkToRoot, descendantsOf } from "./context/thread-chain.js";
import { assertNotAboveNewParent } from "./rebase-check.js";
import { assertNoSecrets } from "./secrets/secret-scan.js";
import { migrateV04IfNeeded, type MigrationReport } from "./store/migrate-v04.js";
import { isProcessAlive } from "./store/process-alive.js";
import type { RelatedRef } from "./context/context-assembly.js";
import { formatSearchAnswer, normalizeSearchQuery, searchIndexFor, searchThreads, type SearchAnswer, type SearchQuery } from "./search/index.js";
import { checkHistoryLimit, formatThreadHistory, threadHistory, type ThreadHistory } from "./thread-history.js";
import { readTextStrict } from "./store/read-strict.js";
import { FrontmatterError, parseThread } from "./store/frontmatter.js";
import { appendMeasurementEvents, LOG_ROTATE_BYTES, measurementLogPath, rotateMeasurementLogIfFull, type MeasurementEvent } from "./measure/measurement-log.js";
import { LockTimeoutError } from "./store/lock.js";
import { branchChoice, chooseProjectId, ownThreadCandidates } from "./thread-choice.js";
import { moveLegacyMeasurements } from "./measure/measurement-log-legacy.js";
import { instanceThread } from "./measure/measurement-log-read.js";
import type { SummaryWriteVia } from "./freshness/freshness-events.js";
import { committedThread, fileHasConflictMarkers } from "./git/committed-thread.js";

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

export interface ContextOptions {
  maxTokens?: number;
  maxChars?: number;
  /** Notices to show first (Markdown), e.g. that the thread was read from its last committed version. */
  notices?: string[];
  /** Count with cached counts or characters/3.5 only, never the tokenizer (as the hooks do, which have none). */
  estimateOnly?: boolean;
}

export interface ThreadCreated {
  thread: Thread;
  linkedBranch: string | null;
  warnings: string[];
  tree: string;
}

export interface SummaryUpdated {
  thread: Thread;
  chars: number;
  tokens: number;
  /** Related threads that do not exist (kept) or a reference to the thread itself (dropped). */
  warnings: string[];
}

/** Write operations return the whole tree up to this many threads, else the path to the active thread (see treeText). */
export const FULL_TREE_LIMIT = 200;

export class ThreadMindServices {
  readonly store: Store;
  readonly tokens: TokenEstimator;
  private readonly env: Record<string, string | undefined>;
  readonly session: SessionKey;
  private projectId: string | null = null;
  private threadId: string | null = null;
  private authorId: string | null = null;
  private migration: MigrationReport | null | undefined = undefined;
  private readonly defaultBranchAnswers = new Map<string, Promise<boolean>>();
  /** Problems seen with local state (config.json), reported once by the adapters. */
  readonly notices: string[] = [];

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
    this.tokens = new TokenEstimator(tokenCachePath(this.store.dir), options.encoder ?? null, legacyTokenCachePath(this.store.dir));
  }

  get workspace(): Workspace {
    return this.store.workspace;
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
    if (!this.hasOldLayout()) return (this.migration = null);
    this.migration = await this.store.locked(async () => {
      const report = await migrateV04IfNeeded(this.store, () => this.author());
      if (report) await this.carryOverActiveThread(report);
      return report;
    });
    return this.migration;
  }

  /** 0.4 kept one active thread per store: it becomes the start thread of the checked-out branch. */
  private async carryOverActiveThread(report: MigrationReport): Promise<void> {
    const branch = this.branch();
    await this.updateState((state) => {
      const legacy = state.legacyActiveThread;
      delete state.legacyActiveThread;
      if (!legacy || !branch || !this.store.threadExists(legacy.projectId, legacy.threadId)) return;
      state.branches[branch] = { ...(state.branches[branch] ?? {}), [legacy.projectId]: legacy.threadId };
      const line = `- the 0.4 active thread "${legacy.threadId}" is where new sessions on branch ${branch} start`;
      report.text += `\n${line}`;
    });
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

  /** config.json as last read, with the stamp it had before that read (see readLocalStateCached). */
  private stateRead: { stamp: string; read: LocalStateRead } | null = null;

  /**
   * config.json, re-read only when its stamp changed since the last read (it is several hundred KB after long use, and
   * one operation asks for it more than once). `take` hands the cached copy over for changing (it leaves the cache).
   */
  private readLocalStateCached(take: boolean): LocalStateRead {
    const stamp = fileStamp(localStatePath(this.store.dir));
    const cached = this.stateRead;
    if (take) this.stateRead = null;
    if (cached !== null && stamp !== null && cached.stamp === stamp) return cached.read;
    const read = readLocalState(this.store.dir);
    if (!take && stamp !== null) this.stateRead = { stamp, read };
    return read;
  }

  /** config.json as it is now. Read-only: callers must not change the state returned (use updateState). */
  readState(): LocalState {
    const read = this.readLocalStateCached(false);
    if (read.problem) this.noteLocalStateProblem(read.problem);
    return read.state;
  }

  private noteLocalStateProblem(problem: string): void {
    const line = `ThreadMind's local state ${this.store.dir}/config.json could not be used (${problem}); it will be set aside and rebuilt. Thread files are not affected.`;
    if (!this.notices.includes(line)) this.notices.push(line);
  }

  /** Read-modify-write of config.json; call inside the store lock. Prunes sessions of dead processes. */
  async updateState(mutate: (state: LocalState) => void | Promise<void>): Promise<void> {
    const read = this.readLocalStateCached(true);
    if (read.problem) this.noteLocalStateProblem(read.problem);
    await mutate(read.state);
    moveLegacyMeasurements(this.store.dir, read.state);
    for (const [key, s] of Object.entries(read.state.sessions)) {
      if (s.pid !== undefined && !isProcessAlive(s.pid)) delete read.state.sessions[key];
    }
    const setAside = await writeLocalState(this.store.dir, read.state, read.problem !== undefined);
    if (setAside) this.notices.push(`The unusable config.json was moved to ${setAside}.`);
  }

  /**
   * Appends measurement events to measurements.jsonl (no lock: one O_APPEND write). When the log has grown past its
   * size, it is rotated under the lock; a busy lock leaves that to the next writer.
   */
  async recordEvents(events: readonly MeasurementEvent[]): Promise<void> {
    this.store.exists(); // refuses a .threadmind that is not a real directory (never writes through a link)
    if (!existsSync(measurementLogPath(this.store.dir))) this.store.ensureIgnored();
    const size = appendMeasurementEvents(this.store.dir, events);
    if (size > LOG_ROTATE_BYTES) await this.rotateMeasurementLog();
  }

  /**
   * Logs one write to a thread's summary (see freshness-events.ts). The summary is written already: a failure to log it
   * is a notice, never a failed write.
   */
  async recordSummaryWrite(projectId: string, threadId: string, via: SummaryWriteVia): Promise<void> {
    try {
      await this.recordEvents([{ kind: "summaryWrite", at: nextTimestamp(), sessionId: null, instance: this.session.key, projectId, threadId, via }]);
    } catch (e) {
      const line = `ThreadMind wrote the summary of "${threadId}" but could not log the write (${e instanceof Error ? e.message : String(e)}); the freshness figure misses it.`;
      if (!this.notices.includes(line)) this.notices.push(line);
    }
  }

  /** Rotates measurements.jsonl under the lock if it is past its size; a busy lock leaves that to the next writer. */
  async rotateMeasurementLog(): Promise<void> {
    try {
      await this.store.locked(async () => void rotateMeasurementLogIfFull(this.store.dir));
    } catch (e) {
      if (!(e instanceof LockTimeoutError)) throw e;
    }
  }

  /** Saves new token counts. The cache is derived data: failing to save it is a notice, never a failed operation. */
  async saveTokenCache(): Promise<void> {
    try {
      await this.tokens.flush();
    } catch (e) {
      const line = `ThreadMind could not save its token-count cache (${e instanceof Error ? e.message : String(e)}); counts will be recomputed. Nothing else is affected.`;
      if (!this.notices.includes(line)) this.notices.push(line);
    }
  }

  private async remember(projectId: string, threadId: string | null): Promise<void> {
    this.projectId = projectId;
    this.threadId = threadId;
    const branch = this.branch();
    await this.updateState((state) => {
      state.lastProjectId = projectId;
      const entry = { projectId, updatedAt: nextTimestamp(), ...(threadId ? { threadId } : {}), ...(this.session.pid !== undefined ? { pid: this.session.pid } : {}) };
      state.sessions[this.session.key] = entry;
      if (branch && threadId) state.branches[branch] = { ...(state.branches[branch] ?? {}), [projectId]: threadId };
    });
  }

  // ------------------------------------------------------------------ projects

  currentProject(): Project {
    if (this.projectId && this.store.projectExists(this.projectId)) return this.store.readProject(this.projectId);
    const ids = this.store.exists() ? this.store.projectIds() : [];
    if (ids.length === 0) throw errors.noProject();
    const id = chooseProjectId(ids, this.readState(), this.session.key);
    if (id === null) throw errors.noActiveProject(ids);
    this.projectId = id;
    return this.store.readProject(id);
  }

  async projectCreate(input: { title: string; systemContext?: string; mode?: ProjectMode }): Promise<{ project: Project; thread: Thread }> {
    oneOf("mode", input.mode, ["solo", "team"] as const, true);
    checkNotBlank("The project title", input.title);
    checkLength("The project title", input.title, LIMITS.titleChars);
    if (input.systemContext !== undefined) {
      checkLength("The system context", input.systemContext, LIMITS.systemContextChars);
      assertNoSecrets(input.systemContext, "the project's system context");
    }
    assertNoSecrets(input.title, "the project title");
    const author = await this.author();
    const result = await this.store.locked(async () => {
      this.store.ensureLayout();
      await this.migrateIfNeeded();
      // A threads/<id>/ left without its project file is someone's data too: the new project takes another id.
      const id = uniqueId(input.title, (c) => this.store.projectExists(c) || this.store.threadsDirExists(c));
      const now = nextTimestamp();
      const project: Project = { id, title: input.title, mode: input.mode ?? "solo", createdAt: now };
      if (input.systemContext?.trim()) project.systemContext = input.systemContext.trim();
      const thread: Thread = { id: MAIN_THREAD_ID, title: input.title, parentId: null, author, createdAt: now, updatedAt: now, summary: "" };
      await this.store.writeProject(project);
      await this.store.writeThread(id, thread);
      // The project exists from here on: a failure to select it is a note, never a failed call (a retry would make a second one).
      const unremembered = await this.rememberAfterWrite(id, MAIN_THREAD_ID);
      if (unremembered !== null && !this.notices.includes(unremembered)) this.notices.push(unremembered);
      return { project, thread };
    });
    return result;
  }

  projectList(): { projects: Project[]; activeId: string | null; problems: string[] } {
    const projects: Project[] = [];
    const problems: string[] = [];
    for (const id of this.store.exists() ? this.store.projectIds() : []) {
      try {
        projects.push(this.store.readProject(id));
      } catch (e) {
        problems.push(e instanceof Error ? e.message : String(e));
      }
    }
    let activeId: string | null = null;
    try {
      activeId = this.currentProject().id;
    } catch (e) {
      if (!(e instanceof ThreadMindError)) throw e;
    }
    return { projects, activeId, problems };
  }

  async projectSwitch(projectId: string): Promise<{ project: Project; thread: Thread }> {
    assertId(projectId, "project id");
    const ids = this.store.exists() ? this.store.projectIds() : [];
    if (!ids.includes(projectId)) throw errors.projectNotFound(projectId, ids);
    const project = this.store.readProject(projectId);
    this.projectId = projectId;
    this.threadId = null;
    const thread = await this.startThread(projectId);
    await this.store.locked(() => this.remember(projectId, thread.id));
    return { project, thread };
  }

  // ------------------------------------------------------------------ threads

  /**
   * The session's active thread: this session's choice, else the thread of the last conversation this session (a
   * Claude Code process) was on, else the branch's last choice, its linked thread, else main. `newProcess` (a Claude
   * Code process starting) skips the conversations: a reused process id must not inherit a dead process's thread.
   */
  async currentThread(options: { newProcess?: boolean } = {}): Promise<{ project: Project; thread: Thread }> {
    const { project, threadId } = await this.currentThreadRef(options);
    return { project, thread: this.store.readThread(project.id, threadId) };
  }

  /**
   * currentThread for reading only: when git left the thread's file in conflict, its last committed version (HEAD) and
   * a notice saying so (writes to that file are still refused: it is never overwritten).
   */
  async currentThreadForReading(options: { newProcess?: boolean } = {}): Promise<{ project: Project; thread: Thread; conflictNotice: string | null }> {
    try {
      return { ...(await this.currentThread(options)), conflictNotice: null };
    } catch (e) {
      if (!(e instanceof UnreadableFileError) || !fileHasConflictMarkers(e.path)) throw e;
      const { project, threadId } = await this.currentThreadRef(options);
      if (this.store.threadPath(project.id, threadId) !== e.path) throw e;
      const thread = await committedThread(this.workspace.gitTop, e.path, threadId);
      if (thread === null) throw e;
      const file = relative(this.workspace.root, e.path) || e.path;
      const conflictNotice = `_⚠ ${file} is in conflict (a merge left it unresolved), so its last committed version is loaded; fix: run \`npx thread-mind-mcp resolve\` (or edit between the <<<<<<< and >>>>>>> markers). Updates to this thread are refused until then._`;
      return { project, thread, conflictNotice };
    }
  }

  /** The id of the session's active thread (as currentThread) without reading its file, which may be damaged. */
  async currentThreadRef(options: { newProcess?: boolean } = {}): Promise<{ project: Project; threadId: string }> {
    const project = this.currentProject();
    if (this.threadId && this.store.threadExists(project.id, this.threadId)) return { project, threadId: this.threadId };
    const followed = () => (options.newProcess ? null : instanceThread(this.store.dir, this.session.key));
    for (const own of ownThreadCandidates(this.readState(), this.session.key, project.id, followed)) {
      if (!this.store.threadExists(project.id, own)) continue;
      this.threadId = own;
      return { project, threadId: own };
    }
    const threadId = await this.startThreadId(project.id);
    this.threadId = threadId;
    return { project, threadId };
  }

  /** Where a new session starts: last chosen on this branch (if open), else the open thread linked to the branch, else main. */
  async startThread(projectId: string): Promise<Thread> {
    return this.store.readThread(projectId, await this.startThreadId(projectId));
  }

  /** startThread's id; main is not read, so a damaged main still lets the session list the tree that names it. */
  private async startThreadId(projectId: string): Promise<string> {
    const branch = this.branch();
    if (branch) {
      const chosen = branchChoice(this.readState(), branch, projectId);
      if (chosen && this.store.threadExists(projectId, chosen)) {
        try {
          const t = this.store.readThread(projectId, chosen);
          if (threadStatus(t) === "active") return t.id;
        } catch (e) {
          // Only a preference: a damaged file is reported and the session starts on the next candidate; one deleted
          // since it was seen (by another process, outside the lock) is simply passed over.
          if (e instanceof UnreadableFileError) {
            const line = `The thread last chosen on branch "${branch}" could not be read (${e.path}: ${e.reason}); this session starts elsewhere.`;
            if (!this.notices.includes(line)) this.notices.push(line);
          } else if (!(e instanceof ThreadMindError && e.code === "not-found")) throw e;
        }
      }
      const linked = this.linkedOpenThread(projectId, branch);
      if (linked) return linked.id;
    }
    if (this.store.threadExists(projectId, MAIN_THREAD_ID)) return MAIN_THREAD_ID;
    // Stores upgraded from 0.4 may have a root with another id.
    const { threads } = this.store.readAllThreads(projectId);
    const root = [...threads.values()].find((t) => t.parentId === null);
    if (!root) throw errors.threadNotFound(MAIN_THREAD_ID);
    return root.id;
  }

  /** isDefaultBranch, asked of git once per branch for the life of this object (it spawns git twice). */
  private isDefaultBranch(top: string, branch: string): Promise<boolean> {
    let answer = this.defaultBranchAnswers.get(branch);
    if (answer === undefined) {
      answer = isDefaultBranch(top, branch);
      this.defaultBranchAnswers.set(branch, answer);
    }
    return answer;
  }

  private linkedOpenThread(projectId: string, branch: string): Thread | null {
    const { threads } = this.store.readAllThreads(projectId);
    let best: Thread | null = null;
    for (const t of threads.values()) {
      if (t.branch === branch && threadStatus(t) === "active" && (!best || t.updatedAt > best.updatedAt)) best = t;
    }
    return best;
  }

  /** The thread an operation targets: `threadId` when given, else the active thread (read only then). */
  private target(project: Project, threadId: string | undefined, activeId: string): Thread {
    return this.store.readThread(project.id, threadId === undefined ? activeId : assertId(threadId, "thread id"));
  }

  private async assertCanModify(project: Project, thread: Thread): Promise<void> {
    if (project.mode !== "team") return;
    if (!(await this.isMine(thread))) throw errors.notOwner(thread.id, thread.author);
  }

  /** Written by this user: the author id, or the id 0.4 gave this user on this machine (kept in local state). */
  private async isMine(thread: Thread): Promise<boolean> {
    return thread.author === (await this.author()) || this.readState().legacyAuthorIds.includes(thread.author);
  }

  async threadCreate(input: { title: string; parentId?: string; related?: string[] }): Promise<ThreadCreated> {
    checkNotBlank("The thread title", input.title);
    checkLength("The thread title", input.title, LIMITS.titleChars);
    assertNoSecrets(input.title, "the thread title");
    if (input.parentId !== undefined) assertId(input.parentId, "parent thread id");
    const related = this.checkRelated(input.related);
    const author = await this.author();
    const project = this.currentProject();
    const branch = this.branch();
    const linkable = branch !== null && this.workspace.gitTop !== null && !(await this.isDefaultBranch(this.workspace.gitTop, branch));
    return this.store.locked(async () => {
      // The parent, the session's active thread by default, is resolved and read inside the lock: a thread that another
      // process deletes meanwhile is never taken for the parent (and the session's choice falls back as it always does).
      const parentId = input.parentId ?? (await this.currentThreadRef()).threadId;
      const parent = this.store.readThread(project.id, parentId, errors.parentNotFound);
      const warnings: string[] = [];
      if (parent.summary.trim() === "") {
        warnings.push(`Parent thread "${parent.id}" has no summary yet: consider writing one (summary_update) so its decisions carry over to this thread.`);
      }
      let linkedBranch: string | null = null;
      if (linkable && branch && !this.linkedOpenThread(project.id, branch)) linkedBranch = branch;
      const id = uniqueId(input.title, (c) => this.store.threadExists(project.id, c), [MAIN_THREAD_ID]);
      const now = nextTimestamp();
      const thread: Thread = { id, title: input.title, parentId: parent.id, author, createdAt: now, updatedAt: now, summary: "" };
      if (linkedBranch) thread.branch = linkedBranch;
      if (related.length > 0) {
        thread.related = related;
        warnings.push(...this.missingRelated(project.id, related));
      }
      await this.store.writeThread(project.id, thread);
      // From here on the thread exists: nothing may fail the call (a retry would create a duplicate).
      const unremembered = await this.rememberAfterWrite(project.id, id);
      if (unremembered !== null) warnings.push(unremembered);
      return { thread, linkedBranch, warnings, tree: this.treeText(project, id, thread) };
    });
  }

  async threadSwitch(threadId: string, options: ContextOptions = {}): Promise<{ thread: Thread; context: AssembledContext }> {
    assertId(threadId, "thread id");
    const project = this.currentProject();
    const thread = this.store.readThread(project.id, threadId);
    await this.store.locked(() => this.remember(project.id, thread.id));
    return { thread, context: await this.contextFor(project, thread, options) };
  }

  /**
   * thread_list: the whole tree while it fits in THREAD_LIST_MAX_BYTES, else a bounded view (see thread-list-view.ts);
   * `full` (the CLI's tree command, for a person at a terminal) always renders the whole tree. Above FULL_TREE_LIMIT
   * threads the threads come from the search catalog, kept fresh by a directory watch (no file read or lstat per
   * thread on a warm server), not from the files one by one.
   */
  async threadList(options: ThreadListOptions & { full?: boolean } = {}): Promise<{ text: string; problems: ThreadFileProblem[] }> {
    const { project, threadId } = await this.currentThreadRef();
    if (options.full === true || !this.store.threadCountExceeds(project.id, FULL_TREE_LIMIT)) {
      const { threads, problems } = this.store.readAllThreads(project.id);
      const text = options.full === true ? this.renderTreeOf(project, threads, problems, threadId) : threadListText({ projectTitle: project.title, threads, problems, activeId: threadId }, options);
      return { text, problems };
    }
    const index = searchIndexFor(this.store.dir);
    const listed = await index.exclusive(async () => {
      const catalog = index.project(project.id);
      await catalog.refresh();
      // The threads and the tree's shape are kept while the catalog is unchanged (the usual case between two calls).
      const kept = this.listedThreads;
      if (kept !== null && kept.projectId === project.id && kept.catalog === catalog && kept.version === catalog.version) return kept;
      const threads = new Map<string, ListedThread>();
      for (const meta of catalog.catalogIndex.live()) threads.set(meta.id, meta);
      const problems: ThreadFileProblem[] = catalog.problems().map((p) => ({ ...p, threadId: basename(p.path).replace(/\.md$/, "") }));
      this.listedThreads = { projectId: project.id, catalog, version: catalog.version, threads, derived: listDerived(threads), problems };
      return this.listedThreads;
    });
    const { threads, derived, problems } = listed;
    return { text: threadListText({ projectTitle: project.title, threads, problems, activeId: threadId, derived }, options), problems: [...problems] };
  }

  /** thread_list's threads of a large project, from the search catalog, with their tree (see threadList). */
  private listedThreads: { projectId: string; catalog: object; version: number; threads: Map<string, ListedThread>; derived: ListDerived; problems: ThreadFileProblem[] } | null = null;

  /**
   * The tree a write operation returns. Up to FULL_TREE_LIMIT threads: the whole tree. Above: the path from the root to
   * the active thread only (reading every thread file on each write would cost seconds at 10,000 threads, and the model
   * would get a tree of that size as the tool result); thread_list still shows the whole tree.
   */
  private treeText(project: Project, activeId: string, written?: Thread): string {
    // Shown after the write: a failure here is told in the text, never thrown (the write stands; a retry would repeat it).
    try {
      if (this.store.threadCountExceeds(project.id, FULL_TREE_LIMIT)) return this.pathTreeText(project, activeId, written);
      const { threads, problems } = this.store.readAllThreads(project.id);
      return this.renderTreeOf(project, threads, problems, activeId);
    } catch (e) {
      return `(The change was saved, but the tree could not be shown: ${e instanceof Error ? e.message : String(e)}. thread_list shows it.)`;
    }
  }

  /** remember() after a write: its failure is returned as a line for the result, never thrown (the write stands). */
  private async rememberAfterWrite(projectId: string, threadId: string): Promise<string | null> {
    try {
      await this.remember(projectId, threadId);
      return null;
    } catch (e) {
      return `The change was saved, but this session's active thread could not be recorded (${e instanceof Error ? e.message : String(e)}); it is "${threadId}" until this session ends.`;
    }
  }

  /** The tree after a write, with the line of a step after it that failed (if any). */
  private treeAfter(project: Project, activeId: string, note: string | null): string {
    const tree = this.treeText(project, activeId);
    return note === null ? tree : `${tree}\n\n${note}`;
  }

  /** `written`: the active thread as this operation just wrote it under the lock (not read back a second time). */
  private pathTreeText(project: Project, activeId: string, written?: Thread): string {
    const active = written?.id === activeId ? written : this.store.readThread(project.id, activeId);
    const chain = walkToRoot(active, (id) => this.store.readThread(project.id, id));
    const threads = new Map(chain.threads.map((t) => [t.id, t]));
    const tree = renderTree(threads, {
      title: project.title,
      activeId,
      problems: [],
      extra: (t) => relatedMark(t, { has: (r: string) => this.store.threadExists(project.id, r) }),
    });
    const note = `(More than ${FULL_TREE_LIMIT} threads: only the path to the active thread is shown. thread_list shows more: its children, siblings and the open threads.)`;
    return [tree, ...chain.notices, note].join("\n");
  }

  private renderTreeOf(project: Project, threads: Map<string, Thread>, problems: ThreadFileProblem[], activeId: string): string {
    return renderTree(threads, {
      title: project.title,
      activeId,
      problems,
      extra: (t) => relatedMark(t, threads),
    });
  }

  async threadStatus(input: { status: ThreadStatus; threadId?: string; reason?: string }): Promise<{ thread: Thread; tree: string }> {
    oneOf("status", input.status, ["active", "done", "abandoned"] as const, false);
    if (input.threadId !== undefined) assertId(input.threadId, "thread id");
    if (input.reason !== undefined) {
      checkLength("The reason", input.reason, LIMITS.reasonChars);
      assertNoSecrets(input.reason, "the reason");
    }
    const { project, threadId: sessionThreadId } = await this.currentThreadRef();
    const result = await this.store.locked(async () => {
      const thread = this.target(project, input.threadId, sessionThreadId);
      if (thread.id === MAIN_THREAD_ID && input.status !== "active") throw errors.cannotCloseMain();
      await this.assertCanModify(project, thread);
      const updated: Thread = { ...thread, updatedAt: nextTimestamp(thread.updatedAt) };
      if (input.status === "active") {
        delete updated.status;
        delete updated.mergedInto;
      } else updated.status = input.status satisfies ClosedStatus;
      if (input.reason?.trim()) {
        const label = input.status === "done" ? "Closed as done" : input.status === "abandoned" ? "Abandoned" : "Reopened";
        updated.summary = updateSection(updated.summary, "decisions", `- ${label} (${updated.updatedAt.slice(0, 10)}): ${input.reason.trim()}`, false);
      }
      checkLength(`The summary of "${thread.id}"`, updated.summary, LIMITS.summaryChars);
      await this.store.writeThread(project.id, updated);
      let activeId = sessionThreadId;
      let note: string | null = null;
      if (input.status !== "active" && thread.id === sessionThreadId && thread.parentId) {
        activeId = thread.parentId;
        note = await this.rememberAfterWrite(project.id, activeId);
      }
      return { thread: updated, tree: this.treeAfter(project, activeId, note) };
    });
    if (input.reason?.trim()) await this.recordSummaryWrite(project.id, result.thread.id, "status");
    return result;
  }

  async threadMerge(input: { parentSummary: string; threadId?: string }): Promise<{ thread: Thread; parent: Thread; tree: string }> {
    if (input.threadId !== undefined) assertId(input.threadId, "thread id");
    checkNotBlank("The parent summary", input.parentSummary);
    checkLength("The parent summary", input.parentSummary, LIMITS.summaryChars);
    const { project, threadId: sessionThreadId } = await this.currentThreadRef();
    const commit = await this.headBeforeLock();
    const merged = await this.store.locked(async () => {
      const thread = this.target(project, input.threadId, sessionThreadId);
      if (thread.parentId === null) throw errors.invalid(`Thread "${thread.id}" has no parent to merge into (the main thread cannot be closed)`);
      const parent = this.store.readThread(project.id, thread.parentId, errors.parentNotFound);
      assertNoSecrets(input.parentSummary, `the merged summary of thread "${parent.id}"`);
      await this.assertCanModify(project, thread);
      await this.assertCanModify(project, parent);
      const newParent: Thread = { ...parent, summary: input.parentSummary.trim(), updatedAt: nextTimestamp(parent.updatedAt) };
      if (commit) newParent.commit = commit;
      // The merged thread's cross-references carry over to the parent, which now holds its outcome.
      const carried = [...new Set([...(parent.related ?? []), ...(thread.related ?? [])])].filter((r) => r !== parent.id && r !== thread.id);
      if (carried.length > 0) newParent.related = carried;
      const closed: Thread = { ...thread, status: "done", mergedInto: parent.id, updatedAt: nextTimestamp(thread.updatedAt) };
      await this.store.writeThread(project.id, newParent);
      await this.store.writeThread(project.id, closed);
      const note = await this.rememberAfterWrite(project.id, parent.id);
      return { thread: closed, parent: newParent, tree: this.treeAfter(project, parent.id, note) };
    });
    await this.recordSummaryWrite(project.id, merged.parent.id, "merge");
    return merged;
  }

  async threadDelete(threadId: string): Promise<{ deleted: string[]; tree: string; warnings: string[] }> {
    assertId(threadId, "thread id");
    if (threadId === MAIN_THREAD_ID) throw errors.cannotDeleteMain();
    const { project, threadId: sessionThreadId } = await this.currentThreadRef();
    return this.store.locked(async () => {
      const thread = this.store.readThread(project.id, threadId);
      const { threads, problems } = this.store.readAllThreads(project.id);
      const doomed = [thread.id, ...descendantsOf(thread.id, threads)];
      if (project.mode === "team") {
        await this.assertCanModify(project, thread);
        const others: string[] = [];
        for (const id of doomed) if (!(await this.isMine(threads.get(id)!))) others.push(id);
        if (others.length > 0) {
          throw new ThreadMindError("forbidden", `Cannot delete thread "${thread.id}": its descendants include threads owned by others (${others.join(", ")})`);
        }
      }
      for (const id of doomed.slice().reverse()) this.store.deleteThreadFile(project.id, id);
      const warnings = problems.map((p) => `${p.path} could not be read and was left as it is: ${p.reason}`);
      // Cross-references to deleted threads are removed from the remaining threads.
      for (const t of threads.values()) {
        if (doomed.includes(t.id) || !t.related?.some((r) => doomed.includes(r))) continue;
        const related = t.related.filter((r) => !doomed.includes(r));
        const updated: Thread = { ...t, updatedAt: nextTimestamp(t.updatedAt) };
        if (related.length > 0) updated.related = related;
        else delete updated.related;
        await this.store.writeThread(project.id, updated);
      }
      let activeId = sessionThreadId;
      if (doomed.includes(sessionThreadId)) {
        activeId = thread.parentId ?? MAIN_THREAD_ID;
        const note = await this.rememberAfterWrite(project.id, activeId);
        if (note !== null) warnings.push(note);
      }
      return { deleted: doomed, tree: this.treeText(project, activeId), warnings };
    });
  }

  async threadRebase(threadId: string, newParentId: string): Promise<{ thread: Thread; tree: string }> {
    assertId(threadId, "thread id");
    assertId(newParentId, "new parent id");
    if (threadId === MAIN_THREAD_ID) throw errors.cannotRebaseMain();
    const { project, threadId: sessionThreadId } = await this.currentThreadRef();
    return this.store.locked(async () => {
      const thread = this.store.readThread(project.id, threadId);
      const newParent = this.store.readThread(project.id, newParentId, errors.parentNotFound);
      if (newParentId === threadId) throw errors.invalid(`Cannot rebase "${threadId}" onto itself`);
      if (thread.parentId === newParentId) throw errors.invalid(`"${threadId}" is already a child of "${newParentId}"`);
      // Walks up from the new parent through every file on the way, damaged ones refused (not skipped).
      assertNotAboveNewParent(threadId, newParent, (id) => this.store.readThread(project.id, id));
      await this.assertCanModify(project, thread);
      const updated: Thread = { ...thread, parentId: newParentId, updatedAt: nextTimestamp(thread.updatedAt) };
      await this.store.writeThread(project.id, updated);
      return { thread: updated, tree: this.treeText(project, this.threadId ?? sessionThreadId) };
    });
  }

  // ------------------------------------------------------------------ summaries

  async summaryUpdate(input: {
    content: string;
    threadId?: string;
    section?: SectionKey;
    replaceSection?: boolean;
    paths?: string[];
    related?: string[];
  }): Promise<SummaryUpdated> {
    oneOf("section", input.section, SECTION_KEYS, true);
    if (input.threadId !== undefined) assertId(input.threadId, "thread id");
    checkLength("The content", input.content, input.section ? LIMITS.sectionChars : LIMITS.summaryChars);
    const paths = input.paths === undefined ? undefined : this.checkPaths(input.paths);
    const related = input.related === undefined ? undefined : this.checkRelated(input.related);
    const { project, threadId: sessionThreadId } = await this.currentThreadRef();
    const commit = await this.headBeforeLock();
    const warnings: string[] = [];
    const updated = await this.store.locked(async () => {
      const thread = this.target(project, input.threadId, sessionThreadId);
      assertNoSecrets(input.content, `the summary of thread "${thread.id}"`);
      await this.assertCanModify(project, thread);
      const summary = input.section
        ? updateSection(thread.summary, input.section, input.content, input.replaceSection === true)
        : input.content.trim();
      checkLength(`The summary of "${thread.id}"`, summary, LIMITS.summaryChars);
      const next: Thread = { ...thread, summary, updatedAt: nextTimestamp(thread.updatedAt) };
      if (commit) next.commit = commit;
      if (paths !== undefined) {
        if (paths.length > 0) next.paths = paths;
        else delete next.paths;
      }
      if (related !== undefined) {
        const others = related.filter((r) => r !== thread.id);
        if (others.length < related.length) warnings.push(`A thread cannot be related to itself: "${thread.id}" was left out.`);
        warnings.push(...this.missingRelated(project.id, others));
        if (others.length > 0) next.related = others;
        else delete next.related;
      }
      await this.store.writeThread(project.id, next);
      return next;
    });
    await this.recordSummaryWrite(project.id, updated.id, "summary_update");
    // The summary is written: counting it must not turn the call into a failure (a retry would append it twice).
    // The reported size never waits for the tokenizer: until it is loaded (in the background) it is an estimate.
    let tokens: number;
    try {
      tokens = this.tokens.countNow(updated.summary);
    } catch (e) {
      tokens = charsEstimate(updated.summary);
      warnings.push(`The summary was saved, but its tokens could not be counted exactly (${e instanceof Error ? e.message : String(e)}): ~${tokens} is an estimate.`);
    }
    await this.saveTokenCache();
    return { thread: updated, chars: updated.summary.length, tokens, warnings };
  }

  /** HEAD's commit for a summary being written (null outside git or before the first commit), read before the store lock is taken: other writers never wait on git. */
  private async headBeforeLock(): Promise<string | null> {
    return this.workspace.gitTop ? await headCommit(this.workspace.gitTop) : null;
  }

  private checkPaths(paths: string[]): string[] {
    if (paths.length > LIMITS.pathsCount) throw errors.invalid(`Too many paths: ${paths.length} (limit ${LIMITS.pathsCount}).`);
    const checked = paths.map((p) => {
      checkLength("A path", p, LIMITS.pathChars);
      if (p.includes("\0")) throw errors.invalid("A path must not contain NUL characters.");
      return p.trim();
    }).filter((p) => p !== "");
    // Written into the committed frontmatter like the summary: scanned together, so a key split over paths is seen whole.
    assertNoSecrets(checked.join("\n"), "the paths");
    return checked;
  }

  private checkRelated(related: string[] | undefined): string[] {
    if (!related) return [];
    if (related.length > LIMITS.relatedCount) throw errors.invalid(`Too many related threads: ${related.length} (limit ${LIMITS.relatedCount}).`);
    const ids = [...new Set(related.map((r) => assertId(r, "related thread id")))];
    assertNoSecrets(ids.join("\n"), "the related thread ids");
    return ids;
  }

  private missingRelated(projectId: string, related: string[]): string[] {
    return related.filter((r) => !this.store.threadExists(projectId, r)).map((r) => `Related thread "${r}" does not exist (kept as a reference).`);
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
  async contextWithSources(project: Project, thread: Thread, options: ContextOptions): Promise<{ context: AssembledContext; sources: string[]; dependsOnHead: boolean }> {
    const consulted = new Set<string>([this.store.projectPath(project.id), this.store.threadPath(project.id, thread.id)]);
    const read = (id: string): Thread => {
      consulted.add(this.store.threadPath(project.id, id));
      return this.store.readThread(project.id, id);
    };
    const related = this.relatedRefs(project.id, thread, consulted);
    // The hooks' way (estimateOnly): cached counts or characters/3.5, never the tokenizer.
    const estimate = options.estimateOnly === true ? (text: string) => this.tokens.cachedOrEstimate(text) : (text: string) => this.tokens.countSync(text);
    // Only as far up as the budget can hold: farther ancestors are never read (nor consulted, for the cache).
    const chain = readChainWithinBudget(new AncestorWalk(thread, read), thread, { ...options, estimate });
    const warnings = new Map<string, string>();
    const top = this.workspace.gitTop;
    if (top) {
      await Promise.all(
        chain.threads.map(async (t) => {
          if (!t.commit || !t.paths || t.paths.length === 0) return;
          let n: number | null;
          try {
            n = await commitsTouchingSince(top, t.commit, t.paths);
          } catch (e) {
            // A path git refuses (outside the repository, bad pathspec) must not cost the whole context: say so instead.
            if (!(e instanceof GitError)) throw e;
            warnings.set(t.id, `_⚠ Could not check whether ${t.paths.join(", ")} changed since this summary was written (${e.message.split("\n")[0]}). Fix the thread's paths._`);
            return;
          }
          if (n && n > 0) {
            warnings.set(t.id, `_⚠ ${n} commit${n === 1 ? "" : "s"} changed ${t.paths.join(", ")} since this summary was written: check it is still accurate._`);
          }
        }),
      );
    }
    const assemble = () =>
      assembleContext({
        project,
        chain: chain.threads,
        chainCut: chain.cut,
        warnings,
        notices: [...(options.notices ?? []), ...chain.notices],
        ...(options.maxChars !== undefined ? { maxChars: options.maxChars } : {}),
        ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
        estimate,
        related,
      });
    // Warm path: every count is cached and the encoder is never loaded. A miss loads it (if there is one) and redoes the fit.
    const missesBefore = this.tokens.misses;
    let assembled = assemble();
    if (options.estimateOnly !== true && this.tokens.misses > missesBefore && (await this.tokens.ready())) assembled = assemble();
    await this.saveTokenCache();
    const dependsOnHead = top !== null && chain.threads.some((t) => t.commit && t.paths && t.paths.length > 0);
    return { context: assembled, sources: [...consulted].map((p) => relative(this.store.dir, p)), dependsOnHead };
  }

  /** The thread's cross-references by title and id; missing or unreadable ones are reported as such, never fatal. */
  private relatedRefs(projectId: string, thread: Thread, consulted: Set<string>): RelatedRef[] {
    return (thread.related ?? []).map((id): RelatedRef => {
      try {
        consulted.add(this.store.threadPath(projectId, id));
        const t = this.store.readThread(projectId, id);
        return { id, title: t.title, status: threadStatus(t) };
      } catch (e) {
        if (e instanceof UnreadableFileError) return { id, title: null, problem: "unreadable" };
        // readThread's not-found: nothing holds the name (an invalid id is another error, and is thrown).
        if (e instanceof ThreadMindError && e.code === "not-found") return { id, title: null, problem: "missing" };
        throw e;
      }
    });
  }

  // ------------------------------------------------------------------ recall

  /** thread_search: tiers cheapest first over a derived index in the local cache (see src/core/search/). */
  async threadSearch(input: SearchQuery): Promise<SearchAnswer & { text: string }> {
    const q = normalizeSearchQuery(input);
    const projectIds = q.scope === "all-projects" ? (this.store.exists() ? this.store.projectIds() : []) : [this.currentProject().id];
    if (projectIds.length === 0) throw errors.noProject();
    const answer = await searchThreads(searchIndexFor(this.store.dir), projectIds, input);
    return { ...answer, text: formatSearchAnswer(answer) };
  }

  /** thread_history: the versions of a thread's file in git (default: the active thread), newest first. */
  async threadHistory(input: { threadId?: string; limit?: number } = {}): Promise<ThreadHistory & { text: string }> {
    if (input.threadId !== undefined) assertId(input.threadId, "thread id");
    checkHistoryLimit(input.limit);
    const { project, threadId: sessionThreadId } = await this.currentThreadRef();
    const threadId = input.threadId ?? sessionThreadId;
    const file = this.store.threadPath(project.id, threadId);
    const workingText = readTextStrict(file, LIMITS.threadFileBytes);
    const history = await threadHistory({ gitTop: this.workspace.gitTop, file, threadId, workingText, ...(input.limit !== undefined ? { limit: input.limit } : {}) });
    let title: string | null = null;
    if (workingText !== null) {
      try {
        title = parseThread(workingText).title;
      } catch (e) {
        // The history's top entry reports why the working file cannot be parsed; the heading then names the id only.
        if (!(e instanceof FrontmatterError)) throw e;
      }
    }
    return { ...history, text: formatThreadHistory(history, title) };
  }
}

/** Callers outside TypeScript (tools, hooks) may pass anything: an enumerated input must be one of its values. */
function oneOf<T extends string>(what: string, value: T | undefined, allowed: readonly T[], optional: boolean): void {
  if (value === undefined && optional) return;
  if (!allowed.includes(value as T)) {
    throw errors.invalid(`Invalid ${what} ${JSON.stringify(value)}: use one of ${allowed.join(", ")}.`);
  }
}
