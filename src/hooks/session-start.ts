// SessionStart: put the active thread's context back (startup: the branch's thread; clear/compact: this instance's thread).
import { failureLine, type HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import type { ThreadMindServices } from "../core/services.js";
import { adoptConversation, resumedConversationToAdopt } from "../core/conversation-threads.js";
import { trustedStamps } from "../core/context/context-cache.js";
import { saveContextCacheEntry, threadCacheEntry } from "../core/context/context-cache-write.js";
import { hooksBuild } from "./hooks-build.js";
import { startEvents, startOutput } from "./start-record.js";
import { instanceEvents, sessionEvents } from "../core/measure/measurement-log-read.js";
import { startAfterRestart } from "./freshness-start.js";
import { assembleStarts, userLine } from "../core/context/start-context.js";

export async function sessionStart(services: ThreadMindServices, input: HookInput): Promise<HookOutput> {
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
  const { project, thread, lost, conflictNotice } = await services.currentThreadForReading({
    newProcess: source === "startup",
  });
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
  const events = source === "startup" ? null : instanceEvents(services.store.dir, services.session.key);
  const noticed = await startAfterRestart(start, events, input, source);
  const failures: string[] = [...chosen];
  try {
    // Appended to measurements.jsonl without the lock: config.json is not written at all.
    await services.recordEvents(startEvents(input, services.session, source, project.id, thread.id, noticed.start));
  } catch (e) {
    failures.push(failureLine("context loaded, but the injection could not be recorded", e));
  }
  // Next time the fast path prints this from the cache, unless something here depended on more than the files and HEAD.
  if (migration === null && services.notices.length === 0 && failures.length === 0 && conflictNotice === null) {
    const head = dependsOnHead ? services.headCommitFromFiles() : null;
    const headSettled = !dependsOnHead || (typeof head === "string" && head === headBefore);
    const stamps = headSettled ? trustedStamps(services.store.dir, sources, assemblyStartedAt) : null;
    const builtBy = hooksBuild();
    if (stamps !== null && builtBy !== null) {
      try {
        await saveContextCacheEntry(
          services.store.dir,
          threadCacheEntry(builtBy, project.id, thread, {
            sources: stamps,
            head: dependsOnHead ? (head as string) : null,
            starts: { [source]: start },
          }),
        );
      } catch (e) {
        failures.push(
          failureLine("could not save the context cache (derived data; the next session start assembles it again)", e),
        );
      }
    }
  }
  return startOutput(noticed.start, [...noticed.userLines, ...failures]);
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
