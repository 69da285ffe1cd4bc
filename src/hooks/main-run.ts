// The hooks as the entry (entry.ts, plugin/dist/hook.cjs) runs them, in plugin/dist/hook-start.cjs (SessionStart),
// hook-recall.cjs (PreToolUse, SubagentStart) and hook-main.cjs (the others): the input read, the bundle's fast path answers, or, when it cannot, the hooks proper
// (hook-core.cjs, loaded only then); SessionStart adds the team check.
import { parseHookInput, readStdin, type HookInput } from "./hook-input.js";
import { isHookName, PLANS } from "./hook-plans.js";
import { workspaceMayHaveStore } from "./store-precheck.js";
import { runHookWith, type EntryStart } from "./hook-runner.js";

import type { HookOutput } from "./hook-output.js";
import type { HookName } from "./hook-plans.js";
import { setWorkspaceFromEnv } from "./hook-workspace.js";
import type { Workspace } from "../core/store/store-dir.js";

/** One more line for the user, after what the hook already says. */
function withLine(output: HookOutput, line: string | null): HookOutput {
  if (line === null) return output;
  return { ...output, userMessage: output.userMessage ? `${output.userMessage} ${line}` : line };
}

type HookCore = typeof import("./hook-core.js");

/** Could the workspace hold a store? Should the check itself fail, the hooks run and report it. */
function guarded(check: () => boolean | null): boolean | null {
  try {
    return check();
  } catch {
    return true;
  }
}

/** What the entry found before loading this bundle: when it started, and what the environment alone said of the store. */
export interface EntryFacts {
  startedAt: number;
  /** True: a store is expected; null: the environment does not decide (the input's cwd does). Never false here. */
  fromEnv: boolean | null;
  /** The workspace the environment decided, resolved by the entry (null: the input's cwd decides). */
  workspace: Workspace | null;
  /**
   * Loads the hooks proper (hook-core.cjs beside the bundles) for `hook`: the entry's loader, through its V8 code cache
   * (one per hook), so that the cache's code lives in the entry alone.
   */
  loadCore: (hook: HookName) => unknown;
}

/** A bundle's fast path: the hook's output, or null when the hooks proper must answer (the rotation: theirs, see hook-fast.ts). */
export type FastPath = (
  name: HookName,
  input: HookInput,
  env: NodeJS.ProcessEnv,
  rotate: () => Promise<void>,
) => Promise<HookOutput | null>;

/** SessionStart's last word: one more line for the user (the team check), or null. */
export type StartCheck = (input: HookInput, output: HookOutput) => string | null;

/**
 * The hooks as a bundle runs them: `fast` is the bundle's fast path; `startCheck`, SessionStart's team check (only in the
 * bundle that runs SessionStart).
 */
export function hookMain(
  fast: FastPath,
  startCheck: StartCheck | null,
): {
  runPath: () => string | null;
  runHook: (name: string | undefined, facts: EntryFacts) => Promise<void>;
} {
  let hooksProperLoaded = false;
  let ranPath = "other";

  /**
   * The path this process took, for the entry's code cache (asked at exit; one cache per hook): SessionStart's fast path
   * per source ("fast:clear"...), the other hooks' "fast"; null when it loaded the hooks proper (hook-core.cjs).
   */
  function runPath(): string | null {
    return hooksProperLoaded ? null : ranPath;
  }

  async function runHook(name: string | undefined, facts: EntryFacts): Promise<void> {
    const entry: EntryStart = { startedAt: facts.startedAt, stdin: null };
    setWorkspaceFromEnv(facts.workspace);
    if (isHookName(name)) {
      let input: HookInput | null = null;
      try {
        const text = await readStdin(Math.max(100, PLANS[name].deadlineMs - 200));
        entry.stdin = { text };
        input = parseHookInput(text, process.cwd());
        entry.stdin.input = input; // parsed once: the runner takes it
      } catch (e) {
        // Unreadable stdin, reported within the deadline by the runner; an input that does not parse is parsed again there
        // and reported in its words.
        if (entry.stdin === null) entry.stdin = { error: e };
      }
      // Only when the environment left the workspace to the input's cwd.
      const cwd = input?.cwd;
      if (facts.fromEnv === null && cwd !== undefined && guarded(() => workspaceMayHaveStore(cwd, process.env)) === false) return;
    }
    await runHookWith(name, entry, async (hook, input, lockTimeoutMs) => {
      let loaded: HookCore | null = null;
      const core = () => {
        hooksProperLoaded = true;
        loaded ??= facts.loadCore(hook) as HookCore;
        return loaded;
      };
      ranPath = hook === "session-start" ? `fast:${input.source ?? "startup"}` : "fast";
      const answered = await fast(hook, input, process.env, () => core().rotateMeasurementLog(input, lockTimeoutMs));
      const output = answered ?? (await core().handle(hook, input, lockTimeoutMs));
      if (hook !== "session-start" || startCheck === null) return output;
      return withLine(output, startCheck(input, output));
    });
  }

  return { runPath, runHook };
}
