// What a write operation needs of the services object, and the checks every write makes: its target, ownership, HEAD.
import { errors } from "../errors.js";
import { assertId } from "../ids.js";
import { headCommit } from "../git/git.js";
import type { Store } from "../store/store.js";
import type { LocalState } from "../store/local-state.js";
import type { MigrationReport } from "../store/migrate-v04.js";
import type { TokenEstimator } from "../context/token-estimate.js";
import type { SummaryWriteVia } from "../measure/freshness-events.js";
import type { Project, Thread } from "../types.js";

/** The session's thread (ThreadMindServices.currentThreadRef): `lost` names its own thread when that file is gone. */
export interface SessionThread {
  project: Project;
  threadId: string;
  lost: string | null;
}

/** The services object as the write operations see it (see ThreadMindServices for what each member does). */
export interface WriteContext {
  readonly store: Store;
  readonly tokens: TokenEstimator;
  readonly gitTop: string | null;
  /** Reported once by the adapters. */
  readonly notices: string[];
  author(): Promise<string>;
  branch(): string | null;
  readState(): LocalState;
  currentProject(): Project;
  currentThreadRef(): Promise<SessionThread>;
  hasLinkedOpenThread(projectId: string, branch: string): boolean;
  rememberLinkedThread(projectId: string, branch: string, threadId: string): void;
  isDefaultBranch(top: string, branch: string): Promise<boolean>;
  migrateIfNeeded(): Promise<MigrationReport | null>;
  /** Records the session's active thread after a write: its failure is returned as a line for the result, never thrown. */
  rememberAfterWrite(projectId: string, threadId: string): Promise<string | null>;
  recordSummaryWrite(projectId: string, threadId: string, via: SummaryWriteVia): Promise<void>;
  /** Files this client session changed since its last write to the thread's summary, most recent first (recall). */
  changedFilesSinceWrite?(projectId: string, threadId: string): string[];
  saveTokenCache(): Promise<void>;
}

/**
 * The session's thread for a write whose target defaults to it: refused when `threadId` is not given and the session's
 * own thread is gone, since the write would land on another thread than the one the session was on (a teammate's
 * deletion, a checkout of a branch without it).
 */
export async function sessionWriteRef(ctx: WriteContext, threadId: string | undefined): Promise<SessionThread> {
  const ref = await ctx.currentThreadRef();
  if (threadId === undefined && ref.lost !== null) throw errors.sessionThreadGone(ref.lost, ref.threadId);
  return ref;
}

/** The thread an operation targets: `threadId` when given, else the active thread (read only then). */
export function target(ctx: WriteContext, project: Project, threadId: string | undefined, activeId: string): Thread {
  return ctx.store.readThread(project.id, threadId === undefined ? activeId : assertId(threadId, "thread id"));
}

export async function assertCanModify(ctx: WriteContext, project: Project, thread: Thread): Promise<void> {
  if (project.mode !== "team") return;
  if (!(await isMine(ctx, thread))) throw errors.notOwner(thread.id, thread.author);
}

/** Written by this user: the author id, or the id 0.4 gave this user on this machine (kept in local state). */
export async function isMine(ctx: WriteContext, thread: Thread): Promise<boolean> {
  return (await mineTest(ctx))(thread);
}

/** isMine for many threads: the author is asked once, the local state read once and only when a thread is not by it. */
export async function mineTest(ctx: WriteContext): Promise<(thread: Thread) => boolean> {
  const author = await ctx.author();
  let legacy: readonly string[] | null = null;
  return (thread) => {
    if (thread.author === author) return true;
    legacy ??= ctx.readState().legacyAuthorIds;
    return legacy.includes(thread.author);
  };
}

/** HEAD's commit for a summary being written (null outside git or before the first commit), read before the store lock is taken: other writers never wait on git. */
export async function headBeforeLock(ctx: WriteContext): Promise<string | null> {
  return ctx.gitTop ? await headCommit(ctx.gitTop) : null;
}
