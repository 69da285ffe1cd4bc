// The ASCII tree of a project's threads (├── └── │), with statuses, linked branches, the active marker and problems.
import type { ThreadFileProblem, ThreadMeta } from "../types.js";
import { basename } from "node:path";
import { MAIN_THREAD_ID } from "../ids.js";

/** What the tree shows of a thread (a whole thread, or the search catalog's entry for it). */
export type TreeNode = Pick<
  ThreadMeta,
  "id" | "title" | "parentId" | "createdAt" | "status" | "mergedInto" | "branch" | "related"
>;

export interface TreeShape {
  roots: string[];
  children: Map<string, string[]>;
  /** Threads whose parent is missing or that sit in a parentId cycle. */
  detached: { id: string; why: string }[];
}

/** Builds parent → children from the files' parentIds; orphans and cycles are reported, never lost. */
export function buildTree(threads: ReadonlyMap<string, TreeNode>): TreeShape {
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  const detached: { id: string; why: string }[] = [];
  for (const t of threads.values()) {
    if (t.parentId === null) {
      roots.push(t.id);
      continue;
    }
    if (!threads.has(t.parentId)) {
      detached.push({ id: t.id, why: `parent "${t.parentId}" does not exist` });
      continue;
    }
    const list = children.get(t.parentId) ?? [];
    list.push(t.id);
    children.set(t.parentId, list);
  }
  // Threads not reachable from a root (and not already orphans) sit in a parentId cycle.
  const reachable = new Set<string>();
  const stack = [...roots, ...detached.map((d) => d.id)];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (reachable.has(id)) continue;
    reachable.add(id);
    for (const child of children.get(id) ?? []) stack.push(child);
  }
  for (const [id, why] of cycleReasons(threads, reachable)) detached.push({ id, why });
  const byCreated = (a: string, b: string) =>
    threads.get(a)!.createdAt < threads.get(b)!.createdAt
      ? -1
      : threads.get(a)!.createdAt > threads.get(b)!.createdAt
        ? 1
        : a < b
          ? -1
          : 1;
  for (const list of children.values()) list.sort(byCreated);
  roots.sort((a, b) => (a === MAIN_THREAD_ID ? -1 : b === MAIN_THREAD_ID ? 1 : byCreated(a, b)));
  return { roots, children, detached };
}

/**
 * Why a detached thread is detached, told right: a parent whose file is among `problems` exists but could not be read,
 * and it is that file that needs fixing, not this thread's parentId.
 */
export function detachedReason(
  detached: { id: string; why: string },
  threads: ReadonlyMap<string, TreeNode>,
  problems: readonly { path: string }[],
): string {
  const parentId = threads.get(detached.id)?.parentId ?? null;
  if (parentId === null || threads.has(parentId)) return detached.why;
  const file = problems.find((p) => basename(p.path) === `${parentId}.md`);
  return file === undefined
    ? detached.why
    : `parent "${parentId}" could not be read (${file.path}): fix that file, not this parentId`;
}

/** Ids shown of a cycle in a reason; longer cycles are shortened with "…" and their length. */
const CYCLE_IDS_SHOWN = 5;

/**
 * Why each thread not reachable from a root is detached: it sits in a parentId cycle, or its parents lead into one. One
 * pass over the parent links (each thread is visited once), and each reason names a bounded part of its cycle.
 */
function cycleReasons(threads: ReadonlyMap<string, TreeNode>, reachable: Set<string>): Map<string, string> {
  const reasons = new Map<string, string>();
  /** The cycle (its ids in parent order) each visited thread is in or leads into. */
  const cycleOfThread = new Map<string, { ids: string[]; at: number | null }>();
  for (const t of threads.values()) {
    if (reachable.has(t.id) || cycleOfThread.has(t.id)) continue;
    const path: string[] = [];
    const onPath = new Map<string, number>();
    let id: string | null = t.id;
    // Not reachable: every parent exists (an orphan would be reachable as a detached root) and none is null.
    while (id !== null && !onPath.has(id) && !cycleOfThread.has(id) && !reachable.has(id)) {
      onPath.set(id, path.length);
      path.push(id);
      id = threads.get(id)?.parentId ?? null;
    }
    if (id === null || reachable.has(id)) continue;
    let ids: string[];
    let leadIn: number;
    if (onPath.has(id)) {
      leadIn = onPath.get(id)!;
      ids = path.slice(leadIn);
      for (const [i, c] of ids.entries()) cycleOfThread.set(c, { ids, at: i });
    } else {
      leadIn = path.length;
      ids = cycleOfThread.get(id)!.ids;
    }
    for (const p of path.slice(0, leadIn)) cycleOfThread.set(p, { ids, at: null });
  }
  for (const [id, { ids, at }] of cycleOfThread) {
    reasons.set(
      id,
      at === null
        ? `its parentIds lead into a cycle (${describeCycle(ids, 0)})`
        : `its parentIds form a cycle (${describeCycle(ids, at)})`,
    );
  }
  return reasons;
}

