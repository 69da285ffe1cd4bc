// What the hooks need to know of an agent without reading any transcript: its name, its context cap and how its hook
// input tells it (light: the SessionStart bundle loads only this).
import { isRolloutPath } from "./codex/rollout-paths.js";

export const AGENT_IDS = ["claude-code", "codex"] as const;
export type AgentId = (typeof AGENT_IDS)[number];

/** How much hook context an agent hands the model whole: over it the model gets a preview, not the text. */
export interface ContextCap {
  /** What the agent counts: UTF-16 characters (Claude Code) or UTF-8 bytes (Codex). */
  unit: "characters" | "bytes";
  limit: number;
}

export interface AgentProfile {
  id: AgentId;
  /** As the user reads it: "Claude Code", "Codex". */
  name: string;
  contextCap: ContextCap;
}

export const PROFILES: Record<AgentId, AgentProfile> = {
  // Over 10,000 characters Claude Code records a <persisted-output> preview instead of the context.
  "claude-code": { id: "claude-code", name: "Claude Code", contextCap: { unit: "characters", limit: 10_000 } },
  // Codex cuts hook context over 2,500 estimated tokens, counted as ceil(UTF-8 bytes / 4): 10,000 bytes arrive whole.
  codex: { id: "codex", name: "Codex", contextCap: { unit: "bytes", limit: 10_000 } },
};

/**
 * The agent whose hook got this transcript path: Codex's are rollout-*.jsonl (Codex sets no variable of its own in a
 * hook's environment); Claude Code otherwise (the default dialect, also when no path is given).
 */
export function agentIdOfTranscript(transcriptPath: string | null): AgentId {
  return transcriptPath !== null && isRolloutPath(transcriptPath) ? "codex" : "claude-code";
}

export function profileOfHook(input: { transcriptPath: string | null }): AgentProfile {
  return PROFILES[agentIdOfTranscript(input.transcriptPath)];
}

/** The cap as words: "10,000-byte". */
export function capWords(cap: ContextCap): string {
  return `${cap.limit.toLocaleString("en-US")}-${cap.unit === "bytes" ? "byte" : "character"}`;
}

/** The size of `text` in the cap's unit. */
export function sizeInCapUnit(cap: ContextCap, text: string): number {
  switch (cap.unit) {
    case "characters":
      return text.length;
    case "bytes":
      return Buffer.byteLength(text, "utf8");
    default: {
      const unreachable: never = cap.unit;
      throw new Error(`unknown cap unit ${String(unreachable)}`);
    }
  }
}
