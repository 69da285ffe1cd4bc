// Runs the built hook bundle (plugin/dist/hook.cjs) as Claude Code does: stdin JSON, CLAUDE_PID and CLAUDE_PROJECT_DIR set;
// and reads back what it printed, checking the output contract (nothing, or one JSON object with one-line systemMessage).
import { spawn } from "node:child_process";
import { join } from "node:path";

export const HOOK_BUNDLE = join(import.meta.dirname, "../../plugin/dist/hook.cjs");

export type HookName = "session-start" | "session-end" | "pre-compact";
/** Every hook the bundle runs: the three above (which the damage tests cover), the one before each prompt, and recall's two. */
export type AnyHookName = HookName | "user-prompt-submit" | "pre-tool-use" | "subagent-start";

export interface HookRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  elapsedMs: number;
  /** The run did not end by itself within killAfterMs and was killed (a hang). */
  hung: boolean;
}

export interface HookRunOptions {
  /** Workspace directory: the hook's cwd, stdin `cwd` and CLAUDE_PROJECT_DIR. */
  cwd: string;
  sessionId: string;
  transcriptPath: string;
  /** CLAUDE_PID: the Claude Code instance the hook belongs to. */
  claudePid: number;
  /** Fields of the event's JSON to set or replace (such as SessionStart's `source`, PreToolUse's `tool_input`). */
  event?: Record<string, unknown>;
  /** Raw stdin instead of the event's JSON. */
  stdin?: string;
  /** Leave stdin open (never send an end), as a stuck caller would. */
  keepStdinOpen?: boolean;
  killAfterMs?: number;
  /** Another copy of hook.cjs to run (default: plugin/dist's). */
  bundle?: string;
  /** Variables to set (a value of null removes one the test runner has, such as HOME). */
  env?: Record<string, string | null>;
}

const EVENTS = {
  "session-start": { hook_event_name: "SessionStart", source: "startup" },
  "session-end": { hook_event_name: "SessionEnd", reason: "other" },
  "pre-compact": { hook_event_name: "PreCompact", trigger: "auto", custom_instructions: "" },
  "user-prompt-submit": { hook_event_name: "UserPromptSubmit", prompt_id: "p1", permission_mode: "default", prompt: "go on" },
  "pre-tool-use": { hook_event_name: "PreToolUse" },
  "subagent-start": { hook_event_name: "SubagentStart", agent_id: "agent-1", agent_type: "general-purpose" },
} as const satisfies Record<AnyHookName, Record<string, string>>;

/** The environment of a hook under Claude Code, without anything of the test runner's that could pick the workspace. */
function hookEnv(options: HookRunOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("THREADMIND_") && !key.startsWith("CLAUDE")) env[key] = value;
  }
  const out: NodeJS.ProcessEnv = {
    ...env,
    CLAUDE_PID: String(options.claudePid),
    CLAUDE_PROJECT_DIR: options.cwd,
    CLAUDE_CODE_SESSION_ID: options.sessionId,
  };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

export function runHookProcess(name: AnyHookName, options: HookRunOptions): Promise<HookRun> {
  const input = {
    session_id: options.sessionId,
    transcript_path: options.transcriptPath,
    cwd: options.cwd,
    ...EVENTS[name],
    ...options.event,
  };
  const started = performance.now();
  const child = spawn(process.execPath, [options.bundle ?? HOOK_BUNDLE, name], {
    cwd: options.cwd,
    env: hookEnv(options),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  child.stdin.on("error", () => {}); // the hook may exit before reading everything
  child.stdin.write(options.stdin ?? JSON.stringify(input));
  if (!options.keepStdinOpen) child.stdin.end();
  let hung = false;
  const killer = setTimeout(() => {
    hung = true;
    child.kill("SIGKILL");
  }, options.killAfterMs ?? 20_000);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(killer);
      child.stdin.destroy();
      resolve({ code, signal, stdout, stderr, elapsedMs: Math.round(performance.now() - started), hung });
    });
  });
}

export interface HookOutputJson {
  systemMessage?: string;
  hookSpecificOutput?: { hookEventName?: string; additionalContext?: string };
}

/**
 * What a hook printed: null for nothing; else its one JSON object. Throws when the output breaks the contract: more than
 * one line, not a JSON object, unknown keys, or a systemMessage that is not a single line.
 */
export function parseHookStdout(stdout: string): HookOutputJson | null {
  if (stdout === "") return null;
  const lines = stdout.split("\n");
  if (lines.length !== 2 || lines[1] !== "") throw new Error(`hook printed ${lines.length - 1} lines: ${stdout.slice(0, 300)}`);
  const data: unknown = JSON.parse(lines[0]!);
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new Error(`hook printed a non-object: ${lines[0]}`);
  const keys = Object.keys(data);
  if (keys.length === 0 || keys.some((k) => k !== "systemMessage" && k !== "hookSpecificOutput"))
    throw new Error(`unexpected hook output keys: ${keys.join(", ")}`);
  const out = data as HookOutputJson;
  if (
    out.systemMessage !== undefined &&
    (typeof out.systemMessage !== "string" || out.systemMessage === "" || out.systemMessage.includes("\n"))
  ) {
    throw new Error(`systemMessage is not one line: ${JSON.stringify(out.systemMessage)}`);
  }
  return out;
}
