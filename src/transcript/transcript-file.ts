// Opening a transcript file for reading: TranscriptReadError (carries the path), exact positional reads, the readers' size-option check.
// Synchronous calls on a file descriptor: the file is a regular one (checked before opening) and each read is one
// chunk, so a hook saves a thread-pool round trip per call, and never loads node:fs/promises (with the stream and
// readline modules it pulls in, ~10 ms of a hook's start-up). Streaming a whole file (forEachLine) reads the same way and
// yields to the event loop between stretches of chunks.
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";

/** A transcript could not be read (missing file, a directory, an I/O error). `code` is the fs error code when there is one. */
export class TranscriptReadError extends Error {
  readonly path: string;
  readonly code: string | null;

  constructor(path: string, message: string, options: { code: string | null; cause?: unknown }) {
    super(`cannot read transcript ${path}: ${message}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "TranscriptReadError";
    this.path = path;
    this.code = options.code;
  }
}

/** Throws a RangeError naming `name` unless `value` is an integer of at least 1 (the readers' size options). */
export function checkPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}

function fsCode(error: unknown): string | null {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") return error.code;
  return null;
}

function asReadError(path: string, error: unknown): TranscriptReadError {
  if (error instanceof TranscriptReadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new TranscriptReadError(path, message, { code: fsCode(error), cause: error });
}

export interface OpenTranscript {
  path: string;
  /** File descriptor (closed by withTranscript). */
  fd: number;
  /** Size when opened. */
  size: number;
}

/** Opens a regular file for reading; throws TranscriptReadError (with the path) for anything else. */
export async function openTranscript(path: string): Promise<OpenTranscript> {
  let fd: number;
  try {
    // Check the type before opening: opening a FIFO blocks until a writer appears, which could be never.
    const before = statSync(path);
    if (before.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!before.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    // Non-blocking too: a FIFO swapped in between the check and the open must not block it (fstat below refuses it).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw asReadError(path, error);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!stats.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    return { path, fd, size: stats.size };
  } catch (error) {
    closeSync(fd);
    throw asReadError(path, error);
  }
}

/** Runs `work` with an open transcript and closes it afterwards; fs errors (with an error code) become TranscriptReadError. */
export async function withTranscript<T>(path: string, work: (file: OpenTranscript) => Promise<T>): Promise<T> {
  const file = await openTranscript(path);
  try {
    return await work(file);
  } catch (error) {
    throw fsCode(error) === null ? error : asReadError(path, error);
  } finally {
    closeSync(file.fd);
  }
}

/** Reads exactly buffer.length bytes at `position`; the file shrinking under us is an error. */
export async function readExactly(file: OpenTranscript, buffer: Buffer, position: number): Promise<void> {
  let filled = 0;
  while (filled < buffer.length) {
    const bytesRead = readSync(file.fd, buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) {
      throw new TranscriptReadError(
        file.path,
        `file ended at byte ${position + filled} while ${buffer.length - filled} more bytes were expected (was it truncated while being read?)`,
        { code: null },
      );
    }
    filled += bytesRead;
  }
}

/** What readRange feeds: a line splitter that may ask to stop. */
export interface RangeSink {
  push(chunk: Buffer): void;
  end(): void;
  readonly stopped: boolean;
}

/**
 * Feeds `sink` the file's bytes from `start`, at most `maxBytes` of them and never past its size when opened, one new
 * chunk of `chunkSize` at a time, until the sink stops; ends the sink when the file's end was reached. Returns the
 * position reached.
 */
export async function readRange(
  file: OpenTranscript,
  sink: RangeSink,
  start: number,
  maxBytes: number,
  chunkSize: number,
): Promise<number> {
  const limit = Math.min(start + maxBytes, file.size);
  let position = start;
  while (position < limit && !sink.stopped) {
    const chunk = Buffer.allocUnsafe(Math.min(chunkSize, limit - position));
    await readExactly(file, chunk, position);
    position += chunk.length;
    sink.push(chunk);
  }
  if (position === file.size) sink.end();
  return position;
}
