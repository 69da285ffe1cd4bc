// The hooks proper (plugin/dist/hook-core.cjs, loaded by hook-main.cjs when the fast path cannot answer): the full services.
import type { HookInput } from "./hook-input.js";
import type { HookOutput } from "./hook-output.js";
import { hookServices, openHookServices } from "./hook-services.js";
import { sessionStart } from "./session-start.js";
import { measureSize, type MeasureStore } from "./measure-size.js";
import type { HookName } from "./hook-plans.js";
import type { ThreadMindServices } from "../core/services.js";
import { adoptConversation } from "../core/conversation-threads.js";
import { instanceEvents, sessionEvents } from "../core/measure/measurement-log-read.js";
import { promptNudge } from "./prompt-nudge.js";
import { readBranch } from "../core/git/git.js";

/** Measuring through the full services (the fast path has its own, see hook-fast.ts). */
function servicesMeasureStore(services: ThreadMindServices): MeasureStore {
  return {
    storeDir: services.store.dir,
    session: services.session,
    notices: services.notices,
    readState: () => services.readState(),
    sessionEvents: (sessionId) => sessionEvents(services.store.dir, sessionId),
    instanceEvents: () => instanceEvents(services.store.dir, services.session.key),
    recordEvents: (events) => services.recordEvents(events),
    adopt: (conversation) =>
      services.store.locked(() => services.updateState((s) => void adoptConversation(s, services.session, conversation))),
  };
}

export async function handle(name: HookName, input: HookInput, lockTimeoutMs: number): Promise<HookOutput> {
  const services = openHookServices(input, process.env, lockTimeoutMs);
  if (services === null) return {}; // no ThreadMind project here: say nothing, write nothing
  switch (name) {
    case "session-start":
      return sessionStart(services, input);
    case "session-end":
      return measureSize(servicesMeasureStore(services), input, "sessionEnds");
    case "pre-compact":
      return measureSize(servicesMeasureStore(services), input, "preCompacts");
    case "user-prompt-submit": // answered by the fast path (hook-fast.ts); the same through the services for completeness
      return promptNudge(
        {
          storeDir: services.store.dir,
          session: services.session,
          readState: () => services.readState(),
          instanceEvents: () => instanceEvents(services.store.dir, services.session.key),
          projectIds: () => services.store.projectIds(),
          branch: () => (services.workspace.gitTop ? readBranch(services.workspace.gitTop) : null),
          recordEvents: (events) => services.recordEvents(events),
        },
        input,
      );
    default: {
      const unreachable: never = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}

/** The fast path appended past the log's size: rotate it under the store lock (a busy lock leaves it to the next writer). */
export async function rotateMeasurementLog(input: HookInput, lockTimeoutMs: number): Promise<void> {
  await hookServices(input, process.env, lockTimeoutMs).rotateMeasurementLog();
}
