// readTranscript: the whole-file stream reader: every line through one SessionAccumulator, in bounded memory.
import { forEachLine } from "./for-each-line.js";
import type { ForEachLineOptions } from "./for-each-line.js";
import { SessionAccumulator } from "./session-accumulator.js";
import type { TranscriptReading } from "./types.js";

export type ReadTranscriptOptions = ForEachLineOptions;

/**
 * Reads a whole transcript file and returns its main-chain figures. Memory is bounded by the chunk size, the longest line
 * and the number of distinct API responses, never by the file size. Throws TranscriptReadError for a missing file or a directory.
 */
export async function readTranscript(path: string, options: ReadTranscriptOptions = {}): Promise<TranscriptReading> {
  const accumulator = new SessionAccumulator();
  let truncatedLastLine = false;
  const { bytesRead } = await forEachLine(
    path,
    (text, terminated) => {
      const classified = accumulator.addLine(text);
      if (!terminated && classified.kind === "malformed") truncatedLastLine = true;
    },
    options,
  );
  return { ...accumulator.result(), path, bytesRead, truncatedLastLine };
}
