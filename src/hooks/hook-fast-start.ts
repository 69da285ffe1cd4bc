// SessionStart's fast path (plugin/dist/hook-start.cjs): no YAML, no services. It prints the context cached for the thread
// the session is on; null means "cannot tell from here": the caller then runs the hooks proper (hook-core.cjs), which
// decide everything else and fill the cache. Null only before any write.
import { isValidId } from "../core/id-pattern.js";
import { headCommitFromWorkTree, startKey } from "../core/git/git.js";
import { hookSessionOr } from "../core/session-key.js";
import { threadFileExists } from "../core/store/thread-file-exists.js";
import { chooseProjectId, sessionThreadRef, type SessionThreadRef } from "../core/thread-choice.js";
import { branchStart } from "../core/context/branch-start.js";
import type { LocalState } from "../core/store/local-state.js";
import { entryStillValid, readContextCacheEntry } from "../core/context/context-cache.js";
import { checksSettled, dropSettledChecks } from "../core/context/context-cache-settle.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import { instanceEventsSinceConversation, lastConversation } from "../core/measure/measurement-log-read.js";
import { failureLine, type HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import { hooksBuild } from "./hooks-build.js";
import { fittedStart, startEvents, startOutput } from "./start-record.js";
import { startAfterRestart } from "./freshness-start.js";
import { fastConversation, fastStore, projectIds, record, type Rotate } from "./hook-fast-store.js";

/** resume: the conversation already holds its context. Nothing to do unless a resumed conversation is to be taken over. */
function fastResume(input: HookInput, env: NodeJS.ProcessEnv): HookOutput | null {
  return fastConversation(input, env) === null ? null : {};
}

/**
 * A new process that local state puts on no thread (a fresh clone or worktree: no config.json yet) starts where the
 * hooks proper last started one on this branch, while the project's threads directory is as it was then (branch-start.ts);
 * the entry's status is checked as for the branch's choice (own: false).
 */
function startOnBranch(
  storeDir: string,
  ids: readonly string[] | null,
  state: LocalState,
  sessionKey: string,
  branch: () => string | null,
  exists: (projectId: string, threadId: string) => boolean,
): SessionThreadRef | null {
  const projectId = ids === null ? null : chooseProjectId(ids, state, sessionKey);
  const key = branch();
  if (projectId === null || key === null) return null;
  const threadId = branchStart(storeDir, projectId, key);
  return threadId === null || !exists(projectId, threadId) ? null : { projectId, threadId, own: false, lost: null };
}

export async function fastSessionStart(input: HookInput, env: NodeJS.ProcessEnv, rotate: Rotate): Promise<HookOutput | null> {
  const source = input.source ?? "startup";
  if (source === "resume") return fastResume(input, env);
  if (source !== "startup" && source !== "clear" && source !== "compact") return null;
  const builtBy = hooksBuild();
  if (builtBy === null) return null;
  const store = fastStore(input, env);
  if (store === null) return null;
  const session = hookSessionOr(env, input);
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
  const ids = projectIds(store.storeDir);
  const ref =
    sessionThreadRef(ids, store.state, session.key, followed, branch, exists) ??
    (source === "startup" ? startOnBranch(store.storeDir, ids, store.state, session.key, branch, exists) : null);
  // The session's own thread gone: the hooks proper start elsewhere and say so (a notice the cache cannot give).
  if (ref === null || ref.lost !== null || !isValidId(ref.projectId) || !isValidId(ref.threadId)) return null;
  const { projectId, threadId } = ref;
  const entry = readContextCacheEntry(store.storeDir, projectId, threadId);
  const checkedFromMs = Date.now();
  if (entry === null || !entryStillValid(entry, store.storeDir, builtBy, () => headCommitFromWorkTree(store.gitTop))) return null;
  if (checksSettled(entry, checkedFromMs)) {
    try {
      dropSettledChecks(store.storeDir, entry);
    } catch {
      // Derived data: left as it was, the entry costs the next start its text checks, nothing else.
    }
  }
  // The branch's choice only while active (the rule of sessionThreadRef): otherwise the hooks proper choose.
  if (!ref.own && entry.threadStatus !== "active") return null;
  const start = entry.starts[source];
  if (start === undefined) return null;
  const noticed = await startAfterRestart(start, events, input, source);
  const sent = await fittedStart(input, noticed.start);
  const failures: string[] = [];
  try {
    await record(store.storeDir, startEvents(input, session, source, projectId, threadId, sent), rotate);
  } catch (e) {
    failures.push(failureLine("context loaded, but the injection could not be recorded", e));
  }
  return startOutput(sent, [...noticed.userLines, ...failures]);
}
