// Format-1 thread files (`.threadmind/threads/<project>/<id>.md`, one file per thread) written deliberately, for the
// tests about what the merge driver and `resolve` do with them: the store still reads them, but writes format 2, so a
// test that must keep a thread in format 1 edits its file directly.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Thread } from "../../src/core/types.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import { servicesFor } from "./core-services.js";
import type { TempRepo } from "./temp-repo.js";

/** The format-1 path of a thread, relative to the repository. */
export function format1Path(projectId: string, threadId: string): string {
  return `.threadmind/threads/${projectId}/${threadId}.md`;
}

/** Rewrites a thread stored as a folder (format 2) as its one format-1 file, as an older release wrote it. */
export function toFormat1(dir: string, projectId: string, threadId: string): void {
  const thread = servicesFor(dir, `f1-${Math.random()}`).store.readThread(projectId, threadId);
  rmSync(join(dir, ".threadmind", "threads", projectId, threadId), { recursive: true, force: true });
  writeFileSync(join(dir, format1Path(projectId, threadId)), serializeThread(thread));
}

/** Writes a format-1 thread file. */
export function writeFormat1(dir: string, projectId: string, thread: Thread): void {
  writeFileSync(join(dir, format1Path(projectId, thread.id)), serializeThread(thread));
}

/** Adds a decision to a format-1 file by editing it (after its last decision), as a teammate's older release did. */
export function addDecisionFormat1(dir: string, path: string, text: string): void {
  const full = join(dir, path);
  const before = readFileSync(full, "utf8");
  const eol = before.includes("\r\n") ? "\r\n" : "\n"; // a CRLF checkout (core.autocrlf) keeps its line ends
  const lines = before.split(eol);
  const start = lines.indexOf("## Decisions");
  if (start < 0) throw new Error(`no Decisions section in ${path}`);
  let at = start + 1;
  while (at < lines.length && lines[at]!.startsWith("- ")) at++;
  lines.splice(at, 0, `- ${text}`);
  writeFileSync(full, lines.join(eol));
}

/** Branch `name` off `from` with one decision added to the format-1 file `path` and committed. */
export function branchAddingFormat1(repo: TempRepo, path: string, name: string, decision: string, from = "main"): void {
  repo.git("checkout", "-q", "-b", name, from);
  addDecisionFormat1(repo.dir, path, decision);
  repo.commit(`${name}: ${decision}`);
  repo.git("checkout", "-q", from);
}

/** Threads `ids` of `projectId` (children of main) as a release before format 2 wrote them: one <id>.md file each. */
export function olderReleaseThreads(
  dir: string,
  projectId: string,
  ids: readonly string[],
  summaryOf: (id: string) => string = (id) => `## Decisions\n- ${id} decided.`,
): void {
  const at = "2026-01-01T00:00:00.000Z";
  for (const id of ids) {
    writeFormat1(dir, projectId, {
      id,
      title: id,
      parentId: "main",
      author: "older release",
      createdAt: at,
      updatedAt: at,
      summary: summaryOf(id),
    });
  }
}
