// thread_search: tiers cheapest first (overview → lookup → deep), escalating only while the tier just run is weak.
import { errors } from "../errors.js";
import type { ThreadStatus } from "../types.js";
import type { CatalogMeta } from "./index-entries.js";
import { FIELD_LABELS, matchCatalog, metaSnippet, termMatcher, type MetaMatch } from "./overview-tier.js";
import type { ProjectIndex } from "./project-index.js";
import { sectionLabel } from "./section-weights.js";
import { matchSections, sectionSnippet, type SectionMatch } from "./section-tier.js";
import {
  SEARCH_INTENTS,
  SEARCH_LIMIT,
  SEARCH_SCOPES,
  type SearchAnswer,
  type SearchHit,
  type SearchIntent,
  type SearchQuery,
  type SearchScope,
  type SearchTier,
  type TierRun,
} from "./search-types.js";
import type { StoreSearchIndex } from "./store-search-index.js";
import { queryTerms } from "./text-terms.js";

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

const STATUSES = ["active", "done", "abandoned"] as const satisfies readonly ThreadStatus[];

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
  if (query.length > QUERY_MAX_CHARS) throw errors.invalid(`The search query is too long: ${query.length} characters (limit ${QUERY_MAX_CHARS}).`);
  const terms = queryTerms(query);
  if (terms.length === 0) throw errors.invalid(`The search query "${query}" has no words to search for (common words such as "the" or "what" are ignored).`);
  if (terms.length > QUERY_MAX_TERMS) throw errors.invalid(`The search query has ${terms.length} distinct words (limit ${QUERY_MAX_TERMS}): keep the ones that matter.`);
  const intent = input.intent ?? "lookup";
  if (!SEARCH_INTENTS.includes(intent)) throw errors.invalid(`Unknown search intent "${String(intent)}": use ${SEARCH_INTENTS.join(", ")}.`);
  const scope = input.scope ?? "project";
  if (!SEARCH_SCOPES.includes(scope)) throw errors.invalid(`Unknown search scope "${String(scope)}": use ${SEARCH_SCOPES.join(", ")}.`);
  if (input.status !== undefined && !STATUSES.includes(input.status)) {
    throw errors.invalid(`Unknown thread status "${String(input.status)}": use ${STATUSES.join(", ")}.`);
  }
  const limit = input.limit ?? (intent === "deep" ? SEARCH_LIMIT.deepDefault : SEARCH_LIMIT.default);
  if (!Number.isInteger(limit) || limit < SEARCH_LIMIT.min || limit > SEARCH_LIMIT.max) {
    throw errors.invalid(`The search limit must be a whole number from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, not ${String(limit)}.`);
  }
  return { query, terms, scope, status: input.status, limit, intent };
}

/** One thread's evidence, merged across tiers; keyed by its catalog entry (one object per thread and project). */
interface Found {
  projectId: string;
  meta: CatalogMeta;
  metaMatch?: MetaMatch;
  sectionMatch?: SectionMatch;
}
type FoundMap = Map<CatalogMeta, Found>;

/** A thread that passed a tier's coverage threshold; it becomes a SearchHit (with its snippet) only if it makes the cut. */
interface Candidate {
  found: Found;
  score: number;
  coverage: number;
  tier: SearchTier;
}

/** Searches the given projects of a store (their ids already validated). */
export async function searchThreads(store: StoreSearchIndex, projectIds: string[], input: SearchQuery): Promise<SearchAnswer> {
  const q = normalizeSearchQuery(input);
  return store.exclusive(async () => {
    const cost = { threadFilesRead: 0, swept: false, bodyTextUsed: false };
    const projects = projectIds.map((id) => store.project(id));
    for (const p of projects) {
      const r = await p.refresh();
      cost.threadFilesRead += r.filesRead;
      cost.swept ||= r.swept;
    }
    const wanted = Math.min(q.limit, STRONG_HITS_WANTED);
    const statusOk = (meta: CatalogMeta) => q.status === undefined || statusOf(meta) === q.status;
    const tiers: TierRun[] = [];
    const finish = (candidates: Candidate[]): SearchAnswer => ({
      query: q.query,
      terms: q.terms,
      scope: q.scope,
      projects: projectIds,
      intent: q.intent,
      limit: q.limit,
      tiers,
      hits: best(candidates, q.limit).map((c) => toHit(c, q.terms)),
      notices: projects.flatMap(noticesOf),
      cost,
    });

    // Tier 1: metadata only.
    const metaMatches = (relaxed: boolean): FoundMap => {
      const out: FoundMap = new Map();
      for (const p of projects) {
        for (const m of matchCatalog(p.catalogIndex, q.terms, statusOk, relaxed)) out.set(m.meta, { projectId: p.projectId, meta: m.meta, metaMatch: m });
      }
      return out;
    };
    const overview = metaMatches(false);
    const overviewHits = candidates(overview, q.terms.length, LOOKUP_MIN_COVERAGE, "overview");
    let strongOverview = 0;
    for (const f of overview.values()) if (bitCount(f.metaMatch!.mask) === q.terms.length) strongOverview++;
    tiers.push({ tier: "overview", strongHits: strongOverview, weak: strongOverview < wanted });
    if (q.intent === "overview" || strongOverview >= wanted) return finish(overviewHits);

    // Tier 2: BM25 over sections of open threads (or of the threads with the requested status), tier-1 hits merged.
    cost.bodyTextUsed = true;
    for (const p of projects) cost.threadFilesRead += (await p.loadBodies()).filesRead;
    addSections(projects, overview, q.terms, (meta) => statusOk(meta) && (q.status !== undefined || statusOf(meta) === "active"), false);
    const lookupHits = candidates(overview, q.terms.length, LOOKUP_MIN_COVERAGE, "lookup");
    tiers.push({ tier: "lookup", strongHits: lookupHits.length, weak: lookupHits.length < wanted });
    if (q.intent === "lookup" || lookupHits.length >= wanted) return finish(lookupHits);

    // Tier 3: every status, closing reasons, prefix matches, any coverage; lookup's hits are kept as they were.
    const deep = metaMatches(true);
    addSections(projects, deep, q.terms, statusOk, true);
    const fromLookup = new Map(lookupHits.map((c) => [c.found.meta, c]));
    const deepHits = candidates(deep, q.terms.length, Number.MIN_VALUE, "deep").map((c) => fromLookup.get(c.found.meta) ?? c);
    tiers.push({ tier: "deep", strongHits: deepHits.filter((c) => c.coverage >= LOOKUP_MIN_COVERAGE).length, weak: false });
    return finish(deepHits);
  });
}

