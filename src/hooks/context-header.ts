// The line that opens every injected context: says what it is, so the model (and a receipt check) can recognise it.

export const CHARACTER_CAP = 10_000;

export function contextHeader(source: string, threadId: string, title: string): string {
  const when = source === "clear" ? "after /clear" : source === "compact" ? "after compaction" : "at session start";
  return `ThreadMind memory, loaded ${when}: the context of thread "${title}" (${threadId}). Keep it current with summary_update.\n\n`;
}
