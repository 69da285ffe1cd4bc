// What a SessionStart logs and prints for a context it loaded, the same from the fast path (cache) and the full path.
import { statSync } from "node:fs";
import { nextTimestamp } from "../core/clock.js";
import { conversationEvent } from "../core/conversation-threads.js";
import type { CachedStart } from "../core/context/context-cache.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import type { HookInput } from "./hook-input.js";
import type { SessionKey } from "../core/types.js";
import type { HookOutput } from "./hook-output.js";

/** Where Claude Code will record this injection: after the transcript's current end (0 when it has none yet). */
function transcriptOffset(path: string): { transcriptOffset?: number } {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return { transcriptOffset: 0 };
    return stat.isFile() ? { transcriptOffset: stat.size } : {};
  } catch {
    return {}; // unknown: the receipt is then found the older way (the head, or back to the last compaction)
  }
}

/** The injection, the hook seen, and the conversation's thread, as measurement events. */
export function startEvents(
  input: HookInput,
  session: SessionKey,
  source: string,
  projectId: string,
  threadId: string,
  start: CachedStart,
): MeasurementEvent[] {
  return [
    {
      kind: "injection",
      at: nextTimestamp(),
      sessionId: input.sessionId,
      source,
      projectId,
      threadId,
      chars: start.text.length,
      tokens: start.tokens,
      omitted: start.omitted,
      contentHash: start.contentHash,
      fingerprint: start.fingerprint,
      ...(input.transcriptPath ? { transcriptPath: input.transcriptPath, ...transcriptOffset(input.transcriptPath) } : {}),
    },
    { kind: "hookSeen", at: nextTimestamp(), event: `SessionStart:${source}`, sessionId: input.sessionId },
    conversationEvent(input.sessionId, projectId, threadId, session),
  ];
}

/** The hook's output: the context, and the user's line(s) (`extra`: e.g. a failure to record the injection). */
export function startOutput(start: CachedStart, extra: readonly string[]): HookOutput {
  const lines = [...(start.userMessage !== null ? [start.userMessage] : []), ...extra];
  const output: HookOutput = { additionalContext: start.text };
  if (lines.length > 0) output.userMessage = lines.join(" ");
  return output;
}
