// Token estimates: cached counts by content hash (an append-only log in local state), tiktoken on a miss when loaded, else chars/3.5.
import { closeSync, constants, rmSync, writeSync } from "node:fs";
import { makeDir } from "../store/make-dir.js";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../store/atomic-write.js";
import { assertNoLinksBelow, readTextStrict } from "../store/read-strict.js";
import { openRegularFile } from "../store/regular-file.js";
import { contentHash } from "../content-hash.js";

export { contentHash };

export interface Encoder {
  countTokens(text: string): number;
}
export type EncoderLoader = () => Promise<Encoder>;

const CACHE_LIMIT = 50_000;
const CACHE_MAX_BYTES = 8_000_000;

export function charsEstimate(text: string): number {
  return Math.ceil(text.length / 3.5);
}

export function tokenCachePath(storeDir: string): string {
  return join(storeDir, "cache", "token-counts.jsonl");
}

/** The whole-file JSON cache of 0.5.0 and before: read once (its counts carry over), replaced by the log at the next save. */
export function legacyTokenCachePath(storeDir: string): string {
  return join(storeDir, "cache", "token-counts.json");
}

/** How long after a count that found no encoder its background load starts (the count's answer goes out first). */
export const PRELOAD_AFTER_MS = 20;

/** One cached count per line: `<content hash> <tokens>`. */
const LINE = /^([A-Za-z0-9_-]{20}) (\d{1,9})$/;

/**
 * Counts tokens. Cache hits never touch the encoder; misses use the encoder when it is loaded (and the result is
 * cached), else the characters/3.5 fallback (not cached, so a later count with the encoder fixes it).
 *
 * The cache file is an append-only log (token-counts.jsonl): saving appends the new counts only, so its cost does not
 * grow with the number of threads. When the log holds more than twice as many lines as there are live counts (repeats,
 * evicted counts, a torn line), the next save rewrites it whole, which keeps the rewrites amortised O(1) per count.
 */
export class TokenEstimator {
  private cache = new Map<string, number>();
  private loaded = false;
  /** Counts not yet in the file. */
  private pending: string[] = [];
  /** Lines in the file (as last read or written). */
  private fileLines = 0;
  /** The file must be rewritten whole (damaged lines, a legacy file to replace). */
  private rewrite = false;
  private encoder: Encoder | null = null;
  private encoderPromise: Promise<Encoder> | null = null;
  /** countNow has queued a preload (it runs PRELOAD_AFTER_MS later). */
  private preloadQueued = false;
  /** How many counts fell back to characters/3.5 because the encoder was not loaded. */
  misses = 0;

  constructor(
    private readonly cacheFile: string | null,
    private readonly loadEncoder: EncoderLoader | null,
    private readonly legacyCacheFile: string | null = null,
  ) {}

  /** Loads the encoder if there is a loader; false when there is none. */
  async ready(): Promise<boolean> {
    if (!this.loadEncoder) return false;
    this.encoderPromise ??= this.loadEncoder();
    this.encoder = await this.encoderPromise;
    return true;
  }

  /** True once the encoder is loaded (counts are exact from then on). */
  get exact(): boolean {
    return this.encoder !== null;
  }

  /**
   * Starts loading the encoder without waiting for it (a server calls this once it is idle after initialize). A load
   * that fails is not reported here: the next `ready()` tries again and reports it.
   */
  preload(): void {
    if (!this.loadEncoder || this.encoderPromise) return;
    const promise = this.loadEncoder();
    this.encoderPromise = promise;
    promise.then(
      (encoder) => {
        if (this.encoderPromise === promise) this.encoder = encoder;
      },
      () => {
        if (this.encoderPromise === promise) this.encoderPromise = null;
      },
    );
  }

