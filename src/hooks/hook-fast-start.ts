// SessionStart's fast path (plugin/dist/hook-start.cjs), and the store helpers every hook's fast path shares (hook-fast.ts
// takes those into hook-main.cjs): no YAML, no services. It prints the context cached for the thread the session is on;
// null means "cannot tell from here": the caller then runs the hooks proper (hook-core.cjs), which decide everything else
// and fill the cache. Null only before any write.
import { existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { readLocalState, type LocalState } from "../core/store/local-state.js";
import { storeDirState } from "../core/workspace.js";
import { hookWorkspace } from "./hook-workspace.js";
import { headCommitFromWorkTree, startKey } from "../core/git/git.js";
import { hookSessionOr } from "../core/session-key.js";
import type { SessionKey } from "../core/types.js";
import { isValidId } from "../core/id-pattern.js";
import { projectIdsIn } from "../core/store/project-ids.js";
import { threadFileExists } from "../core/store/thread-file-exists.js";
import { sessionThreadRef } from "../core/thread-choice.js";
import { entryStillValid, readContextCacheEntry } from "../core/context/context-cache.js";
import {
  appendMeasurementEvents,
  LOG_ROTATE_BYTES,
  measurementLogPath,
  type MeasurementEvent,
} from "../core/measure/measurement-log.js";
import { instanceEventsSinceConversation, lastConversation, sessionEvents } from "../core/measure/measurement-log-read.js";
import { resumedConversationToAdopt } from "../core/conversation-threads.js";
import { failureLine, type HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import { hooksBuild } from "./hooks-build.js";
import { startEvents, startOutput } from "./start-record.js";
import { startAfterRestart } from "./freshness-start.js";

/** The store as the fast path sees it: usable local state, an existing measurement log, no 0.4 layout to migrate. */
export interface FastStore {
  storeDir: string;
  gitTop: string | null;
  state: LocalState;
}

export function fastStore(input: HookInput, env: NodeJS.ProcessEnv): FastStore | null {
  const workspace = hookWorkspace(env, input.cwd);
  const storeDir = workspace.storeDir;
  // A .threadmind that is not a real directory (a link to another store, say) is refused by the full path, in its words.
  if (storeDirState(storeDir) !== "directory") return null;
  // A 0.4 layout to migrate, or a first measurement (the log and its .gitignore entry are created): the full path.
  if (existsSync(join(storeDir, "trees")) || !existsSync(measurementLogPath(storeDir))) return null;
  const { state, problem } = readLocalState(storeDir);
  // An unusable config.json is reported (and set aside later) by the full path, in its words.
  if (problem !== undefined) return null;
  return { storeDir, gitTop: workspace.gitTop, state };
}

/** Project ids as the store lists them; null when projects/ is a symbolic link or cannot be listed (the full path says why). */
export function projectIds(storeDir: string): string[] | null {
  const dir = join(storeDir, "projects");
  try {
    if (lstatSync(dir).isSymbolicLink()) return null;
    return projectIdsIn(dir);
  } catch {
    return null;
  }
}

/** The log's upkeep by the hooks proper (hook-core.cjs, loaded for it): its index rewritten, the log rotated when full. */
export type Rotate = () => Promise<void>;

/** Appends; past the log's size the hooks proper rotate it (rare: about once per thousand sessions). */
export async function record(storeDir: string, events: readonly MeasurementEvent[], rotate: Rotate): Promise<void> {
  if (appendMeasurementEvents(storeDir, events) > LOG_ROTATE_BYTES) await rotate();
}

/** The store, this instance's session and the conversation's logged events, for a hook that does not change threads. */
export interface FastConversation {
  store: FastStore;
  session: SessionKey;
  logged: readonly MeasurementEvent[];
  /** The instance's events (instanceEvents), when the lookup read them with the conversation's; null: not read. */
  instanceLogged: readonly MeasurementEvent[] | null;
}

/** How a hook reads the conversation's events from the log, and the instance's too when it needs both (else null). */
export type ConversationLookup = (
  storeDir: string,
  sessionId: string,
  session: SessionKey,
) => { logged: readonly MeasurementEvent[]; instanceLogged: readonly MeasurementEvent[] | null };

const sessionOnly: ConversationLookup = (storeDir, sessionId) => ({
  logged: sessionEvents(storeDir, sessionId),
  instanceLogged: null,
});

/**
 * Null when the fast path cannot answer: no fast store, or a resumed conversation whose thread this window is to take
 * over (that writes config.json under the lock: the full path does it).
 */
export function fastConversation(
  input: HookInput,
  env: NodeJS.ProcessEnv,
  lookup: ConversationLookup = sessionOnly,
): FastConversation | null {
  const store = fastStore(input, env);
  if (store === null) return null;
  const session = hookSessionOr(env, input.sessionId);
  const { logged, instanceLogged } = lookup(store.storeDir, input.sessionId, session);
  if (resumedConversationToAdopt(store.state, session, logged, input.sessionId) !== null) return null;
  return { store, session, logged, instanceLogged };
}

/** resume: the conversation already holds its context. Nothing to do unless a resumed conversation is to be taken over. */
function fastResume(input: HookInput, env: NodeJS.ProcessEnv): HookOutput | null {
  return fastConversation(input, env) === null ? null : {};
}

export async function fastSessionStart(input: HookInput, env: NodeJS.ProcessEnv, rotate: Rotate): Promise<HookOutput | null> {
  const source = input.source ?? "startup";
  if (source === "resume") return fastResume(input, env);
  if (source !== "startup" && source !== "clear" && source !== "compact") return null;
  const builtBy = hooksBuild();
  if (builtBy === null) return null;
  const store = fastStore(input, env);
  if (store === null) return null;
  const session = hookSessionOr(env, input.sessionId);
  // The instance's events since its last conversation (not at startup, which follows none of this instance's; usually
  // one read of the log's end): the thread it followed, and how the restart it follows left the summary.
  let events: MeasurementEvent[] | null = null;
  if (source !== "startup") {
    try {
      events = instanceEventsSinceConversation(store.storeDir, session.key);
    } catch {
      return null; // a log that cannot be read: the hooks proper start without it and say so (session-start.ts)
    }
  }
  const followed = () => (events === null ? null : lastConversation(events, session.key));
  const branch = () => startKey(store.gitTop);
  const exists = (projectId: string, threadId: string) => threadFileExists(store.storeDir, projectId, threadId);
  const ref = sessionThreadRef(projectIds(store.storeDir), store.state, session.key, followed, branch, exists);
  // The session's own thread gone: the hooks proper start elsewhere and say so (a notice the cache cannot give).
  if (ref === null || ref.lost !== null || !isValidId(ref.projectId) || !isValidId(ref.threadId)) return null;
  const { projectId, threadId } = ref;
  const entry = readContextCacheEntry(store.storeDir, projectId, threadId);
  if (entry === null || !entryStillValid(entry, store.storeDir, builtBy, () => headCommitFromWorkTree(store.gitTop))) return null;
  // The branch's choice only while active (the rule of sessionThreadRef): otherwise the hooks proper choose.
  if (!ref.own && entry.threadStatus !== "active") return null;
  const start = entry.starts[source];
  if (start === undefined) return null;
  const noticed = await startAfterRestart(start, events, input, source);
  const failures: string[] = [];
  try {
    await record(store.storeDir, startEvents(input, session, source, projectId, threadId, noticed.start), rotate);
  } catch (e) {
    failures.push(failureLine("context loaded, but the injection could not be recorded", e));
  }
  return startOutput(noticed.start, [...noticed.userLines, ...failures]);
}
