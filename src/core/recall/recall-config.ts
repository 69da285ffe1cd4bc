// A project's recall settings: `"recall": { "edits": false }` turns point-of-action recall off, `"recall": { "subagents":
// false }` the subagent context (both on by default), in projects/<id>.json. Read raw (the hooks have no schema library).
import { join } from "node:path";
import { readTextStrict } from "../store/read-strict.js";
import { LIMITS } from "../limits.js";
import { isRecord } from "../json-record.js";

export interface RecallConfig {
  edits: boolean;
  subagents: boolean;
}

/** The settings from the project's parsed JSON: anything but `false` leaves a part on. */
export function recallConfigOf(data: unknown): RecallConfig {
  const recall = isRecord(data) ? data.recall : undefined;
  if (!isRecord(recall)) return { edits: true, subagents: true };
  return { edits: recall.edits !== false, subagents: recall.subagents !== false };
}

/** The settings of project `projectId`; a missing file gives the defaults, an unreadable one throws (the hook says why). */
export function readRecallConfig(storeDir: string, projectId: string): RecallConfig {
  const text = readTextStrict(join(storeDir, "projects", `${projectId}.json`), LIMITS.threadFileBytes);
  if (text === null) return recallConfigOf(undefined);
  return recallConfigOf(JSON.parse(text));
}
