// Guards the token-count cache on a full disk: a count the file system cut short is reported, and never read back.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CANNOT_MOUNT_TMPFS, canMountTmpfs, mountSmallTmpfs, unmountSmallTmpfs } from "../support/small-tmpfs.js";
import { charsEstimate, TokenEstimator } from "../../src/core/context/token-estimate.js";

const PAGE = 4096;

const mountable = canMountTmpfs();

/** Valid cache lines (distinct made-up keys) that add up to exactly `bytes`. */
function paddingLines(bytes: number): string {
  const n = Math.ceil(bytes / 31);
  let extra = bytes - 23 * n;
  let text = "";
  for (let i = 0; i < n; i++) {
    const digits = 1 + Math.min(8, extra);
    extra -= digits - 1;
    text += `pad${String(i).padStart(17, "0")} ${"7".repeat(digits)}\n`;
  }
  if (Buffer.byteLength(text) !== bytes) throw new Error(`padding of ${Buffer.byteLength(text)} bytes, not ${bytes}`);
  return text;
}

test("a token count that a full disk cut short fails the save and is never read back (it saved silently, and the next process read 4321 tokens as 4)", async (ctx) => {
  ctx.skip(!mountable, CANNOT_MOUNT_TMPFS);
  const disk = mountSmallTmpfs("1m")!;
  try {
    const cacheFile = join(disk, ".threadmind", "cache", "token-counts.jsonl");
    mkdirSync(join(disk, ".threadmind", "cache"), { recursive: true });
    // The cache ends 22 bytes before the end of its page (a key, a space and one digit), and the disk has no page left.
    writeFileSync(cacheFile, paddingLines(PAGE - 22));
    try {
      writeFileSync(join(disk, "filler"), Buffer.alloc(2 * 1024 * 1024));
    } catch {
      // ENOSPC: the disk is full, which is the point
    }
    const text = "refunds go through Stripe; ".repeat(40);
    const counting = new TokenEstimator(cacheFile, async () => ({ countTokens: () => 4321 }));
    expect(await counting.ready()).toBe(true);
    expect(counting.countSync(text)).toBe(4321);
    await expect(counting.flush()).rejects.toThrow(/only 22 of \d+ bytes could be appended/);
    // Another process (no tokenizer) reads the cache: the cut count is not a count.
    expect(new TokenEstimator(cacheFile, null).cachedOrEstimate(text)).toBe(charsEstimate(text));
  } finally {
    unmountSmallTmpfs(disk);
  }
});
