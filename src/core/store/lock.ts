// Cross-process lock file for one store directory: exclusive create, bounded waiting, safe stale reclaim, in-process re-entrancy.
//
// Protocol (all files live beside the lock, so every name below matches the store's `.lock.*` ignore rule):
// - Acquire: write our LockHolder JSON to `<lock>.<pid>.<hex>.tmp`, then link() it to `<lock>`. link() fails with EEXIST
//   when the lock is held, and the lock file is never observed empty or half-written.
// - Release: remove `<lock>` only if it still holds our nonce; otherwise the lock was taken from us (LockLostError).
// - Fencing: before linking `<lock>`, the holder creates its fence directory `<lock>.<nonce>.d`. Writes under the lock
//   (fenced-write.ts) put their temp file there and, right before renaming it over the target, check that `<lock>` still
//   names their nonce. Whoever reclaims a stale lock removes the fence directory of the holder it names, inside the
//   reclaim mutex and before anyone can take the lock again: a holder paused past staleMs (even between its check and
//   its rename) then finds its temp file gone and its rename fails, so it can never overwrite a later holder's write.
// - While held by withLock, the holder touches the lock's mtime every staleMs/3, so age measures "time since last sign of life".
// - A lock is stale when its holder is on this host and its pid is dead, or its mtime is older than staleMs, or its content
//   is not a LockHolder and older than a short grace period. Stale locks are removed only inside the secondary mutex
//   `<lock>.reclaim` (same create-by-link), after re-reading and re-judging the lock there: two reclaimers cannot both
//   remove, and a lock that a live process has just created is fresh, so it is never judged stale.
// - `<lock>.reclaim` is held for a few syscalls only; when its holder died there, it is broken by rename() to a unique
//   name, which moves exactly one file, and the moved file is put back if it turns out not to be the stale one observed.
//
// Assumptions: holders on other hosts are judged by age only; a process must not block its event loop for longer than
// staleMs while holding the lock; worker_threads of one process are not told apart.
import { AsyncLocalStorage } from "node:async_hooks";
import { nodeCrypto } from "../builtin-at-use.js";
import { monotonicMs } from "../monotonic-clock.js";
import {
  closeSync,
  constants,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { resolve } from "node:path";
import { errors, ThreadMindError } from "../errors.js";
import { openRegularFile } from "./regular-file.js";
import type { AtomicWriteFence } from "./atomic-write.js";
import { errnoCode, messageOf } from "../error-details.js";

export interface LockOptions {
  /** How long to wait for the lock before throwing LockTimeoutError. Default 10 000 ms; 0 = one attempt. */
  timeoutMs?: number;
  /** A lock whose mtime is older than this is reclaimed whatever its holder. Default 30 000 ms. */
  staleMs?: number;
  /** First retry delay; later delays double (with jitter) up to MAX_POLL_MS. Default 10 ms. */
  pollMs?: number;
}

export interface LockHolder {
  pid: number;
  hostname: string;
  acquiredAt: string;
  nonce: string;
}

export class LockTimeoutError extends ThreadMindError {
  constructor(
    readonly lockPath: string,
    waitedMs: number,
    readonly holder?: LockHolder,
  ) {
    const by = holder
      ? `held by pid ${holder.pid} on host ${holder.hostname} since ${holder.acquiredAt}`
      : "held, but the lock file does not name a valid holder (it is reclaimed after a short grace period)";
    super(
      "lock-timeout",
      `Timed out after ${waitedMs} ms waiting for the ThreadMind lock ${lockPath} (${by}). ` +
        `If no ThreadMind process is running, delete ${lockPath} and retry.`,
    );
    this.name = "LockTimeoutError";
  }
}

/** The lock was taken from its holder (or deleted) while the holder still ran: mutual exclusion may have been violated. */
export class LockLostError extends Error {
  constructor(
    readonly lockPath: string,
    detail: string,
    cause?: unknown,
  ) {
    super(
      `Lost the lock ${lockPath} while holding it: ${detail}. ` +
        `Another process may have run concurrently (a lock older than staleMs without a heartbeat is reclaimed).`,
      cause === undefined ? undefined : { cause },
    );
    this.name = "LockLostError";
  }
}

/** The fence directory of the holder with `nonce`: it exists only while that holder owns the lock. */
function fenceDirOf(lockPath: string, nonce: string): string {
  return `${lockPath}.${nonce}.d`;
}

/**
 * Where a write under the lock at `lockPath` puts its temp file, and the check to run right before its rename: the
 * holder's fence directory, and a function that throws (the catalogue's lockLost) unless the lock still names this
 * holder. null when this async context does not hold the lock (the write is then not fenced).
 */
export function lockFence(lockPath: string): AtomicWriteFence | null {
  const path = resolve(lockPath);
  const hold = context.getStore()?.get(path);
  if (hold === undefined || !hold.active) return null;
  return { tempDir: fenceDirOf(path, hold.nonce), check: () => assertStillHeld(hold) };
}

/** Throws unless the lock file still names `hold` (its nonce, the fencing token) and no heartbeat saw it lost. */
function assertStillHeld(hold: Hold): void {
  let problem = hold.problem;
  if (problem === undefined) {
    const seen = inspect(hold.lockPath);
    if (seen.kind === "absent") problem = "the lock file was deleted";
    else if (seen.kind !== "holder" || seen.holder.nonce !== hold.nonce) problem = "the lock file names another holder";
  }
  if (problem !== undefined) {
    hold.problem = problem;
    throw errors.lockLost(hold.lockPath, problem);
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_STALE_MS = 30_000;
const DEFAULT_POLL_MS = 10;
const MAX_POLL_MS = 100;
/** Attempts without sleeping (lock just released or reclaimed) before the deadline is checked again. */
const MAX_QUICK_RETRIES = 10;
/** A lock file with unparseable content younger than this is left alone (it could be being written by hand or by a tool). */
const GARBAGE_GRACE_MS = 1_000;
/** A lock file is one line of JSON; a larger one is garbage, judged by its age without reading it. */
const MAX_LOCK_FILE_BYTES = 4_096;
/** `<lock>.reclaim` is held for a few syscalls; older than this means its holder died or hung there. */
const RECLAIM_STALE_MS = 5_000;

interface ResolvedOptions {
  timeoutMs: number;
  staleMs: number;
  pollMs: number;
}

/** One acquisition of one lock path by this process. */
interface Hold {
  readonly lockPath: string;
  readonly nonce: string;
  active: boolean;
  /** Set by the heartbeat when the lock is no longer ours or could not be refreshed. */
  problem: string | undefined;
}

/** Holds of the current async context (nesting = re-entrancy); sibling tasks of one process do not see each other's. */
const context = new AsyncLocalStorage<ReadonlyMap<string, Hold>>();
/** Every lock this process holds, by nonce: a lock naming our pid with a nonce not here is a leftover of a dead process. */
const heldByThisProcess = new Map<string, Hold>();
const HOST = hostname();

/**
 * Runs `fn` holding the cross-process lock at `lockPath`, waiting up to timeoutMs for it.
 * Re-entrant: a call made inside `fn` (same async context) on the same path just runs; concurrent sibling tasks of this
 * process still wait for each other, like other processes do.
 */
export async function withLock<T>(lockPath: string, fn: () => Promise<T>, options?: LockOptions): Promise<T> {
  const path = resolve(lockPath);
  if (heldInContext(path)) return fn();
  const opts = resolveOptions(options);
  const steps = acquireSteps(path, opts);
  let step = steps.next();
  while (!step.done) {
    await sleep(step.value);
    step = steps.next();
  }
  const hold = step.value;
  const heartbeat = setInterval(() => touch(hold), Math.max(10, Math.floor(opts.staleMs / 3)));
  heartbeat.unref();
  let outcome: Outcome<T>;
  try {
    outcome = { ok: true, value: await context.run(withHold(hold), fn) };
  } catch (error) {
    outcome = { ok: false, error };
  } finally {
    clearInterval(heartbeat);
  }
  return finish(hold, outcome);
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Releases the hold, then returns fn's value or throws fn's error; a lost lock or failed release is never hidden. */
function finish<T>(hold: Hold, outcome: Outcome<T>): T {
  let problem: string | undefined;
  try {
    problem = endHold(hold);
  } catch (releaseError) {
    if (outcome.ok) throw releaseError;
    const message = `${messageOf(outcome.error)} (and releasing ${hold.lockPath} failed: ${messageOf(releaseError)})`;
    throw new AggregateError([outcome.error, releaseError], message);
  }
  if (problem !== undefined) {
    // The fence already refused a write for this very reason, with the catalogue's text: that is the error to report.
    if (!outcome.ok && outcome.error instanceof ThreadMindError && outcome.error.code === "lock-lost") throw outcome.error;
    if (outcome.ok) throw new LockLostError(hold.lockPath, problem);
    const detail = `${problem}; the locked function also failed: ${messageOf(outcome.error)}`;
    throw new LockLostError(hold.lockPath, detail, outcome.error);
  }
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

function heldInContext(path: string): boolean {
  return context.getStore()?.get(path)?.active === true;
}

function withHold(hold: Hold): ReadonlyMap<string, Hold> {
  return new Map(context.getStore()).set(hold.lockPath, hold);
}

function resolveOptions(options: LockOptions | undefined): ResolvedOptions {
  const opts = {
    timeoutMs: options?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    staleMs: options?.staleMs ?? DEFAULT_STALE_MS,
    pollMs: options?.pollMs ?? DEFAULT_POLL_MS,
  } satisfies ResolvedOptions;
  if (!(opts.timeoutMs >= 0 && Number.isFinite(opts.timeoutMs))) {
    throw new RangeError(`timeoutMs must be a finite number >= 0, got ${opts.timeoutMs}`);
  }
  if (!(opts.staleMs > 0 && Number.isFinite(opts.staleMs))) {
    throw new RangeError(`staleMs must be a finite number > 0, got ${opts.staleMs}`);
  }
  if (!(opts.pollMs > 0 && Number.isFinite(opts.pollMs))) {
    throw new RangeError(`pollMs must be a finite number > 0, got ${opts.pollMs}`);
  }
  return opts;
}

/**
 * The acquisition loop: yields how long to sleep, returns the hold.
 * Each step is a handful of small synchronous filesystem calls.
 */
function* acquireSteps(lockPath: string, opts: ResolvedOptions): Generator<number, Hold, void> {
  const nonce = nodeCrypto().randomBytes(16).toString("hex");
  const fenceDir = fenceDirOf(lockPath, nonce);
  try {
    mkdirSync(fenceDir);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") {
      throw new Error(`Cannot create the lock ${lockPath}: its directory does not exist`, { cause: error });
    }
    throw error;
  }
  try {
    return yield* acquireLoop(lockPath, nonce, opts);
  } catch (error) {
    rmSync(fenceDir, { recursive: true, force: true });
    throw error;
  }
}

function* acquireLoop(lockPath: string, nonce: string, opts: ResolvedOptions): Generator<number, Hold, void> {
  // The wait is measured on the monotonic clock: a step of the wall clock (NTP, a VM restored) neither stretches nor cuts it.
  const start = monotonicMs();
  const deadline = start + opts.timeoutMs;
  let delay = opts.pollMs;
  let quickRetries = 0;
  let lastHolder: LockHolder | undefined;
  for (;;) {
    const holder: LockHolder = { pid: process.pid, hostname: HOST, acquiredAt: new Date().toISOString(), nonce };
    if (createExclusive(lockPath, holder)) {
      const hold: Hold = { lockPath, nonce, active: true, problem: undefined };
      heldByThisProcess.set(nonce, hold);
      return hold;
    }
    const seen = inspect(lockPath);
    let retryNow = seen.kind === "absent"; // released between our attempt and our look
    if (seen.kind === "holder") lastHolder = seen.holder;
    if (seen.kind !== "absent" && staleReason(seen, opts.staleMs) !== undefined) {
      retryNow = reclaim(lockPath, opts.staleMs);
    }
    if (retryNow && quickRetries < MAX_QUICK_RETRIES) {
      quickRetries++;
      continue;
    }
    const now = monotonicMs();
    if (now >= deadline) throw new LockTimeoutError(lockPath, Math.round(now - start), lastHolder);
    yield Math.min(jitter(delay), deadline - now);
    quickRetries = 0;
    delay = Math.min(delay * 2, Math.max(MAX_POLL_MS, opts.pollMs));
  }
}

/**
 * Creates `path` holding `holder` iff it does not exist; the file appears complete (temp + link) or not at all.
 * The temp name matches isAtomicTempFile, so a store cleanup may delete it under our feet: then we simply write another.
 */
function createExclusive(path: string, holder: LockHolder): boolean {
  for (let attempt = 1; ; attempt++) {
    const temp = `${path}.${process.pid}.${nodeCrypto().randomBytes(6).toString("hex")}.tmp`;
    try {
      writeFileSync(temp, `${JSON.stringify(holder)}\n`, { flag: "wx" });
    } catch (error) {
      if (errnoCode(error) === "ENOENT") {
        throw new Error(`Cannot create the lock ${path}: its directory does not exist`, { cause: error });
      }
      throw error;
    }
    try {
      linkSync(temp, path);
      return true;
    } catch (error) {
      const code = errnoCode(error);
      if (code === "EEXIST") return false;
      if (code !== "ENOENT" || attempt >= 3) {
        throw new Error(`Cannot create the lock ${path}: ${messageOf(error)}`, { cause: error });
      }
    } finally {
      unlinkIfPresent(temp);
    }
  }
}

type Observation =
  | { kind: "absent" }
  | { kind: "holder"; holder: LockHolder; ageMs: number; raw: string }
  | { kind: "garbage"; ageMs: number; raw: string };

/** Reads one lock file; age and content come from the same open file, even if the path is replaced meanwhile. */
function inspect(path: string): Observation {
  // A regular file only, opened without blocking: a FIFO (or anything else) at the lock is refused with a clear error.
  const opened = openRegularFile(path, constants.O_RDONLY);
  if (opened === null) return { kind: "absent" };
  const { fd } = opened;
  let raw: string;
  let mtimeMs: number;
  try {
    mtimeMs = opened.stat.mtimeMs;
    raw = opened.stat.size > MAX_LOCK_FILE_BYTES ? "" : readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
  const ageMs = Date.now() - mtimeMs;
  const holder = parseHolder(raw);
  return holder ? { kind: "holder", holder, ageMs, raw } : { kind: "garbage", ageMs, raw };
}

function parseHolder(raw: string): LockHolder | undefined {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return undefined; // not JSON: garbage, judged by age like any unreadable lock
  }
  if (typeof data !== "object" || data === null) return undefined;
  const pid: unknown = Reflect.get(data, "pid");
  const host: unknown = Reflect.get(data, "hostname");
  const acquiredAt: unknown = Reflect.get(data, "acquiredAt");
  const nonce: unknown = Reflect.get(data, "nonce");
  if (typeof pid !== "number" || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
  if (typeof host !== "string" || typeof acquiredAt !== "string") return undefined;
  if (typeof nonce !== "string" || nonce === "") return undefined;
  return { pid, hostname: host, acquiredAt, nonce };
}

type StaleReason = "dead-holder" | "too-old" | "garbage";

function staleReason(seen: Observation, staleMs: number): StaleReason | undefined {
  switch (seen.kind) {
    case "absent":
      return undefined;
    case "garbage":
      return seen.ageMs > Math.min(GARBAGE_GRACE_MS, staleMs) ? "garbage" : undefined;
    case "holder": {
      const { holder } = seen;
      if (holder.hostname === HOST && !isAlive(holder)) return "dead-holder";
      return seen.ageMs > staleMs ? "too-old" : undefined;
    }
    default: {
      const unreachable: never = seen;
      throw new Error(`unexpected observation ${JSON.stringify(unreachable)}`);
    }
  }
}

function isAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return heldByThisProcess.has(holder.nonce);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ESRCH") return false;
    if (code === "EPERM") return true; // exists, owned by another user
    throw error;
  }
}

/**
 * Removes the lock at `lockPath` if it is (still) stale, serialized with every other reclaimer through `<lock>.reclaim`.
 * Returns true when the caller should retry at once (lock removed or already gone), false to keep waiting.
 */
function reclaim(lockPath: string, staleMs: number): boolean {
  const mutexPath = `${lockPath}.reclaim`;
  const nonce = nodeCrypto().randomBytes(16).toString("hex");
  const me: LockHolder = { pid: process.pid, hostname: HOST, acquiredAt: new Date().toISOString(), nonce };
  if (!createExclusive(mutexPath, me)) {
    breakStaleMutex(mutexPath);
    return false;
  }
  try {
    const seen = inspect(lockPath); // re-read inside the mutex: only a fresh judgement counts
    if (seen.kind === "absent") return true;
    if (staleReason(seen, staleMs) === undefined) return false;
    // The fence first: the stale holder, if it is only paused, can no longer rename a temp file over anyone's write,
    // and its fence is gone before the lock is free for the next holder to write anything.
    if (seen.kind === "holder" && /^[0-9a-f]{32}$/.test(seen.holder.nonce)) {
      rmSync(fenceDirOf(lockPath, seen.holder.nonce), { recursive: true, force: true });
    }
    unlinkIfPresent(lockPath);
    return true;
  } finally {
    const after = inspect(mutexPath);
    if (after.kind !== "holder" || after.holder.nonce !== nonce) {
      // biome-ignore lint/correctness/noUnsafeFinally: a mutex lost while held overrides whatever the judgement returned
      throw new LockLostError(mutexPath, "the reclaim mutex was broken while held (this process stalled inside it)");
    }
    unlinkIfPresent(mutexPath);
  }
}

/** Breaks `<lock>.reclaim` if its holder died inside it; only the stale file observed here is ever removed. */
function breakStaleMutex(mutexPath: string): void {
  const seen = inspect(mutexPath);
  if (seen.kind === "absent") return;
  const stale =
    seen.kind === "holder"
      ? (seen.holder.hostname === HOST && !isAlive(seen.holder)) || seen.ageMs > RECLAIM_STALE_MS
      : seen.ageMs > Math.min(GARBAGE_GRACE_MS, RECLAIM_STALE_MS);
  if (!stale) return;
  const grave = `${mutexPath}.${process.pid}.${nodeCrypto().randomBytes(6).toString("hex")}.stale`;
  try {
    renameSync(mutexPath, grave);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return; // someone else broke or released it
    throw error;
  }
  const moved = readFileSync(grave, "utf8");
  if (moved !== seen.raw) {
    // We moved a mutex created after our look: put it back before its holder notices.
    try {
      linkSync(grave, mutexPath);
    } catch (error) {
      const message = `Could not restore the reclaim mutex ${mutexPath} moved to ${grave}: ${messageOf(error)}`;
      throw new Error(message, { cause: error });
    }
  }
  unlinkSync(grave);
}

/** The heartbeat: refreshes our lock's mtime; runs in a timer, so problems are recorded for the release to throw. */
function touch(hold: Hold): void {
  if (!hold.active || hold.problem !== undefined) return;
  try {
    const seen = inspect(hold.lockPath);
    if (seen.kind !== "holder" || seen.holder.nonce !== hold.nonce) {
      hold.problem = seen.kind === "absent" ? "the lock file was deleted" : "the lock file names another holder";
      return;
    }
    const now = new Date();
    utimesSync(hold.lockPath, now, now);
  } catch (error) {
    hold.problem = `the heartbeat could not refresh the lock file (${messageOf(error)})`;
  }
}

/** Removes our lock file if it still holds our nonce; returns why it did not, if it did not. */
function endHold(hold: Hold): string | undefined {
  hold.active = false;
  heldByThisProcess.delete(hold.nonce);
  // Our fence goes first: from here on no write of ours can land, whoever holds the lock next.
  rmSync(fenceDirOf(hold.lockPath, hold.nonce), { recursive: true, force: true });
  if (hold.problem !== undefined) return hold.problem;
  const seen = inspect(hold.lockPath);
  if (seen.kind === "absent") return "the lock file was deleted";
  if (seen.kind !== "holder" || seen.holder.nonce !== hold.nonce) return "the lock file names another holder";
  unlinkIfPresent(hold.lockPath);
  return undefined;
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
  }
}

function jitter(ms: number): number {
  return Math.max(1, Math.round(ms * (0.5 + Math.random())));
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
