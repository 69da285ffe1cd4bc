// thread_list's text: the whole tree while it is small, else a bounded view (the path to the active thread, its children and siblings, open threads by recency, counts of the rest); rootId, depth and status narrow it.
import { errors } from "../errors.js";
import type { ThreadStatus } from "../types.js";
import { buildTree, detachedReason, relatedMark, renderTree, threadLabel, type TreeNode, type TreeShape } from "./tree-render.js";
import { formatCount } from "../format-count.js";

/** No thread_list answer is longer than this (UTF-8 bytes), whatever the number of threads. */
export const THREAD_LIST_MAX_BYTES = 8 * 1024;
/** The bounded view shows at most this many of the active thread's children, and as many of its siblings. */
const NEAR_SHOWN = 20;
/** Open threads listed by recency in the bounded view (besides those already in its tree). */
const RECENT_SHOWN = 15;
/** A line longer than this is cut (a deep tree's indentation, long titles). */
const LINE_MAX_CHARS = 300;
/** Unreadable files and detached threads named one by one (the rest are counted). */
const PROBLEMS_NAMED = 5;

export type ListedThread = TreeNode & { updatedAt: string };

export interface ThreadListOptions {
  /** Show the subtree of this thread (default: the whole tree). */
  rootId?: string;
  /** Levels below the root to show (0: the root alone). */
  depth?: number;
  /** Show only threads with this status (their ancestors too, so that the tree stays connected). */
  status?: ThreadStatus;
}

export interface ThreadListInput {
  projectTitle: string;
  threads: ReadonlyMap<string, ListedThread>;
  problems: readonly { path: string; reason: string }[];
  activeId: string;
  /** listDerived(threads) when the caller keeps it (a large tree's shape and recency order each take a sort). */
  derived?: ListDerived;
}

/** What the views derive from all the threads: the tree's shape, the open threads newest first. */
export interface ListDerived {
  shape: TreeShape;
  openByRecency: ListedThread[];
}

export function listDerived(threads: ReadonlyMap<string, ListedThread>): ListDerived {
  const open = [...threads.values()].filter((t) => t.status === undefined);
  open.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  return { shape: buildTree(threads), openByRecency: open };
}

const statusOf = (t: TreeNode): ThreadStatus => t.status ?? "active";
const bytes = (s: string) => Buffer.byteLength(s, "utf8");
const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The answer of thread_list: see the file comment. Never longer than THREAD_LIST_MAX_BYTES. */
export function threadListText(input: ThreadListInput, options: ThreadListOptions = {}): string {
  const narrowed = options.rootId !== undefined || options.depth !== undefined || options.status !== undefined;
  if (!narrowed) {
    const whole = wholeTree(input);
    if (whole !== null) return whole;
    return boundedView(input);
  }
  return narrowedView(input, options);
}

/** The whole tree as it always was, when it fits; null when it does not. */
function wholeTree(input: ThreadListInput): string | null {
  // Rendering is linear, but a tree of more than ~200 lines cannot fit anyway: do not build it.
  if (input.threads.size > THREAD_LIST_MAX_BYTES / 40) return null;
  const text = renderTree(input.threads, {
    title: input.projectTitle,
    activeId: input.activeId,
    problems: input.problems.map((p) => ({ ...p, threadId: "" })),
    extra: (t) => relatedMark(t, input.threads),
  });
  return bytes(text) <= THREAD_LIST_MAX_BYTES ? text : null;
}

