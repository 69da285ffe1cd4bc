// Guards atomic saves: a writer killed at any moment leaves the old or the new file whole; failures leave no temp file.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  AtomicWriteError,
  atomicTempPath,
  isAtomicTempFile,
  writeFileAtomic,
  writeFileAtomicSync,
} from "../../src/core/store/atomic-write.js";
import { generationOf, payloadFor } from "../fixtures/workers/atomic-payload.js";
import type { AtomicWriterInput } from "../fixtures/workers/atomic-writer.js";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";
import { seededRandom } from "../fixtures/workers/seeded-random.js";

const WORKERS = join(import.meta.dirname, "../fixtures/workers");
let root: string;
let writerScript: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tm-atomic-"));
  writerScript = buildWorker(join(WORKERS, "atomic-writer.ts"), join(root, "bin"));
});
afterEach(killWorkers);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function freshDir(): string {
  return mkdtempSync(join(root, "case-"));
}

describe("writeFileAtomic under SIGKILL", () => {
  it("leaves the target complete (old or new generation) whenever the writer is killed, and only recognizable temp files", async () => {
    const dir = freshDir();
    const target = join(dir, "thread.json");
    const bytes = 1 << 18;
    const random = seededRandom(0x7e11);
    writeFileAtomicSync(target, payloadFor(0, bytes));
    let generation = 0;
    for (let trial = 0; trial < 20; trial++) {
      const writer = spawnWorker(writerScript, { target, bytes, fromGeneration: generation } satisfies AtomicWriterInput);
      // Let 0-2 saves complete, then kill somewhere inside the next save or two.
      const completed = Math.floor(random() * 3);
      await writer.waitFor(completed === 0 ? "writing" : `wrote ${generation + completed}\n`);
      await sleep(Math.floor(random() * 50));
      writer.child.kill("SIGKILL");
      const exit = await writer.exited;
      expect(exit, `trial ${trial}: ${exit.stderr}`).toMatchObject({ signal: "SIGKILL" });

      const text = readFileSync(target, "utf8");
      const found = generationOf(text);
      expect(found, `trial ${trial}: generations only move forward`).toBeGreaterThanOrEqual(generation);
      expect(text === payloadFor(found, bytes), `trial ${trial}: generation ${found} is byte-exact`).toBe(true);
      generation = found;

      const others = readdirSync(dir).filter((name) => name !== basename(target));
      for (const name of others) {
        expect(isAtomicTempFile(name), `trial ${trial}: leftover ${name}`).toBe(true);
        rmSync(join(dir, name)); // what the store's cleanup does with such names
      }
    }
  });
});

describe("writeFileAtomic failures", () => {
  it.each(["async", "sync"] as const)(
    "(%s) names the target and leaves nothing behind when the directory is missing",
    async (mode) => {
      const dir = freshDir();
      const target = join(dir, "missing", "thread.md");
      const write =
        mode === "async" ? writeFileAtomic(target, "x") : Promise.resolve().then(() => writeFileAtomicSync(target, "x"));
      const error = await write.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AtomicWriteError);
      expect((error as AtomicWriteError).message).toContain(target);
      expect((error as AtomicWriteError).path).toBe(target);
      expect((error as AtomicWriteError).code).toBe("ENOENT");
      expect(readdirSync(dir)).toEqual([]);
    },
  );

  it.each(["async", "sync"] as const)(
    "(%s) removes its temp file when the final rename fails (target is a directory)",
    async (mode) => {
      const dir = freshDir();
      const target = join(dir, "thread.md");
      mkdirSync(join(target, "occupied"), { recursive: true });
      const write =
        mode === "async" ? writeFileAtomic(target, "x") : Promise.resolve().then(() => writeFileAtomicSync(target, "x"));
      const error = await write.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AtomicWriteError);
      expect((error as Error).message).toContain(target);
      expect(readdirSync(dir)).toEqual(["thread.md"]);
      expect(readdirSync(target)).toEqual(["occupied"]);
    },
  );
});

describe("writeFileAtomic success", () => {
  it.each(["async", "sync"] as const)("(%s) replaces the content, accepts bytes, and leaves no temp file", async (mode) => {
    const dir = freshDir();
    const target = join(dir, "thread.md");
    const write = async (data: string | Uint8Array): Promise<void> =>
      mode === "async" ? writeFileAtomic(target, data) : writeFileAtomicSync(target, data);
    await write("first");
    await write(new TextEncoder().encode("second é"));
    expect(readFileSync(target, "utf8")).toBe("second é");
    expect(readdirSync(dir)).toEqual(["thread.md"]);
  });
});

describe("isAtomicTempFile", () => {
  it("recognizes the temp names writeFileAtomic makes, as names or paths", () => {
    const temp = atomicTempPath("/repo/.threadmind/threads/p/main.md");
    expect(isAtomicTempFile(basename(temp))).toBe(true);
    expect(isAtomicTempFile(temp)).toBe(true);
    expect(isAtomicTempFile(basename(atomicTempPath("/repo/.threadmind/.lock")))).toBe(true);
  });

  it.each([
    "main.md",
    ".gitignore",
    ".lock",
    "main.md.tmp",
    ".main.md.tmp",
    ".main.md.12.xyz.tmp",
    ".main.md.x1.0123456789ab.tmp",
  ])("does not take %s for a temp file", (name) => {
    expect(isAtomicTempFile(name)).toBe(false);
  });
});
