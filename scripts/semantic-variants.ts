// Measures recall@3 of ways of scoring the word vectors on the semantic quality set (the figures in src/core/search/README.md).
//
// Not part of the build nor of the tests: an experiment to re-run when the vectors or the scoring change.
//   npx esbuild scripts/semantic-variants.ts --bundle --platform=node --format=esm --outfile=/tmp/semantic-variants.mjs
//   node /tmp/semantic-variants.mjs [asset.bin ...]     (default: assets/word-vectors.bin)
// Other assets come from scripts/build-word-vectors.mjs with its constants changed. The semantic ranking is measured alone,
// without lookup's hits (lookup finds none of these questions); for the committed method it gives the quality test's figures.
import { readFileSync } from "node:fs";
import { SECTION_WEIGHTS } from "../src/core/search/section-weights.js";
import { bm25Idf } from "../src/core/search/term-index.js";
import { queryTerms, terms } from "../src/core/search/text-terms.js";
import { parseWordVectors, type WordVectors } from "../src/core/search/word-vectors.js";
import { parseSummary } from "../src/core/store/summary-sections.js";
import {
  MORE_PARAPHRASE_QUERIES,
  PARAPHRASE_QUERIES,
  QUALITY_THREADS,
  type QualityQuery,
  type QualityThread,
} from "../test/fixtures/search-quality/invoicing-project.js";

interface Doc {
  thread: string;
  /** Section weight (titles 1). */
  weight: number;
  title: boolean;
  terms: string[];
}

interface Soft {
  /** Below this a word match counts 0; above it, (c − tau) / (1 − tau). */
  tau: number;
  /** Share of the soft score in the mix with the centroid cosine (1: soft alone). */
  alpha: number;
  /** Match the words of the whole thread (title included) instead of each section's. */
  thread: boolean;
  /** Multiply each match by the matched word's idf in the project (relative to the largest idf). */
  matchedIdf: boolean;
}

type Variant =
  | { kind: "centroid"; common: "none" | "mean" | "first-pc" }
  | { kind: "soft"; soft: Soft }
  | { kind: "expansion"; neighbours: number; minCosine: number; centroidShare: number };

const VARIANTS: [string, Variant][] = [
  ["centroid of the section, SIF × idf (committed)", { kind: "centroid", common: "none" }],
  ["soft per section + centroid (τ 0.4)", { kind: "soft", soft: { tau: 0.4, alpha: 0.5, thread: false, matchedIdf: false } }],
  [
    "soft per thread × matched word's idf + centroid (τ 0.4)",
    { kind: "soft", soft: { tau: 0.4, alpha: 0.5, thread: true, matchedIdf: true } },
  ],
  ["the same soft matching alone", { kind: "soft", soft: { tau: 0.4, alpha: 1, thread: true, matchedIdf: true } }],
  [
    "expansion into BM25, 3 neighbours ≥ 0.4, half centroid",
    { kind: "expansion", neighbours: 3, minCosine: 0.4, centroidShare: 0.5 },
  ],
  ["expansion into BM25, 5 neighbours ≥ 0.5, alone", { kind: "expansion", neighbours: 5, minCosine: 0.5, centroidShare: 0 }],
  ["centroid minus the project's mean", { kind: "centroid", common: "mean" }],
  ["centroid minus the first principal component", { kind: "centroid", common: "first-pc" }],
];

const ROUNDS: [string, QualityQuery[]][] = [
  ["round 1", PARAPHRASE_QUERIES],
  ["round 2", MORE_PARAPHRASE_QUERIES],
  ["all", [...PARAPHRASE_QUERIES, ...MORE_PARAPHRASE_QUERIES]],
];

const MAIN: QualityThread = {
  id: "main",
  title: "Ledger",
  summary: "## Decisions\n- A B2B invoicing web app: Node backend, React front end\n\n## State\n- in production since last year",
};