/** "a → b → c → a" from position `from`; a long cycle as its first few ids, "…" and its length. */
function describeCycle(ids: string[], from: number): string {
  const n = ids.length;
  const shown: string[] = [];
  for (let k = 0; k < Math.min(n, CYCLE_IDS_SHOWN); k++) shown.push(ids[(from + k) % n]!);
  if (n > CYCLE_IDS_SHOWN) shown.push("…");
  shown.push(ids[from]!);
  return `${shown.join(" → ")}${n > CYCLE_IDS_SHOWN ? `, ${n.toLocaleString("en-US")} threads` : ""}`;
}

/** Levels of indentation shown; deeper threads are drawn at this indentation with their depth written out. */
export const INDENT_LEVELS = 40;

export interface RenderOptions {
  title: string;
  activeId: string | null;
  problems: ThreadFileProblem[];
  /** Extra marks after a thread's line (e.g. related threads). */
  extra?: (t: TreeNode) => string;
}

export function renderTree(threads: ReadonlyMap<string, TreeNode>, options: RenderOptions): string {
  const shape = buildTree(threads);
  const lines: string[] = [`Project: ${options.title}`];
  const label = (t: TreeNode) => threadLabel(t, options);
  // Iterative (a recursive walk overflows the stack past ~2,000 levels), and the indentation stops growing at
  // INDENT_LEVELS so that the text stays linear in the number of threads however deep the tree is.
  const stack: { id: string; prefix: string; last: boolean; level: number }[] = [];
  const seen = new Set<string>();
  for (const r of [...shape.roots].reverse()) stack.push({ id: r, prefix: "", last: true, level: 0 });
  while (stack.length > 0) {
    const { id, prefix, last, level } = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const t = threads.get(id)!;
    const deep = level > INDENT_LEVELS ? `[depth ${level + 1}] ` : "";
    lines.push(level === 0 ? label(t) : `${prefix}${last ? "└── " : "├── "}${deep}${label(t)}`);
    const kids = shape.children.get(id) ?? [];
    const childPrefix = level === 0 ? "" : level >= INDENT_LEVELS ? prefix : `${prefix}${last ? "    " : "│   "}`;
    for (let i = kids.length - 1; i >= 0; i--)
      stack.push({ id: kids[i]!, prefix: childPrefix, last: i === kids.length - 1, level: level + 1 });
  }
  if (shape.detached.length > 0) {
    lines.push("", "⚠ Detached threads (fix their parentId):");
    for (const d of shape.detached) lines.push(`  ${label(threads.get(d.id)!)}: ${detachedReason(d, threads, options.problems)}`);
  }
  if (options.problems.length > 0) {
    lines.push(
      "",
      `⚠ ${options.problems.length} thread file${options.problems.length === 1 ? "" : "s"} could not be read (left as they are):`,
    );
    for (const p of options.problems) lines.push(`  ${p.path}: ${p.reason}`);
  }
  return lines.join("\n");
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ⏎ ");
}

/** One thread as the tree names it: title (id) [status] ⎇ branch, extra marks, ◀ current. */
export function threadLabel(t: TreeNode, options: Pick<RenderOptions, "activeId" | "extra">): string {
  const parts = [`${oneLine(t.title)} (${t.id})`];
  if (t.status) parts.push(`[${t.status}${t.mergedInto ? ` → ${t.mergedInto}` : ""}]`);
  if (t.branch) parts.push(`⎇ ${t.branch}`);
  const extra = options.extra?.(t);
  if (extra) parts.push(extra);
  if (t.id === options.activeId) parts.push("◀ current");
  return parts.join(" ");
}

/** A thread's cross-references as the tree marks them ("↔ a, b (missing)"); "" when it has none. */
export function relatedMark(t: TreeNode, threads: { has(id: string): boolean }): string {
  return t.related && t.related.length > 0 ? `↔ ${t.related.map((r) => (threads.has(r) ? r : `${r} (missing)`)).join(", ")}` : "";
}
