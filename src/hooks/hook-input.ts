// The JSON Claude Code sends a hook on stdin, read within a bound and checked field by field (no schema library on this path).
import { fstatSync, readSync, type Stats } from "node:fs";
import { errnoCode } from "../core/error-details.js";

export interface HookInput {
  sessionId: string;
  transcriptPath: string | null;
  cwd: string;
  event: string;
  /** SessionStart: startup | resume | clear | compact. */
  source: string | null;
  /** SessionEnd: clear | logout | prompt_input_exit | other … */
  reason: string | null;
  /** PreCompact: manual | auto. */
  trigger: string | null;
  /** UserPromptSubmit: the user's raw text (a slash command arrives unexpanded). */
  prompt: string | null;
  /** PreToolUse: the tool's name (Edit, Write...). */
  toolName?: string | null;
  /** PreToolUse: the file the tool is about to read or change (tool_input.file_path, or notebook_path), as given. */
  toolFilePath?: string | null;
  /** PreToolUse: the tool call's id (`tool_use_id`); Claude Code records the hook's context under it. */
  toolUseId?: string | null;
  /** Inside a subagent (PreToolUse) and SubagentStart: the subagent's id. */
  agentId?: string | null;
}

const MAX_INPUT_BYTES = 1_000_000;

/** The input passed MAX_INPUT_BYTES and was not read further (UserPromptSubmit's holds the user's prompt, of any size). */
export class HookInputTooLargeError extends Error {
  constructor() {
    super("hook input larger than 1 MB");
  }
}

/**
 * The hook's stdin. Read synchronously first (Claude Code writes the whole JSON at once): the reading stops at end of
 * input or as soon as the text is one complete JSON value, so a caller that never closes stdin after a complete input
 * costs nothing. This skips process.stdin, whose stream machinery costs a hook ~5-10 ms of start-up. A descriptor in
 * non-blocking mode (EAGAIN) continues through process.stdin, within `timeoutMs`. The price: a caller that sends an
 * incomplete input and then neither finishes nor closes it blocks the hook until Claude Code's own hook timeout
 * (plugin/hooks.json) ends it.
 */
export function readStdin(timeoutMs: number): Promise<string> {
  let first: BlockingRead;
  try {
    first = readStdinBlocking();
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
  return first.done ? Promise.resolve(first.text) : readStdinStream(timeoutMs, first.bytes);
}

/**
 * What the synchronous read got: the whole input as text, or (non-blocking descriptor) the bytes so far, kept raw because
 * they may end inside a multi-byte UTF-8 character.
 */
type BlockingRead = { done: true; text: string } | { done: false; bytes: Buffer };

/** Whether `text` is one complete JSON value (the hook input is an object, so it must end with "}"). */
function isCompleteJson(text: string): boolean {
  if (!text.trimEnd().endsWith("}")) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function readStdinBlocking(): BlockingRead {
  let stat: Stats;
  try {
    stat = fstatSync(0);
  } catch (e) {
    if (errnoCode(e) === "EBADF") return { done: true, text: "" }; // no stdin at all
    throw e;
  }
  if (stat.isCharacterDevice()) return { done: true, text: "" }; // a terminal: nobody is sending hook input
  const chunks: Buffer[] = [];
  let size = 0;
  const buffer = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buffer, 0, buffer.length, null);
    } catch (e) {
      if (errnoCode(e) === "EAGAIN") return { done: false, bytes: Buffer.concat(chunks) };
      if (errnoCode(e) === "EOF") return { done: true, text: Buffer.concat(chunks).toString("utf8") };
      throw e;
    }
    if (n === 0) return { done: true, text: Buffer.concat(chunks).toString("utf8") };
    size += n;
    if (size > MAX_INPUT_BYTES) throw new HookInputTooLargeError();
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    const text = Buffer.concat(chunks).toString("utf8");
    if (isCompleteJson(text)) return { done: true, text };
  }
}

/**
 * The rest of stdin through process.stdin (a non-blocking descriptor), within `timeoutMs`, after the bytes `already`
 * read; decoded to text once, at the end.
 */
function readStdinStream(timeoutMs: number, already: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [already];
    let size = already.length;
    const timer = setTimeout(() => finish(new Error(`no complete hook input on stdin within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.pause();
      if (error) reject(error);
      else resolve(Buffer.concat(chunks).toString("utf8"));
    };
    process.stdin.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) finish(new HookInputTooLargeError());
      else {
        chunks.push(chunk);
        if (isCompleteJson(Buffer.concat(chunks).toString("utf8"))) finish();
      }
    });
    process.stdin.on("end", () => finish());
    process.stdin.on("error", (e) => finish(e));
  });
}

export function parseHookInput(text: string, fallbackCwd: string): HookInput {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("hook input is not JSON");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new Error("hook input is not a JSON object");
  const d = data as Record<string, unknown>;
  const str = (key: string): string | null => (typeof d[key] === "string" && d[key] !== "" ? (d[key] as string) : null);
  return {
    sessionId: str("session_id") ?? "unknown",
    transcriptPath: str("transcript_path"),
    cwd: str("cwd") ?? fallbackCwd,
    event: str("hook_event_name") ?? "",
    source: str("source"),
    reason: str("reason"),
    trigger: str("trigger"),
    prompt: str("prompt"),
    toolName: str("tool_name"),
    toolFilePath: toolFilePath(d.tool_input),
    toolUseId: str("tool_use_id"),
    agentId: str("agent_id"),
  };
}

/** tool_input.file_path (Edit, Write, MultiEdit, Read) or notebook_path (NotebookEdit), when a non-empty string. */
function toolFilePath(toolInput: unknown): string | null {
  if (typeof toolInput !== "object" || toolInput === null) return null;
  const t = toolInput as Record<string, unknown>;
  for (const key of ["file_path", "notebook_path"]) {
    const v = t[key];
    if (typeof v === "string" && v !== "" && v.length <= 4096) return v;
  }
  return null;
}
