// Hook benchmarks: SessionStart (big store; the same with 500 writes made through the MCP server; 10,000 threads; no project), SessionEnd (200 MB vs 20 KB), PreCompact (200 MB),
// UserPromptSubmit (no project; big store; 200 MB vs 20 KB), peak RSS; every hook run as Claude Code runs it; and
// SessionStart and UserPromptSubmit (20 KB and 200 MB rollouts) run as Codex runs them; all interleaved with
// `node -e ''` (the floor) in the same rounds. Subset "codex" (`--only=hooks:codex`): the floor and the Codex rows only.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { cachedTranscript } from "./fixture-cache.mjs";
import { cachedRollout } from "./rollout-cache.mjs";
import { writeRollout } from "./rollout-session.mjs";
import { codexHookEnv, hookCommand, hookEnv, shellSpec } from "./hook-command.mjs";
import { prose, seededRandom } from "./rng.mjs";
import { peakRssKb, runTimed } from "./spawn-measure.mjs";
import { summarize } from "./stats.mjs";
import { initGitRepo, PROJECT_ID, writeWorkspace } from "./store-fixture.mjs";
import { figure } from "./figure.mjs";
import { callText, connectServer } from "./mcp-bench.mjs";

/** How long after the server's summary write the /clear case starts (see runOne). */
const CLEAR_AFTER_WRITE_MS = 1_000;
/** Recorded cwd of the benchmark transcripts: a constant, so that the cached files do not depend on the checkout's path. */
const TRANSCRIPT_CWD = "/home/bench/project";
/** A hook that ran out of its own deadline says so (src/hooks/hook-core.ts); counted, not a wrong result. */
const GAVE_UP = /hook gave up after \d+ ms/;

function contentHash(text) {
  return createHash("sha1").update(text).digest("base64url").slice(0, 20);
}

