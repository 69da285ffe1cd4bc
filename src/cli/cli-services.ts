// Services for a terminal command: the workspace of the current directory, a read-mostly session of its own.
import { ThreadMindServices } from "../core/services.js";
import { resolveWorkspace, type Workspace } from "../core/workspace.js";
import { bundledAssetsDir, loadTiktokenEncoder } from "../core/context/tiktoken-encoder.js";

/** The workspace of the current directory (every command that reads the store starts here). */
export function cliWorkspace(): Workspace {
  return resolveWorkspace({ env: process.env, cwd: process.cwd() });
}

export function openCliServices(options: { exactTokens: boolean }): ThreadMindServices {
  return new ThreadMindServices({
    workspace: cliWorkspace(),
    session: { key: `cli-${process.pid}`, pid: process.pid },
    env: process.env,
    encoder: options.exactTokens ? () => loadTiktokenEncoder(bundledAssetsDir(import.meta.url)) : null,
  });
}
