// The workspace a hook works in, resolved once per process: the entry (when the environment decides it), the fast path
// and the team check all need it, and each resolution walks up to the git top.
import { resolveWorkspace } from "../core/workspace.js";
import type { Workspace } from "../core/store/store-dir.js";

/** The entry's answer when the environment alone decided the workspace (then the input's cwd does not matter). */
let fromEnv: Workspace | null = null;
let last: { env: NodeJS.ProcessEnv; cwd: string; workspace: Workspace } | null = null;

/** Set by the entry: the workspace the environment decided (null: the input's cwd decides). */
export function setWorkspaceFromEnv(workspace: Workspace | null): void {
  fromEnv = workspace;
}

/** resolveWorkspace({ env, cwd }), answered once per process for the same inputs. */
export function hookWorkspace(env: NodeJS.ProcessEnv, cwd: string): Workspace {
  if (fromEnv !== null && env === process.env) return fromEnv;
  if (last !== null && last.env === env && last.cwd === cwd) return last.workspace;
  const workspace = resolveWorkspace({ env, cwd });
  last = { env, cwd, workspace };
  return workspace;
}
