// Guards issue #28's compressed rollouts (.jsonl.zst): they are decompressed as a stream into the .jsonl path's line
// splitter, in bounded memory, into the plain file's exact figures. A rollout whose compressed bytes spanned more than one
// read was misread (fzstd keeps views of the read buffer, which the next read overwrote: "invalid zstd data"); a hostile
// file could make the decoder allocate a 2 GiB window, move its window for each of millions of tiny blocks, or grow one
// line without end. Frames are written by the test (zstd-frames.ts: raw and RLE blocks, which the zstd CLI reads).
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { firstZstdRolloutLine, forEachRolloutLine, readRollout } from "../../src/transcript/codex/read-rollout.js";
import { forEachZstdLine } from "../../src/transcript/codex/zstd-lines.js";
import { TokenCounter, sessionMeta, turnContext, userMessage } from "./rollout-builders.js";
import { tempDirPerTest } from "./transcript-builders.js";
import { frameHeader, lastBlock, rawBlocks, rleBlocks, textBlocks } from "./zstd-frames.js";

const dir = tempDirPerTest();
const MB = 1024 * 1024;

/** Words that do not repeat in runs: the raw part of each message. */
function prose(seed: number, bytes: number): string {
  let state = seed;
  const words: string[] = [];
  let length = 0;
  while (length < bytes) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const word = state.toString(36);
    words.push(word);
    length += word.length + 1;
  }
  return words.join(" ");
}

/**
 * Writes one rollout twice, plain and compressed (a 128 KiB window), of about `targetBytes` decompressed: prompts of
 * 12 KiB of prose and 188 KiB of one repeated letter, each answered by a response. Returns both paths and the figures.
 */
function writeRolloutPair(name: string, targetBytes: number) {
  const plain = join(dir.path, `${name}.jsonl`);
  const zst = join(dir.path, `${name}.jsonl.zst`);
  const plainFd = openSync(plain, "w");
  const zstFd = openSync(zst, "w");
  const counter = new TokenCounter();
  let written = 0;
  let responses = 0;
  let last = 0;
  const write = (lines: Record<string, unknown>[]) => {
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join("");
    written += writeSync(plainFd, text);
    for (const block of textBlocks(text)) writeSync(zstFd, block);
  };
  try {
    writeSync(zstFd, frameHeader(17));
    write([sessionMeta(name), turnContext()]);
    while (written < targetBytes) {
      responses += 1;
      last = 20_000 + responses * 7;
      write([
        userMessage(`${prose(responses, 12 * 1024)} ${"y".repeat(188 * 1024)}`),
        counter.response({ input: last, cached: last - 100, output: 40 }),
      ]);
    }
    writeSync(zstFd, lastBlock());
  } finally {
    closeSync(plainFd);
    closeSync(zstFd);
  }
  return { plain, zst, responses, last, written };
}

async function writeFrame(name: string, blocks: Buffer[]): Promise<string> {
  const path = join(dir.path, name);
  const fd = openSync(path, "w");
  try {
    for (const b of blocks) writeSync(fd, b);
  } finally {
    closeSync(fd);
  }
  return path;
}