function boundedView(input: ThreadListInput): string {
  const { threads, activeId } = input;
  const derived = input.derived ?? listDerived(threads);
  const shape = derived.shape;
  const shown = new Map<string, ListedThread>();
  const notes: string[] = [];
  // The path from the root to the active thread (a parentId cycle stops the walk where it closes).
  for (let id: string | null = activeId; id !== null && !shown.has(id); ) {
    const t = threads.get(id);
    if (!t) break;
    shown.set(id, t);
    id = t.parentId;
  }
  const active = threads.get(activeId);
  const near = (parentId: string, one: string, many: string, skip: string | null) => {
    const ids = (shape.children.get(parentId) ?? []).filter((c) => c !== skip);
    for (const id of ids.slice(0, NEAR_SHOWN)) shown.set(id, threads.get(id)!);
    if (ids.length > NEAR_SHOWN)
      notes.push(
        `(${plural(ids.length - NEAR_SHOWN, `more ${one}`, `more ${many}`)} of the current thread not shown: thread_list with rootId "${parentId}" and depth 1 lists them.)`,
      );
  };
  if (active) {
    near(active.id, "child", "children", null);
    if (active.parentId !== null && threads.has(active.parentId)) near(active.parentId, "sibling", "siblings", active.id);
  }
  const tree = treeLines(shown, activeId, threads);

  const recent = mostRecentOpen(derived.openByRecency, shown, RECENT_SHOWN);
  const recentLines =
    recent.length === 0
      ? []
      : [
          "",
          "Open threads, most recently updated first:",
          ...recent.map(
            (t) =>
              `- ${threadLabel(t, { activeId, extra: (x) => relatedMark(x, threads) })}, under ${t.parentId ?? "(none)"}, updated ${t.updatedAt.slice(0, 10)}`,
          ),
        ];
  for (const t of recent) shown.set(t.id, t);

  const counts = countByStatus(threads.values());
  const inView = countByStatus(shown.values());
  const rest: StatusCounts = {
    total: counts.total - inView.total,
    active: counts.active - inView.active,
    done: counts.done - inView.done,
    abandoned: counts.abandoned - inView.abandoned,
  };
  const head = [`Project: ${input.projectTitle} (${plural(threads.size, "thread")}: ${statusCounts(counts)}; a bounded view)`];
  const tail = [
    "",
    `Not shown: ${plural(rest.total, "thread")}${rest.total > 0 ? ` (${statusCounts(rest)})` : ""}. thread_list narrows with rootId (a subtree), depth and status; the thread resources (threadmind://threads/{id}) list every thread.`,
    ...problemLines(input, shape.detached),
  ];
  return fitLines(head, [...tree, ...notes, ...recentLines], tail);
}

function narrowedView(input: ThreadListInput, options: ThreadListOptions): string {
  const { threads, activeId } = input;
  if (options.depth !== undefined && (!Number.isInteger(options.depth) || options.depth < 0)) {
    throw errors.invalid(`Invalid depth ${String(options.depth)}: use a whole number, 0 or more.`);
  }
  const shape = input.derived?.shape ?? buildTree(threads);
  let rootIds: string[];
  if (options.rootId !== undefined) {
    if (!threads.has(options.rootId)) throw errors.threadNotFound(options.rootId);
    rootIds = [options.rootId];
  } else rootIds = [...shape.roots, ...shape.detached.map((d) => d.id)];
  const depth = options.depth ?? Number.POSITIVE_INFINITY;
  // Breadth-first to the depth asked; each thread once (a parentId cycle included).
  const inScope: string[] = [];
  const seen = new Set<string>();
  let level = rootIds.filter((id) => !seen.has(id) && seen.add(id));
  for (let d = 0; level.length > 0 && d <= depth; d++) {
    inScope.push(...level);
    const next: string[] = [];
    for (const id of level) {
      for (const c of shape.children.get(id) ?? []) {
        if (seen.has(c)) continue;
        next.push(c);
        seen.add(c);
      }
    }
    level = next;
  }
  const matching = options.status === undefined ? inScope : inScope.filter((id) => statusOf(threads.get(id)!) === options.status);
  const shown = new Map<string, ListedThread>();
  for (const id of matching) {
    // The ancestors up to the subtree's root keep the tree connected.
    for (let a: string | null = id; a !== null && !shown.has(a); ) {
      const t: ListedThread = threads.get(a)!;
      if (a === options.rootId) {
        shown.set(a, { ...t, parentId: null }); // the top of this view, not a thread detached from it
        break;
      }
      shown.set(a, t);
      a = t.parentId !== null && threads.has(t.parentId) ? t.parentId : null;
    }
  }
  const tree = treeLines(shown, activeId, threads);
  const what = [
    options.rootId !== undefined ? `the subtree of "${options.rootId}"` : "the whole tree",
    options.depth !== undefined ? `${plural(options.depth, "level")} deep` : null,
    options.status !== undefined ? `${options.status} threads` : null,
  ].filter((x) => x !== null);
  const head = [
    `Project: ${input.projectTitle} (${what.join(", ")}: ${plural(matching.length, "thread")} of ${plural(threads.size, "thread")})`,
  ];
  return fitLines(head, tree, problemLines(input, shape.detached));
}

