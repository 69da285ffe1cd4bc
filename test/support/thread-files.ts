// A thread's files on disk as one snapshot (format 2: every file of its folder; format 1: its one file), for tests that check what a call wrote or left.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Every file of the thread (paths relative to its folder, or its `<id>.md`) with its text, in a stable order, as one string. */
export function threadFilesText(workspace: string, projectId: string, threadId: string): string {
  const threads = join(workspace, ".threadmind", "threads", projectId);
  const folder = join(threads, threadId);
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else parts.push(`== ${relative(folder, p)}\n${readFileSync(p, "utf8")}`);
    }
  };
  if (existsSync(folder)) walk(folder);
  const legacy = join(threads, `${threadId}.md`);
  if (existsSync(legacy)) parts.push(`== ${threadId}.md\n${readFileSync(legacy, "utf8")}`);
  if (parts.length === 0) throw new Error(`no files for thread ${projectId}/${threadId} in ${threads}`);
  return parts.join("\n");
}
