// The fast paths of SessionEnd, PreCompact, UserPromptSubmit, PreToolUse and SubagentStart (bundled into plugin/dist/hook-main.cjs; SessionStart's is
// hook-fast-start.ts, in hook-start.cjs; the store helpers both use are hook-fast-store.ts): no YAML, no services.
// SessionEnd/PreCompact measure and append; UserPromptSubmit nudges (always answered here). Null means "cannot tell from
// here": the caller then runs the hooks proper (hook-core.cjs), which decide everything else and fill the cache. Null
// only before any write.
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import { indexBehind, instanceEvents, sessionAndInstanceEvents, sessionEvents } from "../core/measure/measurement-log-read.js";
import type { HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import type { HookName } from "./hook-plans.js";
import { measureSize } from "./measure-size.js";
import { promptMayBeNudged, promptNudge } from "./prompt-nudge.js";
import { hookSessionOr, isClaudeInstance } from "../core/session-key.js";
import { startKey } from "../core/git/git.js";
import { threadFileExists } from "../core/store/thread-file-exists.js";
import { isUnreadableMeasurementLog } from "../core/measure/measurement-log.js";
import { fastConversation, fastStore, projectIds, record, type Rotate } from "./hook-fast-store.js";
import { toolRecall, type RecallStore } from "./tool-recall.js";
import { subagentContext } from "./subagent-context.js";
import { cachedPathIndex } from "../core/recall/path-index-build.js";

/**
 * After SessionEnd, PreCompact or UserPromptSubmit read the log, before they append to it: when a lookup found its index
 * far behind (every ~64 KiB of log, i.e. every few dozen sessions), the hooks proper write it anew, over the log as
 * read (its writing code is not in this bundle, which every hook compiles). Asked again after an append, it is a no-op.
 */
async function indexUpkeep(storeDir: string, rotate: Rotate): Promise<void> {
  if (indexBehind(storeDir)) await rotate();
}

/** record for these hooks: the index's upkeep first (see indexUpkeep). */
async function recordAfterUpkeep(storeDir: string, events: readonly MeasurementEvent[], rotate: Rotate): Promise<void> {
  await indexUpkeep(storeDir, rotate);
  await record(storeDir, events, rotate);
}

async function fastMeasure(
  input: HookInput,
  env: NodeJS.ProcessEnv,
  kind: "sessionEnds" | "preCompacts",
  rotate: Rotate,
): Promise<HookOutput | null> {
  // At a compaction or /clear the staleness record needs the instance's events too: read with the conversation's.
  const restart = kind === "preCompacts" || input.reason === "clear";
  const conversation = fastConversation(input, env, (storeDir, sessionId, session) => {
    if (!restart || !isClaudeInstance(session)) return { logged: sessionEvents(storeDir, sessionId), instanceLogged: null };
    const both = sessionAndInstanceEvents(storeDir, sessionId, session.key);
    return { logged: both.session, instanceLogged: both.instance };
  });
  if (conversation === null) return null;
  const { store, session, logged, instanceLogged } = conversation;
  const output = await measureSize(
    {
      storeDir: store.storeDir,
      session,
      notices: [],
      readState: () => store.state,
      sessionEvents: () => logged,
      instanceEvents: () => instanceLogged ?? instanceEvents(store.storeDir, session.key),
      projectIds: () => projectIds(store.storeDir),
      threadExists: (projectId, threadId) => threadFileExists(store.storeDir, projectId, threadId),
      recordEvents: (events) => recordAfterUpkeep(store.storeDir, events, rotate),
      adopt: () => Promise.reject(new Error("internal: the fast path does not take over conversations")),
    },
    input,
    kind,
  );
  await indexUpkeep(store.storeDir, rotate);
  return output;
}

/**
 * UserPromptSubmit, always answered here (the hooks proper are never loaded before a prompt): a store the fast path
 * cannot use (no measurement log yet, a 0.4 layout, an unusable config.json) is left to the next session hook, silently.
 */
async function fastPrompt(input: HookInput, env: NodeJS.ProcessEnv, rotate: Rotate): Promise<HookOutput> {
  const session = hookSessionOr(env, input);
  // A slash command or a window without CLAUDE_PID: nothing to read.
  if (!promptMayBeNudged(input, session)) return {};
  const store = fastStore(input, env);
  if (store === null) return {};
  let output: HookOutput;
  try {
    output = await promptNudge(
      {
        storeDir: store.storeDir,
        session,
        readState: () => store.state,
        instanceEvents: () => instanceEvents(store.storeDir, session.key),
        projectIds: () => projectIds(store.storeDir),
        threadExists: (projectId, threadId) => threadFileExists(store.storeDir, projectId, threadId),
        branch: () => startKey(store.gitTop),
        recordEvents: (events) => recordAfterUpkeep(store.storeDir, events, rotate),
      },
      input,
    );
  } catch (e) {
    // A log that is not a regular file: no nudge can be judged, and one failure line per prompt would only be noise
    // (SessionStart says why at the next /clear or compaction).
    if (isUnreadableMeasurementLog(e, store.storeDir)) return {};
    throw e;
  }
  await indexUpkeep(store.storeDir, rotate);
  return output;
}

/**
 * PreToolUse (point-of-action recall) and SubagentStart (the subagent's lean context) from the cached path index; null
 * (the hooks proper build it) when the store or the index is not ready for the fast path.
 */
async function fastRecall(
  input: HookInput,
  env: NodeJS.ProcessEnv,
  rotate: Rotate,
  answer: (store: RecallStore, input: HookInput) => Promise<HookOutput | null>,
): Promise<HookOutput | null> {
  const store = fastStore(input, env);
  if (store === null) return null;
  return answer(
    {
      storeDir: store.storeDir,
      root: store.root,
      gitTop: store.gitTop,
      session: hookSessionOr(env, input),
      state: store.state,
      projectIds: () => projectIds(store.storeDir),
      threadExists: (projectId, threadId) => threadFileExists(store.storeDir, projectId, threadId),
      branch: () => startKey(store.gitTop),
      sessionEvents: () => sessionEvents(store.storeDir, input.sessionId),
      index: () => cachedPathIndex(store.storeDir, store.gitTop),
      recordEvents: (events) => recordAfterUpkeep(store.storeDir, events, rotate),
    },
    input,
  );
}

/**
 * The hook's output from the fast path, or null when the hooks proper must run (nothing was written then, but for
 * PreToolUse's record of the changed file, which the hooks proper read back: tool-recall.ts).
 */
export async function tryFast(
  name: HookName,
  input: HookInput,
  env: NodeJS.ProcessEnv,
  rotate: Rotate,
): Promise<HookOutput | null> {
  switch (name) {
    case "session-start":
      // hook-start.cjs answers SessionStart (hook-fast-start.ts): the entry never runs it from this bundle.
      return null;
    case "session-end":
      return fastMeasure(input, env, "sessionEnds", rotate);
    case "pre-compact":
      return fastMeasure(input, env, "preCompacts", rotate);
    case "user-prompt-submit":
      return fastPrompt(input, env, rotate);
    case "pre-tool-use":
      return fastRecall(input, env, rotate, toolRecall);
    case "subagent-start":
      return fastRecall(input, env, rotate, subagentContext);
    default: {
      const unreachable: never = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}
