// What the CLI's entry looks at to guess whether a report's scan will take worker lanes: the workspace root's transcript folder, as the report resolves it, and when its scan cache was last written.
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { claudeProjectsDir, projectFolderName } from "../core/savings/transcript-locations.js";
import { resolveWorkspace } from "../core/workspace.js";
import type { Workspace } from "../core/store/store-dir.js";
import { scanCachePath } from "../core/savings/scan-cache-path.js";

/**
 * Claude Code's transcript folder for the workspace the report will measure (resolveWorkspace, as cliWorkspace): run
 * from a subdirectory, that is still the repository's folder, where its sessions were recorded.
 */
export function earlyScanFolder(
  env: Record<string, string | undefined>,
  cwd: string,
  workspace: Workspace = resolveWorkspace({ env, cwd }),
): string {
  return join(claudeProjectsDir(env), projectFolderName(workspace.root));
}

/**
 * When the workspace's report scan cache (report-scan-cache.ts) was last written, in ms since the epoch: transcripts
 * not changed since are taken from it, so only the others make a scan large. 0 without one (or with it turned off).
 */
export function earlyScanCacheTime(
  env: Record<string, string | undefined>,
  cwd: string,
  workspace: Workspace = resolveWorkspace({ env, cwd }),
): number {
  if (env.THREADMIND_SCAN_CACHE === "0") return 0;
  try {
    const cache = lstatSync(scanCachePath(workspace.storeDir), { throwIfNoEntry: false });
    return cache?.isFile() ? cache.mtimeMs : 0;
  } catch {
    return 0; // not a folder on the way (ENOTDIR), unreadable: no cache to count on; the report says what is wrong
  }
}

/** Both, from one resolution of the workspace (the report's start path). */
export function earlyScanGuess(env: Record<string, string | undefined>, cwd: string): { folder: string; changedAfterMs: number } {
  const workspace = resolveWorkspace({ env, cwd });
  return { folder: earlyScanFolder(env, cwd, workspace), changedAfterMs: earlyScanCacheTime(env, cwd, workspace) };
}
