// The semantic tier's word vectors: the committed asset (word-vectors.bin), loaded once per process on the tier's first run.
import { nodeCrypto } from "../builtin-at-use.js";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readRegularFile } from "../store/regular-file.js";
import { stem, fold } from "./text-terms.js";

export const WORD_VECTORS_FILE = "word-vectors.bin";
const FORMAT = "threadmind-word-vectors";
const MAX_ASSET_BYTES = 16_000_000;
/**
 * SIF weight a / (a + p(w)) (Arora et al. 2017), p(w) estimated from the word's frequency rank by Zipf's law
 * p(r) ≈ 1 / ((r + 1) · H), H the harmonic number of the source's 400,000-word vocabulary (≈ 13.5).
 */
export const SIF_A = 1e-3;
const ZIPF_H = 13.5;

/** Word vectors by stemmed term: unit vectors (Float32, `dims` each) and a SIF weight per term. */
export class WordVectors {
  private readonly rows = new Map<string, number>();

  constructor(
    readonly dims: number,
    private readonly unit: Float32Array,
    private readonly weights: Float32Array,
    terms: readonly string[],
  ) {
    terms.forEach((t, row) => {
      if (!this.rows.has(t)) this.rows.set(t, row);
    });
  }

  get size(): number {
    return this.rows.size;
  }

  /** The row of a search term (as `terms()` makes them), or -1 when the vocabulary lacks it. */
  rowOf(term: string): number {
    return this.rows.get(term) ?? -1;
  }

  /** How much a term counts in a text's vector: rare words more than frequent ones. */
  weight(row: number): number {
    return this.weights[row]!;
  }

  /** out += w · vector(row). */
  addTo(out: Float32Array, row: number, w: number): void {
    const base = row * this.dims;
    for (let d = 0; d < this.dims; d++) out[d] = out[d]! + w * this.unit[base + d]!;
  }
}

/** Parses and checks the asset: header, byte counts and the SHA-256 of words and vectors. Throws with the reason. */
export function parseWordVectors(bytes: Buffer, path: string): WordVectors {
  const newline = bytes.indexOf(10);
  if (newline < 0 || newline > 4096) throw new Error(`${path} has no header line`);
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString("utf8")) as Record<string, unknown>;
  } catch {
    throw new Error(`${path} has a header that is not JSON`);
  }
  const { count, dims, wordsBytes, sha256 } = header;
  if (header.format !== FORMAT || header.version !== 1) throw new Error(`${path} is not a ${FORMAT} file of version 1`);
  if (!isCount(count) || !isCount(dims) || !isCount(wordsBytes) || typeof sha256 !== "string")
    throw new Error(`${path} has a malformed header`);
  const start = newline + 1;
  if (bytes.length !== start + wordsBytes + count * dims)
    throw new Error(`${path} is ${bytes.length} bytes, not what its header announces`);
  const body = bytes.subarray(start);
  if (nodeCrypto().createHash("sha256").update(body).digest("hex") !== sha256)
    throw new Error(`${path} does not match its checksum`);
  const words = body.subarray(0, wordsBytes).toString("utf8").split("\n");
  if (words.length !== count) throw new Error(`${path} lists ${words.length} words, not ${count}`);
  const raw = new Int8Array(body.buffer, body.byteOffset + wordsBytes, count * dims);
  const unit = new Float32Array(count * dims);
  const weights = new Float32Array(count);
  for (let row = 0; row < count; row++) {
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += raw[row * dims + d]! ** 2;
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dims; d++) unit[row * dims + d] = raw[row * dims + d]! * inv;
    const p = 1 / ((row + 1) * ZIPF_H);
    weights[row] = SIF_A / (SIF_A + p);
  }
  // Words are listed most frequent first: a stem shared by several words takes its most frequent word's vector.
  return new WordVectors(
    dims,
    unit,
    weights,
    words.map((w) => stem(fold(w))),
  );
}

function isCount(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v) && v > 0;
}

/** Where the asset is: beside the bundle (plugin/dist/assets), or the repository's assets/ when running from source. */
export function locateWordVectors(moduleUrl: string = import.meta.url): string | null {
  const candidates = [new URL(`./assets/${WORD_VECTORS_FILE}`, moduleUrl)];
  if (moduleUrl.endsWith(".ts")) candidates.push(new URL(`../../../assets/${WORD_VECTORS_FILE}`, moduleUrl));
  for (const url of candidates) {
    const path = fileURLToPath(url);
    if (existsSync(path)) return path;
  }
  return null;
}

export interface LoadedWordVectors {
  vectors: WordVectors;
  path: string;
  loadMs: number;
}

let loaded: LoadedWordVectors | Error | null = null;

/** The process's word vectors, read on first call (never on a hook path nor at server start); a failure is kept and rethrown. */
export function wordVectors(): LoadedWordVectors {
  if (loaded === null) loaded = loadOnce();
  if (loaded instanceof Error) throw loaded;
  return loaded;
}

function loadOnce(): LoadedWordVectors | Error {
  const started = performance.now();
  const path = locateWordVectors();
  const missing = () => new Error(`the word vectors (${WORD_VECTORS_FILE}) are missing from the plugin's assets`);
  if (path === null) return missing();
  try {
    const bytes = readRegularFile(path, MAX_ASSET_BYTES, true); // at most one byte over the limit is read
    if (bytes === null) return missing();
    if (bytes.length > MAX_ASSET_BYTES) return new Error(`${path} is over ${MAX_ASSET_BYTES} bytes`);
    const vectors = parseWordVectors(bytes, path);
    return { vectors, path, loadMs: Math.round(performance.now() - started) };
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
