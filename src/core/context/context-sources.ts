// A thread's context with what it was built from (every file consulted, whether it depends on HEAD), for the context cache.
import { LIMITS } from "../limits.js";
import { relative } from "node:path";
import { ThreadMindError, UnreadableFileError } from "../errors.js";
import type { Store, ThreadPart } from "../store/store.js";
import type { Project, Thread } from "../types.js";
import type { Workspace } from "../store/store-dir.js";
import { threadStatus } from "../types.js";
import type { TokenEstimator } from "./token-estimate.js";
import { assembleContext, readChainWithinBudget, type AssembledContext, type RelatedRef } from "./context-assembly.js";
import { AncestorWalk } from "./thread-chain.js";
import { hasPathsToCheck, stalePathWarnings } from "./stale-path-warnings.js";
import { isValidId } from "../id-pattern.js";
import { titleLine } from "./title-line.js";

/** A related entry that is not an id is named on one line, at most this long (a hand-written file may hold anything). */
const RELATED_ID_CHARS = 80;

export interface ContextOptions {
  maxTokens?: number;
  maxChars?: number;
  /** Notices to show first (Markdown), e.g. that the thread was read from its last committed version. */
  notices?: string[];
  /** Count with cached counts or characters/3.5 only, never the tokenizer (as the hooks do, which have none). */
  estimateOnly?: boolean;
}

export interface ContextWithSources {
  context: AssembledContext;
  sources: string[];
  dependsOnHead: boolean;
}

/** What the assembly reads with: the store, its workspace (its git top null outside git), the counter and how to save its cache. */
export interface ContextSourcesDeps {
  store: Store;
  workspace: Workspace;
  tokens: TokenEstimator;
  saveTokenCache: () => Promise<void>;
}

/**
 * The context of `thread`, and what it was built from: every file consulted (paths relative to the store; absent ones
 * included) and whether it depends on HEAD (stale-path warnings), so that it can be cached.
 */
export async function contextWithSources(
  deps: ContextSourcesDeps,
  project: Project,
  thread: Thread,
  options: ContextOptions,
): Promise<ContextWithSources> {
  const { store, tokens } = deps;
  const consulted = new Set<string>([store.projectPath(project.id)]);
  // The thread's own files, as its read names them (the given thread may be from the store's cache, which can have
  // dropped them): read again, from that cache while nothing changed. A thread the store cannot read was given from
  // elsewhere (HEAD's version of one in conflict): its files are named all the same, and the error was reported there.
  try {
    readConsulted(store, project.id, thread.id, consulted);
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
  }
  // Ancestors and related threads are read in part: what the context shows of them (see ThreadPart).
  const read = (id: string): Thread => readConsulted(store, project.id, id, consulted, "ancestor");
  const related = relatedRefs(store, project.id, thread, consulted);
  // The hooks' way (estimateOnly): cached counts or characters/3.5, never the tokenizer.
  const estimate =
    options.estimateOnly === true ? (text: string) => tokens.cachedOrEstimate(text) : (text: string) => tokens.countSync(text);
  // Only as far up as the budget can hold: farther ancestors are never read (nor consulted, for the cache).
  const chain = readChainWithinBudget(new AncestorWalk(thread, read), thread, { ...options, estimate });
  const { gitTop, root } = deps.workspace;
  const warnings = gitTop ? await stalePathWarnings(root, chain.threads) : new Map<string, string>();
  const assemble = () =>
    assembleContext({
      project,
      chain: chain.threads,
      chainCut: chain.cut,
      warnings,
      notices: [...(options.notices ?? []), ...chain.notices],
      ...(options.maxChars !== undefined ? { maxChars: options.maxChars } : {}),
      ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
      estimate,
      related,
      relatedBeyond: Math.max(0, (thread.related?.length ?? 0) - related.length),
      ancestorBlocks: chain.blocks,
    });
  // Warm path: every count is cached and the encoder is never loaded. A miss loads it (if there is one) and redoes the fit.
  const missesBefore = tokens.misses;
  let assembled = assemble();
  if (options.estimateOnly !== true && tokens.misses > missesBefore && (await tokens.ready())) assembled = assemble();
  await deps.saveTokenCache();
  const dependsOnHead = gitTop !== null && chain.threads.some(hasPathsToCheck);
  // Folders keep their trailing "/": the cache stamps them as folders (an item added or removed changes the stamp).
  const sources = [...consulted].map((p) => `${relative(store.dir, p)}${p.endsWith("/") ? "/" : ""}`);
  return { context: assembled, sources, dependsOnHead };
}

/** Reads a thread (or part of it) and adds every file and folder the read consulted (even when it fails: absent ones count). */
function readConsulted(store: Store, projectId: string, id: string, consulted: Set<string>, part: ThreadPart = "whole"): Thread {
  try {
    return store.readThread(projectId, id, undefined, part);
  } finally {
    for (const p of store.threadSources(projectId, id, part)) consulted.add(p);
  }
}

/** The thread's cross-references by title and id; missing or unreadable ones are reported as such, never fatal. */
function relatedRefs(store: Store, projectId: string, thread: Thread, consulted: Set<string>): RelatedRef[] {
  // As many as a write may record: a list written by hand beyond it is not read (each entry costs a file read).
  return (thread.related ?? []).slice(0, LIMITS.relatedCount).map((id): RelatedRef => {
    // Not an id (a title written by hand, say): no thread can have it, so it is missing, and no file is consulted.
    if (!isValidId(id)) return { id: titleLine(id, RELATED_ID_CHARS), title: null, problem: "missing" };
    try {
      const t = readConsulted(store, projectId, id, consulted, "ancestor");
      return { id, title: t.title, status: threadStatus(t) };
    } catch (e) {
      if (e instanceof UnreadableFileError) return { id, title: null, problem: "unreadable" };
      // readThread's not-found: nothing holds the name (an invalid id is another error, and is thrown).
      if (e instanceof ThreadMindError && e.code === "not-found") return { id, title: null, problem: "missing" };
      throw e;
    }
  });
}
