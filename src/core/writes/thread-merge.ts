// thread_merge: closes a thread into its parent, whose summary becomes the merged one; the session moves to the parent.
import { errors } from "../errors.js";
import { assertId } from "../ids.js";
import { checkLength, checkNotBlank, LIMITS } from "../limits.js";
import { nextTimestamp } from "../clock.js";
import { assertNoSecrets } from "../secrets/secret-scan.js";
import type { Thread } from "../types.js";
import { assertCanModify, headBeforeLock, target, type WriteContext, sessionWriteRef } from "./write-context.js";

export async function mergeThread(
  ctx: WriteContext,
  input: { parentSummary: string; threadId?: string },
): Promise<{ thread: Thread; parent: Thread; warnings: string[] }> {
  if (input.threadId !== undefined) assertId(input.threadId, "thread id");
  checkNotBlank("The parent summary", input.parentSummary);
  checkLength("The parent summary", input.parentSummary, LIMITS.summaryChars);
  const { project, threadId: sessionThreadId } = await sessionWriteRef(ctx, input.threadId);
  const commit = await headBeforeLock(ctx);
  const merged = await ctx.store.locked(async () => {
    const thread = target(ctx, project, input.threadId, sessionThreadId);
    if (thread.parentId === null)
      throw errors.invalid(`Thread "${thread.id}" has no parent to merge into (the main thread cannot be closed)`);
    const parent = ctx.store.readThread(project.id, thread.parentId, errors.parentNotFound);
    assertNoSecrets(input.parentSummary, `the merged summary of thread "${parent.id}"`);
    await assertCanModify(ctx, project, thread);
    await assertCanModify(ctx, project, parent);
    const newParent: Thread = { ...parent, summary: input.parentSummary.trim(), updatedAt: nextTimestamp(parent.updatedAt) };
    if (commit) newParent.commit = commit;
    // The merged thread's cross-references carry over to the parent, which now holds its outcome.
    const carried = [...new Set([...(parent.related ?? []), ...(thread.related ?? [])])].filter(
      (r) => r !== parent.id && r !== thread.id,
    );
    if (carried.length > 0) newParent.related = carried;
    const closed: Thread = { ...thread, status: "done", mergedInto: parent.id, updatedAt: nextTimestamp(thread.updatedAt) };
    await ctx.store.writeThread(project.id, newParent);
    await ctx.store.writeThread(project.id, closed);
    const note = await ctx.rememberAfterWrite(project.id, parent.id);
    return { thread: closed, parent: newParent, warnings: note === null ? [] : [note] };
  });
  await ctx.recordSummaryWrite(project.id, merged.parent.id, "merge");
  return merged;
}
