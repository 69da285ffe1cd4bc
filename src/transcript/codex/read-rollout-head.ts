// readRolloutHead: a Codex rollout read forward from a byte offset to its first response (token count) after it, within a
// byte bound: the hook contexts written since the offset and the size of the first request that carried them.
import { checkPositiveInteger, readExactly, withTranscript } from "../transcript-file.js";
import type { HookContextRecord } from "../types.js";
import { RolloutClassifier } from "./classify-rollout.js";

export const DEFAULT_ROLLOUT_HEAD_BYTES = 256 * 1024;

export interface RolloutHeadReading {
  path: string;
  fileSize: number;
  hookContexts: HookContextRecord[];
  /** The size of the first request after the offset; null when none came within the bound (or yet). */
  firstRequestTokens: number | null;
}

const NEWLINE = 0x0a;

/**
 * Reads at most `maxBytes` from `from` (a line the offset cuts is skipped; an offset at or past the end reads nothing)
 * up to the first token count with a request size. Compressed rollouts are idle ones: no hook reads them.
 */
export async function readRolloutHead(
  path: string,
  options: { from?: number; maxBytes?: number } = {},
): Promise<RolloutHeadReading> {
  const maxBytes = options.maxBytes ?? DEFAULT_ROLLOUT_HEAD_BYTES;
  checkPositiveInteger("maxBytes", maxBytes);
  const from = options.from ?? 0;
  return withTranscript(path, async (file) => {
    const hookContexts: HookContextRecord[] = [];
    const reading: RolloutHeadReading = { path, fileSize: file.size, hookContexts, firstRequestTokens: null };
    if (from >= file.size) return reading;
    // One byte before the offset tells whether the offset starts a line.
    const start = from === 0 ? 0 : from - 1;
    const length = Math.min(file.size - start, maxBytes);
    const buffer = Buffer.allocUnsafe(length);
    await readExactly(file, buffer, start);
    let at = from === 0 ? 0 : buffer[0] === NEWLINE ? 1 : buffer.indexOf(NEWLINE) + 1;
    if (at === 0 && from > 0) return reading;
    const classifier = new RolloutClassifier();
    while (at < length) {
      const newline = buffer.indexOf(NEWLINE, at);
      // A line the bound cuts is not read (the file's last line, unterminated, is).
      if (newline === -1 && start + length < file.size) break;
      const end = newline === -1 ? length : newline;
      const line = classifier.classifyLine(buffer.toString("utf8", at, end));
      if (line.kind === "hook-context") hookContexts.push(line.record);
      if (line.kind === "assistant") {
        reading.firstRequestTokens = line.record.contextTokens;
        break;
      }
      at = end + 1;
    }
    return reading;
  });
}
