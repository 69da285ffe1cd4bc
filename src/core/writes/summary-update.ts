// summary_update: writes a thread's summary (whole or one section), its paths and related threads, then counts its tokens.
import { assertId } from "../ids.js";
import { checkLength, LIMITS } from "../limits.js";
import { nextTimestamp } from "../clock.js";
import { assertNoSecrets } from "../secrets/secret-scan.js";
import { checkGivenPaths, checkPaths, checkRelated, missingRelated, oneOf } from "../thread-input-checks.js";
import { updateSection } from "../store/summary-sections.js";
import { charsEstimate } from "../context/token-estimate.js";
import { SECTION_KEYS, type SectionKey, type Thread } from "../types.js";
import { assertCanModify, headBeforeLock, target, type WriteContext, sessionWriteRef } from "./write-context.js";
import { messageOf } from "../error-details.js";
import { errors } from "../errors.js";
import { joinChangedPaths } from "../recall/changed-files.js";

export interface SummaryUpdated {
  thread: Thread;
  chars: number;
  tokens: number;
  /** Related threads that do not exist (kept) or a reference to the thread itself (dropped). */
  warnings: string[];
  /** Files the conversation changed that joined the thread's paths with this write (none when paths were given). */
  pathsAdded: string[];
  /** The thread held all of it already (the same blocks, paths and related threads): nothing was written. */
  unchanged: boolean;
}

/** summary_update's input: the content, and where and how it is written. */
export interface SummaryUpdateInput {
  content: string;
  threadId?: string;
  section?: SectionKey;
  replaceSection?: boolean;
  paths?: string[];
  related?: string[];
}

export async function updateSummary(ctx: WriteContext, input: SummaryUpdateInput): Promise<SummaryUpdated> {
  oneOf("section", input.section, SECTION_KEYS, true);
  // Without a section the content replaces the whole summary: a caller that meant one section would lose the others.
  if (input.replaceSection === true && input.section === undefined) {
    throw errors.invalid(
      `replaceSection needs a section (${SECTION_KEYS.slice(0, -1).join(", ")} or ${SECTION_KEYS[SECTION_KEYS.length - 1]}): without one, ` +
        "content replaces the whole summary. Nothing was written.",
    );
  }
  // Nothing in place of the whole summary is a call that lost its content far more often than a wish to erase it all.
  if (input.section === undefined && input.content.trim() === "") throw errors.emptySummaryReplacement();
  if (input.threadId !== undefined) assertId(input.threadId, "thread id");
  checkLength("The content", input.content, input.section ? LIMITS.sectionChars : LIMITS.summaryChars);
  const paths = input.paths === undefined ? undefined : checkGivenPaths(input.paths, ctx.store.workspace.root);
  const related = input.related === undefined ? undefined : checkRelated(input.related);
  const { project, threadId: sessionThreadId } = await sessionWriteRef(ctx, input.threadId);
  const commit = await headBeforeLock(ctx);
  const warnings: string[] = [];
  let pathsAdded: string[] = [];
  let unchanged = false;
  const updated = await ctx.store.locked(async () => {
    const thread = target(ctx, project, input.threadId, sessionThreadId);
    assertNoSecrets(input.content, `the summary of thread "${thread.id}"`);
    await assertCanModify(ctx, project, thread);
    // As the folder will hold it (identical blocks once): what is counted and reported is what every read shows.
    const summary = ctx.store.summaryAsStored(
      input.section
        ? updateSection(thread.summary, input.section, input.content, input.replaceSection === true)
        : input.content.trim(),
    );
    checkLength(`The summary of "${thread.id}"`, summary, LIMITS.summaryChars);
    const next: Thread = { ...thread, summary, updatedAt: nextTimestamp(thread.updatedAt) };
    if (commit) next.commit = commit;
    if (paths !== undefined) {
      if (paths.length > 0) next.paths = paths;
      else delete next.paths;
    } else if (thread.id === sessionThreadId && ctx.changedFilesSinceWrite !== undefined) {
      // Paths kept current without the model's help: what this conversation changed joins its own thread's paths.
      const joined = joinChangedPaths(thread.paths ?? [], ctx.changedFilesSinceWrite(project.id, thread.id));
      if (joined.added.length > 0) {
        next.paths = checkPaths(joined.paths);
        pathsAdded = joined.added;
      }
    }
    if (related !== undefined) {
      const others = related.filter((r) => r !== thread.id);
      if (others.length < related.length) warnings.push(`A thread cannot be related to itself: "${thread.id}" was left out.`);
      warnings.push(...missingRelated(ctx.store, project.id, others));
      if (others.length > 0) next.related = others;
      else delete next.related;
    }
    if (holdsAlready(ctx.store.summaryAsStored(thread.summary), thread, next)) {
      unchanged = true;
      return thread;
    }
    await ctx.store.writeThread(project.id, next);
    return next;
  });
  // Logged even when the thread held it all already: the summary is as current as a write would have made it.
  await ctx.recordSummaryWrite(project.id, updated.id, "summary_update");
  // The summary is written: counting it must not turn the call into a failure (a retry would append it twice).
  // The reported size never waits for the tokenizer: until it is loaded (in the background) it is an estimate.
  let tokens: number;
  try {
    tokens = ctx.tokens.countNow(updated.summary);
  } catch (e) {
    tokens = charsEstimate(updated.summary);
    warnings.push(
      `The summary was saved, but its tokens could not be counted exactly (${messageOf(e)}): ~${tokens} is an estimate.`,
    );
  }
  await ctx.saveTokenCache();
  return { thread: updated, chars: updated.summary.length, tokens, warnings, pathsAdded, unchanged };
}

/**
 * True when writing `next` would change nothing that a read of `thread` shows: the same summary (as stored), the same
 * paths in the same order, the same related threads. A block the section held already is then not written again, and
 * nothing on disk (nor the thread's updatedAt) moves.
 */
function holdsAlready(storedSummary: string, thread: Thread, next: Thread): boolean {
  const sameList = (a: readonly string[] = [], b: readonly string[] = []) =>
    a.length === b.length && a.every((x, i) => x === b[i]);
  const sorted = (a: readonly string[] = []) => [...a].sort();
  return (
    storedSummary === next.summary && sameList(thread.paths, next.paths) && sameList(sorted(thread.related), sorted(next.related))
  );
}