/** src/core/text-fingerprint.ts, as the hooks log it; a mismatch would show as an unsettled receipt in the checks. */
function textFingerprint(text) {
  const bytes = new Uint8Array(Math.ceil((text.length * 3) / 4) * 4 + 4);
  const { written } = new TextEncoder().encodeInto(text, bytes);
  const words = new Uint32Array(bytes.buffer, 0, Math.ceil(written / 4));
  let h1 = 0xdeadbeef ^ written;
  let h2 = 0x41c6ce57 ^ written;
  for (let i = 0; i < words.length; i++) {
    h1 = Math.imul(h1 ^ words[i], 2654435761);
    h2 = Math.imul(h2 ^ words[i], 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

function parseOutput(stdout) {
  const text = stdout.trim();
  if (text === "") return null;
  return JSON.parse(text);
}

/**
 * Where the SessionStart hook that made the session's last injection found the transcript's end: the start of the line
 * that records it (the last hook_additional_context record, looked for in the file's last 8 MB).
 */
function lastInjectionOffset(path) {
  const size = statSync(path).size;
  const length = Math.min(size, 8 * 1024 * 1024);
  const fd = openSync(path, "r");
  try {
    const tail = Buffer.alloc(length);
    readSync(fd, tail, 0, length, size - length);
    const at = tail.lastIndexOf('"type":"hook_additional_context"');
    if (at === -1) throw new Error(`no hook_additional_context record in the last ${length} bytes of ${path}`);
    return size - length + tail.lastIndexOf(0x0a, at) + 1;
  } finally {
    closeSync(fd);
  }
}

/** Logs an injection of `session` still waiting for its receipt (what SessionEnd / PreCompact settle), as the hook logs it. */
function withPendingInjection(logPath, session) {
  const injection = session.lastInjection;
  const event = {
    kind: "injection",
    at: "2026-02-01T00:00:00.000Z",
    sessionId: session.sessionId,
    source: injection.source,
    projectId: PROJECT_ID,
    threadId: "spine-20",
    chars: injection.text.length,
    tokens: Math.ceil(injection.text.length / 3.5),
    omitted: 0,
    contentHash: contentHash(injection.text),
    fingerprint: textFingerprint(injection.text),
    transcriptPath: session.path,
    transcriptOffset: lastInjectionOffset(session.path),
  };
  appendFileSync(logPath, `${JSON.stringify(event)}\n`);
}

/** The events of the measurement log (both files), oldest first. */
function loggedEvents(storeDir) {
  const text = ["measurements.1.jsonl", "measurements.jsonl"]
    .map((f) => (existsSync(join(storeDir, f)) ? readFileSync(join(storeDir, f), "utf8") : ""))
    .join("");
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));
}

/**
 * `ws` as a store of this release after many sessions: every thread migrated to this release's layout by the built
 * CLI's `migrate` (one process; the fixture writes the previous layout), then `count` summary_update writes through the
 * built MCP server spread over the chain of its deepest thread (the threads SessionStart reads): in a store of one file
 * per item, that many more files.
 */
async function writeChanges(ctx, ws, count, home) {
  mkdirSync(home, { recursive: true });
  const migrate = spawnSync(process.execPath, [join(ctx.distDir, "cli.mjs"), "migrate"], {
    cwd: ws.root,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, GIT_CONFIG_NOSYSTEM: "1" },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrate exited with ${migrate.status}: ${migrate.stderr.slice(0, 500)}`);
  if (!migrate.stdout.includes(`${ws.ids.length.toLocaleString("en-US")} threads migrated`))
    throw new Error(`migrate did not migrate the ${ws.ids.length} threads: ${migrate.stdout.slice(0, 300)}`);
  const chain = ws.ids.filter((id) => id === "main" || id.startsWith("spine-"));
  const rng = seededRandom(13);
  const server = await connectServer(ctx.repoRoot, ctx.distDir, ws.root, home);
  try {
    for (let i = 0; i < count; i++) {
      const section = i % 2 === 0 ? "decisions" : "next-steps";
      const content = `- BENCH-CHANGE-${i} ${prose(rng, 80)}`;
      await callText(server.client, "summary_update", { threadId: chain[i % chain.length], section, content });
    }
  } finally {
    await server.close();
  }
}

/** The hook group's subsets (`--only=hooks:<subset>`): null runs every row. */
export const HOOK_SUBSETS = ["codex"];

/** The cases of the Codex rows (subset "codex"). */
const CODEX_CASES = ["codexStart", "codexPromptSmall", "codexPromptLarge"];

export async function hookBenchmarks(ctx) {
  const { repoRoot, workDir, cacheDir, quick, log } = ctx;
  const subset = ctx.subset ?? null;
  if (subset !== null && !HOOK_SUBSETS.includes(subset))
    throw new Error(`unknown hooks subset ${subset} (expected ${HOOK_SUBSETS.join(", ")})`);
  // Claude Code's rows (and what only they need: the store after many writes, the MCP server, peak RSS).
  const claudeRows = subset === null;
  const sizes = quick
    ? { threads: 50, depth: 5, big: 2_000_000, changes: 20, huge: 200 }
    : { threads: 1_000, depth: 20, big: 200_000_000, changes: 500, huge: 10_000 };
  const rounds = quick ? 1 : ctx.rounds;
  const warmup = quick ? 0 : ctx.warmup;
  const home = join(workDir, "home");
  mkdirSync(home, { recursive: true });

  log(`hooks: writing a workspace of ${sizes.threads} threads (depth ${sizes.depth})`);
  // Every thread covers 10 files (1,000 threads: 10,000 files), for PreToolUse's point-of-action recall.
  const ws = writeWorkspace(join(workDir, "ws-hooks"), {
    seed: 11,
    threads: sizes.threads,
    depth: sizes.depth,
    pathsPerThread: 10,
  });
  let wsChanges = null;
  if (claudeRows) {
    log(`hooks: the same store again, migrated, then ${sizes.changes} writes through the MCP server`);
    wsChanges = writeWorkspace(join(workDir, "ws-changes"), { seed: 11, threads: sizes.threads, depth: sizes.depth });
    await writeChanges(ctx, wsChanges, sizes.changes, join(workDir, "home-changes"));
  }
  // SessionStart's cached start at every tree size (#31): the same kind of store, ten times larger.
  let wsHuge = null;
  if (claudeRows) {
    log(`hooks: writing a workspace of ${sizes.huge} threads (depth ${sizes.depth})`);
    wsHuge = writeWorkspace(join(workDir, "ws-huge"), { seed: 12, threads: sizes.huge, depth: sizes.depth });
  }
  const emptyRepo = join(workDir, "ws-empty");
  initGitRepo(emptyRepo);
  const small = cachedTranscript(cacheDir, { name: "session-20k", seed: 21, targetBytes: 20_000, cwd: TRANSCRIPT_CWD, log });
  const large = cachedTranscript(cacheDir, { name: "session-large", seed: 22, targetBytes: sizes.big, cwd: TRANSCRIPT_CWD, log });
  // Codex's rollouts of the same sizes (0.171.0's shapes, bench/rollout-session.mjs).
  const smallRollout = cachedRollout(cacheDir, { name: "rollout-20k", seed: 31, targetBytes: 20_000, cwd: TRANSCRIPT_CWD, log });
  const largeRollout = cachedRollout(cacheDir, {
    name: "rollout-large",
    seed: 32,
    targetBytes: sizes.big,
    cwd: TRANSCRIPT_CWD,
    log,
  });

  // Every run starts from the same local state (copied back before each run, not timed).
  const localFiles = ["config.json", "measurements.jsonl", "measurements.1.jsonl"];
  withPendingInjection(join(ws.storeDir, "measurements.jsonl"), small);
  withPendingInjection(join(ws.storeDir, "measurements.jsonl"), large);
  // UserPromptSubmit's common case: nothing to say (both conversations were already nudged at every level they reach).
  const claudeInstance = `claude-${process.pid}`;
  // A Codex hook is keyed by its parent, the Codex instance (src/core/session-key.ts): here this process.
  const codexInstance = `codex-${process.pid}`;
  for (const [session, instance] of [
    [small, claudeInstance],
    [large, claudeInstance],
    [smallRollout, codexInstance],
    [largeRollout, codexInstance],
  ]) {
    // Growth counts from the conversation's first size seen (its baseline mark), logged at its first measured prompt.
    const baseline = {
      kind: "freshnessMark",
      at: "2026-02-01T00:00:00.500Z",
      sessionId: session.sessionId,
      instance,
      projectId: PROJECT_ID,
      threadId: ws.deepestId,
      mark: "baseline",
      contextTokens: 0,
    };
    appendFileSync(join(ws.storeDir, "measurements.jsonl"), `${JSON.stringify(baseline)}\n`);
    const mark = {
      kind: "freshnessMark",
      at: "2026-02-01T00:00:01.000Z",
      sessionId: session.sessionId,
      instance,
      projectId: PROJECT_ID,
      threadId: ws.deepestId,
      mark: "nudge",
      contextTokens: session.finalContextTokens,
      level: 1_000_000,
    };
    appendFileSync(join(ws.storeDir, "measurements.jsonl"), `${JSON.stringify(mark)}\n`);
  }
  const baseDir = join(workDir, "local-state.base");
  mkdirSync(baseDir, { recursive: true });
  for (const f of localFiles) copyFileSync(join(ws.storeDir, f), join(baseDir, f));
  const changesBaseDir = join(workDir, "local-state-changes.base");
  mkdirSync(changesBaseDir, { recursive: true });
  if (wsChanges) for (const f of localFiles) copyFileSync(join(wsChanges.storeDir, f), join(changesBaseDir, f));
  const hugeBaseDir = join(workDir, "local-state-huge.base");
  mkdirSync(hugeBaseDir, { recursive: true });
  if (wsHuge) for (const f of localFiles) copyFileSync(join(wsHuge.storeDir, f), join(hugeBaseDir, f));
  const restoreLocalState = () => {
    for (const f of localFiles) copyFileSync(join(baseDir, f), join(ws.storeDir, f));
    if (wsChanges) for (const f of localFiles) copyFileSync(join(changesBaseDir, f), join(wsChanges.storeDir, f));
    if (wsHuge) for (const f of localFiles) copyFileSync(join(hugeBaseDir, f), join(wsHuge.storeDir, f));
  };

  const claudePid = process.pid;
  const env = (projectDir, sessionId) => hookEnv({ repoRoot, home, projectDir, claudePid, sessionId });
  const floorSpec = { command: "/bin/sh", args: ["-c", "node -e ''"], cwd: ws.root, env: env(ws.root, "floor"), input: "" };
  // Reference: an empty ES module (what any .mjs entry costs on top of `node -e ''`: Node's ESM loader).
  const emptyModule = join(workDir, "empty.mjs");
  writeFileSync(emptyModule, "");
  const emptyModuleSpec = {
    command: "/bin/sh",
    args: ["-c", `node "${emptyModule}"`],
    cwd: ws.root,
    env: env(ws.root, "floor"),
    input: "",
  };
  const startId = seededRandom(5).uuid();
  /** One hook run as Claude Code starts it: the event's JSON on stdin, in `dir`, for `sessionId`. */
  const hookCase = (dist, event, dir, sessionId, transcriptPath, fields) =>
    shellSpec(hookCommand(repoRoot, event, dist), {
      cwd: dir,
      env: env(dir, sessionId),
      input: { session_id: sessionId, transcript_path: transcriptPath, cwd: dir, hook_event_name: event, ...fields },
    });
  const startTranscript = join(home, ".claude", "projects", "-bench", `${startId}.jsonl`);
  // Codex: a new session's rollout as SessionStart finds it (its meta, Codex's instructions, the turn context).
  const codexStartId = seededRandom(7).uuid();
  const codexStartRollout = join(
    home,
    ".codex",
    "sessions",
    "2026",
    "02",
    "01",
    `rollout-2026-02-01T00-00-00-${codexStartId}.jsonl`,
  );
  mkdirSync(dirname(codexStartRollout), { recursive: true });
  writeRollout(codexStartRollout, { seed: 33, targetBytes: 0, sessionId: codexStartId, cwd: ws.root, startInjection: false });
  /** One hook run as Codex starts it: its own input fields (as codex-cli 0.171.0 sent them), its environment. */
  const codexCase = (dist, event, sessionId, transcriptPath, fields) =>
    shellSpec(hookCommand(repoRoot, event, dist), {
      cwd: ws.root,
      env: codexHookEnv({ repoRoot, home }),
      input: {
        session_id: sessionId,
        transcript_path: transcriptPath,
        cwd: ws.root,
        hook_event_name: event,
        model: "gpt-5-codex",
        permission_mode: "bypassPermissions",
        ...fields,
      },
    });
  const codexPrompt = (turn) => ({ turn_id: turn, prompt: "go on" });
  const emptyTranscript = join(home, ".claude", "projects", "-bench-empty", `${startId}.jsonl`);
  const changesTranscript = join(home, ".claude", "projects", "-bench-changes", `${startId}.jsonl`);
  const hugeTranscript = join(home, ".claude", "projects", "-bench-huge", `${startId}.jsonl`);
  const prompt = (id) => ({ prompt_id: id, permission_mode: "default", prompt: "go on" });
  const toolWrite = (dir, file) => ({
    tool_name: "Write",
    tool_input: { file_path: join(dir, file), content: "x" },
    tool_use_id: "t1",
  });
  // A file the last thread written covers (a leaf off the deepest thread's chain, so not in the session's context).
  const RECALL_FILE = `src/area-${sizes.threads - 1}/file-3.ts`;
  const makeCases = (dist) => ({
    startBig: hookCase(dist, "SessionStart", ws.root, startId, startTranscript, { source: "startup" }),
    startChanges: wsChanges && hookCase(dist, "SessionStart", wsChanges.root, startId, changesTranscript, { source: "startup" }),
    startHuge: wsHuge && hookCase(dist, "SessionStart", wsHuge.root, startId, hugeTranscript, { source: "startup" }),
    startEmpty: hookCase(dist, "SessionStart", emptyRepo, startId, emptyTranscript, { source: "startup" }),
    endSmall: hookCase(dist, "SessionEnd", ws.root, small.sessionId, small.path, { reason: "other" }),
    endLarge: hookCase(dist, "SessionEnd", ws.root, large.sessionId, large.path, { reason: "other" }),
    promptEmpty: hookCase(dist, "UserPromptSubmit", emptyRepo, startId, emptyTranscript, prompt("p1")),
    promptSmall: hookCase(dist, "UserPromptSubmit", ws.root, small.sessionId, small.path, prompt("p2")),
    promptLarge: hookCase(dist, "UserPromptSubmit", ws.root, large.sessionId, large.path, prompt("p3")),
    preLarge: hookCase(dist, "PreCompact", ws.root, large.sessionId, large.path, { trigger: "auto", custom_instructions: "" }),
    clearAfterWrite: hookCase(dist, "SessionStart", ws.root, startId, startTranscript, { source: "clear" }),
    toolEmpty: hookCase(dist, "PreToolUse", emptyRepo, startId, emptyTranscript, toolWrite(emptyRepo, "src/a.ts")),
    toolMiss: hookCase(dist, "PreToolUse", ws.root, small.sessionId, small.path, toolWrite(ws.root, "src/uncovered/a.ts")),
    toolHit: hookCase(dist, "PreToolUse", ws.root, small.sessionId, small.path, toolWrite(ws.root, RECALL_FILE)),
    // A subagent of the conversation starts: the lean context of its thread (Decisions, Constraints, ancestors').
    subagent: hookCase(dist, "SubagentStart", ws.root, small.sessionId, small.path, {
      agent_id: "bench-agent",
      agent_type: "general-purpose",
    }),
    // The status line command (thread-mind-mcp statusline) as Claude Code runs it after a response: its JSON on stdin.
    statusline: shellSpec(`node "${join(dist, "cli.cjs")}" statusline`, {
      cwd: ws.root,
      env: env(ws.root, small.sessionId),
      input: {
        session_id: small.sessionId,
        transcript_path: small.path,
        cwd: ws.root,
        model: { id: "claude-opus-4-1", display_name: "Opus" },
        workspace: { current_dir: ws.root, project_dir: ws.root },
        version: "2.1.332",
      },
    }),
    codexStart: codexCase(dist, "SessionStart", codexStartId, codexStartRollout, { source: "startup" }),
    codexPromptSmall: codexCase(dist, "UserPromptSubmit", smallRollout.sessionId, smallRollout.path, codexPrompt("t1")),
    codexPromptLarge: codexCase(dist, "UserPromptSubmit", largeRollout.sessionId, largeRollout.path, codexPrompt("t2")),
  });
  const cases = makeCases(ctx.distDir);
  /** --compare: the same hooks from another build, run in the same rounds (named "before:<case>"). */
  const compared = ctx.compareDist
    ? Object.fromEntries(
        Object.entries(makeCases(ctx.compareDist))
          .filter(([k]) => claudeRows || CODEX_CASES.includes(k))
          .map(([k, v]) => [`before:${k}`, v]),
      )
    : {};
  Object.assign(cases, compared);

  // The MCP server of the same Claude Code instance (its parent is this process, whose pid the hooks get as CLAUDE_PID):
  // before each "clear after a write" run (untimed) it writes the active thread's summary, as the model does before /clear.
  const mcp = claudeRows ? await connectServer(repoRoot, ctx.distDir, ws.root, join(workDir, "home-mcp")) : null;
  let written = "";
  let writes = 0;
  const writeSummary = async () => {
    if (mcp === null) throw new Error("a summary write without the MCP server (the Claude Code rows were left out)");
    written = `BENCH-WRITE-${writes++}`;
    // The section replaced, not added to: the summary keeps its size however many rounds run (added lines would
    // eventually push the newest out of the 10,000-character context, and the run's check would fail).
    const text = await callText(mcp.client, "summary_update", {
      section: "state",
      content: `- ${written}`,
      replaceSection: true,
    });
    if (!text.includes(`(${ws.deepestId}`))
      throw new Error(`the MCP server wrote another thread than ${ws.deepestId}: ${text.slice(0, 200)}`);
    await callText(mcp.client, "project_list", {}); // answered after the server's cache refresh (same queue)
  };

  /** What a run must have done (checked on every run: a fast wrong hook is no result). */
  const startCheck = (deepestId, must) => (r) => {
    const out = parseOutput(r.stdout);
    if (out?.systemMessage && GAVE_UP.test(out.systemMessage)) return "gave-up";
    const context = out?.hookSpecificOutput?.additionalContext;
    if (typeof context !== "string" || !context.includes(`(${deepestId})`) || !context.includes(must))
      throw new Error(
        `SessionStart did not inject the context of ${deepestId} (with "${must}"): ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`,
      );
    if (context.length > 10_000) throw new Error(`SessionStart injected ${context.length} characters (cap 10,000)`);
  };
  const checks = {
    startBig: startCheck(ws.deepestId, `(${ws.deepestId})`),
    // The deepest thread's own latest write (every chain-length-th change is its).
    startChanges: wsChanges && startCheck(wsChanges.deepestId, "BENCH-CHANGE-"),
    startHuge: wsHuge && startCheck(wsHuge.deepestId, `(${wsHuge.deepestId})`),
    startEmpty: (r) => {
      if (r.stdout.trim() !== "") throw new Error(`SessionStart without a project printed: ${r.stdout.slice(0, 300)}`);
    },
    clearAfterWrite: (r) => {
      const out = parseOutput(r.stdout);
      if (out?.systemMessage && GAVE_UP.test(out.systemMessage)) return "gave-up";
      const context = out?.hookSpecificOutput?.additionalContext;
      if (typeof context !== "string" || !context.includes(written) || !context.includes("loaded after /clear"))
        throw new Error(
          `SessionStart(clear) did not inject the summary just written (${written}): ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`,
        );
    },
    endSmall: (r) => checkSize(r, "sessionEnd", small),
    endLarge: (r) => checkSize(r, "sessionEnd", large),
    preLarge: (r) => checkSize(r, "preCompact", large),
    promptEmpty: (r) => {
      if (r.stdout.trim() !== "") throw new Error(`UserPromptSubmit without a project printed: ${r.stdout.slice(0, 300)}`);
    },
    promptSmall: (r) => checkQuietPrompt(r),
    promptLarge: (r) => checkQuietPrompt(r),
    toolEmpty: (r) => {
      if (r.stdout.trim() !== "") throw new Error(`PreToolUse without a project printed: ${r.stdout.slice(0, 300)}`);
    },
    toolMiss: (r) => {
      const out = parseOutput(r.stdout);
      if (out?.systemMessage && GAVE_UP.test(out.systemMessage)) return "gave-up";
      if (out !== null) throw new Error(`PreToolUse on an uncovered file printed: ${r.stdout.slice(0, 300)}`);
    },
    toolHit: (r) => {
      const out = parseOutput(r.stdout);
      if (out?.systemMessage && GAVE_UP.test(out.systemMessage)) return "gave-up";
      const context = out?.hookSpecificOutput?.additionalContext;
      if (typeof context !== "string" || !context.includes(RECALL_FILE))
        throw new Error(
          `PreToolUse did not recall the decisions for ${RECALL_FILE}: ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`,
        );
    },
    subagent: (r) => {
      const out = parseOutput(r.stdout);
      if (out?.systemMessage && GAVE_UP.test(out.systemMessage)) return "gave-up";
      const context = out?.hookSpecificOutput?.additionalContext;
      if (typeof context !== "string" || !context.includes(`(${ws.deepestId})`))
        throw new Error(
          `SubagentStart did not hand over the context of ${ws.deepestId}: ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`,
        );
    },
    statusline: (r) => {
      if (!/^◆ .+ · /.test(r.stdout)) throw new Error(`statusline printed: ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`);
    },
    // Under Codex: the deepest thread's context within Codex's 10,000 UTF-8 bytes, and the run keyed as a Codex
    // instance (by its parent: the hook took Codex's path, not Claude Code's).
    codexStart: (r) => {
      const out = parseOutput(r.stdout);
      if (out?.systemMessage && GAVE_UP.test(out.systemMessage)) return "gave-up";
      const context = out?.hookSpecificOutput?.additionalContext;
      if (typeof context !== "string" || !context.includes(`(${ws.deepestId})`))
        throw new Error(
          `SessionStart under Codex did not inject the context of ${ws.deepestId}: ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`,
        );
      const bytes = Buffer.byteLength(context, "utf8");
      if (bytes > 10_000) throw new Error(`SessionStart under Codex injected ${bytes} UTF-8 bytes (Codex's cap 10,000)`);
      const logged = loggedEvents(ws.storeDir).filter((e) => e.kind === "conversation" && e.sessionId === codexStartId);
      if (logged.at(-1)?.instance !== codexInstance)
        throw new Error(
          `SessionStart under Codex logged its conversation as ${JSON.stringify(logged.at(-1))}, not ${codexInstance}'s`,
        );
    },
    codexPromptSmall: (r) => checkQuietPrompt(r),
    codexPromptLarge: (r) => checkQuietPrompt(r),
  };
  /** UserPromptSubmit with nothing to say: prints nothing and logs nothing (a nudge or a mark would be another case). */
  const baseEventCount = loggedEvents(ws.storeDir).length;
  function checkQuietPrompt(r) {
    const out = parseOutput(r.stdout);
    if (out?.systemMessage && GAVE_UP.test(out.systemMessage)) return "gave-up";
    if (out !== null) throw new Error(`UserPromptSubmit printed: ${r.stdout.slice(0, 300)}`);
    const count = loggedEvents(ws.storeDir).length;
    if (count !== baseEventCount)
      throw new Error(`UserPromptSubmit logged ${count - baseEventCount} event(s) where it had nothing to record`);
  }
  function checkSize(r, kind, session) {
    const out = parseOutput(r.stdout);
    if (out?.systemMessage && GAVE_UP.test(out.systemMessage)) return "gave-up";
    if (out?.systemMessage) throw new Error(`hook reported: ${out.systemMessage}`);
    const events = loggedEvents(ws.storeDir);
    const last = events.filter((e) => e.kind === kind).at(-1);
    if (last?.sessionId !== session.sessionId || last.contextTokens !== session.finalContextTokens) {
      throw new Error(
        `${kind}: expected ${session.finalContextTokens} tokens for ${session.sessionId}, recorded ${JSON.stringify(last)}`,
      );
    }
    const receipt = events.find((e) => e.kind === "receipt" && e.sessionId === session.sessionId)?.receipt;
    if (receipt !== "delivered")
      throw new Error(`${kind}: the pending injection of ${session.sessionId} was settled as ${receipt}, expected delivered`);
  }

  const samples = {
    floor: [],
    emptyModule: [],
    startBig: [],
    startChanges: [],
    startHuge: [],
    startEmpty: [],
    endSmall: [],
    endLarge: [],
    preLarge: [],
    clearAfterWrite: [],
    floorAfterWrite: [],
    promptEmpty: [],
    promptSmall: [],
    promptLarge: [],
    toolEmpty: [],
    toolMiss: [],
    toolHit: [],
    subagent: [],
    statusline: [],
    codexStart: [],
    codexPromptSmall: [],
    codexPromptLarge: [],
  };
  const gaveUp = {};
  const claudeOrder = [
    "emptyModule",
    "startBig",
    "startChanges",
    "startHuge",
    "startEmpty",
    "endSmall",
    "endLarge",
    "preLarge",
    "clearAfterWrite",
    "floorAfterWrite",
    "promptEmpty",
    "promptSmall",
    "promptLarge",
    "toolEmpty",
    "toolMiss",
    "toolHit",
    "subagent",
    "statusline",
  ];
  // The floor twice a round (as many floor samples as before the Codex rows).
  const order = ["floor", "floor", ...(claudeRows ? claudeOrder : []), ...CODEX_CASES, ...Object.keys(compared)];
  for (const name of Object.keys(compared)) samples[name] = [];
  const rng = seededRandom(99);
  // A /clear ends a conversation its window started: that start logged the window's conversation (what the hook reads
  // back to at /clear). Logged before each clear run, as the window's SessionStart(startup) logs it.
  const priorSession = seededRandom(6).uuid();
  const windowStart = () =>
    appendFileSync(
      join(ws.storeDir, "measurements.jsonl"),
      [
        { kind: "hookSeen", at: "2026-02-01T00:00:02.000Z", event: "SessionStart:startup", sessionId: priorSession },
        {
          kind: "conversation",
          at: "2026-02-01T00:00:02.001Z",
          sessionId: priorSession,
          projectId: PROJECT_ID,
          threadId: ws.deepestId,
          instance: claudeInstance,
        },
      ]
        .map((e) => `${JSON.stringify(e)}\n`)
        .join(""),
    );
  const ensureRecallIndex = (dist) => {
    const r = spawnSync(process.execPath, [join(dist, "cli.mjs"), "recall-index"], {
      cwd: ws.root,
      env: env(ws.root, "index"),
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`recall-index exited with ${r.status}: ${r.stderr.slice(0, 300)}`);
  };
  const runOne = async (name) => {
    restoreLocalState();
    // The floor after a write is `node -e ''` started exactly as the clear case is (the same log lines, the same write
    // just before): on this machine any process started right after the server's write starts 1–2 ms slower (its CPUs
    // went idle meanwhile), whatever it runs, so the hook's own cost is measured against Node started the same way.
    const afterWrite = name === "clearAfterWrite" || name === "floorAfterWrite";
    if (afterWrite || name === "before:clearAfterWrite") windowStart();
    if (afterWrite) {
      await writeSummary();
      // A person types /clear after the model's answer that wrote the summary: a second later at the soonest. The server
      // saves the new context in that time (100 ms after the client's last call, in idle time: #31's "nothing a write
      // triggers blocks the next call"); a /clear sooner than that assembles its context in the hooks proper.
      await new Promise((r) => setTimeout(r, CLEAR_AFTER_WRITE_MS));
    }
    // PreToolUse and SubagentStart are timed with their path index current, their everyday case (the MCP server brings
    // it up to date after its writes, in idle time; a stale index of this size is built in the background and that
    // call recalls nothing): brought up to date untimed when another case's write made it stale.
    if (/^(before:)?(tool(Miss|Hit)|subagent)$/.test(name))
      ensureRecallIndex(name.startsWith("before:") ? ctx.compareDist : ctx.distDir);
    const plainNode = name === "floor" || name === "floorAfterWrite";
    const spec = plainNode ? floorSpec : name === "emptyModule" ? emptyModuleSpec : cases[name];
    const r = await runTimed(spec);
    if (r.code !== 0) throw new Error(`${name} exited with ${r.code}: ${r.stderr.slice(0, 500)}`);
    if (!plainNode && name !== "emptyModule" && checks[name.replace(/^before:/, "")](r) === "gave-up")
      gaveUp[name] = (gaveUp[name] ?? 0) + 1;
    return r.ms;
  };
  log(`hooks: ${warmup} warm-up and ${rounds} measured rounds of ${order.length} processes, interleaved`);
  for (let round = -warmup; round < rounds; round++) {
    // Same processes every round, in a shuffled order (a drifting machine load does not favour one of them).
    const shuffled = [...order].sort(() => rng.next() - 0.5);
    for (const name of shuffled) {
      const ms = await runOne(name);
      if (round >= 0) samples[name].push(ms);
    }
  }

  await mcp?.close();
  const rssRuns = quick ? 1 : 3;
  const rss = {};
  for (const name of claudeRows ? ["floor", "startBig", "startEmpty", "endLarge", "preLarge"] : []) {
    const values = [];
    for (let i = 0; i < rssRuns; i++) {
      restoreLocalState();
      const { kb, run } = await peakRssKb(name === "floor" ? floorSpec : cases[name]);
      if (run.code !== 0) throw new Error(`${name} (under GNU time) exited with ${run.code}: ${run.stderr.slice(0, 300)}`);
      values.push(kb / 1024);
    }
    rss[name] = values;
  }
  restoreLocalState();

  const total = rounds + warmup;
  for (const [name, count] of Object.entries(gaveUp)) {
    if (count > total / 2) throw new Error(`${name}: the hook gave up (its own deadline) in ${count} of ${total} runs`);
  }
  const floor = summarize(samples.floor);
  const timeFigure = (key, title, workload, name, max) =>
    figure({
      key,
      title,
      workload,
      unit: "ms",
      stats: summarize(samples[name]),
      floorName: "node -e ''",
      floor,
      ratioTarget: max,
    });
  const largeMb = `${(large.bytes / 1e6).toFixed(large.bytes < 1e7 ? 1 : 0)} MB`;
  const out = !claudeRows
    ? []
    : [
        timeFigure(
          "hook-start-store",
          "SessionStart hook, whole process",
          `${sizes.threads.toLocaleString("en-US")} threads, depth ${sizes.depth}, summaries 1–3 KB, format 1 (one file a thread, as 0.4 wrote them)`,
          "startBig",
          1.25,
        ),
        timeFigure(
          "hook-start-changes",
          "SessionStart hook, whole process, after many writes",
          `as above, migrated to format 2 (\`migrate\`: a file a section), then ${sizes.changes.toLocaleString("en-US")} summary_update writes on the active chain`,
          "startChanges",
          1.25,
        ),
        timeFigure(
          "hook-start-huge",
          "SessionStart hook, whole process, large store",
          `${sizes.huge.toLocaleString("en-US")} threads, depth ${sizes.depth}, summaries 1–3 KB, format 1`,
          "startHuge",
          1.25,
        ),
        timeFigure("hook-start-empty", "SessionStart hook, no project", "empty git repo", "startEmpty", 1.1),
        timeFigure(
          "hook-empty-module",
          "Reference: node <empty .mjs file>",
          "what Node's ESM loader adds to any .mjs entry",
          "emptyModule",
          null,
        ),
        figure({
          key: "hook-end-size",
          title: "SessionEnd hook",
          workload: `${largeMb} transcript (${large.compactions} compactions) vs 20 KB`,
          unit: "ms",
          stats: summarize(samples.endLarge),
          floorName: "SessionEnd, 20 KB",
          floor: summarize(samples.endSmall),
          ratioTarget: 1.1,
        }),
        timeFigure("hook-end-small", "SessionEnd hook (20 KB), vs node", "20 KB transcript", "endSmall", 1.25),
        timeFigure("hook-precompact", "PreCompact hook", `${largeMb} transcript`, "preLarge", 1.25),
        timeFigure("hook-end-large-node", "SessionEnd hook (large), vs node", `${largeMb} transcript`, "endLarge", 1.25),
        figure({
          key: "hook-clear-after-write",
          title: "SessionStart(clear) 1 s after a summary write",
          workload: "the MCP server wrote the active thread's summary 1 s before (1,000 threads)",
          unit: "ms",
          stats: summarize(samples.clearAfterWrite),
          floorName: "node -e '' 1 s after the same write",
          floor: summarize(samples.floorAfterWrite),
          ratioTarget: 1.25,
        }),
        timeFigure(
          "hook-clear-after-write-plain-floor",
          "SessionStart(clear) 1 s after a summary write, vs the plain floor",
          "as above, against `node -e ''` started right after another process (the other rows' floor)",
          "clearAfterWrite",
          null,
        ),
        timeFigure(
          "node-after-write",
          "Reference: node -e '' 1 s after a summary write",
          "what starting any process 1 s after the server's write costs on this machine",
          "floorAfterWrite",
          null,
        ),
        timeFigure("hook-prompt-empty", "UserPromptSubmit hook, no project", "empty git repo", "promptEmpty", 1.25),
        timeFigure(
          "hook-prompt-store",
          "UserPromptSubmit hook, whole process",
          `${sizes.threads.toLocaleString("en-US")} threads, 20 KB transcript, nothing to say`,
          "promptSmall",
          1.25,
        ),
        figure({
          key: "hook-prompt-size",
          title: "UserPromptSubmit hook",
          workload: `${largeMb} transcript vs 20 KB, nothing to say`,
          unit: "ms",
          stats: summarize(samples.promptLarge),
          floorName: "UserPromptSubmit, 20 KB",
          floor: summarize(samples.promptSmall),
          ratioTarget: 1.1,
        }),
        timeFigure("hook-prompt-large", "UserPromptSubmit hook, vs node", `${largeMb} transcript`, "promptLarge", 1.25),
        timeFigure("hook-tool-empty", "PreToolUse hook (Write), no project", "empty git repo", "toolEmpty", 1.25),
        timeFigure(
          "hook-tool-miss",
          "PreToolUse hook (Write), a file no thread covers",
          `${sizes.threads.toLocaleString("en-US")} threads covering ${(sizes.threads * 10).toLocaleString("en-US")} files, path index cached`,
          "toolMiss",
          1.25,
        ),
        timeFigure(
          "hook-tool-hit",
          "PreToolUse hook (Write), a covered file: decisions handed over",
          "as above, one thread's decisions injected (its stale-path check answered from git's files: written at HEAD)",
          "toolHit",
          1.25,
        ),
        timeFigure(
          "hook-subagent",
          "SubagentStart hook: a subagent's lean context",
          `${sizes.threads.toLocaleString("en-US")} threads, depth ${sizes.depth}: the Decisions and Constraints of the deepest thread and its ancestors`,
          "subagent",
          1.25,
        ),
        timeFigure(
          "statusline",
          "thread-mind-mcp statusline, whole process",
          `${sizes.threads.toLocaleString("en-US")} threads, 20 KB transcript, status line JSON on stdin`,
          "statusline",
          null,
        ),
      ];
  const rssFloor = claudeRows ? summarize(rss.floor) : null;
  for (const [name, label] of !claudeRows
    ? []
    : [
        ["startBig", "SessionStart (store)"],
        ["startEmpty", "SessionStart (no project)"],
        ["endLarge", `SessionEnd (${largeMb})`],
        ["preLarge", `PreCompact (${largeMb})`],
      ]) {
    out.push(
      figure({
        key: `hook-rss-${name}`,
        title: `Hook peak RSS: ${label}`,
        workload: "as above (GNU time %M)",
        unit: "MB",
        stats: summarize(rss[name]),
        floorName: "node -e ''",
        floor: rssFloor,
        valueTarget: { stat: "max", max: 60 },
      }),
    );
  }
  // Codex's rows: the hooks as Codex runs them (its input, its environment, a rollout as transcript_path), against the
  // same floor and with the same targets as Claude Code's rows above.
  const largeRolloutMb = `${(largeRollout.bytes / 1e6).toFixed(largeRollout.bytes < 1e7 ? 1 : 0)} MB`;
  out.push(
    timeFigure(
      "hook-codex-start-store",
      "SessionStart hook under Codex, whole process",
      `${sizes.threads.toLocaleString("en-US")} threads, depth ${sizes.depth}, summaries 1–3 KB; Codex's input and environment, a new rollout as transcript_path, the context fitted to Codex's 10,000 bytes`,
      "codexStart",
      1.25,
    ),
    timeFigure(
      "hook-codex-prompt-store",
      "UserPromptSubmit hook under Codex, whole process",
      `${sizes.threads.toLocaleString("en-US")} threads, 20 KB rollout, nothing to say`,
      "codexPromptSmall",
      1.25,
    ),
    figure({
      key: "hook-codex-prompt-size",
      title: "UserPromptSubmit hook under Codex",
      workload: `${largeRolloutMb} rollout (${largeRollout.compactions} compactions) vs 20 KB, nothing to say`,
      unit: "ms",
      stats: summarize(samples.codexPromptLarge),
      floorName: "UserPromptSubmit under Codex, 20 KB",
      floor: summarize(samples.codexPromptSmall),
      ratioTarget: 1.1,
    }),
    timeFigure(
      "hook-codex-prompt-large",
      "UserPromptSubmit hook under Codex, vs node",
      `${largeRolloutMb} rollout`,
      "codexPromptLarge",
      1.25,
    ),
  );
  if (ctx.compareDist) {
    for (const [name, title] of [
      ...(claudeRows
        ? [
            ["startBig", "SessionStart hook, whole process"],
            ["startEmpty", "SessionStart hook, no project"],
            ["endSmall", "SessionEnd hook (20 KB)"],
            ["endLarge", `SessionEnd hook (${largeMb})`],
            ["preLarge", `PreCompact hook (${largeMb})`],
          ]
        : []),
      ["codexStart", "SessionStart hook under Codex"],
      ["codexPromptSmall", "UserPromptSubmit hook under Codex (20 KB)"],
    ]) {
      out.push(
        figure({
          key: `compare-${name}`,
          title: `${title} — build in ${ctx.compareDist}`,
          workload: "same as above, same rounds",
          unit: "ms",
          stats: summarize(samples[`before:${name}`]),
          floorName: "node -e ''",
          floor,
        }),
      );
    }
  }
  const gaveUpNote = {
    "hook-start-store": "startBig",
    "hook-start-changes": "startChanges",
    "hook-start-huge": "startHuge",
    "hook-end-size": "endLarge",
    "hook-end-small": "endSmall",
    "hook-precompact": "preLarge",
    "hook-clear-after-write": "clearAfterWrite",
    "hook-prompt-store": "promptSmall",
    "hook-prompt-size": "promptLarge",
    "hook-prompt-large": "promptLarge",
    "hook-tool-miss": "toolMiss",
    "hook-tool-hit": "toolHit",
    "hook-subagent": "subagent",
    "hook-codex-start-store": "codexStart",
    "hook-codex-prompt-store": "codexPromptSmall",
    "hook-codex-prompt-size": "codexPromptLarge",
    "hook-codex-prompt-large": "codexPromptLarge",
  };
  for (const f of out) {
    const count = gaveUp[gaveUpNote[f.key]];
    if (count)
      f.notes.push(
        `In ${count} of ${total} runs (warm-up included) the hook hit its own deadline and gave up (reported to the user, exit 0).`,
      );
  }
  return out;
}
