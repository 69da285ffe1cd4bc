// SessionEnd and PreCompact: read the conversation size reached from the transcript's end and record it.
import { statSync } from "node:fs";
import { readTail } from "../transcript/read-tail.js";
import { pushBounded, type SizeRecord } from "../core/measurements.js";
import { nextTimestamp } from "../core/clock.js";
import type { ThreadMindServices } from "../core/services.js";
import { settleConversation } from "../core/conversation-threads.js";
import { failureLine, type HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import { settleReceipts } from "./receipts.js";

/** The tail walk stops here even if no assistant record was found: time must not grow with the transcript. */
export const TAIL_MAX_BYTES = 4 * 1024 * 1024;

export async function measureSize(services: ThreadMindServices, input: HookInput, kind: "sessionEnds" | "preCompacts"): Promise<HookOutput> {
  const reason = (kind === "sessionEnds" ? input.reason : input.trigger) ?? "unknown";
  const notes: string[] = [];
  let contextTokens: number | null = null;
  let tailContexts: Awaited<ReturnType<typeof readTail>>["hookContexts"] = [];
  let transcriptRead = false;
  if (input.transcriptPath) {
    try {
      refuseSpecialFile(input.transcriptPath);
      const tail = await readTail(input.transcriptPath, { maxBytes: TAIL_MAX_BYTES, backToLastCompaction: true });
      contextTokens = tail.contextTokens;
      tailContexts = tail.hookContexts;
      transcriptRead = true;
    } catch (e) {
      notes.push(failureLine("could not measure this session", e));
    }
  }
  const record: SizeRecord = { at: nextTimestamp(), sessionId: input.sessionId, contextTokens, reason };
  if (input.transcriptPath) record.transcriptPath = input.transcriptPath;
  await services.store.locked(() =>
    services.updateState(async (state) => {
      pushBounded(state.measurements[kind], record);
      pushBounded(state.measurements.hooksSeen, { at: nextTimestamp(), event: `${kind === "sessionEnds" ? "SessionEnd" : "PreCompact"}:${reason}`, sessionId: input.sessionId });
      settleConversation(state, services.session, input.sessionId);
      if (!input.transcriptPath || !transcriptRead) return; // a transcript that cannot be read cannot settle receipts either
      try {
        await settleReceipts(state.measurements.injections, input.sessionId, input.transcriptPath, tailContexts);
      } catch (e) {
        notes.push(failureLine("could not check the context receipt", e));
      }
    }),
  );
  // Local-state problems (config.json set aside and rebuilt) are the user's to know, like at SessionStart.
  const lines = [...services.notices, ...notes];
  return lines.length > 0 ? { userMessage: lines.join(" ") } : {};
}

/**
 * Opening a FIFO blocks until a writer comes, and a blocked open keeps the process from ever exiting (the deadline's
 * exit waits for it): anything that exists but is neither a regular file nor a directory is refused before opening.
 */
function refuseSpecialFile(path: string): void {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat && !stat.isFile() && !stat.isDirectory()) throw new Error(`cannot read transcript ${path}: is not a regular file`);
}
