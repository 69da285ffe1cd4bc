// Types of thread_search: the query, the tiers, the hits and the answer. No I/O here.
import type { ThreadStatus } from "../types.js";

export const SEARCH_INTENTS = ["overview", "lookup", "semantic", "deep"] as const;
/** The deepest tier the caller allows; tiers run cheapest first and stop at the first strong one. */
export type SearchIntent = (typeof SEARCH_INTENTS)[number];
export type SearchTier = SearchIntent;

export const SEARCH_SCOPES = ["project", "all-projects"] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

export const SEARCH_LIMIT = { min: 1, max: 50, default: 10, deepDefault: 20 } as const;

export interface SearchQuery {
  query: string;
  scope?: SearchScope;
  /** Only threads with this status. Naming a closed status also searches those threads' summaries in the lookup tier. */
  status?: ThreadStatus;
  /** 1–50; default 10 (20 for intent "deep"). */
  limit?: number;
  intent?: SearchIntent;
}

/** Where a hit matched: a metadata field (overview tier) or a summary section (lookup and deep tiers). */
export type MatchField = "id" | "title" | "branch" | "paths" | "headings" | "section" | "reason";

export interface SearchHit {
  projectId: string;
  threadId: string;
  title: string;
  status: ThreadStatus;
  /** What matched: "Title", "Paths", "Section headings", or the summary section's heading ("Decisions", …). */
  section: string;
  field: MatchField;
  /** A short excerpt around the match (at most SNIPPET_MAX_CHARS characters). */
  snippet: string;
  score: number;
  /** The tier whose evidence is shown ("semantic": found by meaning alone, no query word matched). */
  tier: SearchTier;
  /** Similarity of meaning (cosine, about 0.3–1) when the semantic tier ran and found this thread similar. */
  similarity?: number;
  /** Distinct query terms this thread matched, over all of them. */
  coverage: number;
}

/** One tier that ran, and why the search went on (or stopped) after it. */
export interface TierRun {
  tier: SearchTier;
  /** Hits this tier counts as strong (see the definition of "weak" in thread-search.ts). */
  strongHits: number;
  weak: boolean;
  /** Lookup only: closed threads were searched too (a status filter named them, or open threads alone were weak). */
  closedThreads?: true;
}

/** What answering cost, so that callers (and tests) can see that the overview tier never touched summary text. */
export interface SearchCost {
  /** Thread files read (and parsed) to bring the index up to date. */
  threadFilesRead: number;
  /** True when a full directory sweep (a stat per thread file) was needed. */
  swept: boolean;
  /** True when summary text (the body layer of the index) was loaded or scored. */
  bodyTextUsed: boolean;
  /** Milliseconds spent loading the word vectors and computing section vectors, when this query was the first to need them. */
  semanticLoadMs?: number;
}

export interface SearchAnswer {
  query: string;
  terms: string[];
  scope: SearchScope;
  projects: string[];
  intent: SearchIntent;
  limit: number;
  tiers: TierRun[];
  hits: SearchHit[];
  /** Unreadable thread files, a rebuilt index: reported, never silently skipped. */
  notices: string[];
  cost: SearchCost;
}
