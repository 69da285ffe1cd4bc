// The transcript folder the CLI's entry looks at to guess whether a report's scan will take worker lanes: the workspace root's, as the report resolves it.
import { join } from "node:path";
import { claudeProjectsDir, projectFolderName } from "../core/savings/transcript-locations.js";
import { resolveWorkspace } from "../core/workspace.js";

/**
 * Claude Code's transcript folder for the workspace the report will measure (resolveWorkspace, as cliWorkspace): run
 * from a subdirectory, that is still the repository's folder, where its sessions were recorded.
 */
export function earlyScanFolder(env: Record<string, string | undefined>, cwd: string): string {
  return join(claudeProjectsDir(env), projectFolderName(resolveWorkspace({ env, cwd }).root));
}
