// Services for a terminal command: the workspace of the current directory, a read-mostly session of its own.
import { ThreadMindServices } from "../core/services.js";
import { resolveWorkspace } from "../core/workspace.js";
import { bundledAssetsDir, loadTiktokenEncoder } from "../core/context/tiktoken-encoder.js";

export function openCliServices(options: { exactTokens: boolean }): ThreadMindServices {
  const workspace = resolveWorkspace({ env: process.env, cwd: process.cwd() });
  return new ThreadMindServices({
    workspace,
    session: { key: `cli-${process.pid}`, pid: process.pid },
    env: process.env,
    encoder: options.exactTokens ? () => loadTiktokenEncoder(bundledAssetsDir(import.meta.url)) : null,
  });
}
