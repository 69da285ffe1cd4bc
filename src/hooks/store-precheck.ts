// The hooks' first question, answered without loading the core: could this workspace hold a ThreadMind store at all?
import { existsSync } from "node:fs";
import { resolveWorkspace } from "../core/workspace.js";
import { parseHookInput } from "./hook-input.js";

/**
 * Answered from the environment alone, before stdin is read: THREADMIND_ROOT or CLAUDE_PROJECT_DIR (which Claude Code
 * always sets) decide the workspace whatever the input's cwd says (see resolveWorkspace). Null when neither is set:
 * then the input's cwd decides (workspaceMayHaveStore).
 */
export function storeExpectedFromEnv(env: NodeJS.ProcessEnv, fallbackCwd: string): boolean | null {
  if (!env.THREADMIND_ROOT && !env.CLAUDE_PROJECT_DIR) return null;
  return existsSync(resolveWorkspace({ env, cwd: fallbackCwd }).storeDir);
}

/**
 * False only when the workspace the hook input names (resolved as the hooks proper resolve it) has no `.threadmind/`:
 * then the hook has nothing to do. Unparseable input answers true, so that the hooks proper report it.
 */
export function workspaceMayHaveStore(rawInput: string, fallbackCwd: string, env: NodeJS.ProcessEnv): boolean {
  let cwd: string;
  try {
    cwd = parseHookInput(rawInput, fallbackCwd).cwd;
  } catch {
    return true;
  }
  return existsSync(resolveWorkspace({ env, cwd }).storeDir);
}