// A garbage collection on demand (the flag set at run time, as vitest starts workers without it): memory measured right
// after one is what the reader holds, not garbage waiting for the collector.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** Heap and buffers held after a collection. */
function held(): number {
  collect();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

describe("a compressed Codex rollout", () => {
  it("of 48 MB decompressed is streamed: extra memory stays far below its size, and its figures are the plain file's", async () => {
    const pair = writeRolloutPair("big", 48 * MB);
    const before = held();
    let peak = before;
    let lines = 0;
    await forEachRolloutLine(pair.zst, () => {
      lines += 1;
      if (lines % 60 === 0) peak = Math.max(peak, held());
    });
    expect(lines).toBe(2 + pair.responses * 2);
    // Holding the decompressed text whole would take 48 MB (twice as much as strings); the read holds 3 to 5 MB (buffers
    // freed by a collection are counted until the collector's sweep ends: up to 18 MB seen on a busy machine).
    expect(peak - before).toBeLessThan(24 * MB);

    const plain = await readRollout(pair.plain);
    const compressed = await readRollout(pair.zst);
    expect(plain).toMatchObject({ apiResponses: pair.responses, finalContextTokens: pair.last, malformedLines: 0 });
    const { path: _p, bytesRead: plainBytes, ...plainFigures } = plain;
    const { path: _z, bytesRead: zstBytes, ...zstFigures } = compressed;
    expect(zstFigures).toEqual(plainFigures);
    expect(plainBytes).toBe(pair.written);
    // Its compressed bytes span several reads (what went wrong before), and were all read.
    expect(zstBytes).toBeGreaterThan(2 * MB);
  });

  it("gives the same figures whatever the read size (blocks and lines cut anywhere)", async () => {
    const pair = writeRolloutPair("small", 2 * MB);
    const plain = await readRollout(pair.plain);
    for (const chunkSize of [5, 4096, 65_537]) {
      const { path: _z, bytesRead: _b, ...figures } = await readRollout(pair.zst, { chunkSize });
      const { path: _p, bytesRead: _c, ...expected } = plain;
      expect(figures).toEqual(expected);
    }
  });

  it("is refused before the decoder allocates a window over 8 MiB (this one asks for 1 GiB)", async () => {
    const path = await writeFrame("rollout-window.jsonl.zst", [frameHeader(30), ...rleBlocks(0x0a, 10, true)]);
    await expect(readRollout(path)).rejects.toThrow(
      /rollout-window\.jsonl\.zst: not a readable zstd file \(a frame asks for a 1073741824-byte window, over the 8388608-byte bound\)/,
    );
  });

  it("is refused when its tiny blocks would have the decoder move its window endlessly", async () => {
    // 40 KB of one-byte blocks under an 8 MiB window: fzstd moves its whole window for each (80 GiB in all, ~5 s here).
    const blocks = Array.from({ length: 10_000 }, () => rleBlocks(0x0a, 1)).flat();
    const path = await writeFrame("rollout-blocks.jsonl.zst", [frameHeader(23), ...blocks, lastBlock()]);
    const started = performance.now();
    await expect(readRollout(path)).rejects.toThrow(/not a readable zstd file \(its blocks would have the decoder move over/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("that holds one endless line is refused at 64 MiB of it, not held to its end", async () => {
    // 4 KB expanding to 128 MiB of one letter, no newline.
    const path = await writeFrame("rollout-line.jsonl.zst", [frameHeader(17), ...rleBlocks(0x61, 128 * MB, true)]);
    await expect(readRollout(path)).rejects.toThrow(/rollout-line\.jsonl\.zst: a line longer than 64 MiB once decompressed/);
  });

  it("stops at the bound on what it decompresses, its lines until then read", async () => {
    const path = await writeFrame("rollout-lines.jsonl.zst", [frameHeader(17), ...rleBlocks(0x0a, 4 * MB, true)]);
    let lines = 0;
    const read = await forEachZstdLine(
      path,
      () => {
        lines += 1;
        return false;
      },
      { chunkSize: 1024, bounds: { maxOutputBytes: MB } },
    );
    expect(read.stopped).toBe("output-bound");
    expect(lines).toBe(MB);
  });

  it("gives its first line (the session's workspace) without decompressing the rest, and none past the bound", async () => {
    const meta = `${JSON.stringify(sessionMeta("first", "/work/repo"))}\n`;
    // 4 MiB more follow in a frame cut short: read to its end, the file is refused; its first line never gets there.
    const path = await writeFrame("rollout-first.jsonl.zst", [
      frameHeader(17),
      ...rawBlocks(Buffer.from(meta)),
      ...rleBlocks(0x61, 4 * MB),
    ]);
    await expect(readRollout(path)).rejects.toThrow(/not a readable zstd file \(unexpected EOF\)/);
    expect(await firstZstdRolloutLine(path, 256 * 1024)).toBe(meta.slice(0, -1));
    const long = await writeFrame("rollout-long-first.jsonl.zst", [frameHeader(17), ...rleBlocks(0x61, MB, true)]);
    expect(await firstZstdRolloutLine(long, 256 * 1024)).toBeNull();
  });
});
