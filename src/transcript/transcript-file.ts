// Opening a transcript file for reading: TranscriptReadError (carries the path) and exact positional reads.
import { open, stat } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";

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
  handle: FileHandle;
  /** Size when opened. */
  size: number;
}

/** Opens a regular file for reading; throws TranscriptReadError (with the path) for anything else. */
export async function openTranscript(path: string): Promise<OpenTranscript> {
  let handle: FileHandle;
  try {
    // Check the type before opening: opening a FIFO blocks until a writer appears, which could be never.
    const before = await stat(path);
    if (before.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!before.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    handle = await open(path, "r");
  } catch (error) {
    throw asReadError(path, error);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!stats.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    return { path, handle, size: stats.size };
  } catch (error) {
    await handle.close();
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
    await file.handle.close();
  }
}

/** Reads exactly buffer.length bytes at `position`; the file shrinking under us is an error. */
export async function readExactly(file: OpenTranscript, buffer: Buffer, position: number): Promise<void> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await file.handle.read(buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) {
      throw new TranscriptReadError(file.path, `file ended at byte ${position + filled} while ${buffer.length - filled} more bytes were expected (was it truncated while being read?)`, { code: null });
    }
    filled += bytesRead;
  }
}
