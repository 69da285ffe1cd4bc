// The server's one client session: the services for the current workspace (re-created when the client's roots move it), notes to report once.
import { ThreadMindServices } from "../core/services.js";
import type { EncoderLoader } from "../core/context/token-estimate.js";
import type { SessionKey } from "../core/types.js";
import { resolveWorkspace } from "../core/workspace.js";
import type { Workspace } from "../core/store/store-dir.js";
import { warmUp } from "./warm-up.js";
import { messageOf } from "../core/error-details.js";

export interface ServerSessionOptions {
  env: Record<string, string | undefined>;
  cwd: string;
  session: SessionKey;
  encoder: EncoderLoader | null;
}

export class ServerSession {
  private current: ThreadMindServices;
  /** Set while the client's roots are being asked for: operations wait for the workspace they decide. */
  private pendingRoots: Promise<void> | null = null;
  /** Notes for the next tool result (roots problems, the migration report). */
  private notes: string[] = [];
  /** How many of the current services' notices were already reported. */
  private noticesReported = 0;
  private migrated = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: ServerSessionOptions) {
    this.current = this.servicesFor(undefined);
  }

  get key(): SessionKey {
    return this.options.session;
  }

  /** True when THREADMIND_ROOT fixes the workspace: client roots are not asked for. */
  get rootIsFixed(): boolean {
    return Boolean(this.options.env.THREADMIND_ROOT);
  }

  get workspace(): Workspace {
    return this.current.workspace;
  }

  private servicesFor(roots: readonly string[] | undefined): ThreadMindServices {
    const { env, cwd, session, encoder } = this.options;
    const workspace = resolveWorkspace({ env, cwd, ...(roots ? { roots } : {}) });
    const services = new ThreadMindServices({ workspace, session, env, encoder });
    if (this.tokenizerWanted) services.tokens.preload();
    return services;
  }

  /** Set once the tokenizer was asked to load: services for another workspace take the same (loaded once) encoder. */
  private tokenizerWanted = false;

  private warmedUp = false;
  /** Aborted when the client went away (its stdin ended): nothing new starts in the background, queued operations still finish. */
  private readonly closing = new AbortController();
  /** When the client last asked for an operation (performance.now()); operations under way. */
  private lastAsked = 0;
  private running = 0;

  /**
   * Warms the write path up on a scratch store (warm-up.ts), once, as soon as the client has asked for nothing for
   * `idleMs` and no operation is under way: it never competes with the start-up exchange or a first call (a client
   * that writes at once compiles that code itself, as without a warm-up), and a model's first write, seconds after the
   * start, finds it compiled.
   */
  warmUpWhenIdle(idleMs: number, done: (ok: boolean) => void = () => {}): void {
    if (this.warmedUp) return;
    this.lastAsked = performance.now();
    const check = () => {
      if (this.closing.signal.aborted) return;
      if (this.running === 0 && performance.now() - this.lastAsked >= idleMs) {
        this.warmedUp = true;
        void warmUp(this.options.session).then(done);
      } else setTimeout(check, idleMs).unref();
    };
    setTimeout(check, idleMs).unref();
  }

  /** True when no operation is under way and the client has asked for nothing for `ms`. */
  idleFor(ms: number): boolean {
    return this.running === 0 && performance.now() - this.lastAsked >= ms;
  }

  /** The job afterIdle keeps for the client's next pause, and the timer that looks for it. */
  private idleJob: (() => Promise<void>) | null = null;
  private idleTimer: NodeJS.Timeout | null = null;

  /**
   * Runs `job` in the session's queue once the client has asked for nothing for `idleMs` and no operation is under
   * way: work a write triggers (the SessionStart cache refresh, the conflict-marker sweep, the tokenizer's load that an
   * assembly may need) never holds up the call that follows the write, such as the summary_update after a
   * thread_create. One job at a time: while one waits, another is dropped (the waiting one does the same work, later).
   * When the client goes away first, the job is queued at once (close).
   */
  afterIdle(idleMs: number, job: () => Promise<void>): void {
    if (this.idleJob !== null) return;
    this.idleJob = job;
    this.lastAsked = performance.now();
    const check = () => {
      this.idleTimer = null;
      if (this.idleJob === null) return;
      if (this.running === 0 && performance.now() - this.lastAsked >= idleMs) this.runIdleJob();
      else this.idleTimer = setTimeout(check, idleMs).unref();
    };
    this.idleTimer = setTimeout(check, idleMs).unref();
  }

  private runIdleJob(): void {
    const job = this.idleJob;
    this.idleJob = null;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (job !== null) void this.serial(job);
  }

  /**
   * The client is gone: the warm-up and the tokenizer's load no longer start (each would hold the process up to ~0.3 s
   * of work nobody waits for); the job waiting for a pause (the after-write cache refresh) is queued now, and what is
   * queued finishes, then the process exits.
   */
  close(): void {
    this.closing.abort();
    this.runIdleJob();
  }

  /** Aborted once the client is gone (close): queued work stops waiting for anything but itself. */
  get closingSignal(): AbortSignal {
    return this.closing.signal;
  }

  /** Starts loading the tokenizer in the background (once the client has initialized). */
  preloadTokenizer(): void {
    if (this.closing.signal.aborted) return;
    this.tokenizerWanted = true;
    this.current.tokens.preload();
  }

  /**
   * Waits for `lookup` (the client's roots) before serving anything else, then switches to the workspace they give.
   * Lookups apply in the order they were started. Returns true when the workspace changed. A failed lookup keeps the
   * current workspace and is reported once.
   */
  async applyRoots(lookup: Promise<readonly string[]>): Promise<boolean> {
    // Settle at once so that a rejection is handled even while an earlier lookup is still being applied.
    const settled = lookup.then(
      (roots) => ({ roots }),
      (error: unknown) => ({ error }),
    );
    const step = (this.pendingRoots ?? Promise.resolve()).then(async () => this.switchTo(await settled));
    const pending = step.then(() => undefined);
    this.pendingRoots = pending;
    try {
      return await step;
    } finally {
      if (this.pendingRoots === pending) this.pendingRoots = null;
    }
  }

  private switchTo(outcome: { roots: readonly string[] } | { error: unknown }): boolean {
    if ("error" in outcome) {
      const why = messageOf(outcome.error);
      const ws = this.current.workspace;
      this.notes.push(`Could not get the client's workspace roots (${why}); ThreadMind uses ${ws.root} (from ${ws.source}).`);
      return false;
    }
    const next = this.servicesFor(outcome.roots);
    if (next.workspace.root === this.current.workspace.root) return false;
    this.current = next;
    this.noticesReported = 0;
    this.migrated = false;
    return true;
  }

  /**
   * Runs operations of this session one at a time (in the order they reach their handlers): a model's parallel tool
   * calls must not interleave on the session's active thread.
   */
  serial<T>(operation: () => Promise<T>): Promise<T> {
    this.lastAsked = performance.now();
    this.running += 1;
    const run = this.queue.then(operation).finally(() => {
      this.running -= 1;
      this.lastAsked = performance.now();
    });
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** The services for the current workspace; the first use per workspace runs the 0.4 migration (its report is a note). */
  async services(): Promise<ThreadMindServices> {
    this.lastAsked = performance.now();
    while (this.pendingRoots) await this.pendingRoots;
    const services = this.current;
    if (!this.migrated) {
      const report = await services.migrateIfNeeded();
      if (services === this.current && !this.migrated) {
        this.migrated = true;
        if (report) this.notes.push(report.text);
      }
    }
    return services;
  }

  /** Notes not yet reported (and the services' local-state notices), each given out once. */
  takeNotes(): string[] {
    const notices = this.current.notices.slice(this.noticesReported);
    this.noticesReported = this.current.notices.length;
    const out = [...this.notes, ...notices];
    this.notes = [];
    return out;
  }
}
