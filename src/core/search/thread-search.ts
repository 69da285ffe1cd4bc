// thread_search: tiers cheapest first (overview → lookup → semantic → deep), escalating only while the tier just run is weak.
import { errors } from "../errors.js";
import { THREAD_STATUSES, type ThreadStatus } from "../types.js";
import type { BodyDoc, CatalogMeta } from "./index-entries.js";
import { FIELD_LABELS, matchCatalog, metaSnippet, termMatcher, type MetaMatch } from "./overview-tier.js";
import type { ProjectIndex } from "./project-index.js";
import { sectionLabel } from "./section-weights.js";
import { matchSections, sectionSnippet, type SectionMatch } from "./section-tier.js";
import {
  SEARCH_INTENTS,
  SEARCH_LIMIT,
  SEARCH_SCOPES,
  type SearchAnswer,
  type SearchCost,
  type SearchHit,
  type SearchIntent,
  type SearchQuery,
  type SearchScope,
  type SearchTier,
  type TierRun,
} from "./search-types.js";
import type { StoreSearchIndex } from "./store-search-index.js";
import { queryTerms } from "./text-terms.js";
import { matchMeaning, meaningSnippet, queryVector, SEMANTIC_STRONG_SIMILARITY } from "./semantic-tier.js";
import { bm25Idf } from "./term-index.js";
import { wordVectors } from "./word-vectors.js";
import { messageOf } from "../error-details.js";

/**
 * "Weak", the rule for escalating: a tier is weak when it has fewer than min(limit, 3) strong hits.
 * - overview: a strong hit is a thread whose id, title, branch, paths and headings contain EVERY query term;
 * - lookup: a strong hit is a thread whose metadata and searched sections together contain at least HALF of the
 *   query terms (lookup only returns such hits);
 * - deep: relaxed — any thread with at least one query term (or a word it begins, 3+ letters) is returned.
 */
export const STRONG_HITS_WANTED = 3;
export const LOOKUP_MIN_COVERAGE = 0.5;
export const QUERY_MAX_CHARS = 500;
/** Distinct words of a query (each one is a bit of a 32-bit coverage mask). */
export const QUERY_MAX_TERMS = 30;

/** Without an intent, a weak lookup escalates to the semantic tier (deep, with its relaxed matching, only when asked). */
export const DEFAULT_INTENT: SearchIntent = "semantic";

export interface NormalizedQuery {
  query: string;
  terms: string[];
  scope: SearchScope;
  status: ThreadStatus | undefined;
  limit: number;
  intent: SearchIntent;
}

/** Checks every parameter (fail fast, with the reason): query with searchable words, known enums, limit 1–50. */
export function normalizeSearchQuery(input: SearchQuery): NormalizedQuery {
  const query = input.query.trim();
  if (query === "") throw errors.invalid("The search query must not be empty.");
  if (query.length > QUERY_MAX_CHARS)
    throw errors.invalid(`The search query is too long: ${query.length} characters (limit ${QUERY_MAX_CHARS}).`);
  const terms = queryTerms(query);
  if (terms.length === 0)
    throw errors.invalid(
      `The search query "${query}" has no words to search for (common words such as "the" or "what" are ignored).`,
    );
  if (terms.length > QUERY_MAX_TERMS)
    throw errors.invalid(
      `The search query has ${terms.length} distinct words (limit ${QUERY_MAX_TERMS}): keep the ones that matter.`,
    );
  const intent = input.intent ?? DEFAULT_INTENT;
  if (!SEARCH_INTENTS.includes(intent))
    throw errors.invalid(`Unknown search intent "${String(intent)}": use ${SEARCH_INTENTS.join(", ")}.`);
  const scope = input.scope ?? "project";
  if (!SEARCH_SCOPES.includes(scope))
    throw errors.invalid(`Unknown search scope "${String(scope)}": use ${SEARCH_SCOPES.join(", ")}.`);
  if (input.status !== undefined && !THREAD_STATUSES.includes(input.status)) {
    throw errors.invalid(`Unknown thread status "${String(input.status)}": use ${THREAD_STATUSES.join(", ")}.`);
  }
  const limit = input.limit ?? (intent === "deep" ? SEARCH_LIMIT.deepDefault : SEARCH_LIMIT.default);
  if (!Number.isInteger(limit) || limit < SEARCH_LIMIT.min || limit > SEARCH_LIMIT.max) {
    throw errors.invalid(
      `The search limit must be a whole number from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, not ${String(limit)}.`,
    );
  }
  return { query, terms, scope, status: input.status, limit, intent };
}

