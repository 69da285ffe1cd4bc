// readRollout: a whole Codex rollout (`rollout-*.jsonl`, or the `.jsonl.zst` Codex rewrites an idle one as) → the same
// figures as a Claude Code transcript (first, peak and final request size, output tokens, responses, compactions).
// zstd through fzstd (pure JS, no dependencies, streaming: Node 20 has no zstd in node:zlib), loaded only for a .zst file
// (the hooks, which read live rollouts, never load it).
import { readSync } from "node:fs";
import { DEFAULT_STREAM_CHUNK_BYTES, forEachLine } from "../for-each-line.js";
import { LineSplitter } from "../line-splitter.js";
import { SessionAccumulator } from "../session-accumulator.js";
import { TranscriptReadError, checkPositiveInteger, withTranscript } from "../transcript-file.js";
import type { TranscriptReading } from "../types.js";
import { RolloutClassifier } from "./classify-rollout.js";

export interface ReadRolloutOptions {
  /** Bytes per read of the file (default 1 MiB). */
  chunkSize?: number;
}

/** Codex's compressed rollouts end so. */
export const ZSTD_ROLLOUT_SUFFIX = ".jsonl.zst";

export function isCompressedRollout(path: string): boolean {
  return path.endsWith(ZSTD_ROLLOUT_SUFFIX);
}

/** Streams the decompressed lines of a zstd file to `sink`, in bounded memory; returns the compressed bytes read. */
async function forEachZstdLine(
  path: string,
  sink: (text: string, terminated: boolean) => void,
  chunkSize: number,
): Promise<number> {
  const { Decompress } = await import("fzstd");
  return withTranscript(path, async (file) => {
    const splitter = new LineSplitter(sink);
    // The decompressor may hand out views of its window, which later output overwrites: copy before keeping.
    const decompress = new Decompress((data) => splitter.push(Buffer.from(data)));
    let bytesRead = 0;
    const chunk = Buffer.allocUnsafeSlow(chunkSize);
    for (;;) {
      const n = readSync(file.fd, chunk, 0, chunkSize, bytesRead);
      bytesRead += n;
      try {
        // fzstd keeps no reference to the input once push returns: the chunk can be read into again.
        decompress.push(n === 0 ? new Uint8Array(0) : chunk.subarray(0, n), n === 0);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new TranscriptReadError(path, `not a readable zstd file (${message})`, { code: null, cause: error });
      }
      if (n === 0) break;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    splitter.end();
    return bytesRead;
  });
}

/**
 * Calls `sink(text, terminated)` for every line of a rollout, plain or zstd-compressed, in bounded memory; returns the
 * bytes read from the file.
 */
export async function forEachRolloutLine(
  path: string,
  sink: (text: string, terminated: boolean) => void,
  options: ReadRolloutOptions = {},
): Promise<number> {
  const chunkSize = options.chunkSize ?? DEFAULT_STREAM_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  return isCompressedRollout(path)
    ? forEachZstdLine(path, sink, chunkSize)
    : (await forEachLine(path, sink, { chunkSize })).bytesRead;
}

/**
 * Reads a whole rollout and returns its figures. Token figures come from the token_count lines: one per model response,
 * its `last_token_usage.input_tokens` the request's size (cached tokens included). Throws TranscriptReadError for a
 * missing file, a directory or a damaged zstd file.
 */
export async function readRollout(path: string, options: ReadRolloutOptions = {}): Promise<TranscriptReading> {
  const classifier = new RolloutClassifier();
  const accumulator = new SessionAccumulator();
  let truncatedLastLine = false;
  const sink = (text: string, terminated: boolean): void => {
    const classified = classifier.classifyLine(text);
    accumulator.add(classified);
    if (!terminated && classified.kind === "malformed") truncatedLastLine = true;
  };
  const bytesRead = await forEachRolloutLine(path, sink, options);
  return { ...accumulator.result(), path, bytesRead, truncatedLastLine };
}
