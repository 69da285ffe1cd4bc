// Point-of-action recall: which threads' decisions to hand the model for a file it is about to change (the nearest
// match first, at most a few, each once per conversation), and the text it gets, within its budget. Plain data.
import { excerptKey, type IndexedThread } from "./path-index.js";
import { nearestMatch, type PathMatch } from "./path-match.js";

/** At most this many threads per injection. */
export const RECALL_MAX_THREADS = 3;
/** At most this many characters per injection (what it costs: ~570 tokens at most, usually far fewer). */
export const RECALL_MAX_CHARS = 2_000;

export interface RecallCandidate {
  thread: IndexedThread;
  match: PathMatch;
}

/**
 * The threads whose paths cover `file`, nearest match first (then open before closed, then by id), leaving out the
 * `skip` keys (the conversation's chain, threads it was already given). One pass over every thread's paths.
 */
export function recallCandidates(threads: readonly IndexedThread[], file: string, skip: ReadonlySet<string>): RecallCandidate[] {
  const found: RecallCandidate[] = [];
  for (const thread of threads) {
    if (thread.paths.length === 0 || skip.has(excerptKey(thread.projectId, thread.id))) continue;
    const match = nearestMatch(thread.paths, file, true);
    if (match !== null) found.push({ thread, match });
  }
  const closed = (t: IndexedThread) => (t.status === "active" ? 0 : 1);
  found.sort(
    (a, b) =>
      b.match.score - a.match.score ||
      closed(a.thread) - closed(b.thread) ||
      (a.thread.id < b.thread.id ? -1 : a.thread.id > b.thread.id ? 1 : 0),
  );
  return found;
}

/** One thread as the injection shows it. */
export interface RecallBlock {
  candidate: RecallCandidate;
  /** The thread's Decisions and Constraints ("" when it has none). */
  excerpt: string;
  /** The stale-path warning for this file, or null. */
  warning: string | null;
}

export interface RecallText {
  text: string;
  /** Excerpt keys of the threads the text names, in its order. */
  included: string[];
}

function kindWords(m: PathMatch): string {
  switch (m.kind) {
    case "exact":
      return "this file";
    case "directory":
      return m.pattern === "" ? "the whole repository" : `directory ${m.pattern}/`;
    case "glob":
      return `pattern ${m.pattern}`;
    default: {
      const unreachable: never = m.kind;
      throw new Error(`unknown match kind ${String(unreachable)}`);
    }
  }
}

/** `text` cut to `max` characters at a line end where one is near, marked with "…". */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return "…";
  const slice = text.slice(0, max - 1);
  const nl = slice.lastIndexOf("\n");
  return `${nl > max / 2 ? slice.slice(0, nl) : slice}…`;
}

/**
 * The injection for `file`: a heading line, then each thread (title, id, status, which path covers the file, the
 * stale-path warning, its Decisions and Constraints), within RECALL_MAX_CHARS; a thread whose lines do not fit whole is
 * cut and says where the rest is. Null when no block has anything to say.
 */
export function recallText(file: string, blocks: readonly RecallBlock[]): RecallText | null {
  const useful = blocks.filter((b) => b.excerpt !== "").slice(0, RECALL_MAX_THREADS);
  if (useful.length === 0) return null;
  const head = `ThreadMind: other threads recorded decisions about ${file}. They still hold unless you decide otherwise (then record it with summary_update):`;
  const parts = [head];
  const included: string[] = [];
  let used = head.length;
  for (let i = 0; i < useful.length; i++) {
    const { candidate, excerpt, warning } = useful[i]!;
    const t = candidate.thread;
    const title = `### ${t.title} (${t.id}) · ${t.status} · covers ${kindWords(candidate.match)}`;
    const lines = [title];
    if (warning !== null) lines.push(warning);
    const fixed = lines.join("\n").length + 2 + 1; // the blank line before the block, the line before the excerpt
    // What is left, less a little kept for each thread still to come: the nearest gets the most.
    const reserve = useful.slice(i + 1).reduce((n, b) => n + Math.min(b.excerpt.length + 120, 320), 0);
    const left = RECALL_MAX_CHARS - used - fixed;
    const share = Math.max(Math.floor(left / (useful.length - i)), left - reserve);
    if (share < 80) break;
    const more = `\n(cut: the whole summary is in thread ${t.id})`;
    const body = excerpt.length <= share ? excerpt : `${cut(excerpt, share - more.length)}${more}`;
    lines.push(body);
    const block = lines.join("\n");
    parts.push(block);
    used += block.length + 2;
    included.push(excerptKey(t.projectId, t.id));
  }
  if (included.length === 0) return null;
  return { text: parts.join("\n\n"), included };
}
