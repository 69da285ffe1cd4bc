// forEachLine: streams a whole file line by line in bounded memory (one chunk plus the current line), from byte 0 to the end.
import { createReadStream } from "node:fs";
import { ByteLineSplitter, LineSplitter } from "./line-splitter.js";
import type { LineSink } from "./line-splitter.js";
import { checkPositiveInteger, withTranscript } from "./transcript-file.js";

export const DEFAULT_STREAM_CHUNK_BYTES = 1024 * 1024;

export interface ForEachLineOptions {
  /** Bytes per read (default 1 MiB). */
  chunkSize?: number;
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
 * forEachLine with each line's raw bytes (without the newline), not decoded: for readers that need the byte length or
 * decide from the bytes what to decode. The buffer is valid during the call only.
 */
export async function forEachByteLine(
  path: string,
  sink: (bytes: Buffer, terminated: boolean) => void,
  options: ForEachLineOptions = {},
): Promise<ForEachLineResult> {
  const splitter = new ByteLineSplitter((bytes, terminated) => {
    sink(bytes, terminated);
    return false;
  });
  return streamLines(path, splitter, options);
}

/** Streams the whole file into `splitter`, chunk by chunk, then ends it. */
async function streamLines(
  path: string,
  splitter: { push(chunk: Buffer): void; end(): void },
  options: ForEachLineOptions,
): Promise<ForEachLineResult> {
  const chunkSize = options.chunkSize ?? DEFAULT_STREAM_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  return withTranscript(path, async (file) => {
    let bytesRead = 0;
    const stream = createReadStream(path, { fd: file.fd, highWaterMark: chunkSize, autoClose: false, start: 0 });
    for await (const chunk of stream) {
      if (!Buffer.isBuffer(chunk)) throw new Error(`expected Buffer chunks from ${path}`);
      bytesRead += chunk.length;
      splitter.push(chunk);
    }
    splitter.end();
    return { bytesRead };
  });
}