/** One project's matches of one tier, by catalog slot (plain arrays: no map of thousands of threads per query). */
class ProjectFinds {
  readonly meta: (MetaMatch | undefined)[] = [];
  readonly section: (SectionMatch | undefined)[] = [];
  /** Slots with a match, each once. */
  readonly slots: number[] = [];

  constructor(readonly project: ProjectIndex) {}

  addMeta(m: MetaMatch): void {
    if (this.meta[m.slot] === undefined && this.section[m.slot] === undefined) this.slots.push(m.slot);
    this.meta[m.slot] = m;
  }

  addSection(slot: number, m: SectionMatch): void {
    if (this.meta[slot] === undefined && this.section[slot] === undefined) this.slots.push(slot);
    this.section[slot] = m;
  }
}

/** A thread that passed a tier's coverage threshold; it becomes a SearchHit (with its snippet) only if it makes the cut. */
interface Candidate {
  projectId: string;
  meta: CatalogMeta;
  metaMatch: MetaMatch | undefined;
  sectionMatch: SectionMatch | undefined;
  score: number;
  coverage: number;
  /** Share of the query's idf weight covered (used to rank weak lexical hits among semantic ones). */
  weightedCoverage: number;
  /** A lexical hit covering at least half of the query's idf weight. */
  strong: boolean;
  tier: SearchTier;
  /** Similarity of meaning, when the semantic tier ran and found this thread similar enough. */
  similarity?: number;
  /** The semantic tier's evidence, for a thread only it found. */
  meaning?: MeaningFind;
}

/** Searches the given projects of a store (their ids already validated). */
export async function searchThreads(store: StoreSearchIndex, projectIds: string[], input: SearchQuery): Promise<SearchAnswer> {
  const q = normalizeSearchQuery(input);
  return store.exclusive(async () => {
    const cost: SearchCost = { threadFilesRead: 0, swept: false, bodyTextUsed: false };
    const projects = projectIds.map((id) => store.project(id));
    for (const p of projects) {
      const r = await p.refresh();
      cost.threadFilesRead += r.filesRead;
      cost.swept ||= r.swept;
    }
    const wanted = Math.min(q.limit, STRONG_HITS_WANTED);
    const statusOk = (meta: CatalogMeta) => q.status === undefined || statusOf(meta) === q.status;
    const tiers: TierRun[] = [];
    const notices: string[] = [];
    const finish = (top: Candidate[]): SearchAnswer => ({
      query: q.query,
      terms: q.terms,
      scope: q.scope,
      projects: projectIds,
      intent: q.intent,
      limit: q.limit,
      tiers,
      hits: top.map((c) => toHit(c, q.terms)),
      notices: [...notices, ...projects.flatMap(noticesOf)],
      cost,
    });

    // Tier 1: metadata only.
    const metaMatches = (relaxed: boolean): ProjectFinds[] =>
      projects.map((p) => {
        const finds = new ProjectFinds(p);
        for (const m of matchCatalog(p.catalogIndex, q.terms, statusOk, relaxed)) finds.addMeta(m);
        return finds;
      });
    const overview = metaMatches(false);
    let strongOverview = 0;
    for (const f of overview) for (const slot of f.slots) if (bitCount(f.meta[slot]!.mask) === q.terms.length) strongOverview++;
    tiers.push({ tier: "overview", strongHits: strongOverview, weak: strongOverview < wanted });
    if (q.intent === "overview" || strongOverview >= wanted)
      return finish(collect(overview, q.terms.length, LOOKUP_MIN_COVERAGE, "overview", q.limit).top);

    // Tier 2: BM25 over sections of open threads (or of the threads with the requested status), tier-1 hits merged;
    // when that is weak, closed threads too (their summaries and closing reasons): a decision of a done thread is the
    // typical thing to recall.
    cost.bodyTextUsed = true;
    for (const p of projects) cost.threadFilesRead += (await p.loadBodies()).filesRead;
    const weigh = strongRule(projects, q.terms);
    // One BM25 pass over the sections of every accepted status; open threads' section evidence is collected first.
    addSections(overview, q.terms, statusOk, false);
    const lookupFinds = overview;
    const openSections = q.status === undefined ? (meta: CatalogMeta) => statusOf(meta) === "active" : undefined;
    let lookup = collect(overview, q.terms.length, LOOKUP_MIN_COVERAGE, "lookup", q.limit, weigh, undefined, openSections);
    let closedSearched = q.status !== undefined && q.status !== "active";
    if (lookup.strong < wanted && q.status === undefined) {
      lookup = collect(overview, q.terms.length, LOOKUP_MIN_COVERAGE, "lookup", q.limit, weigh);
      closedSearched = true;
    }
    tiers.push({
      tier: "lookup",
      strongHits: lookup.strong,
      weak: lookup.strong < wanted,
      ...(closedSearched ? { closedThreads: true } : {}),
    });
    if (q.intent === "lookup" || lookup.strong >= wanted) return finish(lookup.top);

    // Tier 3: sections ranked by meaning (every status), merged with lookup's hits.
    const meaning = meaningMatches(projects, q.terms, statusOk, cost, notices, Math.max(4 * q.limit, 40));
    const semantic = mergeMeaning(lookup.top, meaning, q.limit);
    tiers.push({ tier: "semantic", strongHits: semantic.strong, weak: semantic.strong < wanted });
    if (q.intent === "semantic" || semantic.strong >= wanted) return finish(semantic.top);

    // Tier 4: every status, closing reasons, prefix matches, any coverage; lookup's hits are kept as they were, the
    // semantic tier's merged in again.
    const deep = metaMatches(true);
    addSections(deep, q.terms, statusOk, true);
    const deepRanked = collect(deep, q.terms.length, Number.MIN_VALUE, "deep", q.limit, weigh, {
      finds: lookupFinds,
      minCoverage: LOOKUP_MIN_COVERAGE,
      tier: "lookup",
    });
    const merged = mergeMeaning(deepRanked.top, meaning, q.limit);
    tiers.push({ tier: "deep", strongHits: merged.strong, weak: false });
    return finish(merged.top);
  });
}

