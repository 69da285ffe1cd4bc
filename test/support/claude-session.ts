// A live Claude Code process in stream-json mode that a test feeds turn by turn (several instances can overlap).
import { execa } from "execa";
import { STREAM_JSON_ARGS, claudeEnv, killGroup, parseStreamJsonLine, userTurn } from "./run-claude.js";
import type { StreamJsonMessage } from "./run-claude.js";

export type ClaudeSessionOptions = {
  bin: string;
  home: string;
  /** The mock's URL. */
  baseUrl: string;
  cwd: string;
  /** Arguments after the stream-json flags (e.g. --plugin-dir, --allowedTools). */
  args: string[];
  env?: Record<string, string>;
  /** Whole-process limit: the process group is killed with SIGKILL after it. Default 120 s. */
  timeoutMs?: number;
};

export type ClaudeSessionEnd = {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stderr: string;
};

export type ClaudeSession = {
  /** The Claude Code process id (its hooks get it as CLAUDE_PID). */
  pid: number;
  /** Every JSON line printed so far (live array). */
  messages: StreamJsonMessage[];
  /** Sends one user turn and resolves with the turn's `{"type":"result"}` line. */
  send(text: string): Promise<StreamJsonMessage>;
  /** Closes stdin and waits for the process to exit. */
  close(): Promise<ClaudeSessionEnd>;
};

/** Starts `claude -p --input-format stream-json --output-format stream-json --verbose …` and keeps it open. */
export function startClaudeSession(options: ClaudeSessionOptions): ClaudeSession {
  const subprocess = execa(options.bin, [...STREAM_JSON_ARGS, ...options.args], {
    cwd: options.cwd,
    env: claudeEnv({ home: options.home, baseUrl: options.baseUrl, ...(options.env ? { extra: options.env } : {}) }),
    extendEnv: false,
    reject: false,
    detached: true, // its own process group: a timeout also kills its hooks and MCP servers
    stdin: "pipe",
    stripFinalNewline: false,
    maxBuffer: 64 * 1024 * 1024,
  });
  const pid = subprocess.pid;
  if (pid === undefined) throw new Error(`startClaudeSession: could not start ${options.bin}`);
  const stdin = subprocess.stdin;
  if (stdin === null) throw new Error("startClaudeSession: no stdin pipe");
  stdin.on("error", () => {
    // EPIPE when claude exits early: the exit code and stderr tell the story.
  });

  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(pid);
  }, options.timeoutMs ?? 120_000);

  const messages: StreamJsonMessage[] = [];
  const waiting: Array<{ resolve: (m: StreamJsonMessage) => void; reject: (e: Error) => void }> = [];
  let pending = "";
  subprocess.stdout?.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      const message = parseStreamJsonLine(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
      newline = pending.indexOf("\n");
      if (message === null) continue;
      messages.push(message);
      if (message.type === "result") waiting.shift()?.resolve(message);
    }
  });

  const exited = subprocess.then((result) => {
    clearTimeout(timer);
    for (const w of waiting.splice(0))
      w.reject(new Error(`claude (pid ${pid}) exited before the turn's result\n${String(result.stderr)}`));
    return result;
  });

  return {
    pid,
    messages,
    send(text) {
      const result = new Promise<StreamJsonMessage>((resolve, reject) => waiting.push({ resolve, reject }));
      stdin.write(userTurn(text));
      return result;
    },
    async close() {
      stdin.end();
      const result = await exited;
      return {
        exitCode: result.exitCode ?? null,
        signal: result.signal ?? null,
        timedOut,
        stderr: typeof result.stderr === "string" ? result.stderr : "",
      };
    },
  };
}
