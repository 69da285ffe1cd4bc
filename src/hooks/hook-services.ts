// Opens the core services the way hooks need them: workspace from the hook's cwd, session of this Claude Code instance.
import { ThreadMindServices } from "../core/services.js";
import { resolveWorkspace } from "../core/workspace.js";
import { hookSessionOr } from "../core/session-key.js";
import type { HookInput } from "./hook-input.js";

/** Services for a hook, whether or not the workspace has a ThreadMind project. */
export function hookServices(input: HookInput, env: NodeJS.ProcessEnv, lockTimeoutMs: number): ThreadMindServices {
  const workspace = resolveWorkspace({ env, cwd: input.cwd });
  const session = hookSessionOr(env, input);
  return new ThreadMindServices({ workspace, session, env, encoder: null, lockTimeoutMs, sweepTempFiles: false });
}

/** Services for a hook, or null when the workspace has no ThreadMind project (then the hook does nothing at all). */
export function openHookServices(input: HookInput, env: NodeJS.ProcessEnv, lockTimeoutMs: number): ThreadMindServices | null {
  const services = hookServices(input, env, lockTimeoutMs);
  return services.hasProjects() || services.hasOldLayout() ? services : null;
}
