// Where a workspace's Claude Code transcripts live: <config dir>/projects/<encoded path>/, subdirectory folders verified.
// Synchronous calls: a workspace may have hundreds of transcripts, and a thread-pool round trip for each stat, open, read
// and close of each head left the report idle ~0.8 ms per file (~80 ms over 100 files, before the scan starts).
import { closeSync, constants, fstatSync, openSync, readSync, readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import { errnoCode } from "../error-details.js";
import { TranscriptReadError } from "../../transcript/transcript-file.js";

/**
 * How Claude Code names a launch directory's transcript folder: every character that is not an ASCII letter or digit
 * becomes "-". The encoding is lossy: "/a/b-c", "/a/b/c" and "/a/b.c" all give "-a-b-c". That is why a folder is only
 * taken as this workspace's when the cwd its transcripts record lies inside the workspace (see locateTranscripts).
 */
export function encodeProjectPath(path: string): string {
  return path.replace(/[^a-zA-Z0-9]/g, "-");
}

/** Past this many characters Claude Code cuts a folder name and appends a hash of the path (projectFolderName). */
export const FOLDER_NAME_MAX = 200;

/** Claude Code's hash of a launch directory for a cut folder name: 32-bit `h * 31 + code unit` over the path's UTF-16 code units. */
function folderNameHash(path: string): number {
  let hash = 0;
  for (let i = 0; i < path.length; i++) hash = ((hash << 5) - hash + path.charCodeAt(i)) | 0;
  return hash;
}

/**
 * The folder Claude Code (2.1.x) keeps a launch directory's transcripts in: encodeProjectPath, and when that is over
 * FOLDER_NAME_MAX characters, its first FOLDER_NAME_MAX characters, "-" and the path's hash in base 36 (a name short
 * enough for the file system).
 */
export function projectFolderName(path: string): string {
  const encoded = encodeProjectPath(path);
  if (encoded.length <= FOLDER_NAME_MAX) return encoded;
  return `${encoded.slice(0, FOLDER_NAME_MAX)}-${Math.abs(folderNameHash(path)).toString(36)}`;
}

/**
 * What the folder names of a root's subdirectories start with: the root's encoding and "-"; once that encoding is over
 * FOLDER_NAME_MAX characters, its cut first part and "-", as the root's own folder and its subdirectories' are all cut
 * names then. `suffixCheckable`: the rest of a folder name is a subdirectory's encoding (not cut), so that
 * subdirectoryEncodesTo can look for the directory.
 */
function subfolderPrefix(encodedRoot: string): { prefix: string; suffixCheckable: boolean } {
  return encodedRoot.length > FOLDER_NAME_MAX
    ? { prefix: `${encodedRoot.slice(0, FOLDER_NAME_MAX)}-`, suffixCheckable: false }
    : { prefix: `${encodedRoot}-`, suffixCheckable: true };
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
  /** Files in matching folders that belong to another directory (or could not be verified), and entries that are links to nothing. */
  rejected: RejectedTranscript[];
}

/** Enough to reach the first user record of every known layout (2.1.x starts with hook attachments). */
export const CWD_HEAD_BYTES = 256 * 1024;

/** The first read of a transcript's head: the first records of most transcripts; more is read only when they hold no cwd. */
const CWD_FIRST_READ_BYTES = 16 * 1024;
const CWD_MEMBER = Buffer.from('"cwd"');
const NEWLINE = 0x0a;

/** The line's `cwd` when it is a JSON object with a non-empty string one, else null. */
function cwdOfLine(line: Buffer): string | null {
  let value: unknown;
  try {
    value = JSON.parse(line.toString("utf8"));
  } catch {
    return null; // a malformed line says nothing about where the session ran
  }
  return typeof value === "object" && value !== null && "cwd" in value && typeof value.cwd === "string" && value.cwd !== ""
    ? value.cwd
    : null;
}

/**
 * The `cwd` of the first record that has one within the first `maxBytes` of a transcript (a line cut by that bound is
 * not read); null when none does. It reads 16 KB, then twice as much each time, up to `maxBytes`, and decodes and
 * parses only the lines that hold `"cwd"`.
 */
export async function readRecordedCwd(path: string, maxBytes: number = CWD_HEAD_BYTES): Promise<string | null> {
  return recordedCwdOf(path, maxBytes);
}

/** readRecordedCwd, synchronously. */
function recordedCwdOf(path: string, maxBytes: number): string | null {
  // Non-blocking: a FIFO swapped in after the caller's stat must not block the open (fstat below refuses it).
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    let buffer = Buffer.allocUnsafe(Math.min(CWD_FIRST_READ_BYTES, maxBytes));
    let length = 0;
    /** Where the search for the next line holding "cwd" starts (the start of a line). */
    let from = 0;
    for (;;) {
      let ended = false;
      while (length < buffer.length) {
        const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
        if (bytesRead === 0) {
          ended = true;
          break;
        }
        length += bytesRead;
      }
      // Every line that ends within the bytes read; the last piece too once the whole file is read within maxBytes.
      const complete = ended ? length : buffer.lastIndexOf(NEWLINE, length - 1) + 1;
      for (
        let at = buffer.indexOf(CWD_MEMBER, from);
        at !== -1 && at + CWD_MEMBER.length <= complete;
        at = buffer.indexOf(CWD_MEMBER, from)
      ) {
        const start = buffer.lastIndexOf(NEWLINE, at) + 1;
        const newline = buffer.indexOf(NEWLINE, at);
        const end = newline === -1 || newline >= length ? length : newline;
        const cwd = cwdOfLine(buffer.subarray(start, end));
        if (cwd !== null) return cwd;
        from = end + 1;
        if (from >= complete) break;
      }
      if (ended || buffer.length >= maxBytes) return null;
      from = Math.max(from, complete);
      const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes));
      buffer.copy(bigger, 0, 0, length);
      buffer = bigger;
    }
  } finally {
    closeSync(fd);
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

/** Why an entry listed in the projects folder is not read when it is not there: a link to nothing, or removed since. */
const MISSING_REASON = "not read: a link to nothing (or removed while the report ran)";

/** The entry's stats (through a link), or null when there is nothing there: other errors are thrown. */
function statUnlessMissing(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return null;
    throw e;
  }
}

function realpathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Main-session transcript files of a folder: *.jsonl at its top level, without 2.0.x subagent files (agent-*.jsonl). */
function sessionFiles(folderPath: string): string[] {
  const names = readdirSync(folderPath);
  return names.filter((n) => n.endsWith(".jsonl") && !n.startsWith("agent-")).sort();
}

/**
 * Finds the transcripts of a workspace: the folder named after the workspace's encoded path, and the folders of its
 * subdirectories (names starting with the encoded path followed by "-"; for an encoded path over FOLDER_NAME_MAX
 * characters, Claude Code's cut names: see projectFolderName). Because the encoding is lossy, a sibling such
 * as "/work/app-old" also starts with "-work-app-" when the workspace is "/work/app": every file is therefore checked
 * against the cwd it records (it must lie inside the workspace). A file that records no cwd is kept when its folder name
 * is exactly the workspace's, or when a directory inside the workspace encodes to the folder name; otherwise it is
 * rejected as unverifiable (listed with the reason, never silently dropped).
 */
export async function locateTranscripts(options: { projectsDir: string; workspaceRoot: string }): Promise<TranscriptLocations> {
  const given = resolve(options.workspaceRoot);
  const roots = [...new Set([given, realpathOrSelf(given)])];
  const ownFolders = roots.map(projectFolderName);
  const prefixes = roots.map((root) => subfolderPrefix(encodeProjectPath(root)));
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
    names = readdirSync(options.projectsDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return result;
    throw e;
  }
  result.projectsDirExists = true;
  for (const folder of names.sort()) {
    const exact = ownFolders.includes(folder);
    const prefixed = prefixes.find((p) => folder.startsWith(p.prefix));
    if (!exact && prefixed === undefined) continue;
    const folderPath = join(options.projectsDir, folder);
    const folderInfo = statUnlessMissing(folderPath);
    if (folderInfo === null) {
      result.rejected.push({ path: folderPath, folder, reason: MISSING_REASON });
      continue;
    }
    if (!folderInfo.isDirectory()) continue;
    result.folders.push(folder);
    for (const name of sessionFiles(folderPath)) {
      const path = join(folderPath, name);
      const info = statUnlessMissing(path);
      if (info === null) {
        result.rejected.push({ path, folder, reason: MISSING_REASON });
        continue;
      }
      if (!info.isFile()) continue;
      const recordedCwd = recordedCwdOf(path, CWD_HEAD_BYTES);
      // A cut name's end is a hash, not a subdirectory's encoding: no directory can be looked for from it.
      const suffix = prefixed?.suffixCheckable === true ? folder.slice(prefixed.prefix.length - 1) : null;
      const evidence = judge(recordedCwd, exact, suffix, roots);
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
