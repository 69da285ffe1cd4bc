// Assembles a thread's context: system context, ancestors' Decisions/Constraints, the active summary, within a budget.
import { ancestorExcerpt, FenceTracker } from "../store/summary-sections.js";
import type { Project, Thread, ThreadStatus } from "../types.js";
import type { AncestorWalk } from "./thread-chain.js";
import { titleLine } from "./title-line.js";

export interface ContextInput {
  project: Project;
  /** Root first, active thread last: every thread of the chain that was read. */
  chain: Thread[];
  /** The walk stopped at the budget: chain[0] has ancestors above it that were not read (see readChainWithinBudget). */
  chainCut?: boolean;
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
  /** How many more cross-references the thread lists than were read (a list written by hand past the limit). */
  relatedBeyond?: number;
  /** Ancestors' blocks already built (by readChainWithinBudget), without warnings; the others are built here. */
  ancestorBlocks?: ReadonlyMap<Thread, string>;
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
  /** Threads in the chain as far as it was read (a lower bound when `omittedBeyond`). */
  depth: number;
  threadId: string;
  /** Ancestors (ids) that were read and left out to fit the budget, farthest first. */
  omitted: string[];
  /** Farther ancestors above the omitted ones were not even read: the walk stopped at the budget. */
  omittedBeyond: boolean;
  systemContextOmitted: boolean;
  /** The active summary had to be cut. */
  truncated: boolean;
  /** What cut the walk to the root short (an unreadable, missing or cyclic ancestor), as shown at the top of the text. */
  notices: string[];
}

const SEPARATOR = "\n\n---\n\n";
/** How many left-out ancestors the notice names (nearest first); the rest are counted. */
const LEFT_OUT_TITLES = 3;
/** A title is shown at most this long in a heading, and shorter in the "Left out" notice. */
const HEADING_TITLE_CHARS = 200;
const NOTICE_TITLE_CHARS = 60;
/** A budgeted walk reads at most this many ancestors, whatever their size (ancestors with nothing to show cost nothing). */
export const ANCESTOR_WALK_LIMIT = 1_000;
/** Cutting the active summary below this many characters is a last resort: shorter framing is tried first. */
const ENOUGH_SUMMARY_CHARS = 200;

interface Block {
  threadId: string;
  title: string;
  text: string;
}

/** An ancestor's block as the context shows it (its Decisions and Constraints, no warning); "" when it has nothing to contribute. */
function ancestorBlock(t: Thread): string {
  const excerpt = ancestorExcerpt(t.summary);
  if (excerpt === "") return "";
  return `## Thread: ${titleLine(t.title, HEADING_TITLE_CHARS)}\n${demoteHeadings(excerpt)}`;
}

export interface Budget {
  maxChars?: number;
  maxTokens?: number;
  estimate: (text: string) => number;
}

/**
 * The chain from `start` up, read nearest first only as far as the budget can hold: once the ancestors read would fill
 * it together with the active thread's own summary (which every context that shows an ancestor holds whole: it is cut
 * only after every ancestor is left out), farther ones cannot appear and are not read (`cut`). Without a budget, the whole chain. A budgeted
 * walk also stops after ANCESTOR_WALK_LIMIT ancestors, with a notice. Each ancestor's block is built once, here, and
 * returned for assembleContext.
 */
export function readChainWithinBudget(
  walk: AncestorWalk,
  start: Thread,
  budget: Budget,
): { threads: Thread[]; notices: string[]; cut: boolean; blocks: Map<Thread, string> } {
  const nearestFirst: Thread[] = [start];
  const blocks = new Map<Thread, string>();
  const bounded = budget.maxChars !== undefined || budget.maxTokens !== undefined;
  // Tokens are estimated block by block, which can differ a little from the whole text's count: a margin keeps every
  // ancestor that could fit.
  const tokenLimit = budget.maxTokens === undefined ? Infinity : budget.maxTokens * 1.5 + 50;
  // The active summary as every context with an ancestor shows it, at least (its heading and the footer come on top).
  const own = start.summary.trim();
  let chars = own.length;
  let tokens = budget.maxTokens === undefined || own === "" ? 0 : budget.estimate(own);
  let cut = false;
  for (let t = walk.next(); t !== null; t = walk.next()) {
    nearestFirst.push(t);
    const block = ancestorBlock(t);
    blocks.set(t, block);
    if (!bounded) continue;
    if (block !== "") {
      chars += block.length + SEPARATOR.length;
      if (budget.maxTokens !== undefined) tokens += budget.estimate(block);
    }
    if ((budget.maxChars !== undefined && chars > budget.maxChars) || tokens > tokenLimit) {
      cut = !walk.ended;
      break;
    }
    if (walk.count >= ANCESTOR_WALK_LIMIT && !walk.ended) {
      walk.notices.push(
        `_⚠ The chain above "${t.id}" is more than ${ANCESTOR_WALK_LIMIT.toLocaleString("en-US")} threads deep: farther ancestors are not read._`,
      );
      break;
    }
  }
  return { threads: nearestFirst.reverse(), notices: walk.notices, cut, blocks };
}

