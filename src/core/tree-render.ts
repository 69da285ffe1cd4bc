// The ASCII tree of a project's threads (├── └── │), with statuses, linked branches, the active marker and problems.
import type { ThreadFileProblem, ThreadMeta } from "./types.js";
import { MAIN_THREAD_ID } from "./ids.js";

/** What the tree shows of a thread (a whole thread, or the search catalog's entry for it). */
export type TreeNode = Pick<ThreadMeta, "id" | "title" | "parentId" | "createdAt" | "status" | "mergedInto" | "branch" | "related">;

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
    stack.push(...(children.get(id) ?? []));
  }
  for (const t of threads.values()) {
    if (!reachable.has(t.id)) detached.push({ id: t.id, why: `its parentIds form a cycle (${cycleOf(t.id, threads).join(" → ")})` });
  }
  const byCreated = (a: string, b: string) => (threads.get(a)!.createdAt < threads.get(b)!.createdAt ? -1 : threads.get(a)!.createdAt > threads.get(b)!.createdAt ? 1 : a < b ? -1 : 1);
  for (const list of children.values()) list.sort(byCreated);
  roots.sort((a, b) => (a === MAIN_THREAD_ID ? -1 : b === MAIN_THREAD_ID ? 1 : byCreated(a, b)));
  return { roots, children, detached };
}

function cycleOf(start: string, threads: ReadonlyMap<string, TreeNode>): string[] {
  const seen: string[] = [];
  let id: string | null = start;
  while (id !== null && !seen.includes(id)) {
    seen.push(id);
    id = threads.get(id)?.parentId ?? null;
  }
  if (id !== null) seen.push(id);
  return seen;
}

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
  const walk = (id: string, prefix: string, last: boolean, isRoot: boolean) => {
    const t = threads.get(id)!;
    lines.push(isRoot ? label(t) : `${prefix}${last ? "└── " : "├── "}${label(t)}`);
    const kids = shape.children.get(id) ?? [];
    const childPrefix = isRoot ? "" : `${prefix}${last ? "    " : "│   "}`;
    kids.forEach((k, i) => walk(k, childPrefix, i === kids.length - 1, false));
  };
  for (const r of shape.roots) walk(r, "", true, true);
  if (shape.detached.length > 0) {
    lines.push("", "⚠ Detached threads (fix their parentId):");
    for (const d of shape.detached) lines.push(`  ${label(threads.get(d.id)!)}: ${d.why}`);
  }
  if (options.problems.length > 0) {
    lines.push("", `⚠ ${options.problems.length} thread file${options.problems.length === 1 ? "" : "s"} could not be read (left as they are):`);
    for (const p of options.problems) lines.push(`  ${p.path}: ${p.reason}`);
  }
  return lines.join("\n");
}

/** One thread as the tree names it: title (id) [status] ⎇ branch, extra marks, ◀ active. */
export function threadLabel(t: TreeNode, options: Pick<RenderOptions, "activeId" | "extra">): string {
  const parts = [`${oneLine(t.title)} (${t.id})`];
  if (t.status) parts.push(`[${t.status}${t.mergedInto ? ` → ${t.mergedInto}` : ""}]`);
  if (t.branch) parts.push(`⎇ ${t.branch}`);
  const extra = options.extra?.(t);
  if (extra) parts.push(extra);
  if (t.id === options.activeId) parts.push("◀ active");
  return parts.join(" ");
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ⏎ ");
}
