// Starts a ThreadMind command in a process of its own (`node <cli> <command>`, detached) for work that would outlast a
// hook (recall's index build, the conflict-marker sweep's catch-up), one at a time per marker (background-marker.ts).
import { closeSync, existsSync, openSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { markerUnderWay } from "../store/background-marker.js";
import { makeDir } from "../store/make-dir.js";
import { assertNoLinksBelow } from "../store/read-strict.js";

/**
 * How much nicer than its starter the background process runs (19 at most): it yields the cores to the session's own
 * processes (the MCP server answering a call, a hook, Claude Code) when they want them, and runs at full speed when
 * they do not (on a 2-core machine a build of ~1 s of CPU at normal priority slowed the server's next call 2–3×).
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Starts `node <cliPath> <command>` in `root`, detached, at BACKGROUND_NICENESS, unless the process of `marker` (under
 * the store) is under way; returns whether it started one. Never throws (an edge: the hook goes on without it, and a
 * later one tries again).
 */
export function startBackgroundCommand(
  storeDir: string,
  marker: string,
  root: string,
  cliPath: string,
  command: string,
): boolean {
  try {
    if (!existsSync(cliPath) || markerUnderWay(marker)) return false;
    assertNoLinksBelow(storeDir, marker);
    makeDir(dirname(marker));
    rmSync(marker, { force: true });
    const fd = openSync(marker, "wx", 0o644); // two hooks at once: one wins
    try {
      // Required here, not imported: a hook bundle loads every static import at each start, and this runs rarely.
      const { spawn } = require("node:child_process") as typeof import("node:child_process");
      const child = spawn(process.execPath, [cliPath, command], {
        cwd: root,
        detached: true,
        stdio: "ignore",
        env: { ...process.env, THREADMIND_ROOT: root },
      });
      child.on("error", () => {}); // a failed start: the marker's pid is dead, so the next call tries again
      child.unref();
      if (child.pid !== undefined) lowerPriority(child.pid);
      writeSync(fd, `${child.pid ?? 0}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch {
    return false;
  }
}

/** Makes `pid` BACKGROUND_NICENESS nicer than this process; where the platform refuses, it runs as it is (it only costs time). */
function lowerPriority(pid: number): void {
  try {
    const os = require("node:os") as typeof import("node:os");
    os.setPriority(pid, Math.min(19, os.getPriority() + BACKGROUND_NICENESS));
  } catch {
    // not allowed here: the process runs at its parent's priority
  }
}
