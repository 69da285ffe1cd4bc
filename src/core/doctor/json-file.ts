// Reads a JSON file the doctor inspects (Claude Code's settings, the plugin's manifests): its object, or why there is none.
import { existsSync, readFileSync } from "node:fs";
import { messageOf } from "../error-details.js";

export type JsonObject = Record<string, unknown>;

/** The file's JSON object; `data: null` without a problem when the file does not exist. */
export function readJsonObject(path: string): { data: JsonObject | null; problem?: string } {
  if (!existsSync(path)) return { data: null };
  try {
    const data: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (typeof data !== "object" || data === null || Array.isArray(data))
      return { data: null, problem: `${path} is not a JSON object` };
    return { data: data as JsonObject };
  } catch (e) {
    return { data: null, problem: `${path} cannot be read: ${messageOf(e)}` };
  }
}
