// Generates a ThreadMind workspace by writing files directly: a git repo, .threadmind/ with one project and N thread files
// (a tree of the given depth, summaries of 1–3 KB in sections), and config.json and measurements.jsonl as a long-used store has them.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { prose, seededRandom, words } from "./rng.mjs";

export const PROJECT_ID = "bench-project";
const GIT_ENV = {
  GIT_AUTHOR_NAME: "Bench",
  GIT_AUTHOR_EMAIL: "bench@example.invalid",
  GIT_COMMITTER_NAME: "Bench",
  GIT_COMMITTER_EMAIL: "bench@example.invalid",
};

export function gitEnv() {
  return { ...process.env, ...GIT_ENV, GIT_CONFIG_NOSYSTEM: "1" };
}

/** An empty git repository on branch main with one commit (so HEAD resolves). */
export function initGitRepo(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const env = gitEnv();
  execFileSync("git", ["init", "-q", "-b", "main", dir], { env });
  writeFileSync(join(dir, "README.md"), "# bench workspace\n");
  execFileSync("git", ["add", "README.md"], { cwd: dir, env });
  execFileSync("git", ["commit", "-q", "-m", "init"], { cwd: dir, env });
  return execFileSync("git", ["rev-parse", "HEAD"], { cwd: dir, env, encoding: "utf8" }).trim();
}

function summaryText(rng, bytes) {
  /** @type {[string, number][]} */
  const sections = [
    ["Decisions", 0.3],
    ["Constraints", 0.15],
    ["State", 0.3],
    ["Next steps", 0.25],
  ];
  const parts = [];
  for (const [heading, share] of sections) {
    const lines = [];
    let size = 0;
    while (size < bytes * share) {
      const line = `- ${prose(rng, rng.int(50, 180))}`;
      lines.push(line);
      size += line.length + 1;
    }
    parts.push(`## ${heading}\n${lines.join("\n")}`);
  }
  return parts.join("\n\n");
}

function threadFile(t) {
  const lines = [
    "---",
    `id: ${t.id}`,
    `title: ${t.title}`,
    `parentId: ${t.parentId ?? "null"}`,
    "author: bench",
    `createdAt: ${t.createdAt}`,
    `updatedAt: ${t.updatedAt}`,
  ];
  if (t.commit) lines.push(`commit: ${t.commit}`);
  if (t.paths && t.paths.length > 0) lines.push("paths:", ...t.paths.map((p) => `  - ${p}`));
  lines.push("---", "");
  return `${lines.join("\n")}\n${t.summary}\n`;
}

/**
 * Writes the workspace. options: seed, threads, depth, summaryBytes [min, max], measurements (sessions in the
 * measurement log, as a store used for a long time has them), activeFor (CLAUDE_PID whose session is on the deepest thread),
 * pathsPerThread (thread k's paths: src/area-k/file-0.ts … file-(n-1).ts; none by default).
 * Returns { root, storeDir, deepestId, ids }.
 */
