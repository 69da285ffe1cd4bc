// Where Claude Code 2.1.x writes a subagent's own transcript: <session folder>/subagents/agent-<agent id>.jsonl, beside the
// conversation's transcript (docs/claude-code-verified.md). node:path only: the PreToolUse hook imports this.
import { basename, dirname, join, resolve } from "node:path";

/** An agent id as Claude Code gives it to hooks (`agent_id`, e.g. "acb75e5e785f7e860"): nothing that could leave a folder. */
const AGENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The subagent's transcript for the conversation transcript `transcriptPath`; null when the agent id is not one. */
export function subagentTranscriptPath(transcriptPath: string, agentId: string): string | null {
  if (!AGENT_ID.test(agentId)) return null;
  const folder = join(dirname(resolve(transcriptPath)), basename(transcriptPath, ".jsonl"));
  return join(folder, "subagents", `agent-${agentId}.jsonl`);
}