type Framing = "full" | "compact" | "bare";

interface Rendered {
  text: string;
  tokens: number;
}

export function assembleContext(input: ContextInput): AssembledContext {
  const active = input.chain[input.chain.length - 1];
  if (!active) throw new Error("assembleContext needs at least the active thread");
  const ancestors: Block[] = [];
  for (let i = 0; i < input.chain.length - 1; i++) {
    const t = input.chain[i]!;
    const block = input.ancestorBlocks?.get(t) ?? ancestorBlock(t);
    if (block !== "") ancestors.push({ threadId: t.id, title: t.title, text: withWarning(block, input.warnings.get(t.id)) });
  }
  const activeBody = active.summary.trim() === "" ? "_(no summary yet)_" : demoteHeadings(active.summary.trim());
  const activeTitle = titleLine(active.title, HEADING_TITLE_CHARS);
  const activeHead = `## Thread: ${activeTitle} (current)\n`;
  const relatedLine =
    input.related && input.related.length > 0 ? `\n\n${relatedText(input.related, input.relatedBeyond ?? 0)}` : "";
  const activeWarning = input.warnings.get(active.id);
  const system = input.project.systemContext?.trim() ? `## System Context\n${input.project.systemContext.trim()}` : null;
  const depth = input.chain.length;
  const cutChain = input.chainCut === true;
  const depthText = `${depth}${cutChain ? "+" : ""} thread${depth === 1 && !cutChain ? "" : "s"}`;

  const withFooter = (main: string): Rendered => {
    const footed = (n: number) => `${main}${SEPARATOR}_ThreadMind context: ~${n} tokens | depth: ${depthText}_`;
    // The footer states the count of the whole text, itself included: a fixed point, reached in a step or two.
    let tokens = input.estimate(main);
    for (let i = 0; i < 4; i++) {
      const total = input.estimate(footed(tokens));
      if (total === tokens) break;
      tokens = total;
    }
    const text = footed(tokens);
    return { text, tokens: Math.max(tokens, input.estimate(text)) };
  };

  /** The context keeping ancestors[keptFrom..] (the nearest ones), with or without the system context. */
  const render = (keptFrom: number, withSystem: boolean, body: string, cutNote: string | null, framing: Framing): Rendered => {
    if (framing === "bare") {
      const text = `${activeHead}${body}`;
      return { text, tokens: input.estimate(text) };
    }
    if (framing === "compact") return withFooter(`${activeHead}${body}${cutNote ? `\n\n${cutNote}` : ""}`);
    const blocks: string[] = [];
    const top: string[] = [...input.notices];
    if (keptFrom > 0 || cutChain) top.push(leftOutNotice(ancestors.slice(0, keptFrom), cutChain));
    if (system !== null && !withSystem) top.push("_Left out to fit the budget: the project's system context._");
    if (withSystem && system !== null) blocks.push(system);
    if (top.length > 0) blocks.push(top.join("\n"));
    for (let i = keptFrom; i < ancestors.length; i++) blocks.push(ancestors[i]!.text);
    blocks.push(withWarning(`${activeHead}${body}${relatedLine}${cutNote ? `\n\n${cutNote}` : ""}`, activeWarning));
    return withFooter(blocks.join(SEPARATOR));
  };

  const fits = (r: Rendered) =>
    (input.maxChars === undefined || r.text.length <= input.maxChars) &&
    (input.maxTokens === undefined || r.tokens <= input.maxTokens);

  const done = (result: Rendered, keptFrom: number, withSystem: boolean, truncated: boolean): AssembledContext => ({
    text: result.text,
    tokens: result.tokens,
    depth,
    threadId: active.id,
    omitted: ancestors.slice(0, keptFrom).map((b) => b.threadId),
    omittedBeyond: cutChain,
    systemContextOmitted: system !== null && !withSystem,
    truncated,
    notices: input.notices,
  });

  const all = ancestors.length;
  const whole = render(0, system !== null, activeBody, null, "full");
  if (fits(whole)) return done(whole, 0, system !== null, false);
  // Farthest ancestors first: the fewest left out that fit (a binary search: each try renders at most the budget).
  if (system !== null || all > 0) {
    const noAncestors = render(all, system !== null, activeBody, null, "full");
    if (fits(noAncestors)) {
      let lo = 1;
      let hi = all;
      let best = noAncestors;
      let bestFrom = all;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        const candidate = render(mid, system !== null, activeBody, null, "full");
        if (fits(candidate)) {
          best = candidate;
          bestFrom = mid;
          hi = mid;
        } else lo = mid + 1;
      }
      return done(best, bestFrom, system !== null, false);
    }
  }
  if (system !== null) {
    const noSystem = render(all, false, activeBody, null, "full");
    if (fits(noSystem)) return done(noSystem, all, false, false);
  }
  // The active summary is cut last, with a note; the tighter the budget, the less framing around it.
  const cut = cutActive(activeBody, (body, note, framing) => render(all, false, body, note, framing), fits, input);
  return done(cut, all, false, true);
}

