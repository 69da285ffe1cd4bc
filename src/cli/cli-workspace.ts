// The workspace of the current directory for a terminal command (no services: the report's bundle loads only this).
import { resolveWorkspace } from "../core/workspace.js";
import type { Workspace } from "../core/store/store-dir.js";

/** The workspace of the current directory (every command that reads the store starts here). */
export function cliWorkspace(): Workspace {
  return resolveWorkspace({ env: process.env, cwd: process.cwd() });
}
