// The token-count cache is an append-only log (a summary_update appends its count, never rewrites the file), and a fresh server's first summary_update neither waits for the tokenizer nor starts loading it before it answers.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  charsEstimate,
  legacyTokenCachePath,
  PRELOAD_AFTER_MS,
  TokenEstimator,
  tokenCachePath,
  type Encoder,
} from "../../src/core/context/token-estimate.js";
import { servicesFor } from "../support/core-services.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "tm-token-log-"));
  dirs.push(d);
  return d;
}

/** A deterministic "tokenizer": one token per word. */
const words: Encoder = { countTokens: (text) => text.split(/\s+/).filter(Boolean).length };

/** An encoder load that finishes only when the test says so. */
function gatedLoader() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  return {
    loader: async () => {
      calls++;
      await gate;
      return words;
    },
    release,
    calls: () => calls,
  };
}

describe("the token-count log", () => {
  it("a summary_update appends its count to the log: the earlier bytes stay as they were, the file is not replaced", async () => {
    const dir = tempDir();
    const s = servicesFor(dir, "a", { encoder: async () => words });
    await s.projectCreate({ title: "Log" });
    await s.tokens.ready();
    await s.summaryUpdate({ content: "## State\n- first version of the summary" });
    const file = tokenCachePath(s.store.dir);
    const before = readFileSync(file, "utf8");
    const inode = statSync(file).ino;
    await s.summaryUpdate({ content: "## State\n- second version, a few more words" });
    const after = readFileSync(file, "utf8");
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length)).toMatch(/^[A-Za-z0-9_-]{20} 9\n$/);
    expect(statSync(file).ino).toBe(inode);
    // Another process reads the counts back from the log without an encoder.
    const other = new TokenEstimator(file, null);
    expect(other.countSync("## State\n- second version, a few more words")).toBe(9);
    expect(other.misses).toBe(0);
  });

  it("a log mostly of stale lines, or with a torn line, is rewritten whole at the next save", async () => {
    const dir = tempDir();
    const file = join(dir, "token-counts.jsonl");
    const first = new TokenEstimator(file, async () => words);
    await first.ready();
    first.countSync("one two three");
    await first.flush();
    writeFileSync(file, `${readFileSync(file, "utf8")}abc 1`); // a write cut short
    const second = new TokenEstimator(file, async () => words);
    await second.ready();
    expect(second.countSync("one two three")).toBe(3);
    second.countSync("four five");
    await second.flush();
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l).toMatch(/^[A-Za-z0-9_-]{20} \d+$/);
  });

  it("the counts of the former whole-file cache (token-counts.json) carry over, and the old file goes at the next save", async () => {
    const dir = tempDir();
    const s = servicesFor(dir, "a", { encoder: async () => words });
    await s.projectCreate({ title: "Legacy" });
    const legacy = legacyTokenCachePath(s.store.dir);
    mkdirSync(join(s.store.dir, "cache"), { recursive: true });
    // The hash of a text as the old file keyed it, with a count no encoder would give: proof that it came from the file.
    const probe = new TokenEstimator(join(dir, "probe.jsonl"), async () => words);
    await probe.ready();
    probe.countSync("legacy text");
    await probe.flush();
    const key = readFileSync(join(dir, "probe.jsonl"), "utf8").split(" ")[0]!;
    writeFileSync(legacy, JSON.stringify({ [key]: 777 }));
    const fresh = servicesFor(dir, "b", { encoder: async () => words });
    expect(fresh.tokens.countSync("legacy text")).toBe(777);
    await fresh.tokens.ready();
    fresh.tokens.countSync("something new");
    await fresh.saveTokenCache();
    expect(existsSync(legacy)).toBe(false);
    expect(new TokenEstimator(tokenCachePath(s.store.dir), null).countSync("legacy text")).toBe(777);
  });
});

describe("summary_update and the tokenizer", () => {
  it("the first summary_update of a fresh server gives an estimate at once while the tokenizer loads; the next one is exact", async () => {
    const dir = tempDir();
    const gated = gatedLoader();
    const s = servicesFor(dir, "a", { encoder: gated.loader });
    await s.projectCreate({ title: "Fresh" });
    const content = "## Decisions\n- use the append-only log for counts";
    // The loader never finishes until released: this update would hang if it waited for it.
    const first = await s.summaryUpdate({ content });
    expect(first.tokens).toBe(charsEstimate(first.thread.summary));
    // The load starts in the background once the answer has gone out (PRELOAD_AFTER_MS later), not during the call.
    expect(gated.calls()).toBe(0);
    await new Promise((r) => setTimeout(r, PRELOAD_AFTER_MS));
    expect(gated.calls()).toBe(1);
    gated.release();
    await s.tokens.ready();
    const second = await s.summaryUpdate({ content: `${content}\n- and one more decision` });
    expect(second.tokens).toBe(words.countTokens(second.thread.summary));
    expect(gated.calls()).toBe(1);
  });

  it("a failed background load is tried again by the next count that needs the tokenizer", async () => {
    let attempts = 0;
    const t = new TokenEstimator(null, async () => {
      attempts++;
      if (attempts === 1) throw new Error("wasm missing");
      return words;
    });
    t.preload();
    await new Promise((r) => setImmediate(r));
    expect(t.countNow("a b c")).toBe(charsEstimate("a b c"));
    await expect(t.ready()).resolves.toBe(true);
    expect(t.countNow("a b c")).toBe(3);
    expect(attempts).toBe(2);
  });
});