/** Adds each project's section matches (threads refused by `accept` are not scored) to `found`. */
function addSections(projects: ProjectIndex[], found: FoundMap, terms: string[], accept: (meta: CatalogMeta) => boolean, relaxed: boolean): void {
  for (const p of projects) {
    const bodies = p.bodyLayer;
    if (!bodies) throw new Error(`search: the section index of project "${p.projectId}" was not loaded`);
    const acceptThread = (threadId: string) => {
      const meta = p.catalogIndex.get(threadId);
      return meta !== undefined && accept(meta);
    };
    for (const m of matchSections(bodies, terms, acceptThread, relaxed)) {
      const meta = p.catalogIndex.get(m.threadId)!;
      const f = found.get(meta);
      if (f) f.sectionMatch = m;
      else found.set(meta, { projectId: p.projectId, meta, sectionMatch: m });
    }
  }
}

/** Threads whose metadata and sections together cover at least `minCoverage` of the query terms, with their score. */
function candidates(found: FoundMap, termCount: number, minCoverage: number, tier: SearchTier): Candidate[] {
  const out: Candidate[] = [];
  for (const f of found.values()) {
    const coverage = bitCount((f.metaMatch?.mask ?? 0) | (f.sectionMatch?.mask ?? 0)) / termCount;
    if (coverage < minCoverage) continue;
    out.push({ found: f, score: (f.metaMatch?.score ?? 0) + (f.sectionMatch?.score ?? 0), coverage, tier });
  }
  return out;
}

/** The `limit` best candidates, best first (ties: project id, then thread id), without sorting all of them. */
function best(all: Candidate[], limit: number): Candidate[] {
  let pool = all;
  if (all.length > limit * 4) {
    const scores = Float64Array.from(all, (c) => c.score).sort();
    const threshold = scores[scores.length - limit]!;
    pool = all.filter((c) => c.score >= threshold);
  }
  return pool.sort(byScore).slice(0, limit);
}

/** A candidate as returned: section evidence when it has some (labelled with its tier), else its metadata match (overview). */
function toHit(c: Candidate, terms: string[]): SearchHit {
  const f = c.found;
  const isMatch = termMatcher(terms, c.tier === "deep");
  const base = { projectId: f.projectId, threadId: f.meta.id, title: f.meta.title, status: statusOf(f.meta), score: Math.round(c.score * 100) / 100, coverage: c.coverage };
  if (f.sectionMatch) {
    const s = f.sectionMatch;
    return { ...base, section: sectionLabel(s.best), field: s.best.kind === "reason" ? "reason" : "section", snippet: sectionSnippet(s, isMatch), tier: c.tier };
  }
  const m = f.metaMatch;
  if (!m) throw new Error(`search: thread "${f.meta.id}" was found without evidence`);
  return { ...base, section: FIELD_LABELS[m.field], field: m.field, snippet: metaSnippet(m, isMatch), tier: c.tier === "deep" ? "deep" : "overview" };
}

function noticesOf(p: ProjectIndex): string[] {
  const out = p.takeNotices();
  const problems = p.problems();
  if (problems.length > 0) {
    const shown = problems.slice(0, 3).map((x) => `${x.path}: ${x.reason}`);
    const more = problems.length > 3 ? `; and ${problems.length - 3} more` : "";
    out.push(`${problems.length} thread file${problems.length === 1 ? "" : "s"} could not be read and ${problems.length === 1 ? "is" : "are"} not searched: ${shown.join("; ")}${more}.`);
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
  const x = a.found;
  const y = b.found;
  return b.score - a.score || (x.projectId < y.projectId ? -1 : x.projectId > y.projectId ? 1 : 0) || (x.meta.id < y.meta.id ? -1 : x.meta.id > y.meta.id ? 1 : 0);
}
