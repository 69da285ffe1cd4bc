// Line classifier: one transcript JSONL line → a typed record, a skip reason, blank, or malformed (with the problem).
import { KNOWN_RECORD_TYPES } from "./types.js";
import type { ClassifiedLine, KnownRecordType, RecordMeta, SkipReason, TokenUsage } from "./types.js";

type JsonObject = Record<string, unknown>;

/** A field was present with the wrong shape: the line is malformed. */
class ShapeProblem extends Error {}

const SYNTHETIC_MODEL = "<synthetic>";
export const PERSISTED_OUTPUT_OPEN = "<persisted-output>";

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isKnownRecordType(type: string): type is KnownRecordType {
  return (KNOWN_RECORD_TYPES as readonly string[]).includes(type);
}

function optionalString(obj: JsonObject, key: string, where: string): string | null {
  const value = obj[key];
  if (value === undefined) return null;
  if (typeof value !== "string") throw new ShapeProblem(`${where}.${key} is not a string`);
  return value;
}

function requiredString(obj: JsonObject, key: string, where: string): string {
  const value = obj[key];
  if (typeof value !== "string") throw new ShapeProblem(`${where}.${key} is missing or not a string`);
  return value;
}

function isTokenCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function requiredCount(obj: JsonObject, key: string, where: string): number {
  const value = obj[key];
  if (!isTokenCount(value)) throw new ShapeProblem(`${where}.${key} is missing or not a token count`);
  return value;
}

/** The Messages API documents the cache fields as nullable; absent and null both mean no cache tokens. */
function cacheCount(obj: JsonObject, key: string, where: string): number {
  const value = obj[key];
  if (value === undefined || value === null) return 0;
  if (!isTokenCount(value)) throw new ShapeProblem(`${where}.${key} is not a token count`);
  return value;
}

function optionalCount(obj: JsonObject, key: string, where: string): number | null {
  const value = obj[key];
  if (value === undefined || value === null) return null;
  if (!isTokenCount(value)) throw new ShapeProblem(`${where}.${key} is not a token count`);
  return value;
}

function optionalFlag(obj: JsonObject, key: string): boolean {
  const value = obj[key];
  if (value === undefined) return false;
  if (typeof value !== "boolean") throw new ShapeProblem(`${key} is not a boolean`);
  return value;
}

function requiredObject(obj: JsonObject, key: string, where: string): JsonObject {
  const value = obj[key];
  if (!isObject(value)) throw new ShapeProblem(`${where}.${key} is missing or not an object`);
  return value;
}

/** Context size an API response saw: input + cache creation + cache read. */
export function contextTokensOf(usage: TokenUsage): number {
  return usage.inputTokens + usage.cacheCreationInputTokens + usage.cacheReadInputTokens;
}

function readMeta(record: JsonObject, type: string): RecordMeta {
  return {
    type,
    sessionId: optionalString(record, "sessionId", "record"),
    timestamp: optionalString(record, "timestamp", "record"),
    uuid: optionalString(record, "uuid", "record"),
  };
}

function skipped(reason: SkipReason, meta: RecordMeta): ClassifiedLine {
  return { kind: "skipped", reason, meta };
}

function classifyAssistant(record: JsonObject, meta: RecordMeta): ClassifiedLine {
  if (optionalFlag(record, "isApiErrorMessage")) return skipped("api-error", meta);
  const message = requiredObject(record, "message", "record");
  const model = requiredString(message, "model", "message");
  if (model === SYNTHETIC_MODEL) return skipped("synthetic", meta);
  const usage = requiredObject(message, "usage", "message");
  const tokens: TokenUsage = {
    inputTokens: requiredCount(usage, "input_tokens", "usage"),
    cacheCreationInputTokens: cacheCount(usage, "cache_creation_input_tokens", "usage"),
    cacheReadInputTokens: cacheCount(usage, "cache_read_input_tokens", "usage"),
    outputTokens: requiredCount(usage, "output_tokens", "usage"),
  };
  return {
    kind: "assistant",
    record: {
      meta,
      messageId: requiredString(message, "id", "message"),
      requestId: optionalString(record, "requestId", "record"),
      model,
      usage: tokens,
      contextTokens: contextTokensOf(tokens),
    },
  };
}

function classifySystem(record: JsonObject, meta: RecordMeta): ClassifiedLine {
  if (optionalString(record, "subtype", "record") !== "compact_boundary") return { kind: "other", meta };
  const metadata = record.compactMetadata;
  if (metadata === undefined) {
    return { kind: "compact-boundary", record: { meta, trigger: null, preTokens: null, postTokens: null } };
  }
  if (!isObject(metadata)) throw new ShapeProblem("record.compactMetadata is not an object");
  return {
    kind: "compact-boundary",
    record: {
      meta,
      trigger: optionalString(metadata, "trigger", "compactMetadata"),
      preTokens: optionalCount(metadata, "preTokens", "compactMetadata"),
      postTokens: optionalCount(metadata, "postTokens", "compactMetadata"),
    },
  };
}

function classifyAttachment(record: JsonObject, meta: RecordMeta): ClassifiedLine {
  const attachment = requiredObject(record, "attachment", "record");
  if (optionalString(attachment, "type", "attachment") !== "hook_additional_context") return { kind: "other", meta };
  const content = attachment.content;
  if (!Array.isArray(content) || !content.every((item): item is string => typeof item === "string")) {
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
      fromHook: true,
    },
  };
}

function classifyKnown(type: KnownRecordType, record: JsonObject, meta: RecordMeta): ClassifiedLine {
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
      const unreachable: never = type;
      throw new Error(`unhandled record type ${String(unreachable)}`);
    }
  }
}

/** Classifies one already-parsed JSON value (one transcript record). */
export function classifyRecord(value: unknown): ClassifiedLine {
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

/** A line that is not JSON, from JSON.parse's error (any other error is thrown on). */
function notJson(error: unknown): ClassifiedLine {
  if (error instanceof SyntaxError) return { kind: "malformed", problem: `not JSON: ${error.message}` };
  throw error;
}

/** Classifies one line of a transcript (without its newline). */
export function classifyLine(text: string): ClassifiedLine {
  if (text.trim() === "") return { kind: "blank" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return notJson(error);
  }
  return classifyRecord(value);
}

/** classifyLine, with the line's parsed JSON value (undefined for a blank line or one that is not JSON): for the report's scan, which reads more of a record than the classification. */
export function classifyLineWithValue(text: string): { line: ClassifiedLine; value: unknown } {
  if (text.trim() === "") return { line: { kind: "blank" }, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { line: notJson(error), value: undefined };
  }
  return { line: classifyRecord(value), value };
}
