// thread_create: a child thread (of the active thread by default), linked to the branch when it is not the default one.
import { errors } from "../errors.js";
import { assertId, MAIN_THREAD_ID, suffixedId, uniqueId } from "../ids.js";
import { checkLength, checkNotBlank, LIMITS } from "../limits.js";
import { nextTimestamp } from "../clock.js";
import { assertNoSecrets } from "../secrets/secret-scan.js";
import { checkRelated, missingRelated } from "../thread-input-checks.js";
import { statusWord, type Thread, threadStatus } from "../types.js";
import type { WriteContext } from "./write-context.js";
import { hasGitRemote } from "../git/git-remote.js";

export interface ThreadCreated {
  thread: Thread;
  linkedBranch: string | null;
  warnings: string[];
}

export async function createThread(
  ctx: WriteContext,
  input: { title: string; parentId?: string; related?: string[] },
): Promise<ThreadCreated> {
  checkNotBlank("The thread title", input.title);
  checkLength("The thread title", input.title, LIMITS.titleChars);
  assertNoSecrets(input.title, "the thread title");
  if (input.parentId !== undefined) assertId(input.parentId, "parent thread id");
  const related = checkRelated(input.related);
  const author = await ctx.author();
  const project = ctx.currentProject();
  const branch = ctx.branch();
  const linkable = branch !== null && ctx.gitTop !== null && !(await ctx.isDefaultBranch(ctx.gitTop, branch));
  return ctx.store.locked(async () => {
    // The parent, the session's active thread by default, is resolved and read inside the lock: a thread that another
    // process deletes meanwhile is never taken for the parent (and the session's choice falls back as it always does).
    const parentId = input.parentId ?? (await ctx.currentThreadRef()).threadId;
    const parent = ctx.store.readThread(project.id, parentId, errors.parentNotFound);
    const warnings: string[] = [];
    if (parent.summary.trim() === "") {
      warnings.push(
        `Parent thread "${parent.id}" has no summary yet: consider writing one (summary_update) so its decisions carry over to this thread.`,
      );
    }
    const parentStatus = threadStatus(parent);
    if (parentStatus !== "active") {
      warnings.push(
        `Parent thread "${parent.id}" is ${statusWord(parentStatus)}: its decisions still carry over; thread_status it open again if the work goes on there.`,
      );
    }
    let linkedBranch: string | null = null;
    if (linkable && branch && !ctx.hasLinkedOpenThread(project.id, branch)) linkedBranch = branch;
    // A random suffix wherever two branches can create the same title and meet in a merge with no driver (a pull
    // request merged on a server): team projects, and any project whose repository has a remote. A solo project in a
    // repository without one keeps plain slugs (its branches merge locally, where resolve and the driver run).
    const taken = (c: string) => ctx.store.threadExists(project.id, c);
    const suffixed = project.mode === "team" || (ctx.gitTop !== null && hasGitRemote(ctx.gitTop));
    const id = suffixed ? suffixedId(input.title, taken, [MAIN_THREAD_ID]) : uniqueId(input.title, taken, [MAIN_THREAD_ID]);
    const now = nextTimestamp();
    const thread: Thread = { id, title: input.title, parentId: parent.id, author, createdAt: now, updatedAt: now, summary: "" };
    if (linkedBranch) thread.branch = linkedBranch;
    if (related.length > 0) {
      thread.related = related;
      warnings.push(...missingRelated(ctx.store, project.id, related));
    }
    await ctx.store.writeThread(project.id, thread);
    // From here on the thread exists: nothing may fail the call (a retry would create a duplicate).
    if (linkedBranch) ctx.rememberLinkedThread(project.id, linkedBranch, id);
    const unremembered = await ctx.rememberAfterWrite(project.id, id);
    if (unremembered !== null) warnings.push(unremembered);
    return { thread, linkedBranch, warnings };
  });
}
