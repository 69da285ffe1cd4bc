// The fast paths of PreToolUse (point-of-action recall) and SubagentStart (a subagent's lean context), bundled into
// plugin/dist/hook-recall.cjs: PreToolUse runs before every file edit, so its bundle holds the recall alone (no
// transcript reader, measuring or nudging code to read, deserialise and run). No YAML, no services.
import type { HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import type { HookName } from "./hook-plans.js";
import { sessionEvents } from "../core/measure/measurement-log-read.js";
import { hookSessionOr } from "../core/session-key.js";
import { startKey } from "../core/git/git.js";
import { threadFileExists } from "../core/store/thread-file-exists.js";
import { fastStore, projectIds, type Rotate } from "./hook-fast-store.js";
import { recordAfterUpkeep } from "./hook-fast-record.js";
import { toolRecall, type RecallStore } from "./tool-recall.js";
import { subagentContext } from "./subagent-context.js";
import { cachedPathIndex } from "../core/recall/path-index-build.js";

/**
 * PreToolUse and SubagentStart from the cached path index; null (the hooks proper build it) when the store or the
 * index is not ready for the fast path.
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
 * The recall hooks' output from the fast path, or null when the hooks proper must run (nothing was written then, but for
 * PreToolUse's record of the changed file, which the hooks proper read back: tool-recall.ts). The entry runs no other
 * hook from this bundle.
 */
export async function tryFastRecall(
  name: HookName,
  input: HookInput,
  env: NodeJS.ProcessEnv,
  rotate: Rotate,
): Promise<HookOutput | null> {
  switch (name) {
    case "pre-tool-use":
      return fastRecall(input, env, rotate, toolRecall);
    case "subagent-start":
      return fastRecall(input, env, rotate, subagentContext);
    case "session-start":
    case "session-end":
    case "pre-compact":
    case "user-prompt-submit":
      return null;
    default: {
      const unreachable: never = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}
