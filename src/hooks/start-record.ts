// What a SessionStart logs and prints for a context it loaded, the same from the fast path (cache) and the full path.
import { statSync } from "node:fs";
import { nextTimestamp } from "../core/clock.js";
import { conversationEvent } from "../core/conversation-threads.js";
import type { CachedStart } from "../core/context/context-cache-starts.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import type { HookInput } from "./hook-input.js";
import type { SessionKey } from "../core/types.js";
import type { HookOutput } from "./hook-output.js";
import { textFingerprint } from "../core/text-fingerprint.js";
import { capWords, profileOfHook } from "../agents/profiles.js";
import { fitToCap } from "../agents/context-cap.js";

/**
 * The start as the hook's agent takes it whole: the assembly fits Claude Code's 10,000 characters; Codex counts UTF-8
 * bytes (10,000), so a summary with accents or CJK text may be over it: it is cut here at a line (never into the
 * agent's own preview), and what is logged is what is sent, so that the receipt recognises it. Given to startEvents
 * and startOutput. node:crypto (the content hash) is loaded only for a cut: every other start is spared its ~3 ms.
 */
export async function fittedStart(input: Pick<HookInput, "transcriptPath">, start: CachedStart): Promise<CachedStart> {
  const agent = profileOfHook(input);
  const fitted = fitToCap(agent.contextCap, start.text);
  if (!fitted.cut) return start;
  const { contentHash } = await import("../core/content-hash.js");
  const line = `ThreadMind: context cut to fit ${agent.name}'s ${capWords(agent.contextCap)} cap.`;
  return {
    ...start,
    text: fitted.text,
    contentHash: contentHash(fitted.text),
    fingerprint: textFingerprint(fitted.text),
    tokens: Math.round((start.tokens * fitted.text.length) / Math.max(1, start.text.length)),
    userMessage: start.userMessage === null ? line : `${start.userMessage} ${line}`,
  };
}

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

/** The injection (`start`: as fittedStart gave it), the hook seen, and the conversation's thread, as measurement events. */
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

/** The hook's output: the context (`start`: as fittedStart gave it), and the user's line(s) (`extra`: e.g. a failure to record the injection). */
export function startOutput(start: CachedStart, extra: readonly string[]): HookOutput {
  const lines = [...(start.userMessage !== null ? [start.userMessage] : []), ...extra];
  const output: HookOutput = { additionalContext: start.text };
  if (lines.length > 0) output.userMessage = lines.join(" ");
  return output;
}
