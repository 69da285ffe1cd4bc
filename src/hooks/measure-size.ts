// SessionEnd and PreCompact: read the conversation size reached from the transcript's end and record it (at /clear or a
// compaction also how current the thread's summary was, see staleness-record.ts).
import { agentOfHook } from "../agents/detect.js";
import { firstRequestSize, TAIL_MAX_BYTES, TAIL_MAX_RECORDS } from "../core/freshness/conversation-size.js";
import type { SizeRecord } from "../core/measure/measurements.js";
import { nextTimestamp } from "../core/clock.js";
import type { LocalState } from "../core/store/local-state.js";
import type { SessionKey } from "../core/types.js";
import {
  conversationEvent,
  resumedConversationToAdopt,
  sessionThread,
  type ConversationRef,
} from "../core/conversation-threads.js";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import { pendingInjections } from "../core/measure/measurement-log-read.js";
import { failureLine, type HookOutput } from "./hook-output.js";
import type { HookInput } from "./hook-input.js";
import { firstRequestAfter, readReceiptHeads, receiptEvents, type ReceiptReading } from "./receipts.js";
import { recallReceiptEvents } from "./recall-receipts.js";
import { stalenessEvent } from "./staleness-record.js";

export { TAIL_MAX_BYTES, TAIL_MAX_RECORDS };

/** What measuring needs of the store: the full services, or the fast path's direct file access (hook-fast.ts). */
export interface MeasureStore {
  readonly storeDir: string;
  readonly session: SessionKey;
  /** Local-state problems to tell the user (config.json unusable). */
  readonly notices: readonly string[];
  readState(): LocalState;
  /** This Claude Code session's events in the measurement log (read once per hook). */
  sessionEvents(sessionId: string): readonly MeasurementEvent[];
  /** This Claude Code instance's events in the measurement log (read at a /clear or a compaction only). */
  instanceEvents(): readonly MeasurementEvent[];
  /** The store's project ids (null: they cannot be listed). */
  projectIds(): readonly string[] | null;
  /** Whether a thread's file exists (threadFileExists). */
  threadExists(projectId: string, threadId: string): boolean;
  recordEvents(events: readonly MeasurementEvent[]): Promise<void>;
  /** Gives this window the conversation's thread (writes config.json under the lock). */
  adopt(conversation: ConversationRef): Promise<void>;
}

export async function measureSize(
  store: MeasureStore,
  input: HookInput,
  kind: "sessionEnds" | "preCompacts",
): Promise<HookOutput> {
  const reason = (kind === "sessionEnds" ? input.reason : input.trigger) ?? "unknown";
  const notes: string[] = [];
  let contextTokens: number | null = null;
  const logged = store.sessionEvents(input.sessionId);
  const pending = pendingInjections(logged);
  const events: MeasurementEvent[] = [];
  let receipts: ReceiptReading | { error: unknown } | null = null;
  let recallReceipts: MeasurementEvent[] | { error: unknown } = [];
  if (input.transcriptPath) {
    const path = input.transcriptPath;
    const agent = agentOfHook(input);
    try {
      // A pending injection after a compaction logged by an older version (no transcript offset) is recorded after the
      // boundary: only then walk back that far.
      const backToLastCompaction = pending.some((i) => i.source === "compact" && i.transcriptOffset === undefined);
      // The size and the receipts' records are read at once (the reads in flight together). Point-of-action recall and
      // the subagent context are Claude Code's hooks only.
      const [tail, found, recalls] = await Promise.all([
        agent.readTail(path, { maxBytes: TAIL_MAX_BYTES, maxRecords: TAIL_MAX_RECORDS, backToLastCompaction }),
        pending.length === 0 ? null : readReceiptHeads(pending, path).catch((error: unknown) => ({ error })),
        agent.id !== "claude-code" ? [] : recallReceiptEvents(logged, path).catch((error: unknown) => ({ error })),
      ]);
      recallReceipts = recalls;
      contextTokens = tail.contextTokens;
      receipts =
        found === null ? null : "error" in found ? found : { ...found, records: [...tail.hookContexts, ...found.records] };
    } catch (e) {
      notes.push(failureLine("could not measure this session", e));
    }
  }
  const record: SizeRecord = { at: nextTimestamp(), sessionId: input.sessionId, contextTokens, reason };
  if (input.transcriptPath) record.transcriptPath = input.transcriptPath;
  events.push(
    { kind: kind === "sessionEnds" ? "sessionEnd" : "preCompact", ...record },
    {
      kind: "hookSeen",
      at: nextTimestamp(),
      event: `${kind === "sessionEnds" ? "SessionEnd" : "PreCompact"}:${reason}`,
      sessionId: input.sessionId,
    },
  );
  // A transcript that cannot be read cannot settle receipts either (receipts stays null then).
  if (receipts !== null && input.transcriptPath) {
    try {
      if ("error" in receipts) throw receipts.error;
      const reading = receipts;
      events.push(
        ...(await receiptEvents(pending, reading.records, input.transcriptPath, (injection) =>
          firstRequestAfter(reading, injection),
        )),
      );
    } catch (e) {
      notes.push(failureLine("could not check the context receipt", e));
    }
  }
  if ("error" in recallReceipts)
    notes.push(failureLine("could not check the receipts of recalled decisions", recallReceipts.error));
  else events.push(...recallReceipts);
  // This conversation's thread: the instance's own choice is recorded. An instance without one follows its own
  // conversations through the log; only a conversation another process was on (a resumed one) is taken into
  // config.json, under the lock.
  const state = store.readState();
  const mine = sessionThread(state, store.session);
  if (mine !== null) events.push(conversationEvent(input.sessionId, mine.projectId, mine.threadId, store.session));
  // At /clear or a compaction: how current the thread's summary was (last, so that the next SessionStart finds it).
  const restart = kind === "preCompacts" ? "compact" : input.reason === "clear" ? "clear" : null;
  if (restart !== null) {
    try {
      const staleness = await stalenessEvent(store, state, input, restart, contextTokens, () =>
        firstRequestSize(input.transcriptPath),
      );
      if (staleness !== null) events.push(staleness);
    } catch (e) {
      notes.push(failureLine("could not tell how current the thread's summary was", e));
    }
  }
  await store.recordEvents(events);
  const conversation = resumedConversationToAdopt(state, store.session, logged, input.sessionId);
  if (conversation !== null) {
    try {
      await store.adopt(conversation);
    } catch (e) {
      notes.push(
        failureLine(`measured, but this window could not take over the conversation's thread "${conversation.threadId}"`, e),
      );
    }
  }
  // Local-state problems (config.json set aside and rebuilt) are the user's to know, like at SessionStart.
  const lines = [...store.notices, ...notes];
  return lines.length > 0 ? { userMessage: lines.join(" ") } : {};
}
