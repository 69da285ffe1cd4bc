// Guards the server's warm-up after initialize (src/server/warm-up.ts): it goes through on a scratch store (so it
// keeps warming the write path as the store's formats change) and leaves nothing behind.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { warmUp } from "../../src/server/warm-up.js";

const savedTmp = process.env.TMPDIR;
let scratch: string | undefined;
afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe("server warm-up", () => {
  test("updates a summary and reads a context on a scratch store, then removes it", async () => {
    scratch = mkdtempSync(join(tmpdir(), "tm-warm-test-"));
    process.env.TMPDIR = scratch; // os.tmpdir() follows it: the scratch store is made in here
    expect(await warmUp({ key: "claude-4242", pid: 4242 })).toBe(true);
    expect(readdirSync(scratch)).toEqual([]);
  });

  test("a temporary directory that cannot be written costs nothing but the warm-up", async () => {
    scratch = mkdtempSync(join(tmpdir(), "tm-warm-test-"));
    process.env.TMPDIR = join(scratch, "missing", "dir");
    expect(await warmUp({ key: "claude-4242", pid: 4242 })).toBe(false);
  });
});
