// The fast paths of SessionEnd, PreCompact and UserPromptSubmit (bundled into plugin/dist/hook-main.cjs; SessionStart's is
// hook-fast-start.ts, in hook-start.cjs; PreToolUse's and SubagentStart's hook-fast-recall.ts, in hook-recall.cjs; the
// store helpers they share are hook-fast-store.ts): no YAML, no services.
// SessionEnd/PreCompact measure and append; UserPromptSubmit nudges (always answered here). Null means "cannot tell from
// here": the caller then runs the hooks proper (hook-core.cjs), which decide everything else and fill the cache. Null
// only before any write.
import { instanceEvents, sessionAndInstanceEvents, sessionEvents } from "../core/measure/measurement-log-read.js";
import type { HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import type { HookName } from "./hook-plans.js";
import { measureSize } from "./measure-size.js";
import { promptMayBeNudged, promptNudge } from "./prompt-nudge.js";
import { hookSessionOr, isClaudeInstance } from "../core/session-key.js";
import { startKey } from "../core/git/git.js";
import { threadFileExists } from "../core/store/thread-file-exists.js";
import { isUnreadableMeasurementLog } from "../core/measure/measurement-log.js";
import { fastConversation, fastStore, projectIds, type Rotate } from "./hook-fast-store.js";
import { indexUpkeep, recordAfterUpkeep } from "./hook-fast-record.js";

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
    case "subagent-start":
      // hook-recall.cjs answers them (hook-fast-recall.ts): the entry never runs them from this bundle.
      return null;
    default: {
      const unreachable: never = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}
