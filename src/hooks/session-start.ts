// SessionStart: put the active thread's context back (startup: the branch's thread; clear/compact: this instance's thread).
import { failureLine, type HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import type { ThreadMindServices } from "../core/services.js";
import { NoActiveProjectError } from "../core/errors.js";
import { adoptConversation, resumedConversationToAdopt } from "../core/conversation-threads.js";
import { trustedStamps } from "../core/context/context-cache.js";
import { saveContextCacheEntry, threadCacheEntry } from "../core/context/context-cache-write.js";
import { hooksBuild } from "./hooks-build.js";
import { saveBranchStart, threadsDirStamp } from "../core/context/branch-start.js";
import { stampSettledAtMs } from "../core/store/file-stamp.js";
import { sessionThreadRef } from "../core/thread-choice.js";
import { threadFileExists } from "../core/store/thread-file-exists.js";
import { projectIds } from "./hook-fast-store.js";
import { fittedStart, startEvents, startOutput } from "./start-record.js";
import { instanceEvents, lastConversation, sessionEvents } from "../core/measure/measurement-log-read.js";
import { isUnreadableMeasurementLog } from "../core/measure/measurement-log.js";
import { startAfterRestart } from "./freshness-start.js";
import { assembleStarts, userLine } from "../core/context/start-context.js";

export async function sessionStart(services: ThreadMindServices, input: HookInput): Promise<HookOutput> {
  try {
    return await startOrResume(services, input);
  } catch (e) {
    // A fresh clone with several projects: config.json, which holds the choice, is per machine. Both are told how to
    // choose, rather than a hook failure that leaves the model without a word.
    if (!(e instanceof NoActiveProjectError)) throw e;
    return severalProjectsNoneChosen(e.ids);
  }
}

/**
 * When local state chooses no thread for a new process on this branch (sessionThreadRef, as the fast path asks it): how
 * to save the start the services choose instead, once the context is cached. The start is saved only when the threads
 * directory kept its stamp through the assembly and that stamp had settled before it began (the racy rule of the cache).
 */
function unchosenStart(
  services: ThreadMindServices,
): { save: (projectId: string, threadId: string, startedAt: number) => void } | null {
  const storeDir = services.store.dir;
  const key = services.startKey();
  if (key === null) return null;
  const ids = projectIds(storeDir);
  const exists = (projectId: string, threadId: string) => threadFileExists(storeDir, projectId, threadId);
  if (
    sessionThreadRef(
      ids,
      services.readState(),
      services.session.key,
      () => null,
      () => key,
      exists,
    ) !== null
  )
    return null;
  const before = new Map((ids ?? []).map((id) => [id, threadsDirStamp(storeDir, id)]));
  return {
    save: (projectId, threadId, startedAt) => {
      const stamp = before.get(projectId) ?? null;
      if (stamp === null || threadsDirStamp(storeDir, projectId) !== stamp || stampSettledAtMs(stamp) > startedAt) return;
      saveBranchStart(storeDir, projectId, key, threadId, stamp);
    },
  };
}

function severalProjectsNoneChosen(ids: readonly string[]): HookOutput {
  const list = ids.join(", ");
  return {
    additionalContext: `ThreadMind: this workspace has several projects (${list}) and none is chosen in this window yet, so no thread's context was loaded. Ask the user which project this session is about, then call project_switch with its id.`,
    userMessage: `ThreadMind: several projects here (${list}) and none chosen on this machine yet: /thread-mind:project switch <id> loads one's context.`,
  };
}

async function startOrResume(services: ThreadMindServices, input: HookInput): Promise<HookOutput> {
  const source = input.source ?? "startup";
  // resume restores the conversation, which already holds the context: nothing to add. A new process resuming it takes
  // the conversation's thread, so that its MCP server and a later /clear continue there.
  if (source === "resume") {
    const conversation = resumedConversationToAdopt(
      services.readState(),
      services.session,
      sessionEvents(services.store.dir, input.sessionId),
      input.sessionId,
    );
    if (conversation !== null) {
      await services.store.locked(() =>
        services.updateState((state) => void adoptConversation(state, services.session, conversation)),
      );
    }
    return services.notices.length > 0 ? { userMessage: services.notices.map(userLine).join(" ") } : {};
  }
  // Reading needs no lock: only a 0.4 store to migrate takes it, so a busy lock never costs the context.
  const assemblyStartedAt = Date.now();
  const headBefore = services.headCommitFromFiles();
  const migration = await services.migrateIfNeeded();
  // A new process (startup) starts where the branch says; after /clear or a compaction the process stays on its thread.
  // A thread file git left in conflict is read from HEAD, with a notice (the model's and the user's).
  // The instance's events, read once (not at startup, which follows none of this instance's): the thread it followed,
  // and how the restart it follows left the summary. Without the log (it cannot be read), the thread the window
  // followed is not known: it starts as a new process would.
  const logFailures: string[] = [];
  const events =
    source === "startup"
      ? null
      : await withoutUnreadableLog(
          services.store.dir,
          logFailures,
          async () => instanceEvents(services.store.dir, services.session.key),
          async () => null,
        );
  // A new process that local state puts on no thread (a fresh clone, a new worktree): the start found here is saved for
  // the fast path (branch-start.ts) with the threads directory's stamp from before anything was read.
  const unchosen = source === "startup" ? unchosenStart(services) : null;
  const { project, thread, lost, conflictNotice } = await services.currentThreadForReading(
    events === null ? { newProcess: true } : { followed: lastConversation(events, services.session.key) },
  );
  // The window's own thread is gone (a notice says so): the conversation starts on this one, which becomes the window's,
  // so that the summary writes that follow go where its context came from.
  const chosen = lost === null ? [] : await chooseStartThread(services, project.id, thread.id);
  const leading = () => [...services.notices.map(userLine), ...(migration ? [userLine(migration.text.split("\n")[0]!)] : [])];
  const { starts, sources, dependsOnHead } = await assembleStarts(
    services,
    project,
    thread,
    [source],
    leading,
    conflictNotice === null ? [] : [conflictNotice],
  );
  const start = starts[source]!;
  // After a stale /clear or compaction, one more line (the cache keeps the context without it).
  const noticed = await startAfterRestart(start, events, input, source);
  const sent = await fittedStart(input, noticed.start);
  const failures: string[] = [...logFailures, ...chosen];
  // A log that could not be read is not appended to either (its line already says why).
  if (logFailures.length === 0) {
    try {
      // Appended to measurements.jsonl without the lock: config.json is not written at all.
      await services.recordEvents(startEvents(input, services.session, source, project.id, thread.id, sent));
    } catch (e) {
      failures.push(failureLine("context loaded, but the injection could not be recorded", e));
    }
  }
  // Next time the fast path prints this from the cache, unless something here depended on more than the files and HEAD.
  if (migration === null && services.notices.length === 0 && failures.length === 0 && conflictNotice === null) {
    const head = dependsOnHead ? services.headCommitFromFiles() : null;
    const headSettled = !dependsOnHead || (typeof head === "string" && head === headBefore);
    const stamps = headSettled ? trustedStamps(services.store.dir, sources, assemblyStartedAt) : null;
    const builtBy = hooksBuild();
    if (stamps !== null && builtBy !== null) {
      try {
        saveContextCacheEntry(
          services.store.dir,
          threadCacheEntry(builtBy, project.id, thread, {
            sources: stamps,
            head: dependsOnHead ? (head as string) : null,
            starts: { [source]: start },
          }),
        );
        if (unchosen !== null && lost === null) unchosen.save(project.id, thread.id, assemblyStartedAt);
      } catch (e) {
        failures.push(
          failureLine("could not save the context cache (derived data; the next session start assembles it again)", e),
        );
      }
    }
  }
  return startOutput(sent, [...noticed.userLines, ...failures]);
}

/** Makes the thread a start fell back to the window's own; a failure is one line for the user (the context stands). */
async function chooseStartThread(services: ThreadMindServices, projectId: string, threadId: string): Promise<string[]> {
  try {
    await services.chooseThread(projectId, threadId);
    return [];
  } catch (e) {
    return [failureLine(`context loaded, but "${threadId}" could not be made this window's thread`, e)];
  }
}

/**
 * `read`, or `instead` when the measurement log cannot be read (a directory, a FIFO or a link where it should be): the
 * context must not be lost to it. The failure is one line for the user; any other error is thrown on.
 */
async function withoutUnreadableLog<T>(
  storeDir: string,
  failures: string[],
  read: () => Promise<T>,
  instead: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (!isUnreadableMeasurementLog(e, storeDir)) throw e;
    if (failures.length === 0)
      failures.push(
        failureLine(
          "context loaded, but the measurement log could not be read (the thread this window followed and the summary's freshness are unknown)",
          e,
        ),
      );
    return instead();
  }
}
