// readHookAttachments: a Claude Code transcript's hook_additional_context attachments from a byte offset (main-chain and
// subagent records alike), up to the one a caller looks for or a byte bound.
import { PERSISTED_OUTPUT_OPEN } from "./classify-record.js";
import { ByteLineSplitter } from "./line-splitter.js";
import { mayBeNeededRecord } from "./line-prefilter.js";
import { checkPositiveInteger, readRange, withTranscript } from "./transcript-file.js";

/**
 * One `{"type":"attachment","attachment":{"type":"hook_additional_context",…}}` record as Claude Code 2.1.332 writes it
 * (docs/claude-code-verified.md): `hookEvent` "PreToolUse" with `toolUseID` the tool call's id, "SubagentStart" in the
 * subagent's own file, "SessionStart" at the head or after a compaction.
 */
export interface HookAttachment {
  hookEvent: string | null;
  /** attachment.toolUseID: the tool call's id for PreToolUse; other events write other values (null: absent). */
  toolUseId: string | null;
  /** attachment.content as written (an array of strings). */
  content: string[];
  /** content joined with "\n". */
  text: string;
  /** content[0] is a `<persisted-output>` preview block: the context was over 10,000 characters. */
  isPersistedOutputPreview: boolean;
}

export interface HookAttachmentReading {
  fileSize: number;
  /** The attachments read, in file order (the last one the one `until` accepted, when `matched`). */
  found: HookAttachment[];
  matched: boolean;
}

export interface ReadHookAttachmentsOptions {
  /** Start at this byte offset (a line it cuts is skipped); past the end of the file (a replaced file): from its start. */
  from: number;
  /** Read at most this many bytes from `from`. */
  maxBytes: number;
  /** The reading stops at the first attachment this accepts. */
  until: (attachment: HookAttachment) => boolean;
  /** Bytes per read (default 64 KiB). */
  chunkSize?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const optionalString = (o: Record<string, unknown>, key: string): string | null => {
  const v = o[key];
  return typeof v === "string" ? v : null;
};

/** The hook attachment a line holds, or null (another record, not JSON, a content that is not an array of strings). */
export function hookAttachmentOf(line: string): HookAttachment | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(value) || value.type !== "attachment" || !isObject(value.attachment)) return null;
  const a = value.attachment;
  if (a.type !== "hook_additional_context") return null;
  const content = a.content;
  if (!Array.isArray(content) || !content.every((c): c is string => typeof c === "string")) return null;
  return {
    hookEvent: optionalString(a, "hookEvent"),
    toolUseId: optionalString(a, "toolUseID"),
    content,
    text: content.join("\n"),
    isPersistedOutputPreview: content[0]?.trimStart().startsWith(PERSISTED_OUTPUT_OPEN) === true,
  };
}

/**
 * The hook attachments written after `from`, up to the first that `until` accepts, reading at most `maxBytes` bytes. Only
 * lines that may hold one (line-prefilter.ts) are decoded and parsed. Throws TranscriptReadError for a missing file or
 * one that is not a regular file.
 */
export async function readHookAttachments(path: string, options: ReadHookAttachmentsOptions): Promise<HookAttachmentReading> {
  checkPositiveInteger("maxBytes", options.maxBytes);
  const chunkSize = options.chunkSize ?? 64 * 1024;
  checkPositiveInteger("chunkSize", chunkSize);
  if (!Number.isInteger(options.from) || options.from < 0)
    throw new RangeError(`from must be a non-negative integer, got ${options.from}`);
  return withTranscript(path, async (file) => {
    const found: HookAttachment[] = [];
    let matched = false;
    const from = options.from > file.size ? 0 : options.from;
    // Start one byte early and drop the first line, so that the first line taken starts at or after `from`.
    let dropFirst = from > 0;
    const splitter = new ByteLineSplitter((bytes) => {
      if (dropFirst) {
        dropFirst = false;
        return false;
      }
      if (!mayBeNeededRecord(bytes, ["hook-context"])) return false;
      const attachment = hookAttachmentOf(bytes.toString("utf8"));
      if (attachment === null) return false;
      found.push(attachment);
      matched = options.until(attachment);
      return matched;
    });
    const start = from > 0 ? Math.min(from - 1, file.size) : 0;
    await readRange(file, splitter, start, options.maxBytes, chunkSize);
    return { fileSize: file.size, found, matched };
  });
}
