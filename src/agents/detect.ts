// The agent of a hook or a transcript, with its readers (see profiles.ts for how it is told, without them).
import type { Agent } from "./agent.js";
import { claudeCode } from "./claude-code/agent.js";
import { codex } from "./codex/agent.js";
import { agentIdOfTranscript, type AgentId } from "./profiles.js";

export const AGENTS: Record<AgentId, Agent> = { "claude-code": claudeCode, codex };

/** The agent whose hook got this transcript path (none given: Claude Code's dialect is assumed). */
export function agentOfTranscript(transcriptPath: string | null): Agent {
  return AGENTS[agentIdOfTranscript(transcriptPath)];
}

/** The agent of a hook, from its input. */
export function agentOfHook(input: { transcriptPath: string | null }): Agent {
  return agentOfTranscript(input.transcriptPath);
}
