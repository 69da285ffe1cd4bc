// How a client session is keyed: a Claude Code instance by its pid (hooks get CLAUDE_PID, the MCP server is its child).
import type { SessionKey } from "./types.js";

/** The session of the Claude Code instance with this pid. */
export function claudeInstanceSession(claudePid: number): SessionKey {
  return { key: `claude-${claudePid}`, pid: claudePid };
}

/**
 * The session an MCP server process serves. Under Claude Code (its env carries CLAUDE_CODE_SESSION_ID or
 * CLAUDE_PLUGIN_ROOT) the server's parent is the Claude Code instance, so hooks of that instance find its state.
 * Any other client: the server process itself.
 */
export function serverSession(env: Record<string, string | undefined>, pid: number, ppid: number): SessionKey {
  if (env.CLAUDE_CODE_SESSION_ID || env.CLAUDE_PLUGIN_ROOT) return claudeInstanceSession(ppid);
  return { key: `mcp-${pid}`, pid };
}

/** The session of a hook process: the Claude Code instance from CLAUDE_PID, else none (state is not persisted). */
export function hookSession(env: Record<string, string | undefined>): SessionKey | null {
  const pid = Number.parseInt(env.CLAUDE_PID ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? claudeInstanceSession(pid) : null;
}

/** hookSession, else a key of the conversation alone (without CLAUDE_PID nothing ties hooks to an instance). */
export function hookSessionOr(env: Record<string, string | undefined>, conversationId: string): SessionKey {
  return hookSession(env) ?? { key: `hook-session-${conversationId}` };
}

/**
 * Whether the session is a Claude Code instance (hooks with CLAUDE_PID, or its MCP server): only then are its summary
 * writes and its hooks' records keyed alike, so that a hook can tell whether this window wrote the summary.
 */
export function isClaudeInstance(session: SessionKey): boolean {
  return session.pid !== undefined && session.key === claudeInstanceSession(session.pid).key;
}