/**
 * Lookup's "strong": a thread whose matched query terms carry at least half of the query's weight, each term weighted
 * by its BM25 idf over the searched sections (a word no section contains weighs most). A query of a common word and a
 * word the threads never use ("throttle the API") is thus weak on the common word alone, and escalates.
 */
function strongRule(projects: ProjectIndex[], queryTerms: string[]): Weigh {
  let docs = 0;
  const df = queryTerms.map(() => 0);
  for (const p of projects) {
    const ti = p.bodyLayer?.terms;
    if (!ti) continue;
    docs += ti.size;
    queryTerms.forEach((t, i) => {
      const list = ti.postings(t);
      if (list) df[i] = df[i]! + ti.documentFrequency(list);
    });
  }
  const idf = df.map((n) => bm25Idf(docs, n));
  const total = idf.reduce((a, b) => a + b, 0);
  return (mask) => {
    let covered = 0;
    idf.forEach((w, i) => {
      if (mask & (1 << i)) covered += w;
    });
    return total > 0 ? covered / total : 0;
  };
}

/** The share of the query's idf weight that a coverage mask carries (0–1). */
type Weigh = (mask: number) => number;

/** A thread the semantic tier found similar enough, with what its hit shows. */
interface MeaningFind {
  projectId: string;
  meta: CatalogMeta;
  similarity: number;
  snippet: () => string;
  best: BodyDoc;
}

/** Each project's threads by similarity of meaning; loads the word vectors on first use (a failure is a notice, not an error). */
function meaningMatches(
  projects: ProjectIndex[],
  queryTerms: string[],
  accept: (meta: CatalogMeta) => boolean,
  cost: SearchCost,
  notices: string[],
  keep: number,
): MeaningFind[] {
  const started = performance.now();
  let words: ReturnType<typeof wordVectors>;
  try {
    words = wordVectors();
  } catch (e) {
    notices.push(`The semantic tier is unavailable (${messageOf(e)}): only words were matched.`);
    return [];
  }
  const out: MeaningFind[] = [];
  for (const p of projects) {
    const bodies = p.bodyLayer;
    if (!bodies) throw new Error(`search: the section index of project "${p.projectId}" was not loaded`);
    const loadedBefore = bodies.hasSectionVectors(words.vectors);
    const query = queryVector(bodies, words.vectors, queryTerms);
    if (query === null) continue;
    const catalog = p.catalogIndex;
    const metaOf = (threadNo: number): CatalogMeta | undefined => {
      const slot = catalog.slotOf(bodies.threadIds[threadNo]!);
      return slot >= 0 ? catalog.at(slot) : undefined;
    };
    const accepted = (t: number) => {
      const meta = metaOf(t);
      return meta !== undefined && accept(meta);
    };
    for (const m of matchMeaning(bodies, words.vectors, query, accepted, (t) => metaOf(t)?.title ?? "", keep)) {
      const vectors = words.vectors;
      out.push({
        projectId: p.projectId,
        meta: metaOf(m.threadNo)!,
        similarity: m.similarity,
        best: m.best,
        snippet: () => meaningSnippet(vectors, m.best, query),
      });
    }
    if (!loadedBefore) cost.semanticLoadMs = Math.round(performance.now() - started);
  }
  return out
    .sort((a, b) => b.similarity - a.similarity || (a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0))
    .slice(0, keep);
}

