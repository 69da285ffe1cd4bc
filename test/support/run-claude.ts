// Runs the real Claude Code binary against the mock API with an isolated HOME, a clean environment and a hard timeout.
import { execa } from "execa";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { expect } from "vitest";

/** The variables that keep Claude Code offline and quiet (see /work/shared/claude-code-facts.md). */
export const OFFLINE_ENV = {
  ANTHROPIC_API_KEY: "dummy",
  DISABLE_TELEMETRY: "1",
  DISABLE_AUTOUPDATER: "1",
  DISABLE_ERROR_REPORTING: "1",
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
} as const;

/** Flags for several turns in one process: one user message per stdin line, one JSON event per stdout line. */
export const STREAM_JSON_ARGS = ["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"] as const;

/** A fresh temp directory (realpath'd, so it matches the paths Claude Code records). */
export function makeTempDir(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

/** Removes a directory made by makeTempDir (or any path) recursively. */
export function removeDir(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/** An isolated HOME; `claudeJson` seeds `~/.claude.json` (e.g. onboarding flags) when given. */
export function createClaudeHome(claudeJson?: Record<string, unknown>): string {
  const home = makeTempDir("tm-claude-home-");
  mkdirSync(join(home, ".claude"), { recursive: true });
  if (claudeJson !== undefined) writeFileSync(join(home, ".claude.json"), JSON.stringify(claudeJson, null, 2));
  return home;
}

export type ClaudeEnvOptions = {
  home: string;
  /** The mock's URL (ANTHROPIC_BASE_URL). */
  baseUrl: string;
  /** Added last; wins over everything. */
  extra?: Record<string, string>;
};

/** The temp folder of the runs that use `home` (inside it, so removing the home removes it). */
export function claudeTmpDir(home: string): string {
  return join(home, ".tmp");
}

/**
 * The complete environment for a run, built from scratch: nothing of the parent's CLAUDE_* / ANTHROPIC_* leaks.
 * Only PATH (with this Node's folder first, for hooks that run `node`) and a UTF-8 locale come from outside. TMPDIR is
 * a folder inside the HOME: Claude Code keeps a folder per session under $TMPDIR/claude-<uid>/ and never removes it,
 * so with the system's temp dir each run left one behind there.
 */
export function claudeEnv(options: ClaudeEnvOptions): Record<string, string> {
  const nodeDir = dirname(process.execPath);
  const path = [nodeDir, ...(process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin").split(delimiter)].join(delimiter);
  const env: Record<string, string> = {
    PATH: path,
    HOME: options.home,
    USER: "tester",
    LANG: "C.UTF-8",
    SHELL: existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh",
    ANTHROPIC_BASE_URL: options.baseUrl,
    ...OFFLINE_ENV,
  };
  env.TMPDIR = claudeTmpDir(options.home);
  mkdirSync(env.TMPDIR, { recursive: true });
  return { ...env, ...options.extra };
}

export type RunClaudeOptions = {
  /** Path of the claude binary (see claude-binary.ts). */
  bin: string;
  home: string;
  /** The mock's URL. */
  baseUrl: string;
  /** Launch directory (becomes CLAUDE_PROJECT_DIR and the transcript folder name). */
  cwd: string;
  /** Arguments, e.g. ["-p", "hello", "--plugin-dir", dir]; with `turns`, STREAM_JSON_ARGS are prepended. */
  args: string[];
  /**
   * Several user turns in ONE process (stream-json). The first is written at once; each next one after the
   * previous turn's `{"type":"result"}` line; stdin is closed after the last result.
   */
  turns?: string[];
  /** Raw stdin (closed after writing). Not with `turns`. */
  input?: string;
  /** Extra environment (e.g. PROBE_LOG, ENABLE_TOOL_SEARCH). */
  env?: Record<string, string>;
  /** Hard timeout; the whole process group is killed with SIGKILL. Default 60 s. */
  timeoutMs?: number;
};

/** One parsed stdout line of `--output-format stream-json` (or the single `json` result). */
export type StreamJsonMessage = { type: string; subtype?: string; session_id?: string; [key: string]: unknown };

export type ClaudeRun = {
  /** Exit code, or null when killed by a signal. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** Every stdout line that parsed as a JSON object with a string `type`. */
  messages: StreamJsonMessage[];
  /** The Claude Code process id (hooks receive it as CLAUDE_PID). */
  pid: number;
  durationMs: number;
  args: string[];
};

/** A stream-json user message line. */
export function userTurn(text: string): string {
  return `${JSON.stringify({ type: "user", message: { role: "user", content: text } })}\n`;
}

/** One stdout line as a message: a JSON object with a string `type`, else null (blank, plain text, other JSON). */
export function parseStreamJsonLine(line: string): StreamJsonMessage | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("{")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null; // plain text output that happens to start with "{"
  }
  if (typeof parsed !== "object" || parsed === null || !("type" in parsed) || typeof parsed.type !== "string") return null;
  return { ...parsed, type: parsed.type };
}

function parseMessages(stdout: string): StreamJsonMessage[] {
  const out: StreamJsonMessage[] = [];
  for (const line of stdout.split("\n")) {
    const message = parseStreamJsonLine(line);
    if (message !== null) out.push(message);
  }
  return out;
}

/** SIGKILL to the process group led by `pid` (spawned with `detached: true`); a group already gone is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch (error) {
    const gone = error instanceof Error && "code" in error && error.code === "ESRCH";
    if (!gone) throw error;
  }
}

/** Runs claude once and waits for it to exit (or for the timeout). Never rejects on a non-zero exit. */
export async function runClaude(options: RunClaudeOptions): Promise<ClaudeRun> {
  if (options.turns !== undefined && options.input !== undefined) throw new Error("runClaude: give `turns` or `input`, not both");
  const args = options.turns !== undefined ? [...STREAM_JSON_ARGS, ...options.args] : [...options.args];
  const started = Date.now();
  const subprocess = execa(options.bin, args, {
    cwd: options.cwd,
    env: claudeEnv({ home: options.home, baseUrl: options.baseUrl, extra: options.env }),
    extendEnv: false,
    reject: false,
    detached: true, // its own process group, so a timeout also kills hooks and MCP servers
    stdin: "pipe",
    stripFinalNewline: false,
    maxBuffer: 64 * 1024 * 1024,
  });
  const pid = subprocess.pid;
  if (pid === undefined) {
    const failed = await subprocess;
    throw new Error(`runClaude: could not start ${options.bin}: ${failed.message}`);
  }

  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(pid);
  }, options.timeoutMs ?? 60_000);

  const stdin = subprocess.stdin;
  if (stdin === null) throw new Error("runClaude: no stdin pipe");
  stdin.on("error", () => {
    // EPIPE when claude exits before reading everything: the exit code and stderr tell the story.
  });
  if (options.turns !== undefined) {
    const turns = [...options.turns];
    const first = turns.shift();
    if (first === undefined) throw new Error("runClaude: `turns` is empty");
    stdin.write(userTurn(first));
    let pending = "";
    subprocess.stdout?.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      let newline = pending.indexOf("\n");
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        newline = pending.indexOf("\n");
        if (!line.includes('"type":"result"')) continue;
        if (parseStreamJsonLine(line)?.type !== "result") continue;
        const next = turns.shift();
        if (next === undefined) stdin.end();
        else stdin.write(userTurn(next));
      }
    });
  } else {
    stdin.end(options.input ?? "");
  }

  const result = await subprocess;
  clearTimeout(timer);
  const stdout = typeof result.stdout === "string" ? result.stdout : "";
  const stderr = typeof result.stderr === "string" ? result.stderr : "";
  return {
    exitCode: result.exitCode ?? null,
    signal: result.signal ?? null,
    timedOut,
    stdout,
    stderr,
    messages: parseMessages(stdout),
    pid,
    durationMs: Date.now() - started,
    args,
  };
}

/** A short description of a run for assertion messages. */
export function describeRun(run: ClaudeRun): string {
  return [
    `claude ${run.args.join(" ")}`,
    `exit=${String(run.exitCode)} signal=${String(run.signal)} timedOut=${String(run.timedOut)} ${run.durationMs}ms`,
    `stdout: ${run.stdout.slice(0, 2000)}`,
    `stderr: ${run.stderr.slice(0, 2000)}`,
  ].join("\n");
}

/** Asserts that a run neither timed out nor exited non-zero, describing the run when it did. */
export function expectSuccess(run: ClaudeRun): void {
  expect(run.timedOut, describeRun(run)).toBe(false);
  expect(run.exitCode, describeRun(run)).toBe(0);
}
