// Services for a terminal command: the workspace of the current directory, its git repository, a read-mostly session of its own.
import { ThreadMindServices } from "../core/services.js";
import { Store } from "../core/store/store.js";
import { bundledAssetsDir, loadTiktokenEncoder } from "../core/context/tiktoken-encoder.js";
import { UsageError } from "./cli-options.js";
import { cliWorkspace } from "./cli-workspace.js";

/** The git repository of the current directory and its store, for git-setup and resolve (a usage error outside git). */
export function gitTopHere(): { top: string; store: Store } {
  const workspace = cliWorkspace();
  if (workspace.gitTop === null) throw new UsageError(`${workspace.root} is not in a git repository`);
  return { top: workspace.gitTop, store: new Store(workspace) };
}

export function openCliServices(options: { exactTokens: boolean }): ThreadMindServices {
  return new ThreadMindServices({
    workspace: cliWorkspace(),
    session: { key: `cli-${process.pid}`, pid: process.pid },
    env: process.env,
    encoder: options.exactTokens ? () => loadTiktokenEncoder(bundledAssetsDir(import.meta.url)) : null,
  });
}

/** The services' notices (local state set aside, a search without file watching...) on stderr, as stats and every MCP tool result give them. */
export function printNotices(services: ThreadMindServices): void {
  for (const notice of services.notices) console.error(notice);
}
