// What SessionStart injects for a thread, per source (startup, clear, compact): the header and the assembled context, with the notes the user sees. Used by the hook and by the MCP server when it refreshes the cache after a write.
import { CHARACTER_CAP, contextHeader } from "./context-header.js";
import { formatCount } from "../format-count.js";
import { contentHash } from "../content-hash.js";
import type { ContextOptions, ContextWithSources } from "./context-sources.js";
import type { CachedStart } from "./context-cache-starts.js";
import type { AssembledContext } from "./context-assembly.js";
import { textFingerprint } from "../text-fingerprint.js";
import type { Project, Thread } from "../types.js";

/** A core notice (Markdown for the model, e.g. "_⚠ Ancestor … could not be read …_") as the line the user sees. */
export function userLine(notice: string): string {
  const plain = notice
    .trim()
    .replace(/^_⚠\s*/, "")
    .replace(/_$/, "");
  return plain.startsWith("ThreadMind") ? plain : `ThreadMind: ${plain}`;
}

/** What assembleStarts asks of the services (services.ts): a thread's context with the files it was built from. */
export interface StartContextSource {
  contextWithSources(project: Project, thread: Thread, options: ContextOptions): Promise<ContextWithSources>;
}

export interface AssembledStarts {
  /** By source, as printed. */
  starts: Record<string, CachedStart>;
  /** Every file the contexts were built from (relative to the store). */
  sources: string[];
  dependsOnHead: boolean;
}

/**
 * The SessionStart output of each source. One assembly serves every source when it was not trimmed at the smallest
 * budget (the headers differ by a few characters); a trimmed context is assembled again for each other budget.
 * Counts are cached counts or characters/3.5, never the tokenizer's: the hooks have none, and the MCP server's entries
 * must print what the hooks would. `leading`: lines the user sees before the context's own notes (the services' notices, a migration report), asked for
 * once the contexts are assembled (assembling may add a notice). `notices`: Markdown notices the context opens with
 * (e.g. that a conflicted thread file was read from its last committed version).
 */
export async function assembleStarts(
  services: StartContextSource,
  project: Project,
  thread: Thread,
  sources: readonly string[],
  leading: () => string[],
  notices: readonly string[] = [],
): Promise<AssembledStarts> {
  const headers = sources.map((source) => contextHeader(source, thread.id, thread.title));
  const longest = Math.max(...headers.map((h) => h.length));
  const budget = (header: number) => ({
    maxChars: Math.max(0, CHARACTER_CAP - header),
    estimateOnly: true,
    ...(notices.length > 0 ? { notices: [...notices] } : {}),
  });
  const base = await services.contextWithSources(project, thread, budget(longest));
  const files = new Set(base.sources);
  let dependsOnHead = base.dependsOnHead;
  const contexts: AssembledContext[] = [];
  for (const header of headers) {
    let context = base.context;
    if (trimmed(context) && header.length !== longest) {
      const own = await services.contextWithSources(project, thread, budget(header.length));
      context = own.context;
      for (const f of own.sources) files.add(f);
      dependsOnHead ||= own.dependsOnHead;
    }
    contexts.push(context);
  }
  const lines = leading();
  const starts: Record<string, CachedStart> = {};
  for (const [i, source] of sources.entries())
    starts[source] = startOf(`${headers[i]!}${contexts[i]!.text}`, contexts[i]!, thread.id, lines);
  return { starts, sources: [...files], dependsOnHead };
}

/** Whether the assembly left something out to fit its budget (an ancestor, the ones above it, or part of the summary). */
function trimmed(c: AssembledContext): boolean {
  return c.omitted.length > 0 || c.omittedBeyond || c.truncated;
}

function startOf(text: string, context: AssembledContext, threadId: string, leading: readonly string[]): CachedStart {
  // The model reads an unreadable or missing ancestor in the context; the user must hear of it too.
  const notes = [...leading, ...context.notices.map(userLine)];
  if (trimmed(context)) {
    const left = `${context.omitted.length}${context.omittedBeyond ? "+" : ""} ancestor${context.omitted.length === 1 && !context.omittedBeyond ? "" : "s"}`;
    notes.push(
      `ThreadMind: context of "${threadId}" trimmed to fit ${formatCount(CHARACTER_CAP)} characters (${left} left out${context.truncated ? ", summary cut" : ""}).`,
    );
  }
  return {
    text,
    contentHash: contentHash(text),
    fingerprint: textFingerprint(text),
    tokens: context.tokens,
    omitted: context.omitted.length,
    userMessage: notes.length > 0 ? notes.join(" ") : null,
  };
}
