// readRollout: a whole Codex rollout (`rollout-*.jsonl`, or the `.jsonl.zst` Codex rewrites an idle one as) → the same
// figures as a Claude Code transcript (first, peak and final request size, output tokens, responses, compactions).
// zstd streamed through fzstd within bounds (zstd-lines.ts), loaded only for a .zst file (the hooks, which read live
// rollouts, never load it).
import { DEFAULT_STREAM_CHUNK_BYTES, forEachLine } from "../for-each-line.js";
import { SessionAccumulator } from "../session-accumulator.js";
import { TranscriptReadError, checkPositiveInteger } from "../transcript-file.js";
import type { TranscriptReading } from "../types.js";
import { RolloutClassifier } from "./classify-rollout.js";
import { ZSTD_BOUNDS, forEachZstdLine } from "./zstd-lines.js";

export interface ReadRolloutOptions {
  /** Bytes per read of the file (default 1 MiB). */
  chunkSize?: number;
}

/** Codex's compressed rollouts end so. */
export const ZSTD_ROLLOUT_SUFFIX = ".jsonl.zst";

export function isCompressedRollout(path: string): boolean {
  return path.endsWith(ZSTD_ROLLOUT_SUFFIX);
}

/** Streams the decompressed lines of a zstd file to `sink`, within ZSTD_BOUNDS; returns the compressed bytes read. */
async function forEachZstdText(
  path: string,
  sink: (text: string, terminated: boolean) => void,
  chunkSize: number,
): Promise<number> {
  const read = await forEachZstdLine(
    path,
    (buffer, start, end, terminated) => {
      sink(buffer.toString("utf8", start, end), terminated);
      return false;
    },
    { chunkSize },
  );
  switch (read.stopped) {
    case null:
    case "sink":
      return read.bytesRead;
    case "line-bound":
      throw new TranscriptReadError(path, `a line longer than ${mib(ZSTD_BOUNDS.maxLineBytes)} once decompressed`, {
        code: null,
      });
    case "output-bound":
      throw new TranscriptReadError(path, `more than ${mib(ZSTD_BOUNDS.maxOutputBytes)} once decompressed`, { code: null });
    default: {
      const unreachable: never = read.stopped;
      throw new Error(`unknown end of a zstd read ${String(unreachable)}`);
    }
  }
}

function mib(bytes: number): string {
  return `${bytes / (1024 * 1024)} MiB`;
}

/**
 * The first line of a compressed rollout (its session_meta, which names the workspace), decompressing no more than
 * needed; null when it does not end within `maxBytes` (as for a plain rollout read that far). Throws TranscriptReadError
 * as forEachZstdLine does.
 */
export async function firstZstdRolloutLine(path: string, maxBytes: number): Promise<string | null> {
  let first: string | null = null;
  await forEachZstdLine(
    path,
    (buffer, start, end) => {
      first = buffer.toString("utf8", start, end);
      return true;
    },
    { chunkSize: Math.min(maxBytes, DEFAULT_STREAM_CHUNK_BYTES), bounds: { maxLineBytes: maxBytes, maxOutputBytes: maxBytes } },
  );
  return first;
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
    ? forEachZstdText(path, sink, chunkSize)
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
