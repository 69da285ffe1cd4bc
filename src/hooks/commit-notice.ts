// SessionStart (hook-start.cjs, node builtins only): once per clone, tells the user when the thread files have never
// been committed although the project is more than a day old. Git is asked once (`git ls-files`), then a mark in
// .threadmind/cache/ (gitignored: per clone) says it was settled; doctor keeps checking (never committed, or changes
// older than a day).
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitPath } from "../core/git/git.js";

/** At most this long for `git ls-files` (once per clone). */
const LS_FILES_TIMEOUT_MS = 1_000;
export const COMMIT_NOTICE_MARK = "commit-notice.json";
/** A project younger than this is not told yet (its first day's work may well be committed with the code). */
export const COMMIT_NOTICE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Whether some project file was last written more than a day ago (projects are rarely rewritten); false when none can be told. */
function projectOlderThanADay(storeDir: string, now: number): boolean {
  const dir = join(storeDir, "projects");
  try {
    if (lstatSync(dir).isSymbolicLink()) return false;
    return readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .some((name) => now - lstatSync(join(dir, name)).mtimeMs > COMMIT_NOTICE_AFTER_MS);
  } catch {
    return false;
  }
}

export function commitNoticeLine(threadsDir: string): string {
  return `ThreadMind: the thread summaries in ${threadsDir} have never been committed, so a \`git clean -fdx\` would delete them and no other clone has them; fix: \`git add .threadmind && git commit -m "ThreadMind summaries"\`. (Said once for this clone; /thread-mind:doctor keeps checking: \`thread-mind-mcp doctor\` in a terminal.)`;
}

/** Writes the mark (a temp file renamed over it, never through a link); a failure only means asking again next time. */
function mark(storeDir: string, verdict: "committed" | "told"): void {
  const cache = join(storeDir, "cache");
  const target = join(cache, COMMIT_NOTICE_MARK);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    mkdirSync(cache, { recursive: true });
    if (!lstatSync(cache).isDirectory()) return;
    rmSync(temp, { force: true });
    writeFileSync(temp, `${JSON.stringify({ verdict, at: new Date().toISOString() })}\n`, { flag: "wx" });
    renameSync(temp, target);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** The line, the first time a session starts in a clone whose thread files git does not track; null otherwise. */
export function commitNotice(gitTop: string | null, storeDir: string): string | null {
  if (gitTop === null) return null;
  const threads = join(storeDir, "threads");
  if (!existsSync(threads) || existsSync(join(storeDir, "cache", COMMIT_NOTICE_MARK))) return null;
  if (!projectOlderThanADay(storeDir, Date.now())) return null;
  // Loaded only here: once per clone.
  const { execFileSync } = require("node:child_process") as typeof import("node:child_process");
  const rel = gitPath(gitTop, threads) || ".";
  const tracked = execFileSync("git", ["ls-files", "-z", "--", rel], {
    cwd: gitTop,
    encoding: "utf8",
    timeout: LS_FILES_TIMEOUT_MS,
    stdio: ["ignore", "pipe", "ignore"],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" },
  });
  if (tracked !== "") {
    mark(storeDir, "committed");
    return null;
  }
  mark(storeDir, "told");
  return commitNoticeLine(`${gitPath(gitTop, storeDir) || "."}/`);
}
