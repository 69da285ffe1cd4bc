// The hooks proper (plugin/dist/hook-core.cjs, loaded by hook-start.cjs, hook-recall.cjs or hook-main.cjs when the fast path cannot answer): the full services.
import type { HookInput } from "./hook-input.js";
import type { HookOutput } from "./hook-output.js";
import { hookServices, openHookServices } from "./hook-services.js";
import { sessionStart } from "./session-start.js";
import { measureSize, type MeasureStore } from "./measure-size.js";
import type { HookName } from "./hook-plans.js";
import type { ThreadMindServices } from "../core/services.js";
import { adoptConversation } from "../core/conversation-threads.js";
import { indexBehind, instanceEvents, sessionEvents } from "../core/measure/measurement-log-read.js";
import { refreshMeasurementIndexIfBehind } from "../core/measure/measurement-index-write.js";
import { threadFileExists } from "../core/store/thread-file-exists.js";
import { LOG_ROTATE_BYTES, measurementLogPath, openLog } from "../core/measure/measurement-log.js";
import { cachedPathIndex, currentPathIndex } from "../core/recall/path-index-build.js";
import { type ReadyIndex, readyFromMemory } from "../core/recall/path-index.js";
import { largeForInlineBuild, startBackgroundIndexBuild } from "../core/background/recall-index-background.js";
import { join } from "node:path";
import { startKey } from "../core/git/git.js";
import { toolRecall, type RecallStore } from "./tool-recall.js";
import { subagentContext } from "./subagent-context.js";

/** The store's project ids, null when they cannot be listed (freshness-thread.ts then names no thread). */
function projectIdsOrNull(services: ThreadMindServices): readonly string[] | null {
  try {
    return services.store.projectIds();
  } catch {
    return null;
  }
}

/** Measuring through the full services (the fast path has its own, see hook-fast.ts). */
function servicesMeasureStore(services: ThreadMindServices): MeasureStore {
  return {
    storeDir: services.store.dir,
    session: services.session,
    notices: services.notices,
    readState: () => services.readState(),
    sessionEvents: (sessionId) => sessionEvents(services.store.dir, sessionId),
    instanceEvents: () => instanceEvents(services.store.dir, services.session.key),
    projectIds: () => projectIdsOrNull(services),
    threadExists: (projectId, threadId) => threadFileExists(services.store.dir, projectId, threadId),
    recordEvents: (events) => services.recordEvents(events),
    adopt: (conversation) =>
      services.store.locked(() => services.updateState((s) => void adoptConversation(s, services.session, conversation))),
  };
}

/** The CLI beside the running bundle (plugin/dist/cli.mjs), or null when not running from the bundles. */
function bundledCli(): string | null {
  try {
    return join(__dirname, "cli.mjs");
  } catch {
    return null;
  }
}

/**
 * The current path index for a hook: the saved one, else built here for a small store; a large store's is built in the
 * background (recall-index-background.ts) and this call recalls nothing (an empty index: the changed file is still
 * recorded, and the next call after the build recalls again).
 */
async function hookPathIndex(services: ThreadMindServices): Promise<ReadyIndex> {
  const { store } = services;
  const cli = bundledCli();
  // currentPathIndex checks the saved index itself: asked here only where the hook will not build one.
  if (cli === null || !largeForInlineBuild(store.dir)) return currentPathIndex(store);
  const cached = await cachedPathIndex(store.dir, store.workspace.gitTop);
  if (cached !== null) return cached;
  startBackgroundIndexBuild(store.dir, store.workspace.root, cli);
  return readyFromMemory({ threads: [], excerpts: {} });
}

/**
 * Recall answered null through the hooks proper: the saved index is current by its stamps, yet a lookup found a part of
 * it damaged (a small store's is checked whole and built here, so only a large store's gets this far). Its build is
 * started in the background, which checks every part and builds it anew; this call recalls nothing.
 */
function rebuildDamagedIndex(services: ThreadMindServices): HookOutput {
  const cli = bundledCli();
  if (cli !== null) startBackgroundIndexBuild(services.store.dir, services.store.workspace.root, cli);
  return {};
}

/** Recall through the full services: the path index built (and saved) when the cached one is missing or stale. */
async function servicesRecallStore(services: ThreadMindServices, input: HookInput): Promise<RecallStore> {
  let ready: Promise<ReadyIndex> | null = null; // built when first asked (after PreToolUse has recorded the file)
  const gitTop = services.store.workspace.gitTop;
  return {
    storeDir: services.store.dir,
    root: services.store.workspace.root,
    gitTop,
    session: services.session,
    state: services.readState(),
    projectIds: () => projectIdsOrNull(services),
    threadExists: (projectId, threadId) => threadFileExists(services.store.dir, projectId, threadId),
    branch: () => startKey(gitTop),
    sessionEvents: () => sessionEvents(services.store.dir, input.sessionId),
    index: () => {
      ready ??= hookPathIndex(services);
      return ready;
    },
    recordEvents: (events) => services.recordEvents(events),
  };
}

export async function handle(name: HookName, input: HookInput, lockTimeoutMs: number): Promise<HookOutput> {
  const services = openHookServices(input, process.env, lockTimeoutMs);
  if (services === null) return {}; // no ThreadMind project here: say nothing, write nothing
  try {
    return await handleWith(services, name, input);
  } finally {
    // A lookup that found the measurement index far behind: written anew for the next hooks (best effort).
    if (indexBehind(services.store.dir)) refreshMeasurementIndexIfBehind(services.store.dir);
  }
}

async function handleWith(services: ThreadMindServices, name: HookName, input: HookInput): Promise<HookOutput> {
  switch (name) {
    case "session-start":
      return sessionStart(services, input);
    case "session-end":
      return measureSize(servicesMeasureStore(services), input, "sessionEnds");
    case "pre-compact":
      return measureSize(servicesMeasureStore(services), input, "preCompacts");
    case "user-prompt-submit": // always answered by the fast path (hook-fast.ts: fastPrompt never returns null)
      throw new Error("internal: UserPromptSubmit is answered by the fast path");
    case "pre-tool-use":
      return (await toolRecall(await servicesRecallStore(services, input), input)) ?? rebuildDamagedIndex(services);
    case "subagent-start":
      return (await subagentContext(await servicesRecallStore(services, input), input)) ?? rebuildDamagedIndex(services);
    default: {
      const unreachable: never = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}

/**
 * Upkeep of the measurement log the fast path asks for: its index written anew when a lookup found it far behind, and
 * the log rotated under the store lock once past its size (a busy lock leaves that to the next writer).
 */
export async function rotateMeasurementLog(input: HookInput, lockTimeoutMs: number): Promise<void> {
  const services = hookServices(input, process.env, lockTimeoutMs);
  refreshMeasurementIndexIfBehind(services.store.dir);
  const size = openLog(measurementLogPath(services.store.dir), (_fd, bytes) => bytes);
  if (size !== null && size > LOG_ROTATE_BYTES) await services.rotateMeasurementLog();
}
