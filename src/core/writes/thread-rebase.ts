// thread_rebase: moves a thread (with its descendants) under another parent, never under one of its own descendants.
import { errors } from "../errors.js";
import { assertId, MAIN_THREAD_ID } from "../ids.js";
import { nextTimestamp } from "../clock.js";
import { assertNotAboveNewParent } from "../rebase-check.js";
import type { Thread } from "../types.js";
import { assertCanModify, type WriteContext } from "./write-context.js";

export async function rebaseThread(ctx: WriteContext, threadId: string, newParentId: string): Promise<{ thread: Thread }> {
  assertId(threadId, "thread id");
  assertId(newParentId, "new parent id");
  if (threadId === MAIN_THREAD_ID) throw errors.cannotRebaseMain();
  const { project } = await ctx.currentThreadRef();
  return ctx.store.locked(async () => {
    const thread = ctx.store.readThread(project.id, threadId);
    const newParent = ctx.store.readThread(project.id, newParentId, errors.parentNotFound);
    if (newParentId === threadId) throw errors.invalid(`Cannot rebase "${threadId}" onto itself`);
    if (thread.parentId === newParentId) throw errors.invalid(`"${threadId}" is already a child of "${newParentId}"`);
    // Walks up from the new parent through every file on the way, damaged ones refused (not skipped).
    assertNotAboveNewParent(threadId, newParent, (id) => ctx.store.readThread(project.id, id));
    await assertCanModify(ctx, project, thread);
    const updated: Thread = { ...thread, parentId: newParentId, updatedAt: nextTimestamp(thread.updatedAt) };
    await ctx.store.writeThread(project.id, updated);
    return { thread: updated };
  });
}
