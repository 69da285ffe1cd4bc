// Reads a JSON file the doctor inspects (Claude Code's settings, the plugin's manifests): its object, or why there is none.
import { messageOf } from "../error-details.js";
import { readRegularFile } from "../store/regular-file.js";

export type JsonObject = Record<string, unknown>;

/** Larger than any settings or manifest file; a larger one is reported, not read. */
export const JSON_FILE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The file's JSON object; `data: null` without a problem when the file does not exist. Only a regular file is read (a
 * FIFO or device is reported, never waited on; links are followed, as Claude Code's own files may be links), and at
 * most JSON_FILE_MAX_BYTES of it.
 */
export function readJsonObject(path: string): { data: JsonObject | null; problem?: string } {
  try {
    const bytes = readRegularFile(path, JSON_FILE_MAX_BYTES, true);
    if (bytes === null) return { data: null };
    if (bytes.length > JSON_FILE_MAX_BYTES)
      return { data: null, problem: `${path} cannot be read: it is larger than ${JSON_FILE_MAX_BYTES} bytes` };
    const data: unknown = JSON.parse(bytes.toString("utf8"));
    if (typeof data !== "object" || data === null || Array.isArray(data))
      return { data: null, problem: `${path} is not a JSON object` };
    return { data: data as JsonObject };
  } catch (e) {
    return { data: null, problem: `${path} cannot be read: ${messageOf(e)}` };
  }
}

/** A text file the doctor inspects (Codex's config.toml): its text, null when it does not exist, or why it cannot be read. */
export function readRegularFileText(path: string): { text: string } | { problem: string } | null {
  try {
    const bytes = readRegularFile(path, JSON_FILE_MAX_BYTES, true);
    if (bytes === null) return null;
    if (bytes.length > JSON_FILE_MAX_BYTES)
      return { problem: `${path} cannot be read: it is larger than ${JSON_FILE_MAX_BYTES} bytes` };
    return { text: bytes.toString("utf8") };
  } catch (e) {
    return { problem: `${path} cannot be read: ${messageOf(e)}` };
  }
}
