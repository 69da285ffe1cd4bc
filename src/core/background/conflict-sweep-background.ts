// Starts the conflict-marker check in a process of its own (`thread-mind-mcp conflict-sweep`, detached, at a lower priority): a session start that read its budget with files left, or the MCP server after a checkout, hands it the rest. One at a time (the marker under the store).
import { sweepMarkerPath } from "../conflicts/conflict-marker-sweep.js";
import { startBackgroundCommand } from "./background-command.js";

/**
 * Starts `node <cliPath> conflict-sweep` in `root`, detached, unless one is under way; returns whether it started one.
 * Never throws (an edge: the sweep is derived data, and a later start tries again).
 */
export function startBackgroundSweep(storeDir: string, root: string, cliPath: string): boolean {
  return startBackgroundCommand(storeDir, sweepMarkerPath(storeDir), root, cliPath, "conflict-sweep");
}
