// A Claude configuration folder of real public transcripts replicated to a size (for the scan against ccusage): never
// committed, built under the bench's work directory from /work/shared/fixtures/transcripts (or THREADMIND_SHARED_FIXTURES).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { encodeProjectPath } from "./fixture-cache.mjs";

/** The public fixtures' folder: THREADMIND_SHARED_FIXTURES, else ../shared beside the repository, else /work/shared. */
export function publicFixturesDir(repoRoot) {
  const candidates = [
    process.env.THREADMIND_SHARED_FIXTURES,
    resolve(repoRoot, "../shared/fixtures/transcripts"),
    "/work/shared/fixtures/transcripts",
  ];
  return candidates.find((d) => d !== undefined && existsSync(d)) ?? null;
}

/** A uuid-shaped name derived from a number (Claude Code names session files after their uuid). */
function uuidFor(n) {
  const h = createHash("sha1").update(`bench-session-${n}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The session id a transcript's records carry (the first `"sessionId"`), else null. */
function recordedSessionId(text) {
  return /"sessionId":"([^"\\]+)"/.exec(text)?.[1] ?? null;
}

/**
 * Main-session fixtures (the largest first) copied under uuid names until `totalBytes`: mostly copies of the largest
 * real session (a 2.1.x session of 3 MB with a compaction, progress records and subagent usage), every other one once.
 * Each copy carries its file's uuid as its session id, as Claude Code writes a session (its file is named after the id
 * its records carry): a copy under another name with the original's id inside reads as a renamed transcript, which
 * the report scans twice (savings-scan.ts: every record its own on the second pass), and no user's folder is that.
 * `totalBytes` 0: the folder without any session.
 */
export function replicatedFixtureCorpus(root, fixturesDir, totalBytes) {
  const sessions = [];
  for (const sub of readdirSync(fixturesDir, { withFileTypes: true })) {
    if (!sub.isDirectory()) continue;
    for (const f of readdirSync(join(fixturesDir, sub.name)))
      if (f.endsWith(".jsonl")) sessions.push(join(fixturesDir, sub.name, f));
  }
  // Each session's recorded cwd becomes the workspace (the report reads only sessions that ran inside it).
  const texts = sessions.map((s) => readFileSync(s, "utf8"));
  const order = texts.map((_, i) => i).sort((a, b) => texts[b].length - texts[a].length);
  const workspace = join(root, "workspace");
  const configDir = join(root, "claude");
  const folder = join(configDir, "projects", encodeProjectPath(workspace));
  mkdirSync(folder, { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const placed = order.map((i) => texts[i].replace(/"cwd":"(?:[^"\\]|\\.)*"/g, `"cwd":${JSON.stringify(workspace)}`));
  let bytes = 0;
  let n = 0;
  /** Writes `text` as the next session: its recorded id replaced by its file's uuid everywhere. */
  const writeSession = (text) => {
    const id = uuidFor(n++);
    const own = recordedSessionId(text);
    const b = Buffer.from(own === null ? text : text.split(own).join(id), "utf8");
    writeFileSync(join(folder, `${id}.jsonl`), b);
    bytes += b.length;
  };
  // An empty folder (the report's and ccusage's fixed cost): no session at all.
  if (totalBytes === 0) return { workspace, configDir, folder, bytes, files: n };
  for (const text of placed.slice(1)) writeSession(text);
  while (bytes < totalBytes) writeSession(placed[0]);
  return { workspace, configDir, folder, bytes, files: n };
}
