// The hooks' first question, answered without loading the core: could this workspace hold a ThreadMind store at all?
import { existsSync } from "node:fs";
import { resolveWorkspace } from "../core/workspace.js";
import { parseHookInput } from "./hook-input.js";

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
