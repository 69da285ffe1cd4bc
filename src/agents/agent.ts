// The agent seam: what differs between the coding agents ThreadMind serves (hook dialect, transcript format and place,
// context cap, install layout). One folder per agent (claude-code/, codex/) with the same few files; the hooks, the
// report and doctor ask the agent of a session for these, and keep scanning, dedupe and aggregation shared.
import type { AgentProfile } from "./profiles.js";
import type { HookContextRecord, TailReading, TranscriptReading } from "../transcript/types.js";

export interface Agent extends AgentProfile {
  /** Whether a transcript path handed to a hook is one of this agent's (its file naming). */
  ownsTranscript(path: string): boolean;
  /** The end of a conversation's transcript: its current size, the compactions since, the hook contexts since the last one. */
  readTail(
    path: string,
    options: { maxBytes: number; maxRecords?: number; sizeOnly?: boolean; backToLastCompaction?: boolean },
  ): Promise<TailReading>;
  /**
   * From a byte offset (an injection's) to the first response after it: the hook contexts written since and that first
   * request's size (null: none yet).
   */
  readHeadFrom(
    path: string,
    from: number,
  ): Promise<{ fileSize: number; hookContexts: HookContextRecord[]; firstRequestTokens: number | null }>;
  /** A whole transcript's figures. */
  readSession(path: string): Promise<TranscriptReading>;
}
