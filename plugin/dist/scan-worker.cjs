'use strict';

var worker_threads = require('worker_threads');
var fs = require('fs');
var path = require('path');

var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});

// src/transcript/line-splitter.ts
var NEWLINE = 10;
var ByteRangeSplitter = class {
  /**
   * `ownsChunks`: the caller will write into a chunk again once push() returns, so the start of a line that goes on in
   * the next chunk is copied rather than kept as a view.
   */
  constructor(sink, ownsChunks = false) {
    this.sink = sink;
    this.ownsChunks = ownsChunks;
  }
  sink;
  ownsChunks;
  /** Bytes of the current line not yet ended by a newline. */
  pending = [];
  pendingBytes = 0;
  takenBytes = 0;
  stoppedBySink = false;
  /** Bytes held for a line that has not ended yet. */
  get bytesPending() {
    return this.pendingBytes;
  }
  /** Bytes of the lines given to the sink so far, their newlines included. */
  get bytesTaken() {
    return this.takenBytes;
  }
  /** The sink asked to stop. */
  get stopped() {
    return this.stoppedBySink;
  }
  push(chunk) {
    if (this.stoppedBySink) return;
    let start = 0;
    let newline = chunk.indexOf(NEWLINE, start);
    while (newline !== -1) {
      let stop;
      if (this.pending.length === 0) {
        this.takenBytes += newline - start + 1;
        stop = this.sink(chunk, start, newline, true);
      } else {
        const line = Buffer.concat([...this.pending, chunk.subarray(start, newline)]);
        this.pending = [];
        this.pendingBytes = 0;
        this.takenBytes += line.length + 1;
        stop = this.sink(line, 0, line.length, true);
      }
      if (stop) {
        this.stoppedBySink = true;
        return;
      }
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) {
      this.pending.push(this.ownsChunks ? Buffer.from(chunk.subarray(start)) : chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
    }
  }
  /** End of input: a line without a final newline goes to the sink as unterminated. */
  end() {
    if (this.stoppedBySink || this.pending.length === 0) return;
    const line = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    this.takenBytes += line.length;
    this.stoppedBySink = this.sink(line, 0, line.length, false);
  }
};
var TranscriptReadError = class extends Error {
  path;
  code;
  constructor(path, message, options) {
    super(`cannot read transcript ${path}: ${message}`, options.cause === void 0 ? void 0 : { cause: options.cause });
    this.name = "TranscriptReadError";
    this.path = path;
    this.code = options.code;
  }
};
function checkPositiveInteger(name, value) {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}
function fsCode(error) {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") return error.code;
  return null;
}
function asReadError(path, error) {
  if (error instanceof TranscriptReadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new TranscriptReadError(path, message, { code: fsCode(error), cause: error });
}
async function openTranscript(path) {
  let fd;
  try {
    const before = fs.statSync(path);
    if (before.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!before.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw asReadError(path, error);
  }
  try {
    const stats = fs.fstatSync(fd);
    if (stats.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!stats.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    return { path, fd, size: stats.size };
  } catch (error) {
    fs.closeSync(fd);
    throw asReadError(path, error);
  }
}
async function withTranscript(path, work2) {
  const file = await openTranscript(path);
  try {
    return await work2(file);
  } catch (error) {
    throw fsCode(error) === null ? error : asReadError(path, error);
  } finally {
    fs.closeSync(file.fd);
  }
}

// src/transcript/for-each-line.ts
var DEFAULT_STREAM_CHUNK_BYTES = 1024 * 1024;
async function forEachByteRange(path, sink, options = {}) {
  const rangeSink = (buffer, start, end, terminated) => {
    sink(buffer, start, end, terminated);
    return false;
  };
  return streamLines(path, new ByteRangeSplitter(rangeSink, options.beforeChunkReuse !== void 0), options);
}
var BYTES_BETWEEN_YIELDS = 8 * 1024 * 1024;
async function streamLines(path, splitter, options) {
  const beforeReuse = options.beforeChunkReuse;
  const given = beforeReuse === void 0 ? void 0 : options.buffer;
  const chunkSize = given?.length ?? options.chunkSize ?? DEFAULT_STREAM_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  return withTranscript(path, async (file) => {
    let bytesRead = 0;
    let sinceYield = 0;
    let reused = null;
    for (; ; ) {
      let chunk;
      if (beforeReuse === void 0) chunk = Buffer.allocUnsafeSlow(chunkSize);
      else if (reused === null) chunk = reused = given ?? Buffer.allocUnsafeSlow(chunkSize);
      else {
        beforeReuse(reused);
        chunk = reused;
      }
      const n = fs.readSync(file.fd, chunk, 0, chunkSize, bytesRead);
      if (n === 0) break;
      bytesRead += n;
      splitter.push(n === chunkSize ? chunk : chunk.subarray(0, n));
      sinceYield += n;
      if (sinceYield >= BYTES_BETWEEN_YIELDS) {
        sinceYield = 0;
        await new Promise((resolve2) => setImmediate(resolve2));
      }
    }
    splitter.end();
    return { bytesRead };
  });
}

// src/transcript/types.ts
var KNOWN_RECORD_TYPES = [
  "user",
  "assistant",
  "system",
  "attachment",
  "progress",
  "summary",
  "queue-operation",
  "file-history-snapshot"
];

// src/transcript/classify-record.ts
var ShapeProblem = class extends Error {
};
var SYNTHETIC_MODEL = "<synthetic>";
var PERSISTED_OUTPUT_OPEN = "<persisted-output>";
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isKnownRecordType(type) {
  return KNOWN_RECORD_TYPES.includes(type);
}
function optionalString(obj, key, where) {
  const value = obj[key];
  if (value === void 0) return null;
  if (typeof value !== "string") throw new ShapeProblem(`${where}.${key} is not a string`);
  return value;
}
function requiredString(obj, key, where) {
  const value = obj[key];
  if (typeof value !== "string") throw new ShapeProblem(`${where}.${key} is missing or not a string`);
  return value;
}
function isTokenCount(value) {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}
function requiredCount(obj, key, where) {
  const value = obj[key];
  if (!isTokenCount(value)) throw new ShapeProblem(`${where}.${key} is missing or not a token count`);
  return value;
}
function cacheCount(obj, key, where) {
  const value = obj[key];
  if (value === void 0 || value === null) return 0;
  if (!isTokenCount(value)) throw new ShapeProblem(`${where}.${key} is not a token count`);
  return value;
}
function optionalCount(obj, key, where) {
  const value = obj[key];
  if (value === void 0 || value === null) return null;
  if (!isTokenCount(value)) throw new ShapeProblem(`${where}.${key} is not a token count`);
  return value;
}
function optionalFlag(obj, key) {
  const value = obj[key];
  if (value === void 0) return false;
  if (typeof value !== "boolean") throw new ShapeProblem(`${key} is not a boolean`);
  return value;
}
function requiredObject(obj, key, where) {
  const value = obj[key];
  if (!isObject(value)) throw new ShapeProblem(`${where}.${key} is missing or not an object`);
  return value;
}
function contextTokensOf(usage) {
  return usage.inputTokens + usage.cacheCreationInputTokens + usage.cacheReadInputTokens;
}
function readMeta(record, type) {
  return {
    type,
    sessionId: optionalString(record, "sessionId", "record"),
    timestamp: optionalString(record, "timestamp", "record"),
    uuid: optionalString(record, "uuid", "record")
  };
}
function skipped(reason, meta) {
  return { kind: "skipped", reason, meta };
}
function classifyAssistant(record, meta) {
  if (optionalFlag(record, "isApiErrorMessage")) return skipped("api-error", meta);
  const message = requiredObject(record, "message", "record");
  const model = requiredString(message, "model", "message");
  if (model === SYNTHETIC_MODEL) return skipped("synthetic", meta);
  const usage = requiredObject(message, "usage", "message");
  const tokens = {
    inputTokens: requiredCount(usage, "input_tokens", "usage"),
    cacheCreationInputTokens: cacheCount(usage, "cache_creation_input_tokens", "usage"),
    cacheReadInputTokens: cacheCount(usage, "cache_read_input_tokens", "usage"),
    outputTokens: requiredCount(usage, "output_tokens", "usage")
  };
  return {
    kind: "assistant",
    record: {
      meta,
      messageId: requiredString(message, "id", "message"),
      requestId: optionalString(record, "requestId", "record"),
      model,
      usage: tokens,
      contextTokens: contextTokensOf(tokens)
    }
  };
}
function classifySystem(record, meta) {
  if (optionalString(record, "subtype", "record") !== "compact_boundary") return { kind: "other", meta };
  const metadata = record.compactMetadata;
  if (metadata === void 0) {
    return { kind: "compact-boundary", record: { meta, trigger: null, preTokens: null, postTokens: null } };
  }
  if (!isObject(metadata)) throw new ShapeProblem("record.compactMetadata is not an object");
  return {
    kind: "compact-boundary",
    record: {
      meta,
      trigger: optionalString(metadata, "trigger", "compactMetadata"),
      preTokens: optionalCount(metadata, "preTokens", "compactMetadata"),
      postTokens: optionalCount(metadata, "postTokens", "compactMetadata")
    }
  };
}
function classifyAttachment(record, meta) {
  const attachment = requiredObject(record, "attachment", "record");
  if (optionalString(attachment, "type", "attachment") !== "hook_additional_context") return { kind: "other", meta };
  const content = attachment.content;
  if (!Array.isArray(content) || !content.every((item) => typeof item === "string")) {
    throw new ShapeProblem("attachment.content is not an array of strings");
  }
  const first = content[0];
  return {
    kind: "hook-context",
    record: {
      meta,
      hookEvent: optionalString(attachment, "hookEvent", "attachment"),
      hookName: optionalString(attachment, "hookName", "attachment"),
      content,
      text: content.join("\n"),
      isPersistedOutputPreview: first?.trimStart().startsWith(PERSISTED_OUTPUT_OPEN) === true,
      fromHook: true
    }
  };
}
function classifyKnown(type, record, meta) {
  switch (type) {
    case "progress":
      return skipped("progress", meta);
    case "assistant":
      return classifyAssistant(record, meta);
    case "system":
      return classifySystem(record, meta);
    case "attachment":
      return classifyAttachment(record, meta);
    case "user":
    case "summary":
    case "queue-operation":
    case "file-history-snapshot":
      return { kind: "other", meta };
    default: {
      const unreachable = type;
      throw new Error(`unhandled record type ${String(unreachable)}`);
    }
  }
}
function classifyRecord(value) {
  if (!isObject(value)) return { kind: "malformed", problem: "not a JSON object" };
  const type = value.type;
  if (typeof type !== "string") return { kind: "malformed", problem: "record.type is missing or not a string" };
  try {
    const meta = readMeta(value, type);
    if (optionalFlag(value, "isSidechain")) return skipped("sidechain", meta);
    if (!isKnownRecordType(type)) return skipped("unknown-type", meta);
    return classifyKnown(type, value, meta);
  } catch (error) {
    if (error instanceof ShapeProblem) return { kind: "malformed", problem: `${type} record: ${error.message}` };
    throw error;
  }
}
function notJson(error) {
  if (error instanceof SyntaxError) return { kind: "malformed", problem: `not JSON: ${error.message}` };
  throw error;
}
function classifyLine(text) {
  if (text.trim() === "") return { kind: "blank" };
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return notJson(error);
  }
  return classifyRecord(value);
}
function classifyLineWithValue(text) {
  if (text.trim() === "") return { line: { kind: "blank" }, value: void 0 };
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { line: notJson(error), value: void 0 };
  }
  return { line: classifyRecord(value), value };
}

// src/transcript/session-accumulator.ts
var MALFORMED_SAMPLE_LIMIT = 10;
function emptySkipCounts() {
  return { sidechain: 0, synthetic: 0, "api-error": 0, progress: 0, "unknown-type": 0 };
}
function zeroUsage() {
  return { inputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 0 };
}
function addUsage(target, usage, sign) {
  target.inputTokens += sign * usage.inputTokens;
  target.cacheCreationInputTokens += sign * usage.cacheCreationInputTokens;
  target.cacheReadInputTokens += sign * usage.cacheReadInputTokens;
  target.outputTokens += sign * usage.outputTokens;
}
function responseKey(record) {
  return record.requestId === null ? record.messageId : `${record.messageId}\0${record.requestId}`;
}
var SessionAccumulator = class {
  lineCount = 0;
  blankLines = 0;
  malformedLines = 0;
  malformedSamples = [];
  skipped = emptySkipCounts();
  sessionIds = [];
  seenSessionIds = /* @__PURE__ */ new Set();
  firstTimestamp = null;
  lastTimestamp = null;
  responses = /* @__PURE__ */ new Map();
  models = /* @__PURE__ */ new Map();
  totals = zeroUsage();
  assistantRecords = 0;
  firstContextTokens = null;
  peakContextTokens = null;
  lastAssistant = null;
  compactions = [];
  /** Compactions seen since the last assistant record: the next one gives their contextTokensAfter. */
  awaitingContextAfter = [];
  hookContexts = [];
  /** Classifies and adds the next line of the file (text without its newline). Returns the classification. */
  addLine(text) {
    const classified = classifyLine(text);
    this.add(classified);
    return classified;
  }
  /**
   * Counts the next line of the file without classifying it: a reader that knows from its bytes that the line has
   * nothing to count (see uncounted-line.ts) keeps later line numbers those of the file. It adds to `lines` only.
   */
  skipLine() {
    this.lineCount += 1;
  }
  /** Adds the next line of the file, already classified. Every line counts, so line numbers stay those of the file. */
  add(line) {
    this.lineCount += 1;
    const lineNumber = this.lineCount;
    switch (line.kind) {
      case "blank":
        this.blankLines += 1;
        return;
      case "malformed":
        this.malformedLines += 1;
        if (this.malformedSamples.length < MALFORMED_SAMPLE_LIMIT) {
          this.malformedSamples.push({ lineNumber, problem: line.problem });
        }
        return;
      case "skipped":
        this.skipped[line.reason] += 1;
        return;
      case "assistant":
        this.noteMeta(line.record.meta);
        this.addAssistant(line.record);
        return;
      case "compact-boundary": {
        this.noteMeta(line.record.meta);
        const compaction = {
          lineNumber,
          timestamp: line.record.meta.timestamp,
          trigger: line.record.trigger,
          preTokens: line.record.preTokens,
          postTokens: line.record.postTokens,
          contextTokensBefore: this.lastAssistant === null ? null : this.lastAssistant.contextTokens,
          contextTokensAfter: null
        };
        this.compactions.push(compaction);
        this.awaitingContextAfter.push(compaction);
        return;
      }
      case "hook-context":
        this.noteMeta(line.record.meta);
        this.hookContexts.push({ ...line.record, lineNumber });
        return;
      case "other":
        this.noteMeta(line.meta);
        return;
      default: {
        const unreachable = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
  }
  noteMeta(meta) {
    if (meta.sessionId !== null && !this.seenSessionIds.has(meta.sessionId)) {
      this.seenSessionIds.add(meta.sessionId);
      this.sessionIds.push(meta.sessionId);
    }
    if (meta.timestamp !== null) {
      if (this.firstTimestamp === null) this.firstTimestamp = meta.timestamp;
      this.lastTimestamp = meta.timestamp;
    }
  }
  addAssistant(record) {
    this.assistantRecords += 1;
    const context = record.contextTokens;
    if (this.firstContextTokens === null) this.firstContextTokens = context;
    if (this.peakContextTokens === null || context > this.peakContextTokens) this.peakContextTokens = context;
    this.lastAssistant = record;
    for (const compaction of this.awaitingContextAfter) compaction.contextTokensAfter = context;
    this.awaitingContextAfter.length = 0;
    const key = responseKey(record);
    const kept = this.responses.get(key);
    if (kept !== void 0) {
      if (record.usage.outputTokens < kept.usage.outputTokens) return;
      this.count(kept, -1);
    }
    const response = { usage: record.usage, model: record.model };
    this.responses.set(key, response);
    this.count(response, 1);
  }
  count(response, sign) {
    addUsage(this.totals, response.usage, sign);
    let model = this.models.get(response.model);
    if (model === void 0) {
      model = { model: response.model, apiResponses: 0, outputTokens: 0 };
      this.models.set(response.model, model);
    }
    model.apiResponses += sign;
    model.outputTokens += sign * response.usage.outputTokens;
  }
  /** Whether an API response of this key (responseKey) has been added already. */
  hasResponse(key) {
    return this.responses.has(key);
  }
  /** A snapshot of the figures so far (the accumulator can keep being fed). */
  result() {
    return {
      sessionIds: [...this.sessionIds],
      firstTimestamp: this.firstTimestamp,
      lastTimestamp: this.lastTimestamp,
      models: [...this.models.values()].filter((m) => m.apiResponses > 0).map((m) => ({ ...m })),
      firstContextTokens: this.firstContextTokens,
      finalContextTokens: this.lastAssistant === null ? null : this.lastAssistant.contextTokens,
      peakContextTokens: this.peakContextTokens,
      lastAssistant: this.lastAssistant,
      compactions: this.compactions.map((c) => ({ ...c })),
      apiResponses: this.responses.size,
      assistantRecords: this.assistantRecords,
      totals: { ...this.totals },
      hookContexts: [...this.hookContexts],
      skipped: { ...this.skipped },
      lines: this.lineCount,
      blankLines: this.blankLines,
      malformedLines: this.malformedLines,
      malformedSamples: this.malformedSamples.map((m) => ({ ...m }))
    };
  }
};

// src/transcript/iso-time.ts
var DIGIT_0 = 48;
var DIGIT_9 = 57;
var DASH = 45;
var T = 84;
var COLON = 58;
var DOT = 46;
var Z = 90;
function inRange(year, month, day, hour, minute, second, ms) {
  return year >= 1e3 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59 && ms >= 0;
}
function bytesDigits(line, start, length) {
  let n = 0;
  for (let i = start; i < start + length; i += 1) {
    const code = line[i];
    if (code < DIGIT_0 || code > DIGIT_9) return -1;
    n = n * 10 + (code - DIGIT_0);
  }
  return n;
}
function utc(year, month, day, hour, minute, second, ms) {
  return inRange(year, month, day, hour, minute, second, ms) ? Date.UTC(year, month - 1, day, hour, minute, second, ms) : Number.NaN;
}
function timeOfBytes(line, start, end) {
  if (end - start === 24 && line[start + 4] === DASH && line[start + 7] === DASH && line[start + 10] === T && line[start + 13] === COLON && line[start + 16] === COLON && line[start + 19] === DOT && line[start + 23] === Z) {
    const time = utc(
      bytesDigits(line, start, 4),
      bytesDigits(line, start + 5, 2),
      bytesDigits(line, start + 8, 2),
      bytesDigits(line, start + 11, 2),
      bytesDigits(line, start + 14, 2),
      bytesDigits(line, start + 17, 2),
      bytesDigits(line, start + 20, 3)
    );
    if (!Number.isNaN(time)) return time;
  }
  return Date.parse(line.toString("utf8", start, end));
}
var SCRATCH = Buffer.alloc(24 * 4);
function timeOfText(text) {
  if (text.length === 24 && SCRATCH.write(text, 0, "utf8") === 24) return timeOfBytes(SCRATCH, 0, 24);
  return Date.parse(text);
}

// src/transcript/uncounted-line.ts
var SPACE = 32;
var TAB = 9;
var CARRIAGE_RETURN = 13;
var QUOTE = 34;
var BACKSLASH = 92;
var COMMA = 44;
var COLON2 = 58;
var OPEN_BRACE = 123;
var CLOSE_BRACE = 125;
var OPEN_BRACKET = 91;
function ascii(text) {
  return Buffer.from(text, "latin1");
}
var TYPE_KEY = ascii("type");
var SIDECHAIN_KEY = ascii("isSidechain");
var FALSE = ascii("false");
var TRUE = ascii("true");
var TYPE_NAMES = KNOWN_RECORD_TYPES.map((type) => [type, Buffer.from(type)]);
var TIMESTAMP_KEY = Buffer.from('"timestamp"');
var TIMESTAMP_KEY_PART = TIMESTAMP_KEY.subarray(3, TIMESTAMP_KEY.length - 1);
var KEY_PART_AT = 3;
var LOWER_T = 116;
var LOWER_I = 105;
function isSpace(byte) {
  return byte === SPACE || byte === TAB || byte === CARRIAGE_RETURN;
}
function skipSpace(line, index, length) {
  let i = index;
  while (i < length && isSpace(line[i])) i += 1;
  return i;
}
function byteAt(line, i, length) {
  return i < length ? line[i] : -1;
}
function bytesEqual(line, start, end, expected) {
  if (end - start !== expected.length) return false;
  for (let i = 0; i < expected.length; i += 1) if (line[start + i] !== expected[i]) return false;
  return true;
}
var UNCLOSED = -1;
function stringEnd(line, open, length) {
  let escaped = false;
  for (let i = open + 1; i < length; i += 1) {
    const byte = line[i];
    if (byte === QUOTE) return escaped ? escapedEnd(i) : i;
    if (byte === BACKSLASH) {
      escaped = true;
      i += 1;
    }
  }
  return UNCLOSED;
}
function escapedEnd(close) {
  return -2 - close;
}
function closingQuote(end) {
  return end >= 0 ? end : escapedEnd(end);
}
function recordTypeOf(line, start, end) {
  for (const [type, name] of TYPE_NAMES) if (bytesEqual(line, start, end, name)) return type;
  return "unknown";
}
var HEADS = new Map(
  [...KNOWN_RECORD_TYPES, "unknown", null].map((type) => [
    type,
    [
      { type, mainChain: false },
      { type, mainChain: true }
    ]
  ])
);
function recordHead(type, mainChain) {
  return HEADS.get(type)[mainChain ? 1 : 0];
}
function readRecordHead(line, from, to, holder) {
  let template = holder.template;
  const length = to;
  let end = length - 1;
  while (end >= from && isSpace(line[end])) end -= 1;
  if (end < from + 1 || line[end] !== CLOSE_BRACE) return null;
  let i = skipSpace(line, from, length);
  if (byteAt(line, i, length) !== OPEN_BRACE) return null;
  i += 1;
  let type = null;
  let mainChain = true;
  let secondStart = 0;
  let laterMainChain = null;
  for (let member = 0; ; member += 1) {
    if (member === 1) {
      secondStart = i;
      if (template !== null) {
        const n = template.bytes.length;
        if (i + n <= length && line.compare(template.bytes, 0, n, i, i + n) === 0) {
          if (template.mainChain !== null) mainChain = template.mainChain;
          i += n;
          secondStart = -1;
        }
      }
    }
    const memberStart = i;
    i = skipSpace(line, i, length);
    if (byteAt(line, i, length) !== QUOTE) return null;
    const keyStart = i + 1;
    const keyEnd = stringEnd(line, i, length);
    if (keyEnd < 0) return null;
    i = skipSpace(line, keyEnd + 1, length);
    if (byteAt(line, i, length) !== COLON2) return null;
    i = skipSpace(line, i + 1, length);
    const first = byteAt(line, i, length);
    const isType = bytesEqual(line, keyStart, keyEnd, TYPE_KEY);
    const next = member >= 1 && secondStart >= 0 && (isType || first === OPEN_BRACE || first === OPEN_BRACKET) ? { bytes: Buffer.from(line.subarray(secondStart, memberStart)), mainChain: laterMainChain } : template;
    if (next !== template) {
      template = next;
      holder.template = next;
      secondStart = -1;
    }
    if (first === OPEN_BRACE || first === OPEN_BRACKET) return recordHead(type, mainChain);
    const isSidechain = !isType && bytesEqual(line, keyStart, keyEnd, SIDECHAIN_KEY);
    if (first === QUOTE) {
      const end2 = stringEnd(line, i, length);
      if (end2 === UNCLOSED || isType && end2 < 0 || isSidechain) return null;
      if (isType) type = recordTypeOf(line, i + 1, end2);
      i = closingQuote(end2) + 1;
    } else {
      const start = i;
      while (i < length && line[i] !== COMMA && line[i] !== CLOSE_BRACE && !isSpace(line[i])) i += 1;
      if (isType) return null;
      if (isSidechain) {
        if (bytesEqual(line, start, i, FALSE)) mainChain = true;
        else if (bytesEqual(line, start, i, TRUE)) mainChain = false;
        else return null;
        if (member >= 1) laterMainChain = mainChain;
      }
    }
    i = skipSpace(line, i, length);
    if (byteAt(line, i, length) === COMMA) i += 1;
    else if (byteAt(line, i, length) === CLOSE_BRACE) return recordHead(type, mainChain);
    else return null;
  }
}
function typeMayCount(type) {
  switch (type) {
    case "assistant":
    // usage
    case "system":
    // compact_boundary
    case "attachment":
      return true;
    case "user":
    case "progress":
    case "summary":
    case "queue-operation":
    case "file-history-snapshot":
      return false;
    default: {
      const unreachable = type;
      throw new Error(`unhandled record type ${String(unreachable)}`);
    }
  }
}
function typeKeepsTimestamp(type) {
  return type !== "progress";
}
function timestampTimes(line) {
  const times = [];
  for (let part = line.indexOf(TIMESTAMP_KEY_PART); part !== -1; part = line.indexOf(TIMESTAMP_KEY_PART, part + 1)) {
    const at = part - KEY_PART_AT;
    const after = part + TIMESTAMP_KEY_PART.length;
    if (at < 0 || line[at] !== QUOTE || line[at + 1] !== LOWER_T || line[at + 2] !== LOWER_I || line[after] !== QUOTE) continue;
    const colon = skipSpace(line, after + 1, line.length);
    if (line[colon] !== COLON2) continue;
    const open = skipSpace(line, colon + 1, line.length);
    if (line[open] !== QUOTE) continue;
    const close = stringEnd(line, open, line.length);
    if (close < 0) return null;
    const time = timeOfBytes(line, open + 1, close);
    if (!Number.isNaN(time)) times.push(time);
  }
  return times;
}
var UncountedLineReader = class {
  /** The previous line's HeadTemplate (readRecordHead updates it). */
  previous = { template: null };
  /** The times for the line `line[start, end)` (the whole buffer by default): see uncountedLineTimes. */
  times(line, start = 0, end = line.length) {
    const head = readRecordHead(line, start, end, this.previous);
    if (head === null || head.type === null) return null;
    if (head.type === "unknown") return [];
    if (typeMayCount(head.type)) return null;
    if (!head.mainChain || !typeKeepsTimestamp(head.type)) return [];
    return timestampTimes(start === 0 && end === line.length ? line : line.subarray(start, end));
  }
};

// src/core/builtin-at-use.ts
function builtin(name) {
  if (typeof process.getBuiltinModule === "function") return process.getBuiltinModule(name);
  return __require(name);
}
function nodeCrypto() {
  return builtin("node:crypto");
}

// src/core/content-hash.ts
var createHash = null;
function contentHash(text) {
  createHash ??= nodeCrypto().createHash;
  return createHash("sha1").update(text).digest("base64url").slice(0, 20);
}

// src/core/error-details.ts
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/core/savings/saved-output.ts
var SAVED_TO = /Full output saved to: ([^\n]+)\n/;
function sessionFolderOf(transcriptPath) {
  return path.join(path.dirname(path.resolve(transcriptPath)), path.basename(transcriptPath, ".jsonl"));
}
function inside(path$1, folder) {
  return path$1.startsWith(folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`);
}
function savedOutputPathOf(record, transcriptPath) {
  if (!record.isPersistedOutputPreview) return null;
  const named = SAVED_TO.exec(record.content[0] ?? "")?.[1]?.trim();
  if (named === void 0 || named === "" || !path.isAbsolute(named)) return null;
  const path$1 = path.resolve(named);
  return inside(path$1, sessionFolderOf(transcriptPath)) ? path$1 : null;
}

// src/core/savings/session-time-span.ts
var TimeSpan = class {
  first = null;
  last = null;
  /** Folds one record's timestamp; returns whether either end moved. */
  fold(at, lineNumber) {
    const ms = timeOfText(at);
    if (Number.isNaN(ms)) return false;
    const before = this.movesFirst(ms, lineNumber);
    const after = this.movesLast(ms, lineNumber);
    if (before) this.first = { ms, at, lineNumber };
    if (after) this.last = { ms, at, lineNumber };
    return before || after;
  }
  /** Whether a record of this line with a timestamp among `times` (Date.parse values) could move either end. */
  couldMove(times, lineNumber) {
    return times.some((ms) => this.movesFirst(ms, lineNumber) || this.movesLast(ms, lineNumber));
  }
  movesFirst(ms, lineNumber) {
    const first = this.first;
    return first === null || ms < first.ms || ms === first.ms && lineNumber < first.lineNumber;
  }
  movesLast(ms, lineNumber) {
    const last = this.last;
    return last === null || ms > last.ms || ms === last.ms && lineNumber < last.lineNumber;
  }
};
var MAX_HELD_LINES = 256;
var MAX_HELD_CHUNK_BYTES = 8 * 1024 * 1024;
var HeldLines = class {
  constructor(span, parse) {
    this.span = span;
    this.parse = parse;
  }
  span;
  parse;
  lines = [];
  /** Each read chunk a held line is a view of, with how many held lines point into it. */
  chunks = /* @__PURE__ */ new Map();
  chunkBytes = 0;
  /**
   * Holds the skipped line `buffer[start, end)` if its timestamp (one of `times`) could move the span now (else it never
   * can: the span only widens).
   */
  offer(buffer, start, end, lineNumber, times) {
    if (times.length === 0 || !this.span.couldMove(times, lineNumber)) return;
    const bytes = start === 0 && end === buffer.length ? buffer : buffer.subarray(start, end);
    const line = { bytes, lineNumber, times };
    this.lines.push(line);
    this.keep(line);
    if (this.lines.length > MAX_HELD_LINES || this.chunkBytes > MAX_HELD_CHUNK_BYTES)
      this.settle(MAX_HELD_LINES / 2, MAX_HELD_CHUNK_BYTES / 2);
  }
  /** The reader is about to read into `chunk` again: drops the lines that no longer matter, copies the others in it. */
  beforeChunkReuse(chunk) {
    this.dropSettled();
    for (const line of this.lines) {
      if (line.bytes.buffer !== chunk.buffer) continue;
      this.release(line);
      line.bytes = Buffer.from(line.bytes);
      this.keep(line);
    }
  }
  /** At the end of the file: parses every held line that still matters. */
  finish() {
    this.settle(0, 0);
  }
  /** Drops the lines that no longer matter, then parses the newest (most likely to settle the others) down to the bounds. */
  settle(maxLines, maxChunkBytes) {
    this.dropSettled();
    while (this.lines.length > maxLines || this.lines.length > 0 && this.chunkBytes > maxChunkBytes) {
      const line = this.lines.pop();
      this.release(line);
      const first = this.span.first;
      const last = this.span.last;
      this.parse(line);
      if (this.span.first !== first || this.span.last !== last) this.dropSettled();
    }
  }
  dropSettled() {
    const kept = [];
    for (const line of this.lines) {
      if (this.span.couldMove(line.times, line.lineNumber)) kept.push(line);
      else this.release(line);
    }
    this.lines = kept;
  }
  keep(line) {
    const count = this.chunks.get(line.bytes.buffer) ?? 0;
    if (count === 0) this.chunkBytes += line.bytes.buffer.byteLength;
    this.chunks.set(line.bytes.buffer, count + 1);
  }
  release(line) {
    const count = this.chunks.get(line.bytes.buffer);
    if (count > 1) this.chunks.set(line.bytes.buffer, count - 1);
    else {
      this.chunks.delete(line.bytes.buffer);
      this.chunkBytes -= line.bytes.buffer.byteLength;
    }
  }
};

// src/core/savings/partial-output-versions.ts
var FIRST_FULL_OUTPUT_VERSION = "2.1.97";
function versionNumbers(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (match === null) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}
function recordsPartialOutput(version) {
  const mine = versionNumbers(version);
  const first = versionNumbers(FIRST_FULL_OUTPUT_VERSION);
  if (mine === null) return null;
  for (let i = 0; i < 3; i += 1) {
    if (mine[i] !== first[i]) return mine[i] < first[i];
  }
  return false;
}

// src/core/savings/savings-scan.ts
var THREADMIND_HEADER_PREFIX = "ThreadMind memory, loaded ";
var MAX_POINTS_PER_SESSION = 400;
var VERSIONS_KEPT = 10;
var MALFORMED_LINES_KEPT = 10;
var PROGRESS_EVERY_BYTES = 4 * 1024 * 1024;
var CLEAR_COMMAND = "<command-name>/clear</command-name>";
var CLEAR_HOOK_NAME = "SessionStart:clear";
var PLAN_CONTENT_FIELD = '"planContent"';
var PLAN_PROMPT = "Implement the following plan:";
var EXIT_PLAN_TOOL = "ExitPlanMode";
var ThinnedSeries = class {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  points = [];
  stride = 1;
  last = null;
  add(point) {
    this.last = point;
    if (point.index % this.stride !== 0) return;
    this.points.push(point);
    if (this.points.length >= this.limit) {
      this.stride *= 2;
      this.points = this.points.filter((p) => p.index % this.stride === 0);
    }
  }
  /** Replaces the newest point's value (a streamed copy of the same response). */
  updateLast(point) {
    this.last = point;
    const tail = this.points[this.points.length - 1];
    if (tail !== void 0 && tail.index === point.index) this.points[this.points.length - 1] = point;
  }
  result() {
    const out = [...this.points];
    if (this.last !== null && out[out.length - 1]?.index !== this.last.index) out.push(this.last);
    return out;
  }
};
function parseHeader(text) {
  const start = text.indexOf(THREADMIND_HEADER_PREFIX);
  const newline = text.indexOf("\n", start);
  const line = text.slice(start, newline === -1 ? void 0 : newline);
  const rest = line.slice(THREADMIND_HEADER_PREFIX.length);
  const source = rest.startsWith("after /clear") ? "clear" : rest.startsWith("after compaction") ? "compact" : rest.startsWith("at session start") ? "startup" : null;
  const id = /\(([a-z0-9-]+)\)\. /.exec(line);
  return { source, threadId: id ? id[1] : null };
}
function jsonObject(value) {
  return typeof value === "object" && value !== null ? value : null;
}
function messageContent(value) {
  return value.message?.content;
}
function userTexts(value) {
  const content = messageContent(value);
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap(
    (b) => typeof b === "object" && b !== null && "text" in b && typeof b.text === "string" ? [b.text] : []
  );
}
function isBranchCopy(value) {
  const record = jsonObject(value);
  if (record === null) return false;
  const forkedFrom = record.forkedFrom;
  return typeof forkedFrom === "object" && forkedFrom !== null;
}
function mainUserRecord(parsed) {
  const value = jsonObject(parsed);
  if (value === null) return null;
  const record = value;
  return record.type === "user" && record.isSidechain !== true ? value : null;
}
function isClearCommand(parsed) {
  const record = mainUserRecord(parsed);
  if (record === null || !userTexts(record).some((t) => t.includes(CLEAR_COMMAND))) return null;
  return { at: typeof record.timestamp === "string" ? record.timestamp : null };
}
function planStartOf(parsed) {
  const record = mainUserRecord(parsed);
  if (record === null) return null;
  const at = typeof record.timestamp === "string" ? record.timestamp : null;
  if (typeof record.planContent === "string" && record.planContent.trim() !== "") {
    return { at, evidence: "planContent", textHash: contentHash(record.planContent.trim()) };
  }
  const first = userTexts(record)[0]?.trimStart();
  if (first === void 0 || !first.startsWith(PLAN_PROMPT)) return null;
  return { at, evidence: "prompt-text", textHash: contentHash(first.slice(PLAN_PROMPT.length).trim()) };
}
function exitPlanTexts(value) {
  const record = jsonObject(value);
  if (record === null) return [];
  const content = messageContent(record);
  if (!Array.isArray(content)) return [];
  return content.flatMap((b) => {
    if (typeof b !== "object" || b === null) return [];
    const block = b;
    if (block.type !== "tool_use" || block.name !== EXIT_PLAN_TOOL) return [];
    const plan = typeof block.input === "object" && block.input !== null ? block.input.plan : void 0;
    return [typeof plan === "string" && plan.trim() !== "" ? plan.trim() : null];
  });
}
function stringField(value, key) {
  const record = jsonObject(value);
  if (record === null) return null;
  const field = record[key];
  return typeof field === "string" && field !== "" ? field : null;
}
function isClearHookRecord(parsed) {
  const value = jsonObject(parsed);
  if (value === null) return false;
  const record = value;
  if (record.type === "attachment") return record.attachment?.hookName === CLEAR_HOOK_NAME;
  if (record.type === "progress") return record.data?.hookName === CLEAR_HOOK_NAME;
  return false;
}
function callsSummaryUpdate(value) {
  const record = jsonObject(value);
  if (record === null) return false;
  const content = messageContent(record);
  if (!Array.isArray(content)) return false;
  return content.some(
    (b) => typeof b === "object" && b !== null && b.type === "tool_use" && typeof b.name === "string" && b.name.endsWith("summary_update")
  );
}
function metaOf(line) {
  switch (line.kind) {
    case "other":
    case "skipped":
      return line.meta;
    case "assistant":
    case "compact-boundary":
    case "hook-context":
      return line.record.meta;
    case "blank":
    case "malformed":
      return null;
    default: {
      const unreachable = line;
      throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
    }
  }
}
var COPIED_FROM_KEPT = 10;
function withoutText(record) {
  return { ...record, content: [], text: "" };
}
function injectionSeen(record, lineNumber, segment, savedOutputPath) {
  return {
    lineNumber,
    at: record.meta.timestamp,
    segment,
    chars: record.text.length,
    contentHash: contentHash(record.text),
    preview: record.isPersistedOutputPreview,
    previewText: record.isPersistedOutputPreview ? record.text : null,
    savedOutputPath,
    source: null,
    threadId: null
  };
}
var UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
var idleReadBuffer = null;
async function scanSession(file, onBytes, options = {}) {
  const name = fileNameId(file.path);
  const ownId = UUID_NAME.test(name) ? name : null;
  const first = await scanFile(file, onBytes, options, ownId);
  if (first.ownSeen || first.copiedLines === 0) return first.session;
  return (await scanFile(file, onBytes, options, null)).session;
}
function fileNameId(path) {
  return path.split(/[\\/]/).pop().replace(/\.jsonl$/, "");
}
async function scanFile(file, onBytes, options, ownId) {
  const accumulator = new SessionAccumulator();
  const series = new ThinnedSeries(MAX_POINTS_PER_SESSION);
  const threadMindInjections = [];
  const otherInjections = [];
  const summaryWrites = [];
  const boundaryResponses = [];
  const span = new TimeSpan();
  let clearCommandAt = null;
  let clearHookSeen = false;
  let planStart = null;
  const malformedLineNumbers = [];
  const lateMalformed = [];
  let lineNumber = 0;
  let unparsedLines = 0;
  let responses = 0;
  let lastKey = null;
  let truncatedLastLine = false;
  let bytesSeen = 0;
  let bytesReported = 0;
  const name = fileNameId(file.path);
  let ownSeen = false;
  let copiedLines = 0;
  const copiedKeys = /* @__PURE__ */ new Set();
  const copiedFromSessions = [];
  let slug = null;
  const planCalls = /* @__PURE__ */ new Map();
  const versions = [];
  let partialOutputCounts = false;
  let sessionIdKnown = UUID_NAME.test(name);
  const skipping = options.parseEveryLine !== true;
  const uncounted = new UncountedLineReader();
  const held = new HeldLines(span, (line) => {
    const classified = classifyLine(line.bytes.toString("utf8"));
    switch (classified.kind) {
      case "other":
        if (classified.meta.timestamp !== null) span.fold(classified.meta.timestamp, line.lineNumber);
        return;
      case "malformed":
        lateMalformed.push(line.lineNumber);
        return;
      case "skipped":
      case "blank":
        return;
      case "assistant":
      case "compact-boundary":
      case "hook-context":
        throw new Error(`line ${line.lineNumber} of ${file.path} was skipped unparsed but is a ${classified.kind} record`);
      default: {
        const unreachable = classified;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
  });
  const onLine = (buffer2, start, end, terminated) => {
    lineNumber += 1;
    bytesSeen += end - start + (terminated ? 1 : 0);
    if (onBytes !== void 0 && bytesSeen - bytesReported >= PROGRESS_EVERY_BYTES) {
      bytesReported = bytesSeen;
      onBytes(bytesSeen);
    }
    if (skipping && terminated && responses > 0 && sessionIdKnown) {
      const times = uncounted.times(buffer2, start, end);
      if (times !== null) {
        unparsedLines += 1;
        accumulator.skipLine();
        held.offer(buffer2, start, end, lineNumber, times);
        return;
      }
    }
    const text = buffer2.toString("utf8", start, end);
    const { line: classified, value } = classifyLineWithValue(text);
    if (classified.kind === "malformed") {
      if (!terminated) truncatedLastLine = true;
      if (malformedLineNumbers.length < MALFORMED_LINES_KEPT) malformedLineNumbers.push(lineNumber);
    }
    const meta = metaOf(classified);
    const recordSession = meta?.sessionId ?? null;
    if (recordSession !== null && recordSession === ownId) ownSeen = true;
    const otherSession = ownId !== null && !ownSeen && recordSession !== null && recordSession !== ownId;
    if (otherSession) {
      copiedLines += 1;
      if (!copiedFromSessions.includes(recordSession) && copiedFromSessions.length < COPIED_FROM_KEPT)
        copiedFromSessions.push(recordSession);
      if (classified.kind === "assistant") copiedKeys.add(responseKey(classified.record));
    }
    const copied = otherSession || isBranchCopy(value);
    if (responses === 0 && !copied) {
      if (clearCommandAt === null && text.includes(CLEAR_COMMAND)) clearCommandAt = isClearCommand(value)?.at ?? clearCommandAt;
      if (!clearHookSeen && text.includes(CLEAR_HOOK_NAME)) clearHookSeen = isClearHookRecord(value);
      if (planStart === null && (text.includes(PLAN_CONTENT_FIELD) || text.includes(PLAN_PROMPT))) planStart = planStartOf(value);
    }
    switch (classified.kind) {
      case "assistant": {
        if (copied) {
          accumulator.add({ kind: "other", meta: classified.record.meta });
          break;
        }
        const key = responseKey(classified.record);
        const at = classified.record.meta.timestamp;
        if (key === lastKey) series.updateLast({ index: responses - 1, at, tokens: classified.record.contextTokens });
        else if (accumulator.hasResponse(key)) ; else {
          series.add({ index: responses, at, tokens: classified.record.contextTokens });
          responses += 1;
          lastKey = key;
        }
        accumulator.add(classified);
        if (slug === null) slug = stringField(value, "slug");
        const version = stringField(value, "version");
        if (version !== null) {
          if (!versions.includes(version) && versions.length < VERSIONS_KEPT) versions.push(version);
          if (recordsPartialOutput(version) === true) partialOutputCounts = true;
        }
        for (const plan of exitPlanTexts(value)) {
          const textHash = plan === null ? null : contentHash(plan);
          planCalls.delete(textHash ?? "");
          planCalls.set(textHash ?? "", { textHash, at, contextTokens: classified.record.contextTokens });
        }
        if (callsSummaryUpdate(value)) {
          const write = {
            segment: boundaryResponses.length,
            at,
            contextTokens: classified.record.contextTokens
          };
          if (summaryWrites.at(-1)?.segment === write.segment) summaryWrites[summaryWrites.length - 1] = write;
          else summaryWrites.push(write);
        }
        break;
      }
      case "hook-context": {
        const record = classified.record;
        if (copied) {
          accumulator.add({ kind: "other", meta: record.meta });
          break;
        }
        const seen = injectionSeen(record, lineNumber, boundaryResponses.length, savedOutputPathOf(record, file.path));
        if (record.text.includes(THREADMIND_HEADER_PREFIX)) threadMindInjections.push({ ...seen, ...parseHeader(record.text) });
        else otherInjections.push(seen);
        accumulator.add({ kind: "hook-context", record: withoutText(record) });
        break;
      }
      case "compact-boundary":
        if (copied) {
          accumulator.add({ kind: "other", meta: classified.record.meta });
          break;
        }
        boundaryResponses.push(responses);
        accumulator.add(classified);
        break;
      case "blank":
      case "malformed":
      case "skipped":
      case "other":
        accumulator.add(classified);
        break;
      default: {
        const unreachable = classified;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
    if (meta !== null && !otherSession && classified.kind !== "skipped") {
      if (meta.sessionId !== null) sessionIdKnown = true;
      if (meta.timestamp !== null) span.fold(meta.timestamp, lineNumber);
    }
  };
  const buffer = idleReadBuffer ?? Buffer.allocUnsafeSlow(DEFAULT_STREAM_CHUNK_BYTES);
  idleReadBuffer = null;
  let bytesRead;
  try {
    ({ bytesRead } = await forEachByteRange(file.path, onLine, {
      beforeChunkReuse: (chunk) => held.beforeChunkReuse(chunk),
      buffer
    }));
    held.finish();
  } finally {
    idleReadBuffer = buffer;
  }
  if (onBytes !== void 0) onBytes(bytesRead);
  const figures = accumulator.result();
  const compactions = figures.compactions.map((c, i) => ({ ...c, responsesBefore: boundaryResponses[i] }));
  const session = {
    path: file.path,
    folder: file.folder,
    sessionId: UUID_NAME.test(name) ? name : figures.sessionIds[0] ?? name,
    bytes: bytesRead,
    startedAt: span.first?.at ?? null,
    endedAt: span.last?.at ?? null,
    clearCommandAt,
    clearHookSeen,
    planStart,
    slug,
    planCalls: [...planCalls.values()],
    copiedResponses: copiedKeys.size,
    copiedFromSessions,
    claudeCodeVersions: versions,
    partialOutputCounts,
    firstContextTokens: figures.firstContextTokens,
    finalContextTokens: figures.finalContextTokens,
    peakContextTokens: figures.peakContextTokens,
    apiResponses: figures.apiResponses,
    outputTokens: figures.totals.outputTokens,
    compactions,
    threadMindInjections,
    otherInjections,
    summaryWrites,
    points: series.result(),
    malformedLines: figures.malformedLines + lateMalformed.length,
    malformedLineNumbers: lateMalformed.length === 0 ? malformedLineNumbers : [...malformedLineNumbers, ...lateMalformed].sort((a, b) => a - b).slice(0, MALFORMED_LINES_KEPT),
    lines: lineNumber,
    unparsedLines,
    truncatedLastLine
  };
  return { session, ownSeen, copiedLines };
}

// src/core/savings/scan-worker.ts
var port = worker_threads.parentPort;
if (port === null) throw new Error("scan-worker.cjs runs as a worker thread of the report");
var post = (reply) => port.postMessage(reply);
async function work(request) {
  const claim = new Int32Array(request.claim);
  for (; ; ) {
    if (request.stopFlag !== null && Atomics.load(claim, request.stopFlag) !== 0) break;
    const at = Atomics.add(claim, 0, 1);
    if (at >= request.files.length) break;
    const file = request.files[at];
    post({ kind: "progress", index: file.index, bytes: 0 });
    try {
      const session = await scanSession(file, (bytes) => post({ kind: "progress", index: file.index, bytes }));
      post({ kind: "done", index: file.index, session });
    } catch (error) {
      post({ kind: "failed", index: file.index, message: messageOf(error) });
    }
  }
  post({ kind: "finished" });
}
port.once("message", (request) => {
  void work(request);
});
