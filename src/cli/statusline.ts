// `thread-mind-mcp statusline`: Claude Code's status line command. Reads the status line JSON on stdin and prints one
// short line: this window's thread and how far the conversation has grown since its summary was last written.
import { resolveWorkspace } from "../core/workspace.js";
import { storeDirState, type Workspace } from "../core/store/store-dir.js";
import { readLocalState } from "../core/store/local-state.js";
import { quickThreadTitle } from "../core/store/thread-title-quick.js";
import { threadFileExists } from "../core/store/thread-file-exists.js";
import { projectIdsIn } from "../core/store/project-ids.js";
import { instanceEvents, sessionEvents } from "../core/measure/measurement-log-read.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import { freshnessView, tokensSinceWrite, verdictThreshold } from "../core/freshness/freshness.js";
import { readFreshnessConfig } from "../core/freshness/freshness-config.js";
import { conversationSize, firstRequestSize } from "../core/freshness/conversation-size.js";
import { hookSession } from "../core/session-key.js";
import { startKey } from "../core/git/git.js";
import { isRecord } from "../core/json-record.js";
import { messageOf } from "../core/error-details.js";
import { writeStdout } from "../core/write-stdout.js";
import type { SessionKey } from "../core/types.js";
import { freshnessThread } from "../hooks/freshness-thread.js";
import { readStdin } from "../hooks/hook-input.js";
import { join } from "node:path";

/** How long a status line input that arrives in pieces (a non-blocking stdin) is waited for. */
const STATUSLINE_INPUT_WAIT_MS = 2_000;
/** Longer titles are cut (the status line is one short line). */
const TITLE_MAX_CHARS = 40;
const MARK = "◆";

/** What the status line needs of Claude Code's JSON (session_id, transcript_path, workspace.current_dir or cwd). */
export interface StatuslineInput {
  sessionId: string | null;
  transcriptPath: string | null;
  cwd: string;
}

const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** The fields the line uses; a missing or malformed field is null (the directory falls back to `cwd`). */
export function parseStatuslineInput(raw: string, cwd: string): StatuslineInput {
  let data: unknown = null;
  try {
    data = JSON.parse(raw);
  } catch {
    data = null;
  }
  const record = isRecord(data) ? data : {};
  const workspace = isRecord(record.workspace) ? record.workspace : {};
  return {
    sessionId: text(record.session_id),
    transcriptPath: text(record.transcript_path),
    cwd: text(workspace.current_dir) ?? text(record.cwd) ?? cwd,
  };
}

/** "42k" for a status line: thousands rounded, below 1,000 as is. */
export function shortCount(tokens: number): string {
  return tokens < 1000 ? String(tokens) : `${Math.round(tokens / 1000)}k`;
}

function shortTitle(title: string): string {
  const oneLine = title.replace(/\s+/g, " ").trim();
  return oneLine.length <= TITLE_MAX_CHARS ? oneLine : `${oneLine.slice(0, TITLE_MAX_CHARS - 1)}…`;
}

/**
 * The Claude Code instance this window is: CLAUDE_PID (Claude Code 2.1.332 gives it to the status line command, which
 * runs under a shell, so its ppid is not the instance: docs/claude-code-verified.md), else its conversation's logged instance.
 */
function windowSession(env: NodeJS.ProcessEnv, logged: () => readonly MeasurementEvent[]): SessionKey | null {
  const fromEnv = hookSession(env);
  if (fromEnv !== null) return fromEnv;
  const events = logged();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === "conversation" && e.instance !== undefined) {
      const pid = /^claude-(\d+)$/.exec(e.instance)?.[1];
      return pid === undefined ? { key: e.instance } : { key: e.instance, pid: Number(pid) };
    }
  }
  return null;
}

const attention = (what: string) => `${MARK} ThreadMind · ${what} (run /thread-mind:doctor)`;