export function writeWorkspace(root, options) {
  const rng = seededRandom(options.seed);
  const head = initGitRepo(root);
  const store = join(root, ".threadmind");
  const threadsDir = join(store, "threads", PROJECT_ID);
  mkdirSync(join(store, "projects"), { recursive: true });
  mkdirSync(threadsDir, { recursive: true });
  mkdirSync(join(store, "cache"), { recursive: true });
  writeFileSync(
    join(store, ".gitignore"),
    "# ThreadMind local state (per machine): not shared through git\nconfig.json\nconfig.json.*\nmeasurements.jsonl\nmeasurements.1.jsonl\ncache/\n.lock\n.lock.*\n.*.tmp\n",
  );
  writeFileSync(
    join(store, "projects", `${PROJECT_ID}.json`),
    `${JSON.stringify({ id: PROJECT_ID, title: "Bench project", mode: "solo", createdAt: "2026-01-01T00:00:00.000Z", systemContext: prose(rng, 600) }, null, 2)}\n`,
  );
  const [minBytes, maxBytes] = options.summaryBytes ?? [1024, 3072];
  const all = [];
  let clock = Date.parse("2026-01-01T00:00:00.000Z");
  const make = (id, title, parent) => {
    clock += rng.int(1_000, 600_000);
    const at = new Date(clock).toISOString();
    const t = {
      id,
      title,
      parentId: parent ? parent.id : null,
      depth: parent ? parent.depth + 1 : 1,
      createdAt: at,
      updatedAt: at,
      commit: head,
      summary: summaryText(rng, rng.int(minBytes, maxBytes)),
      paths: Array.from({ length: options.pathsPerThread ?? 0 }, (_, j) => `src/area-${all.length}/file-${j}.ts`),
    };
    all.push(t);
    return t;
  };
  const main = make("main", "Bench project", null);
  // A spine reaching the full depth, then the rest hung under random threads above the depth limit.
  let deepest = main;
  for (let d = 2; d <= options.depth && all.length < options.threads; d++)
    deepest = make(`spine-${d}`, `Spine ${d} ${words(rng, 2)}`, deepest);
  const open = all.filter((t) => t.depth < options.depth);
  while (all.length < options.threads) {
    const parent = rng.pick(open);
    const n = all.length;
    const t = make(`t-${n}-${words(rng, 2).replace(/ /g, "-")}`, `Topic ${n} ${words(rng, 3)}`, parent);
    if (t.depth < options.depth) open.push(t);
  }
  for (const t of all) writeFileSync(join(threadsDir, `${t.id}.md`), threadFile(t));
  const { state, events } = localState(rng, deepest.id, options);
  writeFileSync(join(store, "config.json"), `${JSON.stringify(state, null, 1)}\n`);
  // The measurement log as after long use: the previous file full (rotated at 1 MiB), the current one nearly so.
  const lines = events.map((e) => `${JSON.stringify(e)}\n`);
  const half = Math.floor(lines.length / 2);
  writeFileSync(join(store, "measurements.1.jsonl"), lines.slice(0, half).join(""));
  writeFileSync(join(store, "measurements.jsonl"), lines.slice(half).join(""));
  return { root, storeDir: store, deepestId: deepest.id, ids: all.map((t) => t.id), head };
}

/**
 * Local state as after long use: config.json with the branch's start thread and this instance's session; the
 * measurement events of `keep` sessions (injection + receipt, size at the end, hooks seen, conversation; half of them
 * also compacted), interleaved as they happen.
 */
function localState(rng, activeId, options) {
  const keep = options.measurements ?? 500;
  const at = (i, k) => new Date(Date.parse("2026-01-01T00:00:00.000Z") + i * 60_000 + k).toISOString();
  const events = [];
  for (let i = 0; i < keep; i++) {
    const sessionId = rng.uuid();
    const transcriptPath = `/home/bench/.claude/projects/x/${sessionId}.jsonl`;
    const contentHash = rng.hex(20);
    const source = rng.pick(["startup", "clear", "compact"]);
    events.push({
      kind: "injection",
      at: at(i, 0),
      sessionId,
      source,
      projectId: PROJECT_ID,
      threadId: activeId,
      chars: rng.int(3_000, 10_000),
      tokens: rng.int(900, 2_800),
      omitted: rng.int(0, 6),
      contentHash,
      transcriptPath,
    });
    events.push({ kind: "hookSeen", at: at(i, 1), event: `SessionStart:${source}`, sessionId });
    events.push({ kind: "conversation", at: at(i, 2), sessionId, projectId: PROJECT_ID, threadId: activeId });
    if (i % 2 === 0) {
      events.push({
        kind: "preCompact",
        at: at(i, 3),
        sessionId,
        contextTokens: rng.int(150_000, 170_000),
        reason: "auto",
        transcriptPath,
      });
      events.push({ kind: "hookSeen", at: at(i, 4), event: "PreCompact:auto", sessionId });
    }
    events.push({
      kind: "sessionEnd",
      at: at(i, 5),
      sessionId,
      contextTokens: rng.int(20_000, 170_000),
      reason: rng.pick(["clear", "other", "prompt_input_exit"]),
      transcriptPath,
    });
    events.push({ kind: "hookSeen", at: at(i, 6), event: "SessionEnd:other", sessionId });
    events.push({ kind: "receipt", at: at(i, 7), sessionId, injectionAt: at(i, 0), contentHash, receipt: "delivered" });
  }
  const state = {
    version: 1,
    lastProjectId: PROJECT_ID,
    branches: { main: { [PROJECT_ID]: activeId } },
    sessions: {},
    legacyAuthorIds: [],
  };
  if (options.activeFor !== undefined)
    state.sessions[`claude-${options.activeFor}`] = {
      projectId: PROJECT_ID,
      threadId: activeId,
      pid: options.activeFor,
      updatedAt: at(keep, 0),
    };
  return { state, events };
}
