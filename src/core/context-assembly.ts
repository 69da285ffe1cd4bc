// Assembles a thread's context: system context, ancestors' Decisions/Constraints, the active summary, within a budget.
import { ancestorExcerpt } from "./summary-sections.js";
import type { Project, Thread, ThreadStatus } from "./types.js";

export interface ContextInput {
  project: Project;
  /** Root first, active thread last. */
  chain: Thread[];
  /** Staleness warnings by thread id (already formatted lines). */
  warnings: Map<string, string>;
  /** A line shown at the top, e.g. an unreadable ancestor that cut the walk short. */
  notices: string[];
  maxChars?: number;
  maxTokens?: number;
  /** Token estimate of a text (cached/exact or fallback). */
  estimate: (text: string) => number;
  /** The active thread's cross-references: listed by title and id (never their summaries). */
  related?: RelatedRef[];
}

/** A cross-reference as the context lists it; `title` is null when the thread is missing or unreadable. */
export interface RelatedRef {
  id: string;
  title: string | null;
  status?: ThreadStatus;
  problem?: "missing" | "unreadable";
}

export interface AssembledContext {
  text: string;
  tokens: number;
  depth: number;
  threadId: string;
  /** Ancestors (ids) left out to fit the budget, farthest first. */
  omitted: string[];
  systemContextOmitted: boolean;
  /** The active summary had to be cut. */
  truncated: boolean;
  /** What cut the walk to the root short (an unreadable, missing or cyclic ancestor), as shown at the top of the text. */
  notices: string[];
}

const SEPARATOR = "\n\n---\n\n";

interface Block {
  threadId: string;
  text: string;
}

export function assembleContext(input: ContextInput): AssembledContext {
  const active = input.chain[input.chain.length - 1];
  if (!active) throw new Error("assembleContext needs at least the active thread");
  const ancestors: Block[] = [];
  for (const t of input.chain.slice(0, -1)) {
    const excerpt = ancestorExcerpt(t.summary);
    if (excerpt === "") continue;
    ancestors.push({ threadId: t.id, text: withWarning(`## Thread: ${oneLine(t.title)}\n${demoteHeadings(excerpt)}`, input.warnings.get(t.id)) });
  }
  const activeBody = active.summary.trim() === "" ? "_(no summary yet)_" : demoteHeadings(active.summary.trim());
  const activeHead = `## Thread: ${oneLine(active.title)} (active)\n`;
  const relatedLine = input.related && input.related.length > 0 ? `\n\n${relatedText(input.related)}` : "";
  const activeWarning = input.warnings.get(active.id);
  const system = input.project.systemContext?.trim() ? `## System Context\n${input.project.systemContext.trim()}` : null;
  const depth = input.chain.length;

  const render = (kept: Block[], omitted: string[], withSystem: boolean, body: string, cutNote: string | null) => {
    const blocks: string[] = [];
    const top: string[] = [...input.notices];
    if (omitted.length > 0) {
      const titles = omitted.map((id) => input.chain.find((t) => t.id === id)?.title ?? id);
      top.push(`_Left out to fit the budget: ${omitted.length} farther ancestor thread${omitted.length === 1 ? "" : "s"} (${titles.join(", ")})._`);
    }
    if (system !== null && !withSystem) top.push("_Left out to fit the budget: the project's system context._");
    if (withSystem && system !== null) blocks.push(system);
    if (top.length > 0) blocks.push(top.join("\n"));
    blocks.push(...kept.map((b) => b.text));
    blocks.push(withWarning(`${activeHead}${body}${relatedLine}${cutNote ? `\n\n${cutNote}` : ""}`, activeWarning));
    const main = blocks.join(SEPARATOR);
    const withFooter = (n: number) => `${main}${SEPARATOR}_ThreadMind context: ~${n} tokens | depth: ${depth} thread${depth === 1 ? "" : "s"}_`;
    // The footer states the count of the whole text, itself included: a fixed point, reached in a step or two.
    let tokens = input.estimate(main);
    for (let i = 0; i < 4; i++) {
      const total = input.estimate(withFooter(tokens));
      if (total === tokens) break;
      tokens = total;
    }
    const text = withFooter(tokens);
    return { text, tokens: Math.max(tokens, input.estimate(text)) };
  };

  const fits = (r: { text: string; tokens: number }) =>
    (input.maxChars === undefined || r.text.length <= input.maxChars) &&
    (input.maxTokens === undefined || r.tokens <= input.maxTokens);

  let kept = [...ancestors];
  const omitted: string[] = [];
  let withSystem = system !== null;
  let result = render(kept, omitted, withSystem, activeBody, null);
  while (!fits(result) && kept.length > 0) {
    omitted.push(kept.shift()!.threadId);
    result = render(kept, omitted, withSystem, activeBody, null);
  }
  if (!fits(result) && withSystem) {
    withSystem = false;
    result = render(kept, omitted, withSystem, activeBody, null);
  }
  let truncated = false;
  if (!fits(result)) {
    truncated = true;
    result = cutActive(activeBody, (body, note) => render(kept, omitted, withSystem, body, note), fits, input);
  }
  return { text: result.text, tokens: result.tokens, depth, threadId: active.id, omitted, systemContextOmitted: system !== null && !withSystem, truncated, notices: input.notices };
}

/** Cuts the active summary (binary search on its length) until the whole context fits, with a note saying so. */
function cutActive(
  body: string,
  render: (body: string, note: string) => { text: string; tokens: number },
  fits: (r: { text: string; tokens: number }) => boolean,
  input: ContextInput,
): { text: string; tokens: number } {
  const budget = [input.maxChars !== undefined ? `${input.maxChars} characters` : null, input.maxTokens !== undefined ? `${input.maxTokens} tokens` : null]
    .filter(Boolean)
    .join(" / ");
  const note = `_[Summary cut to fit the budget of ${budget}: ${body.length} characters in all. Read the whole summary with context_get or the thread resource.]_`;
  let lo = 0;
  let hi = body.length;
  let best = render("", note);
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const candidate = render(`${body.slice(0, mid).trimEnd()}…`, note);
    if (fits(candidate)) {
      best = candidate;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/** One line naming the related threads (title and id; status when closed; missing ones reported, not fatal). */
function relatedText(refs: RelatedRef[]): string {
  const items = refs.map((r) => {
    if (r.problem === "missing") return `${r.id} (missing: no such thread)`;
    if (r.problem === "unreadable") return `${r.id} (its file cannot be read)`;
    return `${(r.title ?? r.id).replace(/\s*\n\s*/g, " ")} (${r.id}${r.status && r.status !== "active" ? `, ${r.status}` : ""})`;
  });
  return `_Related threads (summaries not loaded; read one on demand through its thread resource or thread_switch): ${items.join("; ")}._`;
}

/** A title on one line: a line break in a title must not start a heading of its own. */
function oneLine(title: string): string {
  return title.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim();
}

function withWarning(text: string, warning: string | undefined): string {
  return warning ? `${text}\n\n${warning}` : text;
}

/** Section headings inside a thread block become "###" so that "## Thread:" stays the only level-2 heading. */
function demoteHeadings(text: string): string {
  let inFence = false;
  return text
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      return !inFence && /^## /.test(line) ? `#${line}` : line;
    })
    .join("\n");
}
