// Real Codex CLI (pinned, offline against a mock Responses API on 127.0.0.1) + ThreadMind installed from the repository
// as a Codex marketplace: the MCP server runs from the installed copy on the user's repository, the thread's context
// reaches the next request at startup and after compaction, SessionEnd records the rollout's size, the receipt is
// confirmed from the rollout, and `report --json` lists the Codex sessions with the mock's exact sizes and the
// compaction's trigger (from the PreCompact hook's record).
import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { codexAvailability } from "../support/codex-binary.js";
import { copyRepoAsClone } from "../support/marketplace-copy.js";
import { startMockResponses, type MockResponses } from "../support/mock-responses.js";
import { REPO_ROOT, THREADMIND_HEADER } from "../support/plugin-e2e.js";
import { DEFAULT_NUDGE_TOKENS } from "../../src/core/freshness/freshness.js";
import { threadFilesText } from "../support/thread-files.js";

const run = promisify(execFile);
const availability = await codexAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 90_000;
const MCP = "mcp__thread_mind";

interface Setting {
  root: string;
  codexHome: string;
  repo: string;
  env: NodeJS.ProcessEnv;
}

function configToml(baseUrl: string): string {
  return `model = "mock-model"
model_provider = "mock"
check_for_update_on_startup = false
approval_policy = "never"
sandbox_mode = "danger-full-access"
[model_providers.mock]
name = "mock"
base_url = "${baseUrl}"
wire_api = "responses"
requires_openai_auth = false
request_max_retries = 0
stream_max_retries = 0
[analytics]
enabled = false
[feedback]
enabled = false
[otel]
exporter = "none"
trace_exporter = "none"
metrics_exporter = "none"
[features]
apps = false
remote_plugin = false
daemon_auto_start = false
shell_snapshot = false
`;
}

/** Runs codex with stdin closed (`codex exec` reads a piped stdin to its end), within RUN_TIMEOUT. */
function codex(setting: Setting, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      cwd: setting.repo,
      env: setting.env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: RUN_TIMEOUT,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`codex ${args.join(" ")} exited ${code}\n${stderr}\n${stdout}`));
    });
  });
}

/** `codex exec` with the plugin's hooks run untrusted for this one run (the trust gate is doctor's and the README's). */
async function exec(setting: Setting, prompt: string, resume?: string, config: string[] = []): Promise<string> {
  const overrides = config.flatMap((c) => ["-c", c]);
  const args = ["exec", "--dangerously-bypass-hook-trust", "--json", ...overrides, ...(resume ? ["resume", resume] : []), prompt];
  const { stdout } = await codex(setting, args);
  const started = stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { type?: string; thread_id?: string })
    .find((e) => e.type === "thread.started");
  if (started?.thread_id === undefined) throw new Error(`no thread id in codex exec's output:\n${stdout}`);
  return started.thread_id;
}