/** How much a weak lexical match (its idf-weighted coverage, below one half) adds to a thread's similarity. */
export const LEXICAL_SHARE = 0.2;

/**
 * Lexical and semantic hits in one list. Lexical hits that are strong keep their order at the top (a query that shares
 * the words of its thread never ranks it lower than lookup did); the others, weak lexical hits and semantic ones, follow
 * by similarity plus LEXICAL_SHARE of their lexical coverage. Strong: a strong lexical hit or a similarity of at least
 * SEMANTIC_STRONG_SIMILARITY.
 */
function mergeMeaning(lexical: Candidate[], meaning: MeaningFind[], limit: number): { strong: number; top: Candidate[] } {
  const key = (projectId: string, id: string) => `${projectId}/${id}`;
  const similar = new Map(meaning.map((m) => [key(m.projectId, m.meta.id), m]));
  const first: Candidate[] = [];
  const rest: { c: Candidate; fused: number }[] = [];
  const seen = new Set<string>();
  for (const c of lexical) {
    const m = similar.get(key(c.projectId, c.meta.id));
    seen.add(key(c.projectId, c.meta.id));
    const withSim = m ? { ...c, similarity: m.similarity } : c;
    if (c.strong) first.push(withSim);
    else rest.push({ c: withSim, fused: (m?.similarity ?? 0) + LEXICAL_SHARE * c.weightedCoverage });
  }
  for (const m of meaning) {
    if (seen.has(key(m.projectId, m.meta.id))) continue;
    const c: Candidate = {
      projectId: m.projectId,
      meta: m.meta,
      metaMatch: undefined,
      sectionMatch: undefined,
      score: m.similarity,
      coverage: 0,
      weightedCoverage: 0,
      strong: false,
      tier: "semantic",
      similarity: m.similarity,
      meaning: m,
    };
    rest.push({ c, fused: m.similarity });
  }
  rest.sort((a, b) => b.fused - a.fused);
  const top = [...first, ...rest.map((r) => r.c)].slice(0, limit);
  const firstKeys = new Set(first.map((c) => key(c.projectId, c.meta.id)));
  const strong =
    first.length +
    meaning.filter((m) => m.similarity >= SEMANTIC_STRONG_SIMILARITY && !firstKeys.has(key(m.projectId, m.meta.id))).length;
  return { strong, top };
}

/** Adds each project's section matches (threads refused by `accept` are not scored); the catalog decides what exists. */
function addSections(finds: ProjectFinds[], terms: string[], accept: (meta: CatalogMeta) => boolean, relaxed: boolean): void {
  for (const f of finds) {
    const p = f.project;
    const bodies = p.bodyLayer;
    if (!bodies) throw new Error(`search: the section index of project "${p.projectId}" was not loaded`);
    const catalog = p.catalogIndex;
    const slotOf = (threadNo: number): number => {
      const hint = bodies.catalogSlot[threadNo]!;
      const id = bodies.threadIds[threadNo]!;
      if (hint >= 0 && catalog.at(hint)?.id === id) return hint;
      const slot = catalog.slotOf(id);
      bodies.catalogSlot[threadNo] = slot;
      return slot;
    };
    const acceptThread = (threadNo: number) => {
      const slot = slotOf(threadNo);
      return slot >= 0 && accept(catalog.at(slot)!);
    };
    for (const m of matchSections(bodies, terms, acceptThread, relaxed)) f.addSection(slotOf(m.threadNo), m);
  }
}

/** An earlier tier whose passing hits are kept as they were when a later tier finds the same threads. */
interface Earlier {
  finds: ProjectFinds[];
  minCoverage: number;
  tier: SearchTier;
}

/**
 * Threads whose metadata and sections together cover at least `minCoverage` of the query terms: how many are strong
 * (cover at least half, by idf weight when `weigh` is given), and the `limit` best, best first — objects are made for
 * those only.
 */
