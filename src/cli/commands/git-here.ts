// The git repository of the current directory and its store, for git-setup and resolve (a usage error outside git).
import { UsageError } from "../cli-options.js";
import { cliWorkspace } from "../cli-services.js";
import { Store } from "../../core/store/store.js";

export async function gitTopHere(): Promise<{ top: string; store: Store }> {
  const workspace = cliWorkspace();
  if (workspace.gitTop === null) throw new UsageError(`${workspace.root} is not in a git repository`);
  return { top: workspace.gitTop, store: new Store(workspace) };
}
