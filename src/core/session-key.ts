// How a client session is keyed: a Claude Code instance by its pid (hooks get CLAUDE_PID, the MCP server is its child);
// a Codex instance by its pid too (its hooks and its MCP server are both its direct children).
import type { SessionKey } from "./types.js";
import { agentIdOfTranscript } from "../agents/profiles.js";

/** The session of the Claude Code instance with this pid. */
export function claudeInstanceSession(claudePid: number): SessionKey {
  return { key: `claude-${claudePid}`, pid: claudePid };
}

/** The session of the Codex instance with this pid. */
export function codexInstanceSession(codexPid: number): SessionKey {
  return { key: `codex-${codexPid}`, pid: codexPid };
}

/** What the Codex plugin's .mcp.json sets in its server's environment (Codex gives a plugin's server only HOME and PATH). */
export const AGENT_ENV = "THREADMIND_AGENT";

/**
 * The session an MCP server process serves. Under Codex (AGENT_ENV "codex") the server's parent is the Codex instance. Under Claude Code (its env carries CLAUDE_CODE_SESSION_ID or
 * CLAUDE_PLUGIN_ROOT) the server's parent is the Claude Code instance, so hooks of that instance find its state.
 * Any other client: the server process itself.
 */
export function serverSession(env: Record<string, string | undefined>, pid: number, ppid: number): SessionKey {
  if (env[AGENT_ENV] === "codex") return codexInstanceSession(ppid);
  if (env.CLAUDE_CODE_SESSION_ID || env.CLAUDE_PLUGIN_ROOT) return claudeInstanceSession(ppid);
  return { key: `mcp-${pid}`, pid };
}

/** The session of a hook process: the Claude Code instance from CLAUDE_PID, else none (state is not persisted). */
export function hookSession(env: Record<string, string | undefined>): SessionKey | null {
  const pid = Number.parseInt(env.CLAUDE_PID ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? claudeInstanceSession(pid) : null;
}

/**
 * hookSession; a Codex hook (told by its rollout path) is keyed by its parent, the Codex instance (Codex runs hook
 * commands as its direct children and sets no variable of its own); else a key of the conversation alone (without
 * CLAUDE_PID nothing ties hooks to an instance).
 */
export function hookSessionOr(
  env: Record<string, string | undefined>,
  input: { sessionId: string; transcriptPath: string | null },
  ppid: number = process.ppid,
): SessionKey {
  const claude = hookSession(env);
  if (claude !== null) return claude;
  if (agentIdOfTranscript(input.transcriptPath) === "codex" && ppid > 1) return codexInstanceSession(ppid);
  return { key: `hook-session-${input.sessionId}` };
}

/**
 * Whether the session is an agent instance (a Claude Code one: hooks with CLAUDE_PID, or its MCP server; a Codex one:
 * its hooks and its MCP server by their parent's pid): only then are its summary writes and its hooks' records keyed
 * alike, so that a hook can tell whether this window wrote the summary. (Named when Claude Code was the only agent.)
 */
export function isClaudeInstance(session: SessionKey): boolean {
  if (session.pid === undefined) return false;
  return session.key === claudeInstanceSession(session.pid).key || session.key === codexInstanceSession(session.pid).key;
}