/** The lines of `shown` as a tree (without its title line), related threads marked against all `threads`. */
function treeLines(
  shown: ReadonlyMap<string, ListedThread>,
  activeId: string,
  threads: ReadonlyMap<string, ListedThread>,
): string[] {
  return renderTree(shown, { title: "", activeId, problems: [], extra: (t) => relatedMark(t, threads) })
    .split("\n")
    .slice(1);
}

/** The `limit` open threads updated last that are not already shown, newest first. */
function mostRecentOpen(
  openByRecency: readonly ListedThread[],
  shown: ReadonlyMap<string, ListedThread>,
  limit: number,
): ListedThread[] {
  const top: ListedThread[] = [];
  for (const t of openByRecency) {
    if (top.length === limit) break;
    if (!shown.has(t.id)) top.push(t);
  }
  return top;
}

interface StatusCounts {
  total: number;
  active: number;
  done: number;
  abandoned: number;
}

function countByStatus(threads: Iterable<TreeNode>): StatusCounts {
  const c: StatusCounts = { total: 0, active: 0, done: 0, abandoned: 0 };
  for (const t of threads) {
    c.total++;
    c[statusOf(t)]++;
  }
  return c;
}

function statusCounts(c: StatusCounts): string {
  return `${formatCount(c.active)} open, ${formatCount(c.done)} done, ${formatCount(c.abandoned)} abandoned`;
}

function problemLines(input: ThreadListInput, detached: { id: string; why: string }[]): string[] {
  const lines: string[] = [];
  if (detached.length > 0) {
    lines.push("", `⚠ ${plural(detached.length, "detached thread")} (fix their parentId):`);
    for (const d of detached.slice(0, PROBLEMS_NAMED))
      lines.push(
        `  ${threadLabel(input.threads.get(d.id)!, { activeId: input.activeId })}: ${detachedReason(d, input.threads, input.problems)}`,
      );
    if (detached.length > PROBLEMS_NAMED) lines.push(`  … and ${formatCount(detached.length - PROBLEMS_NAMED)} more`);
  }
  if (input.problems.length > 0) {
    lines.push("", `⚠ ${plural(input.problems.length, "thread file")} could not be read (left as they are):`);
    for (const p of input.problems.slice(0, PROBLEMS_NAMED)) lines.push(`  ${p.path}: ${p.reason}`);
    if (input.problems.length > PROBLEMS_NAMED) lines.push(`  … and ${formatCount(input.problems.length - PROBLEMS_NAMED)} more`);
  }
  return lines;
}

/** head, as much of body as fits (a note says how many lines were left out), tail; every line clipped. */
function fitLines(head: string[], body: string[], tail: string[]): string {
  const clip = (l: string) => (l.length > LINE_MAX_CHARS ? `${l.slice(0, LINE_MAX_CHARS - 1)}…` : l);
  const headText = head.map(clip).join("\n");
  const tailText = tail.map(clip).join("\n");
  const cutNote = (n: number) =>
    `(… ${plural(n, "more line")} left out to keep this answer under ${THREAD_LIST_MAX_BYTES / 1024} KB: narrow with rootId, depth or status.)`;
  const budget = THREAD_LIST_MAX_BYTES - bytes(headText) - bytes(tailText) - bytes(cutNote(body.length)) - 3;
  const kept: string[] = [];
  let used = 0;
  for (const line of body.map(clip)) {
    const size = bytes(line) + 1;
    if (used + size > budget) break;
    kept.push(line);
    used += size;
  }
  if (kept.length < body.length) kept.push(cutNote(body.length - kept.length));
  return [headText, ...kept, ...(tailText === "" ? [] : [tailText])].join("\n");
}
