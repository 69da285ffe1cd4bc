// thread_search: tiers cheapest first (overview → lookup → deep), escalating only while the tier just run is weak.
import { errors } from "../errors.js";
import type { ThreadStatus } from "../types.js";
import type { CatalogMeta, BodyDoc } from "./index-entries.js";
import { FIELD_LABELS, matchCatalog, metaSnippet, type MetaMatch } from "./overview-tier.js";
import type { ProjectIndex } from "./project-index.js";
import { matchSections, sectionLabel, sectionSnippet, type SectionMatch } from "./section-tier.js";
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

interface Found {
  projectId: string;
  meta: CatalogMeta;
  metaMatch?: MetaMatch;
  sectionMatch?: SectionMatch;
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
    const finish = (hits: SearchHit[]): SearchAnswer => ({
      query: q.query,
      terms: q.terms,
      scope: q.scope,
      projects: projectIds,
      intent: q.intent,
      limit: q.limit,
      tiers,
      hits: hits.sort(byScore).slice(0, q.limit).map((h) => ({ ...h, score: Math.round(h.score * 100) / 100 })),
      notices: projects.flatMap(noticesOf),
      cost,
    });

    // Tier 1: metadata only.
    const metaMatches = (relaxed: boolean) => {
      const out = new Map<string, Found>();
      for (const p of projects) {
        for (const m of matchCatalog(p.catalogIndex, q.terms, statusOk, relaxed)) {
          out.set(keyOf(p.projectId, m.meta.id), { projectId: p.projectId, meta: m.meta, metaMatch: m });
        }
      }
      return out;
    };
    const overview = metaMatches(false);
    const overviewHits = combine(overview, q.terms.length, LOOKUP_MIN_COVERAGE, "overview");
    const strongOverview = [...overview.values()].filter((f) => f.metaMatch!.matched.size === q.terms.length).length;
    tiers.push({ tier: "overview", strongHits: strongOverview, weak: strongOverview < wanted });
    if (q.intent === "overview" || strongOverview >= wanted) return finish(overviewHits);

    // Tier 2: BM25 over sections of open threads (or of the threads with the requested status), tier-1 hits merged.
    cost.bodyTextUsed = true;
    for (const p of projects) cost.threadFilesRead += (await p.loadBodies()).filesRead;
    const lookupFound = withSections(projects, overview, q.terms, (meta) => statusOk(meta) && (q.status !== undefined || statusOf(meta) === "active"), false);
    const lookupHits = combine(lookupFound, q.terms.length, LOOKUP_MIN_COVERAGE, "lookup");
    tiers.push({ tier: "lookup", strongHits: lookupHits.length, weak: lookupHits.length < wanted });
    if (q.intent === "lookup" || lookupHits.length >= wanted) return finish(lookupHits);

    // Tier 3: every status, closing reasons, prefix matches, any coverage; lookup's hits are kept as they were.
    const deepFound = withSections(projects, metaMatches(true), q.terms, statusOk, true);
    const byKey = new Map(lookupHits.map((h) => [keyOf(h.projectId, h.threadId), h]));
    const deepHits = combine(deepFound, q.terms.length, Number.MIN_VALUE, "deep").map((h) => byKey.get(keyOf(h.projectId, h.threadId)) ?? h);
    tiers.push({ tier: "deep", strongHits: deepHits.filter((h) => h.coverage >= LOOKUP_MIN_COVERAGE).length, weak: false });
    return finish(deepHits);
  });
}

function withSections(
  projects: ProjectIndex[],
  metaFound: Map<string, Found>,
  terms: string[],
  accept: (meta: CatalogMeta) => boolean,
  relaxed: boolean,
): Map<string, Found> {
  const out = new Map(metaFound);
  for (const p of projects) {
    const bodies = p.bodyLayer;
    if (!bodies) throw new Error(`search: the section index of project "${p.projectId}" was not loaded`);
    const acceptDoc = (threadId: string, _doc: BodyDoc) => {
      const meta = p.catalogIndex.get(threadId);
      return meta !== undefined && accept(meta);
    };
    for (const m of matchSections(bodies, terms, acceptDoc, relaxed)) {
      const key = keyOf(p.projectId, m.threadId);
      const meta = p.catalogIndex.get(m.threadId)!;
      out.set(key, { ...(out.get(key) ?? { projectId: p.projectId, meta }), sectionMatch: m });
    }
  }
  return out;
}

/** One hit per thread: section evidence when there is some (labelled `tier`), else the metadata match (overview). */
function combine(found: Map<string, Found>, termCount: number, minCoverage: number, tier: SearchTier): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const f of found.values()) {
    const matched = new Set([...(f.metaMatch?.matched ?? []), ...(f.sectionMatch?.matched ?? [])]);
    const coverage = matched.size / termCount;
    if (coverage < minCoverage) continue;
    const score = (f.metaMatch?.score ?? 0) + (f.sectionMatch?.score ?? 0);
    const base = { projectId: f.projectId, threadId: f.meta.id, title: f.meta.title, status: statusOf(f.meta), score, coverage };
    if (f.sectionMatch) {
      const s = f.sectionMatch;
      hits.push({ ...base, section: sectionLabel(s.best), field: s.best.kind === "reason" ? "reason" : "section", snippet: sectionSnippet(s), tier });
    } else if (f.metaMatch) {
      const m = f.metaMatch;
      hits.push({ ...base, section: FIELD_LABELS[m.field], field: m.field, snippet: metaSnippet(m), tier: tier === "deep" ? "deep" : "overview" });
    }
  }
  return hits;
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

function statusOf(meta: CatalogMeta): ThreadStatus {
  return meta.status ?? "active";
}

function keyOf(projectId: string, threadId: string): string {
  return `${projectId}/${threadId}`;
}

function byScore(a: SearchHit, b: SearchHit): number {
  return b.score - a.score || (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0) || (a.threadId < b.threadId ? -1 : a.threadId > b.threadId ? 1 : 0);
}
