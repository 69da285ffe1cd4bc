// forEachLine: streams a whole file line by line in bounded memory (one chunk plus the current line), from byte 0 to the end.
import { readSync } from "node:fs";
import { ByteRangeSplitter, LineSplitter } from "./line-splitter.js";
import type { ByteRangeSink, LineSink } from "./line-splitter.js";
import { checkPositiveInteger, withTranscript } from "./transcript-file.js";

export const DEFAULT_STREAM_CHUNK_BYTES = 1024 * 1024;

export interface ForEachLineOptions {
  /** Bytes per read (default 1 MiB). */
  chunkSize?: number;
}

export interface ForEachByteLineOptions extends ForEachLineOptions {
  /**
   * Read every chunk into the same buffer (no new memory per MiB read): called with it before each read after the
   * first, so that a sink that kept views of lines in it can copy them first. Without it each chunk is a new buffer.
   */
  beforeChunkReuse?: (chunk: Buffer) => void;
  /**
   * With beforeChunkReuse: the buffer to read every chunk into (its length is the chunk size), the caller's, so that one
   * buffer serves file after file (a new 1 MiB buffer per file is fresh memory: its allocation and page faults cost
   * ~0.2 ms per file). The caller must not touch it until the call has returned and the views it kept are done with.
   */
  buffer?: Buffer;
}

export interface ForEachLineResult {
  bytesRead: number;
}

/**
 * Calls `sink(text, terminated)` for every line of the file, in order. `terminated` is false only for a last line
 * without a final newline. Throws TranscriptReadError (with the path) when the file cannot be read.
 */
export async function forEachLine(path: string, sink: LineSink, options: ForEachLineOptions = {}): Promise<ForEachLineResult> {
  return streamLines(path, new LineSplitter(sink), options);
}

/**
 * forEachLine with each line's raw bytes, not decoded and without a Buffer per line: `sink(buffer, start, end, terminated)`
 * gets the line (without the newline) as a range of the chunk read (or of a copy, for a line across chunks), for readers
 * that decide from a few bytes whether to look further. Each chunk is a new buffer unless `beforeChunkReuse` is given:
 * then a range stays valid until that callback is called with its chunk.
 */
export async function forEachByteRange(
  path: string,
  sink: (buffer: Buffer, start: number, end: number, terminated: boolean) => void,
  options: ForEachByteLineOptions = {},
): Promise<ForEachLineResult> {
  const rangeSink: ByteRangeSink = (buffer, start, end, terminated) => {
    sink(buffer, start, end, terminated);
    return false;
  };
  return streamLines(path, new ByteRangeSplitter(rangeSink, options.beforeChunkReuse !== undefined), options);
}

/** Between two yields to the event loop, at most this many bytes are read and split. */
const BYTES_BETWEEN_YIELDS = 8 * 1024 * 1024;

/**
 * Reads the whole file into `splitter`, chunk by chunk (synchronous reads into a new buffer each, or into one buffer
 * with beforeChunkReuse: no thread-pool round trip per chunk), then ends it. It yields to the event loop every BYTES_BETWEEN_YIELDS, so that other work (a worker's
 * messages, timers) is not held up by a large file.
 */
async function streamLines(
  path: string,
  splitter: { push(chunk: Buffer): void; end(): void },
  options: ForEachByteLineOptions,
): Promise<ForEachLineResult> {
  const beforeReuse = options.beforeChunkReuse;
  const given = beforeReuse === undefined ? undefined : options.buffer;
  const chunkSize = given?.length ?? options.chunkSize ?? DEFAULT_STREAM_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  return withTranscript(path, async (file) => {
    let bytesRead = 0;
    let sinceYield = 0;
    let reused: Buffer | null = null;
    for (;;) {
      let chunk: Buffer;
      if (beforeReuse === undefined) chunk = Buffer.allocUnsafeSlow(chunkSize);
      else if (reused === null) chunk = reused = given ?? Buffer.allocUnsafeSlow(chunkSize);
      else {
        beforeReuse(reused);
        chunk = reused;
      }
      const n = readSync(file.fd, chunk, 0, chunkSize, bytesRead);
      if (n === 0) break;
      bytesRead += n;
      splitter.push(n === chunkSize ? chunk : chunk.subarray(0, n));
      sinceYield += n;
      if (sinceYield >= BYTES_BETWEEN_YIELDS) {
        sinceYield = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    splitter.end();
    return { bytesRead };
  });
}
