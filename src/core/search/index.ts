// Public entry of thread search: the search itself, its types, the shared indexes and the answer's text.
export { searchThreads, normalizeSearchQuery, STRONG_HITS_WANTED, LOOKUP_MIN_COVERAGE } from "./thread-search.js";
export { formatSearchAnswer } from "./format-search.js";
export { searchIndexFor, closeSearchIndexes, StoreSearchIndex } from "./store-search-index.js";
export { catalogPath, bodiesPath, searchCacheDir } from "./index-files.js";
export { SECTION_WEIGHTS } from "./section-weights.js";
export * from "./search-types.js";
