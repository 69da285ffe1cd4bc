// A zstd writer for tests (RFC 8878), with raw and RLE blocks only: real zstd frames any decoder reads, built in the test
// (Node 20 has no zstd encoder), including the shapes a hostile file could take (a huge window, endless tiny blocks).

const MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
export const MAX_BLOCK = 128 * 1024;

/** A frame header without content size or checksum, whose window is 2^windowLog bytes (10 ≤ windowLog ≤ 41). */
export function frameHeader(windowLog: number): Buffer {
  return Buffer.concat([MAGIC, Buffer.from([0x00, (windowLog - 10) << 3])]);
}

function blockHeader(type: 0 | 1, size: number, last: boolean): Buffer {
  const value = (size << 3) | (type << 1) | (last ? 1 : 0);
  return Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]);
}

/** Raw blocks holding `bytes` (an empty array gives none). */
export function rawBlocks(bytes: Buffer, last = false): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += MAX_BLOCK) {
    const part = bytes.subarray(at, at + MAX_BLOCK);
    out.push(blockHeader(0, part.length, last && at + MAX_BLOCK >= bytes.length), part);
  }
  return out;
}

/** RLE blocks repeating `byte` `count` times (one block per 128 KiB; `count` 0 gives one empty block). */
export function rleBlocks(byte: number, count: number, last = false): Buffer[] {
  const out: Buffer[] = [];
  let left = count;
  do {
    const size = Math.min(left, MAX_BLOCK);
    left -= size;
    out.push(blockHeader(1, size, last && left === 0), Buffer.from([byte]));
  } while (left > 0);
  return out;
}

/** The block that ends a frame: an empty raw one. */
export function lastBlock(): Buffer {
  return blockHeader(0, 0, true);
}

/**
 * Writes text as zstd frame content: each run of `run` or more of one character becomes RLE blocks, the rest raw blocks
 * (so that a generated rollout compresses about as well as its runs make it). ASCII runs only.
 */
export function textBlocks(text: string, run = 1024): Buffer[] {
  const bytes = Buffer.from(text, "utf8");
  const out: Buffer[] = [];
  let rawFrom = 0;
  let at = 0;
  while (at < bytes.length) {
    let end = at + 1;
    while (end < bytes.length && bytes[end] === bytes[at]) end += 1;
    if (end - at >= run && bytes[at]! < 0x80) {
      out.push(...rawBlocks(bytes.subarray(rawFrom, at)), ...rleBlocks(bytes[at]!, end - at));
      rawFrom = end;
    }
    at = end;
  }
  out.push(...rawBlocks(bytes.subarray(rawFrom)));
  return out;
}
