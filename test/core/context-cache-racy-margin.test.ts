// The context cache trusts a source by its stamp once it has settled: 50 ms after its last change on sub-second timestamps, 3 s on whole seconds (as the conflict-marker sweep).
import { afterAll, describe, expect, test } from "vitest";
import { lstatSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { racyPaths, sameRecord, stampsOf, trustedStamps } from "../../src/core/context/context-cache.js";

const dir = mkdtempSync(join(tmpdir(), "tm-racy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The later of the file's mtime and ctime, in ms. */
function changedMs(rel: string): number {
  const s = lstatSync(join(dir, rel), { bigint: true });
  // biome-ignore lint/complexity/useMathMinMax: these are bigints, which Math.max does not take
  return Number((s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs) / 1_000_000n);
}

describe("trusting a source's stamp", () => {
  test("a file with sub-second timestamps is trusted from 50 ms after its last change", () => {
    writeFileSync(join(dir, "fine.md"), "x\n");
    const at = changedMs("fine.md");
    // ext4, tmpfs, APFS, NTFS: the change time has a sub-second part (a whole second here would take the 3 s margin).
    if (lstatSync(join(dir, "fine.md"), { bigint: true }).ctimeNs % 1_000_000_000n === 0n) {
      expect(trustedStamps(dir, ["fine.md"], at + 51)).toBeNull();
      return;
    }
    expect(trustedStamps(dir, ["fine.md"], at + 50)).toBeNull();
    expect(trustedStamps(dir, ["fine.md"], at + 51)).toEqual(stampsOf(dir, ["fine.md"]));
  });

  test("a file whose timestamps are whole seconds is trusted only 3 s after its last change", () => {
    writeFileSync(join(dir, "coarse.md"), "x\n");
    const s = Math.ceil(Date.now() / 1000) + 1; // a whole second, later than the change time the write left
    utimesSync(join(dir, "coarse.md"), s, s);
    expect(racyPaths(stampsOf(dir, ["coarse.md"]), s * 1000 + 2_999)).toEqual(["coarse.md"]);
    expect(trustedStamps(dir, ["coarse.md"], s * 1000 + 2_999)).toBeNull();
    expect(trustedStamps(dir, ["coarse.md"], s * 1000 + 3_001)).not.toBeNull();
  });

  test("an absent source is trusted as absent", () => {
    expect(trustedStamps(dir, ["missing.md"], Date.now())).toEqual({ "missing.md": null });
  });

  test("records are the same whatever the order of their keys", () => {
    expect(sameRecord({ a: "1", b: null }, { b: null, a: "1" })).toBe(true);
    expect(sameRecord({ a: "1" }, { a: "1", b: null })).toBe(false);
    expect(sameRecord({ a: "1" }, { a: "2" })).toBe(false);
  });
});