/** One bounded line: how many ancestors were left out, the nearest few by title, and whether farther ones went unread. */
function leftOutNotice(omitted: Block[], beyond: boolean): string {
  const n = omitted.length;
  const named = omitted
    .slice(-LEFT_OUT_TITLES)
    .reverse()
    .map((b) => titleLine(b.title, NOTICE_TITLE_CHARS));
  const more = n > named.length ? `, and ${n - named.length} more` : "";
  const unread = beyond ? `${n > 0 ? ", and" : ""} the ancestors above them, not read` : "";
  const list = n > 0 ? `${n} farther ancestor thread${n === 1 ? "" : "s"} (nearest first: ${named.join("; ")}${more})` : "";
  return `_Left out to fit the budget: ${list}${unread}._`;
}

/**
 * Cuts the active summary (binary search on its length) until the whole context fits, with a note saying so. With the
 * full framing first; when that leaves too little of the summary, with a short note and no notices, then with the
 * heading alone. As a last resort (a budget smaller than the heading), a prefix of the heading.
 */
function cutActive(
  body: string,
  render: (body: string, note: string | null, framing: Framing) => Rendered,
  fits: (r: Rendered) => boolean,
  input: ContextInput,
): Rendered {
  const budget = [
    input.maxChars !== undefined ? `${input.maxChars} characters` : null,
    input.maxTokens !== undefined ? `${input.maxTokens} tokens` : null,
  ]
    .filter(Boolean)
    .join(" / ");
  const notes: Record<Framing, string | null> = {
    full: `_[Summary cut to fit the budget of ${budget}: ${body.length} characters in all. Read the whole summary with context_get or the thread resource.]_`,
    compact: "_[Summary cut to fit the budget: read it whole with context_get.]_",
    bare: null,
  };
  let best: { rendered: Rendered; kept: number } | null = null;
  for (const framing of ["full", "compact", "bare"] as const) {
    const note = notes[framing];
    const tryLength = (n: number) => render(n === 0 ? "…" : closeFence(`${body.slice(0, n).trimEnd()}…`), note, framing);
    let found: { rendered: Rendered; kept: number } | null = null;
    let lo = 0;
    let hi = body.length;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      const candidate = tryLength(mid);
      if (fits(candidate)) {
        found = { rendered: candidate, kept: mid };
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found !== null && (best === null || found.kept > best.kept)) best = found;
    if (best !== null && best.kept >= Math.min(body.length, ENOUGH_SUMMARY_CHARS)) return best.rendered;
  }
  if (best !== null) return best.rendered;
  // Not even the heading fits: the longest prefix of it that does.
  const heading = render("", null, "bare").text;
  let lo = 0;
  let hi = heading.length;
  let prefix: Rendered = { text: "", tokens: 0 };
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const text = heading.slice(0, mid);
    const candidate = { text, tokens: input.estimate(text) };
    if (fits(candidate)) {
      prefix = candidate;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return prefix;
}

/** One line naming the related threads (title and id; status when closed; missing ones reported, not fatal). */
function relatedText(refs: RelatedRef[], beyond: number): string {
  const items = refs.map((r) => {
    if (r.problem === "missing") return `${r.id} (missing: no such thread)`;
    if (r.problem === "unreadable") return `${r.id} (its file cannot be read)`;
    return `${(r.title ?? r.id).replace(/\s*\n\s*/g, " ")} (${r.id}${r.status && r.status !== "active" ? `, ${r.status}` : ""})`;
  });
  const more = beyond > 0 ? `; and ${beyond} more, not read` : "";
  return `_Related threads (summaries not loaded; read one on demand through its thread resource or thread_switch): ${items.join("; ")}${more}._`;
}

function withWarning(text: string, warning: string | undefined): string {
  return warning ? `${text}\n\n${warning}` : text;
}

/**
 * Section headings inside a thread block become "###" so that "## Thread:" stays the only level-2 heading; fenced code
 * is told by the section parser's own rule (FenceTracker), so no line is code to one and a heading to the other.
 */
function demoteHeadings(text: string): string {
  const fences = new FenceTracker();
  const demoted = text
    .split("\n")
    .map((line) => (fences.outside(line) && /^ {0,3}##(?!#)/.test(line) ? line.replace("##", "###") : line))
    .join("\n");
  // A fence left open would make every block after this one code (the active thread's heading included): close it.
  return fences.open === null ? demoted : `${demoted}\n${fences.open}`;
}

/** `text` with a fence it leaves open closed (a summary cut inside a code block). */
function closeFence(text: string): string {
  const fences = new FenceTracker();
  for (const line of text.split("\n")) fences.outside(line);
  return fences.open === null ? text : `${text}\n${fences.open}`;
}
