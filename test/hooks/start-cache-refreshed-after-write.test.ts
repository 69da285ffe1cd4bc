// The /clear right after a summary write: the MCP server refreshes the SessionStart cache of its session's thread after each write, so that the hook's fast path serves it (and never a stale one).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { HOOK_BUNDLE, parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";
import { fileStamp } from "../../src/core/store/file-stamp.js";
import { refreshStartCache } from "../../src/server/start-cache-refresh.js";
import type { ThreadMindServices } from "../../src/core/services.js";
import { call, spawnServer, until } from "../server/support/spawn-server.js";

const PID = process.pid; // a live process: the Claude Code instance of the hooks and of the "server" below
let repo: TempRepo;
let plugin: string;
let builtBy: string;
let server: ThreadMindServices;
const entryFile = () => join(repo.dir, ".threadmind", "cache", "context", "refresh-test", "notes.json");
/** The thread's one decision item file (format 2: threads/<project>/<id>/decisions/<key>.md; each test writes one). */
const threadFile = () => {
  const dir = join(repo.dir, ".threadmind", "threads", "refresh-test", "notes", "decisions");
  const [name] = readdirSync(dir);
  return join(dir, name!);
};

/**
 * The thread file as a file system with whole-second timestamps leaves it: its mtime a whole second (a little ahead, so
 * that it stays within its 3 s racy margin however slow the machine): the next refresh cannot trust its stamp alone.
 */
function racyOnWholeSeconds(path: string): void {
  const s = Math.ceil(Date.now() / 1000) + 2;
  utimesSync(path, s, s);
}

/**
 * SessionStart(clear) run by a copy of hook.cjs (and hook-start.cjs) whose hooks proper (hook-core.cjs) throw when loaded: only the fast
 * path can answer it. The copy's hook-core.cjs stamp is the build the server writes entries for.
 */
async function clearFromCacheOnly(sessionId: string) {
  const run = await runHookProcess("session-start", {
    cwd: repo.dir,
    sessionId,
    transcriptPath: join(repo.dir, `${sessionId}.jsonl`),
    claudePid: PID,
    event: { source: "clear" },
    bundle: join(plugin, "hook.cjs"),
  });
  expect(run.code).toBe(0);
  return parseHookStdout(run.stdout);
}

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("code", { "README.md": "x\n" });
  plugin = mkdtempSync(join(tmpdir(), "tm-plugin-copy-"));
  copyFileSync(HOOK_BUNDLE, join(plugin, "hook.cjs"));
  copyFileSync(join(HOOK_BUNDLE, "..", "hook-start.cjs"), join(plugin, "hook-start.cjs"));
  writeFileSync(
    join(plugin, "hook-core.cjs"),
    'throw new Error("the hooks proper were loaded: the fast path did not answer");\n',
  );
  builtBy = fileStamp(join(plugin, "hook-core.cjs"))!;
  server = servicesFor(repo.dir, claudeInstanceSession(PID).key);
  await server.projectCreate({ title: "Refresh test" });
  await server.threadCreate({ title: "Notes" });
  // The session started (the real hooks): the measurement log exists, which the fast path needs.
  const stdin = JSON.stringify({
    session_id: "conv-0",
    transcript_path: join(repo.dir, "conv-0.jsonl"),
    cwd: repo.dir,
    hook_event_name: "SessionStart",
    source: "startup",
  });
  const started = await runHookProcess("session-start", {
    cwd: repo.dir,
    sessionId: "conv-0",
    transcriptPath: join(repo.dir, "conv-0.jsonl"),
    claudePid: PID,
    stdin,
  });
  expect(parseHookStdout(started.stdout)?.hookSpecificOutput?.additionalContext).toContain("(notes)");
}, 30_000);
afterAll(() => {
  repo?.cleanup();
  rmSync(plugin, { recursive: true, force: true });
});

