// Where a workspace's Claude Code transcripts live: <config dir>/projects/<encoded path>/, subdirectory folders verified.
import { open, readdir, stat } from "node:fs/promises";
import { readdirSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import { errnoCode } from "../error-details.js";

/**
 * How Claude Code names a launch directory's transcript folder: every character that is not an ASCII letter or digit
 * becomes "-". The encoding is lossy: "/a/b-c", "/a/b/c" and "/a/b.c" all give "-a-b-c". That is why a folder is only
 * taken as this workspace's when the cwd its transcripts record lies inside the workspace (see locateTranscripts).
 */
export function encodeProjectPath(path: string): string {
  return path.replace(/[^a-zA-Z0-9]/g, "-");
}

/** Claude Code's configuration folder: CLAUDE_CONFIG_DIR when set, else ~/.claude. */
export function claudeConfigDir(env: Record<string, string | undefined>, home: string = homedir()): string {
  const configured = env.CLAUDE_CONFIG_DIR;
  return configured !== undefined && configured !== "" ? resolve(configured) : join(home, ".claude");
}

/** The folder holding one sub-folder of transcripts per launch directory. */
export function claudeProjectsDir(env: Record<string, string | undefined>, home: string = homedir()): string {
  return join(claudeConfigDir(env, home), "projects");
}

/** True when `path` is `root` or lies below it. */
export function isInsideDir(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** How a transcript file was judged to belong to the workspace. */
export type LocationEvidence =
  /** The cwd recorded in the transcript lies inside the workspace. */
  | "recorded-cwd"
  /** No cwd recorded; the folder name is exactly the workspace's encoded path. */
  | "exact-folder-name"
  /** No cwd recorded; a directory inside the workspace encodes to the folder name. */
  | "existing-subdirectory";

export interface LocatedTranscript {
  path: string;
  /** Name of its project folder (an encoded launch directory). */
  folder: string;
  sizeBytes: number;
  /** cwd of the first record that has one (within the first HEAD_BYTES), or null. */
  recordedCwd: string | null;
  evidence: LocationEvidence;
}

export interface RejectedTranscript {
  path: string;
  folder: string;
  reason: string;
}

export interface TranscriptLocations {
  projectsDir: string;
  /** False when the projects folder does not exist (Claude Code never ran with this configuration). */
  projectsDirExists: boolean;
  /** The workspace paths whose encodings were looked for (the path as given and its real path when different). */
  roots: string[];
  /** Project folders whose names matched (exactly or as a subdirectory prefix), sorted. */
  folders: string[];
  transcripts: LocatedTranscript[];
  /** Files in matching folders that belong to another directory (or could not be verified). */
  rejected: RejectedTranscript[];
}

/** Enough to reach the first user record of every known layout (2.1.x starts with hook attachments). */
export const CWD_HEAD_BYTES = 256 * 1024;

/** The `cwd` of the first record that has one within the first `maxBytes` of a transcript; null when none does. */
export async function readRecordedCwd(path: string, maxBytes: number = CWD_HEAD_BYTES): Promise<string | null> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8");
    const lines = text.split("\n");
    // The last piece is a cut line unless the whole file was read.
    if (bytesRead === maxBytes) lines.pop();
    for (const line of lines) {
      if (!line.includes('"cwd"')) continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        continue; // a malformed line says nothing about where the session ran
      }
      if (typeof value === "object" && value !== null && "cwd" in value && typeof value.cwd === "string" && value.cwd !== "") {
        return value.cwd;
      }
    }
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * Is there a directory below `root` whose path encodes to `root`'s encoding + `suffix` (suffix starts with "-")?
 * Walks only directories whose encoded names fit the suffix, so it stays small whatever the repository's size.
 */
export function subdirectoryEncodesTo(root: string, suffix: string): boolean {
  if (suffix === "") return true;
  if (!suffix.startsWith("-")) return false;
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return false;
  }
  for (const name of entries) {
    const encoded = `-${encodeProjectPath(name)}`;
    if (suffix !== encoded && !suffix.startsWith(`${encoded}-`)) continue;
    const child = join(root, name);
    let isDir = false;
    try {
      isDir = statSync(child).isDirectory();
    } catch {
      continue;
    }
    if (isDir && subdirectoryEncodesTo(child, suffix.slice(encoded.length))) return true;
  }
  return false;
}

function realpathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Main-session transcript files of a folder: *.jsonl at its top level, without 2.0.x subagent files (agent-*.jsonl). */
async function sessionFiles(folderPath: string): Promise<string[]> {
  const names = await readdir(folderPath);
  return names.filter((n) => n.endsWith(".jsonl") && !n.startsWith("agent-")).sort();
}

/**
 * Finds the transcripts of a workspace: the folder named after the workspace's encoded path, and the folders of its
 * subdirectories (names starting with the encoded path followed by "-"). Because the encoding is lossy, a sibling such
 * as "/work/app-old" also starts with "-work-app-" when the workspace is "/work/app": every file is therefore checked
 * against the cwd it records (it must lie inside the workspace). A file that records no cwd is kept when its folder name
 * is exactly the workspace's, or when a directory inside the workspace encodes to the folder name; otherwise it is
 * rejected as unverifiable (listed with the reason, never silently dropped).
 */
export async function locateTranscripts(options: { projectsDir: string; workspaceRoot: string }): Promise<TranscriptLocations> {
  const given = resolve(options.workspaceRoot);
  const roots = [...new Set([given, realpathOrSelf(given)])];
  const encodedRoots = roots.map(encodeProjectPath);
  const result: TranscriptLocations = {
    projectsDir: options.projectsDir,
    projectsDirExists: false,
    roots,
    folders: [],
    transcripts: [],
    rejected: [],
  };
  let names: string[];
  try {
    names = await readdir(options.projectsDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return result;
    throw e;
  }
  result.projectsDirExists = true;
  for (const folder of names.sort()) {
    const exact = encodedRoots.includes(folder);
    const prefixed = encodedRoots.find((e) => folder.startsWith(`${e}-`));
    if (!exact && prefixed === undefined) continue;
    const folderPath = join(options.projectsDir, folder);
    if (!(await stat(folderPath)).isDirectory()) continue;
    result.folders.push(folder);
    for (const name of await sessionFiles(folderPath)) {
      const path = join(folderPath, name);
      const info = await stat(path);
      if (!info.isFile()) continue;
      const recordedCwd = await readRecordedCwd(path);
      const evidence = judge(recordedCwd, exact, prefixed === undefined ? null : folder.slice(prefixed.length), roots);
      if (typeof evidence === "string") {
        result.transcripts.push({ path, folder, sizeBytes: info.size, recordedCwd, evidence });
      } else {
        result.rejected.push({ path, folder, reason: evidence.reason });
      }
    }
  }
  return result;
}

function judge(
  recordedCwd: string | null,
  exactName: boolean,
  suffix: string | null,
  roots: string[],
): LocationEvidence | { reason: string } {
  if (recordedCwd !== null) {
    if (roots.some((root) => isInsideDir(resolve(recordedCwd), root))) return "recorded-cwd";
    const why = exactName
      ? "another directory with the same encoded name"
      : "a directory whose encoded name merely shares the prefix";
    return { reason: `its sessions ran in ${recordedCwd}, outside the workspace (${why})` };
  }
  if (exactName) return "exact-folder-name";
  if (suffix !== null && roots.some((root) => subdirectoryEncodesTo(root, suffix))) return "existing-subdirectory";
  return {
    reason:
      "it records no working directory and no directory inside the workspace encodes to its folder name: cannot tell it from a sibling's",
  };
}