function documents(): Doc[] {
  const docs: Doc[] = [];
  for (const t of [...QUALITY_THREADS, MAIN]) {
    for (const s of parseSummary(t.summary).sections) {
      docs.push({ thread: t.id, weight: s.key ? SECTION_WEIGHTS[s.key] : 1, title: false, terms: terms(s.body) });
    }
    docs.push({ thread: t.id, weight: 1, title: true, terms: terms(t.title) });
    if (t.closed) docs.push({ thread: t.id, weight: 1.5, title: false, terms: terms(t.closed.reason) });
  }
  return docs;
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function unit<T extends Float32Array>(v: T): T | null {
  const n = Math.sqrt(dot(v, v));
  if (n === 0) return null;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / n;
  return v;
}

function measure(words: WordVectors): void {
  const docs = documents();
  const sections = docs.filter((d) => !d.title);
  const df = new Map<string, number>();
  for (const d of sections) for (const t of new Set(d.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => bm25Idf(sections.length, df.get(t) ?? 0);
  const maxIdf = bm25Idf(sections.length, 0);
  const avgLength = sections.reduce((a, d) => a + d.terms.length, 0) / sections.length;
  const vectorOf = (row: number) => {
    const v = new Float32Array(words.dims);
    words.addTo(v, row, 1);
    return v;
  };
  const embed = (ts: string[], weightOf: (t: string, row: number) => number): Float32Array | null => {
    const v = new Float32Array(words.dims);
    let known = 0;
    for (const t of ts) {
      const row = words.rowOf(t);
      if (row < 0) continue;
      known++;
      words.addTo(v, row, weightOf(t, row));
    }
    return known > 0 ? unit(v) : null;
  };
  const known = (ts: string[]) =>
    [...new Set(ts)].filter((t) => words.rowOf(t) >= 0).map((t) => ({ t, v: vectorOf(words.rowOf(t)) }));
  const docWords = docs.map((d) => known(d.terms));
  const vocabulary = known([...df.keys()]);
  const baseCentroids = docs.map((d) => embed(d.terms, (_t, row) => words.weight(row)));

  /** The common component of the section vectors (SIF's second step), or null. */
  const commonOf = (common: "none" | "mean" | "first-pc"): Float32Array | null => {
    if (common === "none") return null;
    const live = baseCentroids.filter((v): v is Float32Array => v !== null);
    const mean = new Float32Array(words.dims);
    for (const v of live) for (let i = 0; i < words.dims; i++) mean[i] = mean[i]! + v[i]! / live.length;
    if (common === "mean") return mean;
    let pc: Float32Array = Float32Array.from(mean);
    for (let step = 0; step < 50; step++) {
      const next = new Float32Array(words.dims);
      for (const v of live) {
        const p = dot(v, pc);
        for (let i = 0; i < words.dims; i++) next[i] = next[i]! + p * v[i]!;
      }
      pc = unit(next) ?? pc;
    }
    return pc;
  };
  const without = (v: Float32Array | null, common: Float32Array | null, isMean: boolean): Float32Array | null => {
    if (v === null || common === null) return v;
    const p = isMean ? 1 : dot(v, common);
    return unit(Float32Array.from(v, (x, i) => x - p * common[i]!));
  };

  const rank = (query: string, variant: Variant): string[] => {
    const qTerms = queryTerms(query).filter((t) => words.rowOf(t) >= 0);
    const qWeight = (t: string, row: number) => words.weight(row) * idf(t);
    const common = variant.kind === "centroid" ? commonOf(variant.common) : null;
    const isMean = variant.kind === "centroid" && variant.common === "mean";
    const qv = without(embed(qTerms, qWeight), common, isMean);
    const centroids = baseCentroids.map((v) => without(v, common, isMean));
    const cosine = (i: number) => (qv && centroids[i] ? dot(qv, centroids[i]!) : 0);
    const best = new Map<string, number>();
    const offer = (thread: string, score: number): void => {
      best.set(thread, Math.max(best.get(thread) ?? -Infinity, score));
    };
    switch (variant.kind) {
      case "centroid":
        for (const [i, d] of docs.entries()) offer(d.thread, cosine(i) * (1 + 0.25 * (d.weight - 1)));
        break;
      case "soft": {
        const { tau, alpha, thread, matchedIdf } = variant.soft;
        const qs = qTerms.map((t) => ({ t, v: vectorOf(words.rowOf(t)), w: qWeight(t, words.rowOf(t)) }));
        const total = qs.reduce((a, q) => a + q.w, 0);
        const soft = (ws: { t: string; v: Float32Array }[]) => {
          let s = 0;
          for (const q of qs) {
            let m = 0;
            for (const x of ws)
              m = Math.max(m, (x.t === q.t ? 1 : dot(q.v, x.v)) * (matchedIdf ? Math.min(1, idf(x.t) / maxIdf) : 1));
            s += q.w * (m < tau ? 0 : (m - tau) / (1 - tau));
          }
          return total > 0 ? s / total : 0;
        };
        if (thread) {
          const pooled = new Map<string, { t: string; v: Float32Array }[]>();
          const cos = new Map<string, number>();
          docs.forEach((d, i) => {
            pooled.set(d.thread, [...(pooled.get(d.thread) ?? []), ...docWords[i]!]);
            cos.set(d.thread, Math.max(cos.get(d.thread) ?? -1, cosine(i)));
          });
          for (const [th, ws] of pooled) offer(th, alpha * soft(ws) + (1 - alpha) * cos.get(th)!);
        } else {
          for (const [i, d] of docs.entries()) {
            offer(d.thread, (alpha * soft(docWords[i]!) + (1 - alpha) * cosine(i)) * (1 + 0.25 * (d.weight - 1)));
          }
        }
        break;
      }
      case "expansion": {
        const expanded: { t: string; w: number }[] = [];
        for (const t of queryTerms(query)) {
          if (df.has(t)) expanded.push({ t, w: 1 });
          if (words.rowOf(t) < 0) continue;
          const q = vectorOf(words.rowOf(t));
          const near = vocabulary
            .filter((v) => v.t !== t)
            .map((v) => ({ t: v.t, s: dot(q, v.v) }))
            .filter((v) => v.s >= variant.minCosine)
            .sort((a, b) => b.s - a.s)
            .slice(0, variant.neighbours);
          for (const n of near) expanded.push({ t: n.t, w: n.s });
        }
        const bm25 = (t: string, d: Doc) => {
          const tf = d.terms.filter((x) => x === t).length;
          return tf === 0 ? 0 : (idf(t) * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * d.terms.length) / avgLength));
        };
        docs.forEach((d, i) => {
          const lexical = expanded.reduce((a, e) => a + e.w * bm25(e.t, d), 0) * (1 + 0.25 * (d.weight - 1));
          offer(d.thread, ((1 - variant.centroidShare) * lexical) / 10 + variant.centroidShare * cosine(i));
        });
        break;
      }
      default: {
        const never: never = variant;
        throw new Error(`unknown variant ${JSON.stringify(never)}`);
      }
    }
    return [...best].sort((a, b) => b[1] - a[1]).map(([th]) => th);
  };

  for (const [label, variant] of VARIANTS) {
    const figures = ROUNDS.map(([, qs]) => {
      const found = qs.filter((q) => {
        const at = rank(q.query, variant).indexOf(q.expect);
        return at >= 0 && at < 3;
      }).length;
      return `${Math.round((100 * found) / qs.length)}%`.padStart(4);
    });
    console.log(`${label.padEnd(58)} ${figures.join("  ")}`);
  }
}

const assets = process.argv.slice(2);
for (const path of assets.length > 0 ? assets : ["assets/word-vectors.bin"]) {
  const words = parseWordVectors(readFileSync(path), path);
  console.log(
    `\n${path}: ${words.size} terms × ${words.dims} dims; recall@3 ${ROUNDS.map(([r, qs]) => `${r} (${qs.length})`).join(", ")}`,
  );
  measure(words);
}
