// Paths that stay current: the files a Claude Code instance changed (fileEdit events of its PreToolUse hooks) since its
// last write to a thread's summary, joined to the thread's paths at the next write (most recent first, within the limit).
import type { MeasurementEvent } from "../measure/measurement-log.js";
import { LIMITS } from "../limits.js";
import { nearestMatch } from "./path-match.js";

/** Files changed after the instance's last summary write to the thread (its whole log when it has none), most recent first. */
export function changedFilesSince(events: readonly MeasurementEvent[], projectId: string, threadId: string): string[] {
  let from = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === "summaryWrite" && e.projectId === projectId && e.threadId === threadId) {
      from = i + 1;
      break;
    }
  }
  const files: string[] = [];
  const seen = new Set<string>();
  for (let i = events.length - 1; i >= from; i--) {
    const e = events[i]!;
    if (e.kind === "fileEdit" && !seen.has(e.file)) {
      seen.add(e.file);
      files.push(e.file);
    }
  }
  return files;
}

/**
 * The thread's paths with the changed files a path of it does not cover yet in front (most recent first), cut to the
 * paths limit; `added` lists the files that joined.
 */
export function joinChangedPaths(existing: readonly string[], changed: readonly string[]): { paths: string[]; added: string[] } {
  const added = changed.filter((f) => f.length <= LIMITS.pathChars && nearestMatch(existing, f) === null);
  const paths = [...added, ...existing].slice(0, LIMITS.pathsCount);
  return { paths, added: added.filter((f) => paths.includes(f)) };
}
