// The "threadmind" merge driver in the repository's own git config: the command it should be, what .git/config says
// (read as a file, no git process), and a refresh that writes the config as git does (config.lock, then rename).
import { closeSync, existsSync, openSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { commonDir } from "../git/git-refs.js";
import { gitDir } from "../git/git.js";
import { errnoCode } from "../error-details.js";
import { DRIVER_NAME } from "../store/store-gitattributes.js";

export const DRIVER_DESCRIPTION = "ThreadMind: merges thread and project files by meaning";

/** A path in double quotes for the shell git runs the driver with. */
function shellQuote(path: string): string {
  return `"${path.replace(/(["\\$`])/g, "\\$1")}"`;
}

/** The driver command: this Node and this CLI by absolute path, quoted (paths with spaces), then git's placeholders. */
export function driverCommand(nodePath: string, cliPath: string): string {
  return `${shellQuote(nodePath)} ${shellQuote(cliPath)} merge-file %O %A %B %P`;
}

/** The config file git reads for this work tree (a worktree's is the common one's). */
export function gitConfigPath(gitTop: string): string {
  return gitConfigPathIn(gitDir(gitTop));
}

/** The same, from the work tree's git directory. */
export function gitConfigPathIn(dotGit: string): string {
  return join(commonDir(dotGit), "config");
}

/** Reads a config value the way git writes one: quotes dropped, \" \\ \n \t unescaped, a comment after it cut. */
function parseValue(raw: string): string {
  let out = "";
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === "\\") {
      const n = raw[++i];
      out += n === "n" ? "\n" : n === "t" ? "\t" : n === "b" ? "\b" : (n ?? "");
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "#" || c === ";")) break;
    else out += c;
  }
  return quoted ? out : out.trim();
}

const SECTION = /^\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/;

/** Where the driver's section and its `driver` line are in the config text (line indexes), and the value. */
interface DriverEntry {
  sectionLine: number | null;
  driverLine: number | null;
  /** Index of the line after the section's last line. */
  sectionEnd: number;
  driver: string | null;
}

function findDriver(lines: readonly string[]): DriverEntry {
  const entry: DriverEntry = { sectionLine: null, driverLine: null, sectionEnd: lines.length, driver: null };
  let inSection = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const section = SECTION.exec(line);
    if (section) {
      if (inSection) {
        entry.sectionEnd = i;
        inSection = false;
      }
      if (section[1]!.toLowerCase() === "merge" && section[2]?.replace(/\\(.)/g, "$1") === DRIVER_NAME) {
        inSection = true;
        entry.sectionLine = i;
        entry.sectionEnd = lines.length;
      }
      continue;
    }
    if (!inSection) continue;
    const kv = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/.exec(line);
    if (kv && kv[1]!.toLowerCase() === "driver") {
      entry.driverLine = i;
      entry.driver = parseValue(kv[2] ?? "");
    }
  }
  return entry;
}

/** The configured driver command, or null when the repository's config has none. */
export function readConfiguredDriver(configPath: string): string | null {
  if (!existsSync(configPath)) return null;
  return findDriver(readFileSync(configPath, "utf8").split("\n")).driver;
}

export type DriverState = "ok" | "missing" | "stale";

export function driverState(configured: string | null, expected: string): DriverState {
  if (configured === null) return "missing";
  return configured === expected ? "ok" : "stale";
}

/** A value as git writes it in a config file: quoted, with \ and " escaped. */
function configValue(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * Sets the driver in the config file when it is missing or different: written as git writes its config (an exclusive
 * config.lock, then renamed over config), so a git process writing at the same time is never overwritten (the refresh
 * is skipped then). Returns what it found before.
 */
export function refreshDriverConfig(linkedPath: string, expected: string): DriverState {
  const before = driverState(readConfiguredDriver(linkedPath), expected);
  if (before === "ok") return before;
  // A config that is a symbolic link (dotfile setups) is written where it points, as git does: the link stays.
  // realpath(3) in one call: Node's own walk lstats every component (~1 ms of a fresh clone's first start).
  const configPath = existsSync(linkedPath) ? realpathSync.native(linkedPath) : linkedPath;
  const lock = `${configPath}.lock`;
  let fd: number;
  try {
    fd = openSync(lock, "wx", existsSync(configPath) ? statSync(configPath).mode & 0o777 : 0o644);
  } catch (e) {
    if (errnoCode(e) === "EEXIST") return before; // git (or another hook) is writing it now
    throw e;
  }
  let renamed = false;
  try {
    // Read again under the lock: what git wrote meanwhile is kept.
    const lines = (existsSync(configPath) ? readFileSync(configPath, "utf8") : "").split("\n");
    const entry = findDriver(lines);
    const driverLine = `\tdriver = ${configValue(expected)}`;
    if (entry.driverLine !== null) lines[entry.driverLine] = driverLine;
    else if (entry.sectionLine !== null) lines.splice(entry.sectionEnd, 0, driverLine);
    else {
      if (lines[lines.length - 1] === "") lines.pop();
      lines.push(`[merge "${DRIVER_NAME}"]`, `\tname = ${DRIVER_DESCRIPTION}`, driverLine, "");
    }
    const bytes = Buffer.from(lines.join("\n"), "utf8");
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    closeSync(fd);
    fd = -1;
    renameSync(lock, configPath);
    renamed = true;
  } finally {
    if (fd !== -1) closeSync(fd);
    if (!renamed) rmSync(lock, { force: true });
  }
  return before;
}
