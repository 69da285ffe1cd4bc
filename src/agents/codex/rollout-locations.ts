// Which Codex rollouts belong to a workspace: every rollout under $CODEX_HOME/sessions/YYYY/MM/DD/ whose session_meta
// line (its first) records a cwd inside the workspace. Codex keeps all workspaces' rollouts in one tree, by date.
import { closeSync, constants, fstatSync, openSync, readSync, readdirSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { isRolloutName } from "./rollout-paths.js";

export interface LocatedRollout {
  path: string;
  /** YYYY/MM/DD of its folder. */
  folder: string;
  sizeBytes: number;
  recordedCwd: string;
}

export interface RolloutLocations {
  sessionsDir: string;
  sessionsDirExists: boolean;
  rollouts: LocatedRollout[];
  /** Rollouts whose first line could not be read (whose workspace is not known): each with the reason. */
  unreadable: { path: string; folder: string; reason: string }[];
}

/** session_meta is one line, but it may carry the base instructions: read this much of a file's start at most. */
const META_MAX_BYTES = 256 * 1024;

function inside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function directories(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** The cwd a plain rollout's session_meta records, or null (no such first line within META_MAX_BYTES, or no cwd). */
function plainRolloutCwd(path: string): string | null {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) return null;
    const buffer = Buffer.allocUnsafe(META_MAX_BYTES);
    const n = readSync(fd, buffer, 0, META_MAX_BYTES, 0);
    const newline = buffer.subarray(0, n).indexOf(0x0a);
    return cwdOfMetaLine(buffer.toString("utf8", 0, newline === -1 ? n : newline));
  } finally {
    closeSync(fd);
  }
}

export function cwdOfMetaLine(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || !("type" in value) || value.type !== "session_meta") return null;
  const payload = "payload" in value ? value.payload : null;
  if (typeof payload !== "object" || payload === null || !("cwd" in payload)) return null;
  return typeof payload.cwd === "string" && payload.cwd !== "" ? payload.cwd : null;
}

/**
 * The workspace's rollouts, sorted by path. `firstLineOf` reads a compressed rollout's first line within the bytes it is
 * given (the caller's zstd reader; null when it does not end within them); plain ones are read here, within
 * META_MAX_BYTES. A rollout that cannot be read so far is listed as unreadable, not fatal: every workspace's rollouts
 * share the tree.
 */
export async function locateRollouts(options: {
  sessionsDir: string;
  workspaceRoot: string;
  firstLineOf: (path: string, maxBytes: number) => Promise<string | null>;
}): Promise<RolloutLocations> {
  const given = resolve(options.workspaceRoot);
  let real = given;
  try {
    real = realpathSync(given);
  } catch {
    // the workspace as given
  }
  const roots = [...new Set([given, real])];
  const result: RolloutLocations = { sessionsDir: options.sessionsDir, sessionsDirExists: false, rollouts: [], unreadable: [] };
  let years: string[];
  try {
    years = directories(options.sessionsDir);
  } catch (e) {
    if (typeof e === "object" && e !== null && "code" in e && e.code === "ENOENT") return result;
    throw e;
  }
  result.sessionsDirExists = true;
  for (const year of years)
    for (const month of directories(join(options.sessionsDir, year)))
      for (const day of directories(join(options.sessionsDir, year, month))) {
        const dir = join(options.sessionsDir, year, month, day);
        for (const name of readdirSync(dir).filter(isRolloutName).sort()) {
          const path = join(dir, name);
          const folder = `${year}/${month}/${day}`;
          let cwd: string | null;
          let sizeBytes: number;
          try {
            const info = statSync(path);
            if (!info.isFile()) continue;
            sizeBytes = info.size;
            cwd = name.endsWith(".zst")
              ? cwdOfMetaLine((await options.firstLineOf(path, META_MAX_BYTES)) ?? "")
              : plainRolloutCwd(path);
          } catch (error) {
            result.unreadable.push({ path, folder, reason: error instanceof Error ? error.message : String(error) });
            continue;
          }
          if (cwd === null || !roots.some((root) => inside(resolve(cwd), root))) continue;
          result.rollouts.push({ path, folder, sizeBytes, recordedCwd: cwd });
        }
      }
  return result;
}
