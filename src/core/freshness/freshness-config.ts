// A project's freshness setting: `"freshness": { "nudgeTokens": N }` in projects/<id>.json (0 turns the nudges off).
import { join } from "node:path";
import { readTextStrict } from "../store/read-strict.js";
import { LIMITS } from "../limits.js";
import { DEFAULT_NUDGE_TOKENS, verdictThreshold } from "./freshness.js";
import { projectIdsIn } from "../store/project-ids.js";
import { isRecord } from "../json-record.js";
import { messageOf } from "../error-details.js";

export interface FreshnessConfig {
  nudgeTokens: number;
  /** Why the setting was not used (the default applies then); absent when it was used or not set. */
  problem?: string;
}

/** The setting from the project's parsed JSON; a wrong value gives the default and says why. */
export function freshnessConfigOf(data: unknown): FreshnessConfig {
  const freshness = isRecord(data) ? data.freshness : undefined;
  if (freshness === undefined) return { nudgeTokens: DEFAULT_NUDGE_TOKENS };
  if (isRecord(freshness)) {
    const value = freshness.nudgeTokens;
    if (value === undefined) return { nudgeTokens: DEFAULT_NUDGE_TOKENS };
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return { nudgeTokens: value };
  }
  return {
    nudgeTokens: DEFAULT_NUDGE_TOKENS,
    problem: `"freshness.nudgeTokens" must be a whole number of tokens, 0 or more (0 turns the nudges off); the default ${DEFAULT_NUDGE_TOKENS} applies`,
  };
}

/** The setting of project `projectId` in `storeDir`; an unreadable project file gives the default and says why. */
export function readFreshnessConfig(storeDir: string, projectId: string): FreshnessConfig {
  const path = join(storeDir, "projects", `${projectId}.json`);
  let text: string | null;
  try {
    text = readTextStrict(path, LIMITS.threadFileBytes);
  } catch (e) {
    return { nudgeTokens: DEFAULT_NUDGE_TOKENS, problem: `${path}: ${messageOf(e)}` };
  }
  if (text === null) return { nudgeTokens: DEFAULT_NUDGE_TOKENS };
  try {
    return freshnessConfigOf(JSON.parse(text));
  } catch (e) {
    return { nudgeTokens: DEFAULT_NUDGE_TOKENS, problem: `${path} is not JSON (${messageOf(e)})` };
  }
}

/**
 * The threshold a workspace's freshness figure uses (report): that of the last project used, or of the only one; the
 * default when neither can be told or the project turned nudges off.
 */
export function workspaceFreshnessThreshold(storeDir: string, lastProjectId: string | undefined): number {
  let ids: string[];
  try {
    ids = projectIdsIn(join(storeDir, "projects"));
  } catch {
    return DEFAULT_NUDGE_TOKENS;
  }
  const projectId =
    lastProjectId !== undefined && ids.includes(lastProjectId) ? lastProjectId : ids.length === 1 ? ids[0]! : null;
  return projectId === null ? DEFAULT_NUDGE_TOKENS : verdictThreshold(readFreshnessConfig(storeDir, projectId).nudgeTokens);
}