function measurements(setting: Setting): Record<string, unknown>[] {
  return readFileSync(join(setting.repo, ".threadmind", "measurements.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function developerTexts(mock: MockResponses, index: number): string[] {
  return (mock.requests[index]?.messages ?? []).filter((m) => m.role === "developer").map((m) => m.text);
}

/** A JSON-RPC session with `codex app-server` over stdio (newline-delimited), for what `codex exec` cannot do. */
function appServer(setting: Setting) {
  const child = spawn(bin, ["app-server"], { cwd: setting.repo, env: setting.env, stdio: ["pipe", "pipe", "ignore"] });
  const answers = new Map<number, (m: Record<string, unknown>) => void>();
  const listeners = new Set<(m: Record<string, unknown>) => void>();
  let pending = "";
  child.stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    for (let at = pending.indexOf("\n"); at !== -1; at = pending.indexOf("\n")) {
      const line = pending.slice(0, at).trim();
      pending = pending.slice(at + 1);
      if (line === "") continue;
      const message = JSON.parse(line) as Record<string, unknown>;
      const id = typeof message.id === "number" ? message.id : null;
      const answer = id === null ? undefined : answers.get(id);
      if (answer !== undefined && id !== null) {
        answers.delete(id);
        answer(message);
      } else for (const listen of listeners) listen(message);
    }
  });
  let next = 0;
  const call = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      next += 1;
      answers.set(next, (m) => resolve((m.result ?? {}) as Record<string, unknown>));
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: next, method, params })}\n`);
    });
  const notify = (method: string) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
  const notification = (method: string) =>
    new Promise<void>((resolve) => {
      const listen = (m: Record<string, unknown>) => {
        if (m.method !== method) return;
        listeners.delete(listen);
        resolve();
      };
      listeners.add(listen);
    });
  const close = () =>
    new Promise<void>((resolve) => {
      child.once("close", () => resolve());
      child.stdin.end();
      child.kill();
    });
  return { call, notify, notification, close };
}

interface ListedHook {
  key: string;
  pluginId: string | null;
  currentHash: string;
  trustStatus: string;
}

function pluginHooks(listed: Record<string, unknown>): ListedHook[] {
  const data = listed.data as { hooks: ListedHook[] }[];
  return (data[0]?.hooks ?? []).filter((h) => h.pluginId?.startsWith("thread-mind@") === true);
}

describe.skipIf(!availability.available)("ThreadMind in Codex (real codex-cli, offline)", { timeout: 120_000 }, () => {
  let mock: MockResponses;
  let setting: Setting;

  beforeAll(async () => {
    mock = await startMockResponses();
    const root = mkdtempSync(join(tmpdir(), "tm-codex-"));
    const codexHome = join(root, "codex-home");
    const repo = join(root, "repo");
    const marketplace = join(root, "marketplace");
    for (const dir of [codexHome, repo, join(root, "tmp"), join(root, "home")]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(codexHome, "config.toml"), configToml(mock.baseUrl));
    copyRepoAsClone(REPO_ROOT, marketplace);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: join(root, "home"),
      CODEX_HOME: codexHome,
      TMPDIR: join(root, "tmp"),
      GIT_AUTHOR_NAME: "ThreadMind Test",
      GIT_AUTHOR_EMAIL: "test@threadmind.invalid",
      GIT_COMMITTER_NAME: "ThreadMind Test",
      GIT_COMMITTER_EMAIL: "test@threadmind.invalid",
    };
    setting = { root, codexHome, repo, env };
    await run("git", ["init", "-q", "-b", "main", repo], { env });
    writeFileSync(join(repo, "README.md"), "shop\n");
    await run("git", ["-C", repo, "add", "README.md"], { env });
    await run("git", ["-C", repo, "commit", "-qm", "init"], { env });
    await codex(setting, ["plugin", "marketplace", "add", marketplace]);
    await codex(setting, ["plugin", "add", "thread-mind@thread-mind"]);
  }, 180_000);

  afterAll(async () => {
    await mock?.close();
    if (setting !== undefined) rmSync(setting.root, { recursive: true, force: true });
  });

  let startupSession = "";
  let compactedSession = "";

  it("installs from the repository as a marketplace, and its MCP server writes the user's repository", async () => {
    const config = readFileSync(join(setting.codexHome, "config.toml"), "utf8");
    expect(config).toContain('[plugins."thread-mind@thread-mind"]');
    mock.script([
      {
        call: { namespace: MCP, name: "project_create", args: { title: "Shop" } },
        usage: { input: 3000, cached: 1000, output: 40 },
      },
      { reply: "created", usage: { input: 3200, cached: 3000, output: 20 } },
    ]);
    await exec(setting, "create a ThreadMind project Shop");
    expect(threadFilesText(setting.repo, "shop", "main")).toContain("Shop");
  });

  it("brings the thread's context to the first request at startup, records the rollout's size at SessionEnd and confirms the receipt", async () => {
    const before = mock.requests.length;
    mock.script([{ reply: "hello", usage: { input: 4321, cached: 1000, output: 40 } }]);
    startupSession = await exec(setting, "hello again");
    const contexts = developerTexts(mock, before).filter((t) => t.startsWith(THREADMIND_HEADER));
    expect(contexts).toHaveLength(1);
    expect(contexts[0]).toContain('"Shop" (main)');
    const mine = measurements(setting).filter((e) => e.sessionId === startupSession);
    expect(mine.find((e) => e.kind === "injection")).toMatchObject({ source: "startup", threadId: "main" });
    expect(mine.find((e) => e.kind === "sessionEnd")).toMatchObject({ contextTokens: 4321 });
    expect(mine.find((e) => e.kind === "receipt")).toMatchObject({ receipt: "delivered", firstRequestTokens: 4321 });
  });

  it("keeps the context in the history on resume (adds none) and appends to the same rollout", async () => {
    const before = mock.requests.length;
    mock.script([{ reply: "resumed", usage: { input: 5000, cached: 4000, output: 30 } }]);
    const resumed = await exec(setting, "go on", startupSession);
    expect(resumed).toBe(startupSession);
    const contexts = developerTexts(mock, before).filter((t) => t.startsWith(THREADMIND_HEADER));
    expect(contexts).toHaveLength(1);
    expect(contexts[0]).toContain("at session start");
  });

  it("after an auto-compaction brings the context back to the next request", async () => {
    const before = mock.requests.length;
    mock.script([
      { reply: "big", usage: { input: 50_000, cached: 0, output: 100 } },
      { reply: "summary of the work so far", usage: { input: 6000, cached: 0, output: 50 } },
      { reply: "after", usage: { input: 2500, cached: 0, output: 20 } },
    ]);
    // Codex compacts once a response reports more input than this: the 50,000-token one does.
    const autoCompact = ["model_auto_compact_token_limit=20000"];
    const session = await exec(setting, "a long task", undefined, autoCompact);
    compactedSession = session;
    await exec(setting, "and then", session, autoCompact);
    const later = mock.requests.slice(before);
    const afterCompaction = later.findIndex((r) =>
      r.messages.some((m) => m.role === "developer" && m.text.startsWith(`${THREADMIND_HEADER}after compaction`)),
    );
    expect(afterCompaction).toBeGreaterThan(0);
    const kinds = measurements(setting)
      .filter((e) => e.sessionId === session)
      .map((e) => e.kind);
    expect(kinds).toContain("preCompact");
  });

  it("reminds the model to update the summary once the conversation grew past the threshold, from the rollout's size", async () => {
    mock.script([
      { reply: "one", usage: { input: 3000, cached: 0, output: 10 } },
      { reply: "two", usage: { input: 3000 + DEFAULT_NUDGE_TOKENS + 500, cached: 3000, output: 10 } },
    ]);
    const session = await exec(setting, "first step");
    await exec(setting, "second step", session);
    const before = mock.requests.length;
    mock.script([{ reply: "three", usage: { input: 3000 + DEFAULT_NUDGE_TOKENS + 900, cached: 0, output: 10 } }]);
    await exec(setting, "third step", session);
    const reminders = developerTexts(mock, before).filter((t) => t.startsWith("ThreadMind: about"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain('thread "main"');
    const marks = measurements(setting).filter((e) => e.sessionId === session && e.kind === "freshnessMark");
    expect(marks.filter((m) => m.mark === "nudge")).toHaveLength(1);
  });

  it("once its hooks are trusted (doctor says so), /clear brings the thread's context to the new session's first request", async () => {
    const server = appServer(setting);
    try {
      await server.call("initialize", { clientInfo: { name: "threadmind-test", version: "1" } });
      server.notify("initialized");
      const hooks = pluginHooks(await server.call("hooks/list", { cwds: [setting.repo] }));
      // The plugin's hooks.json: SessionStart, SessionEnd, PreCompact, UserPromptSubmit, PreToolUse, SubagentStart.
      expect(hooks).toHaveLength(6);
      expect(hooks.every((h) => h.trustStatus === "untrusted")).toBe(true);
      const doctorBefore = await run("node", [join(REPO_ROOT, "plugin", "dist", "cli.mjs"), "doctor"], {
        cwd: setting.repo,
        env: setting.env,
      }).catch((e: { stdout: string }) => e);
      expect(doctorBefore.stdout).toContain("0 of 6 hooks trusted");
      // What trusting them in Codex's review writes: each hook's current hash under [hooks.state."<key>"].
      const value = Object.fromEntries(hooks.map((h) => [h.key, { trusted_hash: h.currentHash }]));
      await server.call("config/batchWrite", {
        edits: [{ keyPath: "hooks.state", mergeStrategy: "upsert", value }],
        reloadUserConfig: true,
      });
      expect(pluginHooks(await server.call("hooks/list", { cwds: [setting.repo] })).map((h) => h.trustStatus)).toEqual(
        hooks.map(() => "trusted"),
      );
      const before = mock.requests.length;
      mock.script([{ reply: "cleared", usage: { input: 2222, cached: 0, output: 10 } }]);
      const thread = (await server.call("thread/start", { cwd: setting.repo, sessionStartSource: "clear" })).thread as {
        id: string;
      };
      const completed = server.notification("turn/completed");
      await server.call("turn/start", { threadId: thread.id, input: [{ type: "text", text: "after the clear" }] });
      await completed;
      const contexts = developerTexts(mock, before).filter((t) => t.startsWith(THREADMIND_HEADER));
      expect(contexts).toHaveLength(1);
      expect(contexts[0]).toContain("after /clear");
      expect(contexts[0]).toContain('"Shop" (main)');
    } finally {
      await server.close();
    }
    const { stdout } = await run("node", [join(REPO_ROOT, "plugin", "dist", "cli.mjs"), "doctor"], {
      cwd: setting.repo,
      env: setting.env,
    }).catch((e: { stdout: string }) => e);
    expect(stdout).toContain("6 of 6 hooks trusted");
  });

  it("report --json lists the Codex sessions, labelled codex, with the mock's exact sizes", async () => {
    const { stdout } = await run("node", [join(REPO_ROOT, "plugin", "dist", "cli.mjs"), "report", "--json"], {
      cwd: setting.repo,
      env: setting.env,
      timeout: RUN_TIMEOUT,
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(stdout) as {
      sessions: { agent: string; sessionId: string; firstContextTokens: number; finalContextTokens: number }[];
      restarts: { agent: string; kind: string; sessionId: string; trigger: string | null }[];
    };
    const startup = report.sessions.find((s) => s.sessionId === startupSession);
    expect(startup).toMatchObject({ agent: "codex", firstContextTokens: 4321, finalContextTokens: 5000 });
    expect(report.sessions.every((s) => s.agent === "codex")).toBe(true);
    // The rollout records no trigger: it comes from the PreCompact hook's record of that session.
    const compactions = report.restarts.filter((r) => r.kind === "compaction" && r.sessionId === compactedSession);
    expect(compactions.map((r) => [r.agent, r.trigger])).toEqual([["codex", "auto"]]);
  });
});
