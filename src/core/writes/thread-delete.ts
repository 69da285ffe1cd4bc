// thread_delete: deletes a thread with its descendants and removes the cross-references to them.
import { errors, ThreadMindError } from "../errors.js";
import { assertId, MAIN_THREAD_ID } from "../ids.js";
import { nextTimestamp } from "../clock.js";
import { descendantsOf } from "../context/thread-chain.js";
import type { Thread } from "../types.js";
import { assertCanModify, mineTest, type WriteContext } from "./write-context.js";

/** The deleted ids (the thread first, then its descendants), the session's active thread after, lines for the model. */
export interface ThreadsDeleted {
  deleted: string[];
  activeId: string;
  warnings: string[];
}

export async function deleteThread(ctx: WriteContext, threadId: string): Promise<ThreadsDeleted> {
  assertId(threadId, "thread id");
  if (threadId === MAIN_THREAD_ID) throw errors.cannotDeleteMain();
  const { project, threadId: sessionThreadId } = await ctx.currentThreadRef();
  return ctx.store.locked(async () => {
    const thread = ctx.store.readThread(project.id, threadId);
    const { threads, problems } = ctx.store.readAllThreads(project.id);
    const doomed = [thread.id, ...descendantsOf(thread.id, threads)];
    const isDoomed = new Set(doomed);
    if (project.mode === "team") {
      await assertCanModify(ctx, project, thread);
      const isMine = await mineTest(ctx);
      const others = doomed.filter((id) => !isMine(threads.get(id)!));
      if (others.length > 0) {
        throw new ThreadMindError(
          "forbidden",
          `Cannot delete thread "${thread.id}": its descendants include threads owned by others (${others.join(", ")})`,
        );
      }
    }
    for (const id of doomed.slice().reverse()) ctx.store.deleteThreadFile(project.id, id);
    const warnings = problems.map((p) => `${p.path} could not be read and was left as it is: ${p.reason}`);
    // Cross-references to deleted threads are removed from the remaining threads.
    for (const t of threads.values()) {
      if (isDoomed.has(t.id) || !t.related?.some((r) => isDoomed.has(r))) continue;
      const related = t.related.filter((r) => !isDoomed.has(r));
      const updated: Thread = { ...t, updatedAt: nextTimestamp(t.updatedAt) };
      if (related.length > 0) updated.related = related;
      else delete updated.related;
      await ctx.store.writeThread(project.id, updated);
    }
    let activeId = sessionThreadId;
    if (isDoomed.has(sessionThreadId)) {
      activeId = thread.parentId ?? MAIN_THREAD_ID;
      const note = await ctx.rememberAfterWrite(project.id, activeId);
      if (note !== null) warnings.push(note);
    }
    return { deleted: doomed, activeId, warnings };
  });
}