function collect(
  finds: ProjectFinds[],
  termCount: number,
  minCoverage: number,
  tier: SearchTier,
  limit: number,
  weigh?: Weigh,
  earlier?: Earlier,
  sectionsOf?: (meta: CatalogMeta) => boolean,
): { strong: number; top: Candidate[] } {
  const scores: number[] = [];
  const where: number[] = []; // project index, slot, tier source (0: this tier, 1: earlier)
  let strong = 0;
  const weighted = (mask: number) => (weigh ? weigh(mask) : bitCount(mask) / termCount);
  const sectionOf = (f: ProjectFinds, slot: number) =>
    sectionsOf && !sectionsOf(f.project.catalogIndex.at(slot)!) ? undefined : f.section[slot];
  const evidence = (f: ProjectFinds, slot: number) => ({ meta: f.meta[slot], section: sectionOf(f, slot) });
  finds.forEach((f, pi) => {
    for (const slot of f.slots) {
      let source = 0;
      let { meta, section } = evidence(f, slot);
      let coverage = bitCount((meta?.mask ?? 0) | (section?.mask ?? 0)) / termCount;
      if (coverage < minCoverage) continue;
      const before = earlier?.finds[pi];
      if (earlier && before) {
        const e = evidence(before, slot);
        const c = bitCount((e.meta?.mask ?? 0) | (e.section?.mask ?? 0)) / termCount;
        if ((e.meta || e.section) && c >= earlier.minCoverage) [source, meta, section, coverage] = [1, e.meta, e.section, c];
      }
      if (weighted((meta?.mask ?? 0) | (section?.mask ?? 0)) >= LOOKUP_MIN_COVERAGE) strong++;
      scores.push((meta?.score ?? 0) + (section?.score ?? 0));
      where.push(pi, slot, source);
    }
  });
  let threshold = -Infinity;
  if (scores.length > limit * 4) threshold = Float64Array.from(scores).sort()[scores.length - limit]!;
  const top: Candidate[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (scores[i]! < threshold) continue;
    const [pi, slot, source] = [where[3 * i]!, where[3 * i + 1]!, where[3 * i + 2]!];
    const f = source === 1 ? earlier!.finds[pi]! : finds[pi]!;
    const metaMatch = f.meta[slot];
    const sectionMatch = sectionOf(f, slot);
    const mask = (metaMatch?.mask ?? 0) | (sectionMatch?.mask ?? 0);
    const coverage = bitCount(mask) / termCount;
    const meta = f.project.catalogIndex.at(slot)!;
    const weightedCoverage = weighted(mask);
    top.push({
      projectId: f.project.projectId,
      meta,
      metaMatch,
      sectionMatch,
      score: scores[i]!,
      coverage,
      weightedCoverage,
      strong: weightedCoverage >= LOOKUP_MIN_COVERAGE,
      tier: source === 1 ? earlier!.tier : tier,
    });
  }
  return { strong, top: top.sort(byScore).slice(0, limit) };
}

/** A candidate as returned: section evidence when it has some (labelled with its tier), else its metadata match (overview). */
function toHit(c: Candidate, terms: string[]): SearchHit {
  const isMatch = termMatcher(terms, c.tier === "deep");
  const base = {
    projectId: c.projectId,
    threadId: c.meta.id,
    title: c.meta.title,
    status: statusOf(c.meta),
    score: Math.round(c.score * 100) / 100,
    coverage: c.coverage,
    ...(c.similarity !== undefined ? { similarity: Math.round(c.similarity * 100) / 100 } : {}),
  };
  if (c.meaning) {
    const best = c.meaning.best;
    return {
      ...base,
      section: sectionLabel(best),
      field: best.kind === "reason" ? "reason" : "section",
      snippet: c.meaning.snippet(),
      tier: "semantic",
    };
  }
  if (c.sectionMatch) {
    const s = c.sectionMatch;
    return {
      ...base,
      section: sectionLabel(s.best),
      field: s.best.kind === "reason" ? "reason" : "section",
      snippet: sectionSnippet(s, isMatch),
      tier: c.tier,
    };
  }
  const m = c.metaMatch;
  if (!m) throw new Error(`search: thread "${c.meta.id}" was found without evidence`);
  return {
    ...base,
    section: FIELD_LABELS[m.field],
    field: m.field,
    snippet: metaSnippet(m, isMatch),
    tier: c.tier === "deep" ? "deep" : "overview",
  };
}

function noticesOf(p: ProjectIndex): string[] {
  const out = p.takeNotices();
  const problems = p.problems();
  if (problems.length > 0) {
    const shown = problems.slice(0, 3).map((x) => `${x.path}: ${x.reason}`);
    const more = problems.length > 3 ? `; and ${problems.length - 3} more` : "";
    out.push(
      `${problems.length} thread file${problems.length === 1 ? "" : "s"} could not be read and ${problems.length === 1 ? "is" : "are"} not searched: ${shown.join("; ")}${more}.`,
    );
  }
  return out;
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

function statusOf(meta: CatalogMeta): ThreadStatus {
  return meta.status ?? "active";
}

function byScore(a: Candidate, b: Candidate): number {
  return (
    b.score - a.score ||
    (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0) ||
    (a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0)
  );
}