/** The line for this input: empty outside a ThreadMind repository; otherwise the thread and its summary's lag. */
export async function statuslineText(input: StatuslineInput, env: NodeJS.ProcessEnv, storeTitle: StoreTitle): Promise<string> {
  const workspace = resolveWorkspace({ env, cwd: input.cwd });
  const dirState = storeDirState(workspace.storeDir);
  if (dirState === "absent") return "";
  if (dirState !== "directory") return attention(".threadmind is not a directory");
  const { state, problem } = readLocalState(workspace.storeDir);
  if (problem !== undefined) return attention("config.json unusable");
  let projectIds: string[];
  try {
    projectIds = projectIdsIn(join(workspace.storeDir, "projects"));
  } catch (e) {
    return attention(`projects unreadable: ${messageOf(e)}`);
  }
  if (projectIds.length === 0) return `${MARK} ThreadMind · no project yet (/thread-mind:project <title>)`;
  // The conversation's logged events only when CLAUDE_PID does not name the window (one scan of the log fewer).
  const logged = () => (input.sessionId === null ? [] : sessionEvents(workspace.storeDir, input.sessionId));
  const session = windowSession(env, logged) ?? { key: "statusline-no-window" };
  const events = session.key === "statusline-no-window" ? [] : instanceEvents(workspace.storeDir, session.key);
  const thread = freshnessThread({
    state,
    session,
    events,
    projectIds: () => projectIds,
    branch: () => startKey(workspace.gitTop),
    threadExists: (projectId, threadId) => threadFileExists(workspace.storeDir, projectId, threadId),
  });
  if (thread === null) return `${MARK} ThreadMind · no thread chosen`;
  const title = quickThreadTitle(workspace.storeDir, thread.projectId, thread.threadId) ?? storeTitle(workspace, thread);
  if (title === null) return attention(`thread "${thread.threadId}" unreadable`);
  const name = `${MARK} ${shortTitle(title)}`;
  // Without the window's conversation in the log, whose writes count cannot be told: the thread alone.
  if (input.sessionId === null || session.key === "statusline-no-window") return name;
  const view = freshnessView(events, input.sessionId, thread);
  const size = await conversationSize(input.transcriptPath);
  const needsFirst = size !== null && view.baseline === null && !view.written && view.firstSegment;
  // No response yet: nothing has grown since the write.
  if (size === null) return `${name} · summary current`;
  const growth = tokensSinceWrite(view, size, needsFirst ? await firstRequestSize(input.transcriptPath) : null);
  // No baseline in this segment yet (a compaction, no prompt since): how far behind cannot be told.
  if (growth === null) return name;
  if (growth < 1000) return `${name} · summary current`;
  const threshold = verdictThreshold(readFreshnessConfig(workspace.storeDir, thread.projectId).nudgeTokens);
  const behind = `${shortCount(growth)} tokens since summary`;
  return growth > threshold ? `${name} · ${behind} (stale: /thread-mind:summary)` : `${name} · ${behind}`;
}

/**
 * The title through the Store's full read (statusline-store.ts), for when the quick read cannot tell; null when the
 * thread cannot be read. Given by the caller: the status line's bundle loads it from a bundle of its own, only then.
 */
export type StoreTitle = (workspace: Workspace, thread: { projectId: string; threadId: string }) => string | null;

/** The command: always exits 0 (a status line that fails shows nothing); a failure is said in the line itself. */
export async function runStatusline(env: NodeJS.ProcessEnv, cwd: string, storeTitle: StoreTitle): Promise<number> {
  let line: string;
  try {
    // Read as the hooks read theirs (synchronously, no process.stdin stream: ~5-10 ms of a start).
    line = await statuslineText(parseStatuslineInput(await readStdin(STATUSLINE_INPUT_WAIT_MS), cwd), env, storeTitle);
  } catch (e) {
    line = attention(messageOf(e).split("\n")[0]!.slice(0, 80));
  }
  // On fd 1 (writeStdout): process.stdout would load node:stream, and node:net for a pipe (~4 ms).
  if (line !== "") await writeStdout(`${line}\n`);
  return 0;
}
