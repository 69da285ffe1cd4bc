// A conversation's measured size from its agent's transcript (Claude Code's or a Codex rollout): the last request (from the end), and the first (from the head).
import { agentOfTranscript } from "../../agents/detect.js";

/** The tail walk stops here even if no assistant record was found: time must not grow with the transcript. */
export const TAIL_MAX_BYTES = 4 * 1024 * 1024;
/** ...and here by records: a tail of ~200,000 tiny records (4 MB) took SessionEnd past its 1 s deadline. */
export const TAIL_MAX_RECORDS = 10_000;

/**
 * The conversation's size from the transcript's end (as SessionEnd reads it); null when it has no response yet (or none
 * since a compaction that recorded no size) or cannot be read.
 */
export async function conversationSize(transcriptPath: string | null): Promise<number | null> {
  if (transcriptPath === null) return null;
  try {
    // Walks back only to the last response or compaction, whichever is nearer the end (never past TAIL_MAX_BYTES).
    const tail = await agentOfTranscript(transcriptPath).readTail(transcriptPath, {
      maxBytes: TAIL_MAX_BYTES,
      maxRecords: TAIL_MAX_RECORDS,
      sizeOnly: true,
    });
    // A compaction after the last response: that response's size is gone; the boundary's own count, when it has one.
    const boundary = tail.compactBoundaries.at(-1);
    return boundary === undefined ? tail.contextTokens : boundary.postTokens;
  } catch {
    return null; // no transcript yet (first prompt), or unreadable: nothing measured this time
  }
}

/** The size of the transcript's first main-chain request (the head, bounded); null when it has none. Throws when unreadable. */
export async function firstRequestSize(transcriptPath: string | null): Promise<number | null> {
  if (!transcriptPath) return null;
  return (await agentOfTranscript(transcriptPath).readHeadFrom(transcriptPath, 0)).firstRequestTokens;
}
