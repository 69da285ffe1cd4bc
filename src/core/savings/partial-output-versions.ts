// Which Claude Code versions wrote partial output_tokens into their transcripts (the report marks those sessions' output).

/**
 * Claude Code before 2.1.97 wrote, for many responses, the output_tokens of an early streamed chunk instead of the
 * response's whole output (one response of 1,773 characters of text recorded output_tokens: 1). Every reader of those
 * transcripts reads the same numbers: the output figures are below what the model produced.
 */
export const FIRST_FULL_OUTPUT_VERSION = "2.1.97";

export const PARTIAL_OUTPUT_NOTE =
  "Claude Code before 2.1.97 recorded partial output_tokens for many responses (an early streamed count, not the whole output): output figures of these sessions are below what the model produced, and below the bill.";

/** "2.1.97" → [2, 1, 97]; null when the text is not three dot-separated numbers (a suffix such as "-beta" is ignored). */
function versionNumbers(version: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (match === null) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether a record written by this Claude Code version may hold a partial output_tokens (null: not a version number). */
export function recordsPartialOutput(version: string): boolean | null {
  const mine = versionNumbers(version);
  const first = versionNumbers(FIRST_FULL_OUTPUT_VERSION)!;
  if (mine === null) return null;
  for (let i = 0; i < 3; i += 1) {
    if (mine[i]! !== first[i]!) return mine[i]! < first[i]!;
  }
  return false;
}
