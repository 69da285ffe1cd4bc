// thread_status: closes a thread as done or abandoned, or reopens it; closing the active thread moves the session to its parent.
import { errors } from "../errors.js";
import { assertId, MAIN_THREAD_ID } from "../ids.js";
import { checkLength, LIMITS } from "../limits.js";
import { nextTimestamp } from "../clock.js";
import { assertNoSecrets } from "../secrets/secret-scan.js";
import { oneOf } from "../thread-input-checks.js";
import { updateSection } from "../store/summary-sections.js";
import { THREAD_STATUSES, threadStatus, type ClosedStatus, type Thread, type ThreadStatus } from "../types.js";
import { assertCanModify, target, type WriteContext, sessionWriteRef } from "./write-context.js";

/** thread_status's outcome: the thread, the session's thread after it, and what moved. */
export interface ThreadStatusSet {
  thread: Thread;
  /** The session's thread after the call: the closed thread's parent when it was the session's own. */
  activeId: string;
  /** The session moved to the closed thread's parent. */
  moved: boolean;
  warnings: string[];
  /** The thread had this status already and no reason was given: nothing was written. */
  unchanged: boolean;
}

export async function setThreadStatus(
  ctx: WriteContext,
  input: { status: ThreadStatus; threadId?: string; reason?: string },
): Promise<ThreadStatusSet> {
  oneOf("status", input.status, THREAD_STATUSES, false);
  if (input.threadId !== undefined) assertId(input.threadId, "thread id");
  if (input.reason !== undefined) {
    checkLength("The reason", input.reason, LIMITS.reasonChars);
    assertNoSecrets(input.reason, "the reason");
  }
  const { project, threadId: sessionThreadId } = await sessionWriteRef(ctx, input.threadId);
  const result = await ctx.store.locked(async () => {
    const thread = target(ctx, project, input.threadId, sessionThreadId);
    if (thread.id === MAIN_THREAD_ID && input.status !== "active") throw errors.cannotCloseMain();
    await assertCanModify(ctx, project, thread);
    const updated: Thread = { ...thread, updatedAt: nextTimestamp(thread.updatedAt) };
    if (input.status === "active") {
      delete updated.status;
      delete updated.mergedInto;
    } else updated.status = input.status satisfies ClosedStatus;
    if (input.reason?.trim()) {
      const label = input.status === "done" ? "Closed as done" : input.status === "abandoned" ? "Abandoned" : "Reopened";
      updated.summary = updateSection(
        updated.summary,
        "decisions",
        `- ${label} (${updated.updatedAt.slice(0, 10)}): ${input.reason.trim()}`,
        false,
      );
    }
    checkLength(`The summary of "${thread.id}"`, updated.summary, LIMITS.summaryChars);
    // The status it has already, and no reason to record: nothing to write (the thread's updatedAt stays).
    const unchanged = threadStatus(thread) === input.status && !input.reason?.trim();
    if (!unchanged) await ctx.store.writeThread(project.id, updated);
    let activeId = sessionThreadId;
    let note: string | null = null;
    if (input.status !== "active" && thread.id === sessionThreadId && thread.parentId) {
      activeId = thread.parentId;
      note = await ctx.rememberAfterWrite(project.id, activeId);
    }
    const warnings = note === null ? [] : [note];
    return { thread: unchanged ? thread : updated, activeId, moved: activeId !== sessionThreadId, warnings, unchanged };
  });
  if (input.reason?.trim()) await ctx.recordSummaryWrite(project.id, result.thread.id, "status");
  return result;
}