describe("the SessionStart cache after a write", () => {
  test("a summary written a moment ago is served by the fast path at the next /clear", async () => {
    await server.summaryUpdate({ content: "## Decisions\n- FRESH-DECISION-1" });
    racyOnWholeSeconds(threadFile());
    expect(await refreshStartCache(server, builtBy)).toBe(true);
    // The thread file changed within its racy margin: the entry carries its fingerprint.
    const entry = JSON.parse(readFileSync(entryFile(), "utf8")) as {
      verify?: Record<string, string>;
      starts: Record<string, unknown>;
    };
    expect(Object.keys(entry.verify ?? {})).toContain(
      join("threads", "refresh-test", "notes", "decisions", basename(threadFile())),
    );
    expect(Object.keys(entry.starts).sort()).toEqual(["clear", "compact", "startup"]);
    const out = await clearFromCacheOnly("conv-1");
    expect(out?.hookSpecificOutput?.additionalContext).toContain("FRESH-DECISION-1");
    expect(out?.hookSpecificOutput?.additionalContext).toContain(
      'ThreadMind memory, loaded after /clear: the context of thread "Notes" (notes)',
    );
  });

  test("a start after the checked files settled drops their text checks from the entry, and serves it all the same", async () => {
    await server.summaryUpdate({ content: "## Decisions\n- FRESH-DECISION-SETTLED" });
    // A whole second just past: within its 3 s racy margin now, settled about a second from now.
    const s = Math.floor(Date.now() / 1000) - 2;
    utimesSync(threadFile(), s, s);
    await refreshStartCache(server, builtBy);
    const before = JSON.parse(readFileSync(entryFile(), "utf8")) as { verify?: Record<string, string> };
    expect(Object.keys(before.verify ?? {})).toContain(
      join("threads", "refresh-test", "notes", "decisions", basename(threadFile())),
    );
    await new Promise((r) => setTimeout(r, Math.max(0, (s + 3) * 1000 + 100 - Date.now())));
    const out = await clearFromCacheOnly("conv-settled");
    expect(out?.hookSpecificOutput?.additionalContext).toContain("FRESH-DECISION-SETTLED");
    const after = JSON.parse(readFileSync(entryFile(), "utf8")) as { verify?: Record<string, string>; sources: unknown };
    expect(after.verify).toBeUndefined();
    expect(after.sources).toEqual((before as { sources: unknown }).sources);
    // Served again from the entry without its checks.
    const again = await clearFromCacheOnly("conv-settled-2");
    expect(again?.hookSpecificOutput?.additionalContext).toContain("FRESH-DECISION-SETTLED");
  });

  test("what the fast path prints from the server's entry is what the hooks proper print", async () => {
    await server.summaryUpdate({ content: "## Decisions\n- FRESH-DECISION-2" });
    await refreshStartCache(server, builtBy);
    const fast = await clearFromCacheOnly("conv-2");
    rmSync(join(repo.dir, ".threadmind", "cache", "context"), { recursive: true, force: true });
    const stdin = JSON.stringify({
      session_id: "conv-2",
      transcript_path: join(repo.dir, "conv-2.jsonl"),
      cwd: repo.dir,
      hook_event_name: "SessionStart",
      source: "clear",
    });
    const full = parseHookStdout(
      (
        await runHookProcess("session-start", {
          cwd: repo.dir,
          sessionId: "conv-2",
          transcriptPath: join(repo.dir, "conv-2.jsonl"),
          claudePid: PID,
          stdin,
        })
      ).stdout,
    );
    expect(fast).toEqual(full);
  });

  test("a later write that the server did not refresh for is never served from the old entry", async () => {
    await server.summaryUpdate({ content: "## Decisions\n- FRESH-DECISION-3" });
    await refreshStartCache(server, builtBy);
    // Another process writes the thread: the entry's stamps no longer match, the fast path refuses and the stub throws.
    await servicesFor(repo.dir, "other").summaryUpdate({ threadId: "notes", content: "## Decisions\n- OTHER-DECISION" });
    const out = await clearFromCacheOnly("conv-3");
    expect(out?.hookSpecificOutput?.additionalContext ?? "").not.toContain("FRESH-DECISION-3");
  });

  test("an entry whose fingerprint does not match the file's text is not used", async () => {
    await server.summaryUpdate({ content: "## Decisions\n- FRESH-DECISION-4" });
    racyOnWholeSeconds(threadFile());
    await refreshStartCache(server, builtBy);
    const entry = JSON.parse(readFileSync(entryFile(), "utf8")) as { verify: Record<string, string> };
    for (const key of Object.keys(entry.verify)) entry.verify[key] = "00000000000000";
    writeFileSync(entryFile(), JSON.stringify(entry));
    const out = await clearFromCacheOnly("conv-4");
    expect(out?.hookSpecificOutput?.additionalContext ?? "").not.toContain("FRESH-DECISION-4");
  });
});

describe("the MCP server refreshes the cache after its writes", () => {
  test("after summary_update the entry of the session's thread holds the new summary, and /clear prints it", async () => {
    const repo2 = makeTempRepo();
    repo2.commit("code", { "README.md": "x\n" });
    // Under Claude Code (CLAUDE_CODE_SESSION_ID set) the server serves its parent's instance: this test process.
    const mcp = await spawnServer({ cwd: repo2.dir, env: { CLAUDE_CODE_SESSION_ID: "conv-s" } });
    try {
      await call(mcp, "project_create", { title: "Served" });
      await call(mcp, "thread_create", { title: "Topic" });
      const hook = (source: string) => {
        const stdin = JSON.stringify({
          session_id: "conv-s",
          transcript_path: join(repo2.dir, "conv-s.jsonl"),
          cwd: repo2.dir,
          hook_event_name: "SessionStart",
          source,
        });
        return runHookProcess("session-start", {
          cwd: repo2.dir,
          sessionId: "conv-s",
          transcriptPath: join(repo2.dir, "conv-s.jsonl"),
          claudePid: PID,
          stdin,
        });
      };
      await hook("startup");
      await call(mcp, "summary_update", { content: "## Decisions\n- SERVER-DECISION-1" });
      const entryPath = join(repo2.dir, ".threadmind", "cache", "context", "served", "topic.json");
      // Refreshed once the client pauses (the call after a write never waits for it).
      await until(() => existsSync(entryPath) && readFileSync(entryPath, "utf8").includes("SERVER-DECISION-1"), "the refresh");
      const entry = JSON.parse(readFileSync(entryPath, "utf8")) as {
        starts: Record<string, { text: string }>;
        verify?: Record<string, string>;
      };
      expect(entry.starts.clear?.text).toContain("SERVER-DECISION-1");
      // Refreshed once the threads directory settled (50 ms on sub-second timestamps): the stamps alone are trusted, and
      // the start checks no fingerprint.
      expect(entry.verify).toBeUndefined();
      const out = parseHookStdout((await hook("clear")).stdout);
      expect(out?.hookSpecificOutput?.additionalContext).toBe(entry.starts.clear?.text);
    } finally {
      await mcp.close();
      repo2.cleanup();
    }
  }, 30_000);
});