  /** Synchronous: a cached count, an exact count if the encoder is loaded, else characters/3.5 (counted as a miss). */
  countSync(text: string): number {
    if (text === "") return 0;
    const key = contentHash(text);
    this.load();
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    if (!this.encoder) {
      this.misses++;
      return charsEstimate(text);
    }
    let n: number;
    try {
      n = this.encoder.countTokens(text);
    } catch {
      // The encoder broke (the server's runs on a worker thread, which may have ended): counts are as before it loaded,
      // characters/3.5 and a miss, and the next preload or ready() loads it again (and reports a failed load).
      this.encoder = null;
      this.encoderPromise = null;
      this.misses++;
      return charsEstimate(text);
    }
    this.cache.set(key, n);
    this.pending.push(`${key} ${n}\n`);
    if (this.cache.size > CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return n;
  }

  /** A cached count, else characters/3.5 (not a miss): what a process without the tokenizer counts, whether or not this one has it. */
  cachedOrEstimate(text: string): number {
    if (text === "") return 0;
    this.load();
    return this.cache.get(contentHash(text)) ?? charsEstimate(text);
  }

  /**
   * A cached or exact count without waiting for the encoder: until it is loaded, characters/3.5 (not cached), and the
   * load starts in the background. For answers that report a size ("~N tokens"), not for fitting a budget.
   */
  countNow(text: string): number {
    if (this.encoder === null && this.encoderPromise === null && !this.preloadQueued) {
      // Started on a later turn of the event loop: its first steps (the wasm read and compiled, ~4 ms) would otherwise
      // run before the answer this count is for goes out.
      this.preloadQueued = true;
      setTimeout(() => {
        this.preloadQueued = false;
        this.preload();
      }, PRELOAD_AFTER_MS).unref();
    }
    return this.countSync(text);
  }

  /** A cached or exact count; loads the encoder on a miss when there is a loader, else characters/3.5. */
  async count(text: string): Promise<number> {
    if (this.encoder === null && this.loadEncoder !== null) {
      const before = this.misses;
      const n = this.countSync(text);
      if (this.misses === before) return n;
      await this.ready();
    }
    return this.countSync(text);
  }

  /** Persists new counts (appended; the file is rewritten only when mostly stale). Derived data: a damaged file is replaced, never trusted. */
  async flush(): Promise<void> {
    if (!this.cacheFile || (this.pending.length === 0 && !this.rewrite)) return;
    const lines = this.pending;
    this.pending = [];
    // <store>/cache/token-counts.jsonl: a linked cache/ would take the write out of the repository.
    assertNoLinksBelow(dirname(dirname(this.cacheFile)), this.cacheFile);
    makeDir(dirname(this.cacheFile));
    if (this.rewrite || this.fileLines + lines.length > 2 * this.cache.size + 1_000) {
      this.rewrite = false;
      let text = "";
      for (const [k, n] of this.cache) text += `${k} ${n}\n`;
      await writeFileAtomic(this.cacheFile, text);
      this.fileLines = this.cache.size;
      if (this.legacyCacheFile) rmSync(this.legacyCacheFile, { force: true });
      return;
    }
    // A regular file only: a link committed in its place must not take the counts out of the repository, nor a FIFO block.
    const opened = openRegularFile(this.cacheFile, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o644);
    if (opened === null) throw new Error(`${this.cacheFile} could not be created: its directory does not exist`);
    try {
      const bytes = Buffer.from(lines.join(""));
      const written = writeSync(opened.fd, bytes);
      if (written < bytes.length) {
        this.rewrite = true; // the cut line is dropped by readers, and the whole file written again at the next save
        throw new Error(`${this.cacheFile}: only ${written} of ${bytes.length} bytes could be appended (is the disk full?)`);
      }
    } finally {
      closeSync(opened.fd);
    }
    this.fileLines += lines.length;
  }

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    if (!this.cacheFile) return;
    const text = readDerived(this.cacheFile);
    if (text === null) {
      this.loadLegacy();
      return;
    }
    const lines = text.split("\n");
    const tail = lines.pop(); // after the last newline: a count cut short (a full disk, a crash) is not a count
    if (tail !== undefined && tail !== "") {
      this.fileLines++;
      this.rewrite = true;
    }
    for (const line of lines) {
      if (line === "") continue;
      this.fileLines++;
      const m = LINE.exec(line);
      if (!m) {
        this.rewrite = true; // a torn or foreign line: dropped at the next save
        continue;
      }
      this.cache.delete(m[1]!);
      this.cache.set(m[1]!, Number(m[2]));
    }
    while (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
  }

  /** Counts of the 0.5.0 whole-file cache, when there is no log yet; the next save writes the log and removes the old file. */
  private loadLegacy(): void {
    if (!this.legacyCacheFile) return;
    const text = readDerived(this.legacyCacheFile);
    if (text === null) return;
    try {
      const data = JSON.parse(text) as unknown;
      if (typeof data !== "object" || data === null) return;
      for (const [k, v] of Object.entries(data)) if (typeof v === "number" && Number.isInteger(v) && v >= 0) this.cache.set(k, v);
      this.rewrite = this.cache.size > 0;
    } catch {
      // derived cache: unusable means empty
    }
  }
}

/** A derived cache file's text; null when it is absent, unreadable or too large (unusable means empty). */
function readDerived(path: string): string | null {
  try {
    return readTextStrict(path, CACHE_MAX_BYTES);
  } catch {
    return null;
  }
}
