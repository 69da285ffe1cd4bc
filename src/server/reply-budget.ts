// The character budget of every tool's reply (each tool result is context the model pays for), and the cut that holds it.

/**
 * Characters a tool's reply may take, notes of the session aside, at any tree size. Write tools answer in a few lines
 * (what was done, the id, what next; the tree is thread_list's), read tools are bounded by construction (thread_list at
 * 8 KB, search and history by their limits) and the budget is the ceiling of that construction. context_get and
 * thread_switch: the assembled context is built to fit (contextBudget): farther ancestors are left out first, then the
 * system context, and the active summary is cut last; the budget holds a whole summary at its limit with the system
 * context and the nearest ancestors, and a maxTokens narrows it. stats_show: 40 summary rows at most and a few lines
 * per agent and kind of restart (issue #30).
 */
export const REPLY_BUDGET = {
  project_create: 1_500,
  project_list: 4_000,
  project_switch: 1_500,
  thread_create: 1_500,
  thread_switch: 48_000,
  thread_list: 9_000,
  thread_status: 1_500,
  thread_merge: 1_500,
  thread_delete: 2_000,
  thread_rebase: 1_000,
  summary_update: 1_500,
  context_get: 48_000,
  threadmind_init: 2_000,
  stats_show: 8_000,
  thread_search: 16_000,
  thread_history: 16_000,
} as const satisfies Record<string, number>;

export type ToolId = keyof typeof REPLY_BUDGET;

/** The line a reply cut to its budget ends with. */
export function cutNote(tool: ToolId, budget: number): string {
  return `(${tool}'s reply was cut at ${budget.toLocaleString("en-US")} characters: narrow the call to see the rest.)`;
}

/**
 * The reply held to its tool's budget: unchanged when it fits (the usual case: every reply is built to fit), else cut
 * at the last whole line that fits with the note. Linear in the text.
 */
export function fitReply(tool: ToolId, text: string): string {
  const budget = REPLY_BUDGET[tool];
  if (text.length <= budget) return text;
  const note = cutNote(tool, budget);
  const room = Math.max(0, budget - note.length - 1);
  const end = text.lastIndexOf("\n", room);
  return `${text.slice(0, end > 0 ? end : room)}\n${note}`;
}

/**
 * The budget of the context a context_get or thread_switch reply carries after `prefix` (the line before it): its tool's
 * budget in characters, and the tokens asked for, if any (a maxTokens narrows the reply, never widens it).
 */
export function contextBudget(
  tool: "context_get" | "thread_switch",
  prefix: string,
  maxTokens: number | undefined,
): { maxChars: number; maxTokens?: number } {
  const maxChars = REPLY_BUDGET[tool] - prefix.length;
  return maxTokens === undefined ? { maxChars } : { maxChars, maxTokens };
}

/** At most `max` ids, then how many more: a list in a write's reply stays a line at any tree size. */
export function someIds(ids: readonly string[], max = 10): string {
  const shown = ids.slice(0, max).join(", ");
  return ids.length > max ? `${shown} and ${ids.length - max} more` : shown;
}

/** Warning lines of a write's reply: at most `max`, then how many more (thread_list and doctor show them all). */
export function warningLines(warnings: readonly string[], max = 3): string[] {
  const lines = warnings.slice(0, max).map((w) => `⚠ ${w}`);
  if (warnings.length > max) lines.push(`⚠ and ${warnings.length - max} more (/thread-mind:doctor lists them).`);
  return lines;
}
