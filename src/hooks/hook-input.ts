// The JSON Claude Code sends a hook on stdin, read within a bound and checked field by field (no schema library on this path).

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
}

const MAX_INPUT_BYTES = 1_000_000;

export function readStdin(timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (process.stdin.isTTY) {
      resolve("");
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
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
      if (size > MAX_INPUT_BYTES) finish(new Error("hook input larger than 1 MB"));
      else chunks.push(chunk);
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
  };
}
