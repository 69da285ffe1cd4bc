// Codex rollout line classifier: one `{timestamp, type, payload}` JSONL line of a Codex rollout → the library's ClassifiedLine.
// Codex writes no per-response record: a response is its `event_msg` / `token_count` line, whose
// `info.last_token_usage.input_tokens` is that one request's size, cached tokens included (do not add them again).
import type { ClassifiedLine, RecordMeta, TokenUsage } from "../types.js";

type JsonObject = Record<string, unknown>;

/** Top-level line types a Codex rollout holds (codex-cli 0.171.0). Anything else is skipped as "unknown-type". */
export const ROLLOUT_LINE_TYPES = ["session_meta", "turn_context", "response_item", "event_msg", "compacted"] as const;
type RolloutLineType = (typeof ROLLOUT_LINE_TYPES)[number];

/** The text Codex puts in front of a hook context it cut to its cap (the model gets a preview, not the text). */
export const CODEX_PREVIEW_OPEN = "Warning: truncated output";

/** The model named when no turn_context line came before a token count. */
export const UNKNOWN_CODEX_MODEL = "unknown";

/** A field was present with the wrong shape: the line is malformed. */
class ShapeProblem extends Error {}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isRolloutLineType(type: string): type is RolloutLineType {
  return (ROLLOUT_LINE_TYPES as readonly string[]).includes(type);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function count(obj: JsonObject, key: string, where: string): number {
  const value = obj[key];
  if (value === undefined || value === null) return 0;
  if (!isCount(value)) throw new ShapeProblem(`${where}.${key} is not a token count`);
  return value;
}

function requiredCount(obj: JsonObject, key: string, where: string): number {
  const value = obj[key];
  if (!isCount(value)) throw new ShapeProblem(`${where}.${key} is missing or not a token count`);
  return value;
}

function optionalString(obj: JsonObject, key: string, where: string): string | null {
  const value = obj[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new ShapeProblem(`${where}.${key} is not a string`);
  return value;
}

function requiredObject(obj: JsonObject, key: string, where: string): JsonObject {
  const value = obj[key];
  if (!isObject(value)) throw new ShapeProblem(`${where}.${key} is missing or not an object`);
  return value;
}

/**
 * Classifies the lines of one rollout in file order. Stateful: a token count takes the model of the last turn_context
 * line before it. Feed one classifier per file.
 */
export class RolloutClassifier {
  private model: string = UNKNOWN_CODEX_MODEL;
  private sessionId: string | null = null;
  /** The running totals of the last token count: a line with the same ones is a copy (no new request). */
  private lastResponseKey: string | null = null;
  /** The model the line just classified named: a turn_context line's, else null (read backwards, see read-rollout-tail.ts). */
  namedModel: string | null = null;

  /** Classifies the next line of the rollout (text without its newline). */
  classifyLine(text: string): ClassifiedLine {
    this.namedModel = null;
    if (text.trim() === "") return { kind: "blank" };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      if (error instanceof SyntaxError) return { kind: "malformed", problem: `not JSON: ${error.message}` };
      throw error;
    }
    return this.classifyValue(value);
  }

  /** Classifies the next line of the rollout, already parsed. */
  classifyValue(value: unknown): ClassifiedLine {
    this.namedModel = null;
    if (!isObject(value)) return { kind: "malformed", problem: "not a JSON object" };
    const type = value.type;
    if (typeof type !== "string") return { kind: "malformed", problem: "line.type is missing or not a string" };
    try {
      const meta: RecordMeta = {
        type,
        sessionId: this.sessionId,
        timestamp: optionalString(value, "timestamp", "line"),
        uuid: null,
      };
      if (!isRolloutLineType(type)) return { kind: "skipped", reason: "unknown-type", meta };
      return this.classifyKnown(type, requiredObject(value, "payload", "line"), meta);
    } catch (error) {
      if (error instanceof ShapeProblem) return { kind: "malformed", problem: `${type} line: ${error.message}` };
      throw error;
    }
  }

  private classifyKnown(type: RolloutLineType, payload: JsonObject, meta: RecordMeta): ClassifiedLine {
    switch (type) {
      case "session_meta": {
        const id = optionalString(payload, "id", "payload");
        // A forked or resumed rollout may repeat its origin's meta: the first id is this file's session.
        if (this.sessionId === null && id !== null) this.sessionId = id;
        return { kind: "other", meta: { ...meta, sessionId: this.sessionId } };
      }
      case "turn_context": {
        const model = optionalString(payload, "model", "payload");
        if (model !== null) this.model = model;
        this.namedModel = model;
        return { kind: "other", meta };
      }
      case "compacted":
        // Codex records no trigger nor sizes with the compaction (PreCompact's input has the trigger).
        return { kind: "compact-boundary", record: { meta, trigger: null, preTokens: null, postTokens: null } };
      case "event_msg":
        return this.classifyEvent(payload, meta);
      case "response_item":
        return classifyResponseItem(payload, meta);
      default: {
        const unreachable: never = type;
        throw new Error(`unhandled rollout line type ${String(unreachable)}`);
      }
    }
  }

  private classifyEvent(payload: JsonObject, meta: RecordMeta): ClassifiedLine {
    if (payload.type !== "token_count") return { kind: "other", meta };
    const info = payload.info;
    // `info` is null before the first response (a rate-limits-only update).
    if (info === null || info === undefined) return { kind: "other", meta };
    if (!isObject(info)) throw new ShapeProblem("payload.info is not an object");
    const last = requiredObject(info, "last_token_usage", "info");
    const total = requiredObject(info, "total_token_usage", "info");
    const input = requiredCount(last, "input_tokens", "last_token_usage");
    // An estimate Codex writes around a compaction (no request behind it): input 0.
    if (input === 0) return { kind: "other", meta };
    const cached = Math.min(count(last, "cached_input_tokens", "last_token_usage"), input);
    const usage: TokenUsage = {
      inputTokens: input - cached,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: cached,
      outputTokens: count(last, "output_tokens", "last_token_usage"),
    };
    // Codex writes no response id: the running totals tell one response from a copy of the same line (written twice
    // around an auto-compaction, on either side of the compacted line), as every real response adds to them. A copy
    // is no request: it must not stand for the size after the compaction.
    const messageId = [
      "codex-total",
      count(total, "input_tokens", "total_token_usage"),
      count(total, "cached_input_tokens", "total_token_usage"),
      count(total, "output_tokens", "total_token_usage"),
      count(total, "total_tokens", "total_token_usage"),
    ].join(":");
    if (messageId === this.lastResponseKey) return { kind: "other", meta };
    this.lastResponseKey = messageId;
    return {
      kind: "assistant",
      record: { meta, messageId, requestId: null, model: this.model, usage, contextTokens: input },
    };
  }
}

/** What Codex 0.171.0 names a hook's additional context in a message's metadata (content_item_kinds). */
export const CODEX_HOOK_CONTEXT_KIND = "hooks.additional_context";

/**
 * Which content parts of a message Codex's metadata says a hook wrote (`internal_chat_message_metadata_passthrough`:
 * `content_item_kinds[i]` is "hooks.additional_context", or `content_item_metadata[i].provenance.hook` is true), or
 * null when the message has no such metadata (then it cannot be told from Codex's own developer text). Codex's own
 * parts say otherwise ("permissions.instructions", "host_skills.instructions", provenance.hook false). An internal
 * field: a shape not seen is read as no metadata, never as a malformed line.
 */
function hookParts(payload: JsonObject, parts: number): boolean[] | null {
  const meta = payload.internal_chat_message_metadata_passthrough;
  if (!isObject(meta)) return null;
  const kinds = Array.isArray(meta.content_item_kinds) ? meta.content_item_kinds : null;
  const items = Array.isArray(meta.content_item_metadata) ? meta.content_item_metadata : null;
  if (kinds === null && items === null) return null;
  return Array.from({ length: parts }, (_, i) => {
    const item: unknown = items?.[i];
    const provenance = isObject(item) ? item.provenance : undefined;
    return kinds?.[i] === CODEX_HOOK_CONTEXT_KIND || (isObject(provenance) && provenance.hook === true);
  });
}

/**
 * A `developer` message is how a hook's additional context reaches the model in Codex (the receipt of an injection).
 * Codex writes its own instructions (permissions, skills) as developer messages too: those its metadata marks as its
 * own are nothing to count; of a message with hook parts, only those parts are the hook's context.
 */
function classifyResponseItem(payload: JsonObject, meta: RecordMeta): ClassifiedLine {
  if (payload.type !== "message" || payload.role !== "developer") return { kind: "other", meta };
  const content = payload.content;
  if (!Array.isArray(content)) throw new ShapeProblem("payload.content is not an array");
  const marked = hookParts(payload, content.length);
  if (marked !== null && !marked.includes(true)) return { kind: "other", meta };
  const texts: string[] = [];
  for (const [i, part] of content.entries()) {
    if (!isObject(part)) throw new ShapeProblem("payload.content holds a part that is not an object");
    const text = optionalString(part, "text", "content part");
    if (text !== null && (marked === null || marked[i] === true)) texts.push(text);
  }
  const first = texts[0];
  return {
    kind: "hook-context",
    record: {
      meta,
      hookEvent: null,
      hookName: null,
      content: texts,
      text: texts.join("\n"),
      isPersistedOutputPreview: first?.trimStart().startsWith(CODEX_PREVIEW_OPEN) === true,
      fromHook: marked !== null,
    },
  };
}
