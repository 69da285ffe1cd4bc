// Public API of the transcript library: readers of Claude Code JSONL transcripts, the classifier, the accumulator, result types.
export { classifyLine, classifyRecord, contextTokensOf } from "./classify-record.js";
export { SessionAccumulator, MALFORMED_SAMPLE_LIMIT, emptySkipCounts, responseKey } from "./session-accumulator.js";
export { forEachLine, DEFAULT_STREAM_CHUNK_BYTES } from "./for-each-line.js";
export type { ForEachLineOptions, ForEachLineResult } from "./for-each-line.js";
export type { LineSink } from "./line-splitter.js";
export { mayBeNeededRecord } from "./line-prefilter.js";
export { UncountedLineReader, uncountedLineTimes } from "./uncounted-line.js";
export { timeOfBytes, timeOfText } from "./iso-time.js";
export type { NeededKind } from "./line-prefilter.js";
export { readTranscript } from "./read-transcript.js";
export type { ReadTranscriptOptions } from "./read-transcript.js";
export { readTail, DEFAULT_TAIL_CHUNK_BYTES } from "./read-tail.js";
export type { ReadTailOptions } from "./read-tail.js";
export { readHead, DEFAULT_HEAD_MAX_BYTES, DEFAULT_HEAD_CHUNK_BYTES } from "./read-head.js";
export type { ReadHeadOptions } from "./read-head.js";
export { TranscriptReadError } from "./transcript-file.js";
export { SKIP_REASONS, KNOWN_RECORD_TYPES } from "./types.js";
export type * from "./types.js";
