// forEachZstdLine: the lines of a zstd file (Codex's .jsonl.zst rollouts), decompressed as a stream (fzstd's Decompress,
// pure JS: Node 20 has no zstd in node:zlib) into the .jsonl path's line splitter. Memory stays bounded whatever the
// file holds: one compressed chunk, one block, the decoder's window (each frame's checked before the decoder allocates
// it) and the current line; the decompressed total and the decoder's work are bounded too, so that a small hostile file
// cannot cost minutes.
import { readSync } from "node:fs";
import { ByteRangeSplitter, type ByteRangeSink } from "../line-splitter.js";
import { TranscriptReadError, withTranscript } from "../transcript-file.js";
import { ZstdFrameGuard } from "./zstd-frame-guard.js";

export interface ZstdBounds {
  /** A frame's window, which the decoder holds whole: zstd's levels 1 to 19 use at most 8 MiB. */
  maxWindowBytes: number;
  /**
   * The window bytes fzstd moves, its whole window for every block: 16 GiB is ~1 GiB of output in full blocks under a
   * 2 MiB window (zstd's default level on a large file), ~2 s of copying.
   */
  maxWindowMoveBytes: number;
  /** The line being read, not ended yet. */
  maxLineBytes: number;
  /** Everything decompressed. */
  maxOutputBytes: number;
}

export const ZSTD_BOUNDS: ZstdBounds = {
  maxWindowBytes: 8 * 1024 * 1024,
  maxWindowMoveBytes: 16 * 1024 * 1024 * 1024,
  maxLineBytes: 64 * 1024 * 1024,
  maxOutputBytes: 1024 * 1024 * 1024,
};

export interface ZstdLinesResult {
  /** Compressed bytes read from the file. */
  bytesRead: number;
  /** Why the read ended before the file's end: the sink asked, or a bound was reached (no later line reaches the sink). */
  stopped: "sink" | "line-bound" | "output-bound" | null;
}

/** Thrown from the decoder's callback to end its push at once (it would decompress the rest of the chunk). */
class Stop extends Error {}

/**
 * Calls `sink` for every decompressed line (a range of a buffer, as forEachByteRange gives; returning true stops), in
 * order, the last one unterminated when the stream does not end with a newline. Returns when the file ends, the sink
 * stops, or the line or output bound is reached (`stopped` says which). Throws TranscriptReadError for a file that is not
 * a regular one, cannot be read, is not zstd or is cut short, or whose frames would take the decoder over its bounds.
 */
export async function forEachZstdLine(
  path: string,
  sink: ByteRangeSink,
  options: { chunkSize: number; bounds?: Partial<ZstdBounds> },
): Promise<ZstdLinesResult> {
  const bounds = { ...ZSTD_BOUNDS, ...options.bounds };
  const { Decompress } = await import("fzstd");
  return withTranscript(path, async (file) => {
    const splitter = new ByteRangeSplitter(sink);
    const guard = new ZstdFrameGuard(bounds);
    const stop = new Stop();
    let stopped: ZstdLinesResult["stopped"] = null;
    let output = 0;
    const decompress = new Decompress((data) => {
      if (data.length === 0) return;
      output += data.length;
      if (output > bounds.maxOutputBytes) stopped = "output-bound";
      else {
        // Each block is copied: what the splitter keeps of it must not depend on what fzstd does with it next.
        splitter.push(Buffer.from(data));
        if (splitter.stopped) stopped = "sink";
        else if (splitter.bytesPending > bounds.maxLineBytes) stopped = "line-bound";
      }
      if (stopped !== null) throw stop;
    });
    let bytesRead = 0;
    for (;;) {
      // A new buffer for each read: fzstd keeps views of a chunk whose last block is incomplete until the next push.
      const chunk = Buffer.allocUnsafeSlow(options.chunkSize);
      const n = readSync(file.fd, chunk, 0, options.chunkSize, bytesRead);
      bytesRead += n;
      const input = n === 0 ? new Uint8Array(0) : chunk.subarray(0, n);
      try {
        guard.push(input);
        decompress.push(input, n === 0);
      } catch (error) {
        if (error === stop) break;
        const message = error instanceof Error ? error.message : String(error);
        throw new TranscriptReadError(path, `not a readable zstd file (${message})`, { code: null, cause: error });
      }
      if (n === 0) break;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (stopped === null) splitter.end();
    return { bytesRead, stopped };
  });
}
