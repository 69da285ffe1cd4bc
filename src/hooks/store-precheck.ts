// The hooks' first question, answered without loading the core: could this workspace hold a ThreadMind store at all?
import { statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { resolveWorkspace, storeExists } from "../core/workspace.js";
import type { Workspace } from "../core/store/store-dir.js";
import { hookWorkspace } from "./hook-workspace.js";

/**
 * The workspace, when the environment alone decides it as resolveWorkspace does, whatever the input's cwd says: an
 * absolute THREADMIND_ROOT, or (THREADMIND_ROOT unset) a CLAUDE_PROJECT_DIR (which Claude Code always sets) that is an
 * existing directory. Null otherwise: then the input's cwd decides (workspaceMayHaveStore).
 */
export function workspaceFromEnv(env: NodeJS.ProcessEnv, fallbackCwd: string): Workspace | null {
  const envDecides = env.THREADMIND_ROOT
    ? isAbsolute(env.THREADMIND_ROOT)
    : env.CLAUDE_PROJECT_DIR !== undefined && env.CLAUDE_PROJECT_DIR !== "" && isDirectory(env.CLAUDE_PROJECT_DIR);
  return envDecides ? resolveWorkspace({ env, cwd: fallbackCwd }) : null;
}

/**
 * False only when the workspace of the hook input's cwd (resolved as the hooks proper resolve it) has no `.threadmind/`:
 * then the hook has nothing to do.
 */
export function workspaceMayHaveStore(inputCwd: string, env: NodeJS.ProcessEnv): boolean {
  // Through hookWorkspace: the fast path then finds this workspace resolved.
  return storeExists(hookWorkspace(env, inputCwd));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
