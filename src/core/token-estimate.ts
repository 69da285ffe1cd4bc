// Token estimates: cached counts by content hash (local state), tiktoken on a miss when a loader is given, else chars/3.5.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { assertNoLinksBelow, readTextStrict } from "./read-strict.js";
import { contentHash } from "./content-hash.js";

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
  return join(storeDir, "cache", "token-counts.json");
}

/**
 * Counts tokens. Cache hits never touch the encoder; misses use the encoder when a loader was given (and the
 * result is cached), else the characters/3.5 fallback (not cached, so a later run with an encoder fixes it).
 */
export class TokenEstimator {
  private cache = new Map<string, number>();
  private loaded = false;
  private dirty = false;
  private encoder: Encoder | null = null;
  private encoderPromise: Promise<Encoder> | null = null;
  /** How many counts fell back to characters/3.5 because the encoder was not loaded. */
  misses = 0;

  constructor(
    private readonly cacheFile: string | null,
    private readonly loadEncoder: EncoderLoader | null,
  ) {}

  /** Loads the encoder if there is a loader; false when there is none. */
  async ready(): Promise<boolean> {
    if (!this.loadEncoder) return false;
    this.encoderPromise ??= this.loadEncoder();
    this.encoder = await this.encoderPromise;
    return true;
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
    const n = this.encoder.countTokens(text);
    this.cache.set(key, n);
    if (this.cache.size > CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.dirty = true;
    return n;
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

  /** Persists new counts. The cache is derived data: a damaged cache file is replaced, never trusted. */
  async flush(): Promise<void> {
    if (!this.dirty || !this.cacheFile) return;
    this.dirty = false;
    // <store>/cache/token-counts.json: a linked cache/ would take the write out of the repository.
    assertNoLinksBelow(dirname(dirname(this.cacheFile)), this.cacheFile);
    mkdirSync(dirname(this.cacheFile), { recursive: true });
    await writeFileAtomic(this.cacheFile, JSON.stringify(Object.fromEntries(this.cache)));
  }

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    if (!this.cacheFile) return;
    let text: string | null = null;
    try {
      text = readTextStrict(this.cacheFile, CACHE_MAX_BYTES);
    } catch {
      return; // derived cache: unusable means empty
    }
    if (text === null) return;
    try {
      const data = JSON.parse(text) as unknown;
      if (typeof data !== "object" || data === null) return;
      for (const [k, v] of Object.entries(data)) if (typeof v === "number") this.cache.set(k, v);
    } catch {
      // derived cache: unusable means empty
    }
  }
}
