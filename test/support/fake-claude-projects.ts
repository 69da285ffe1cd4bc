// A fake Claude Code configuration folder for report tests: <config>/projects/<encoded launch dir>/<session id>.jsonl.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface FakeClaudeConfig {
  /** Use as CLAUDE_CONFIG_DIR. */
  configDir: string;
  projectsDir: string;
  /**
   * Copies a real transcript into the folder Claude Code would use for `launchDir`, named after its session id. The
   * only change: every recorded `"cwd":"…"` value becomes `launchDir` (transcripts record where they ran; the report
   * checks it). Token figures are untouched. Returns the path of the copy.
   */
  place: (source: string, launchDir: string, options?: { sessionId?: string; keepCwd?: boolean }) => string;
  /** Writes raw text as a transcript (for hand-made cases). */
  write: (launchDir: string, fileName: string, text: string) => string;
  cleanup: () => void;
}

/** Claude Code's folder name for a launch directory (written out here independently of src/). */
export function folderNameFor(launchDir: string): string {
  let out = "";
  for (const ch of launchDir) out += /[A-Za-z0-9]/.test(ch) ? ch : "-";
  return out;
}

export function sessionIdIn(text: string): string {
  const match = /"sessionId":"([^"]+)"/.exec(text);
  if (!match) throw new Error("no sessionId in transcript");
  return match[1]!;
}

export function makeFakeClaudeConfig(): FakeClaudeConfig {
  const configDir = realpathSync(mkdtempSync(join(tmpdir(), "tm-claude-config-")));
  const projectsDir = join(configDir, "projects");
  mkdirSync(projectsDir);
  const write = (launchDir: string, fileName: string, text: string) => {
    const folder = join(projectsDir, folderNameFor(launchDir));
    mkdirSync(folder, { recursive: true });
    const path = join(folder, fileName);
    writeFileSync(path, text);
    return path;
  };
  return {
    configDir,
    projectsDir,
    place(source, launchDir, options = {}) {
      const original = readFileSync(source, "utf8");
      const text = options.keepCwd
        ? original
        : original.replace(/"cwd":"(?:[^"\\]|\\.)*"/g, `"cwd":${JSON.stringify(launchDir)}`);
      return write(launchDir, `${options.sessionId ?? sessionIdIn(original)}.jsonl`, text);
    },
    write,
    cleanup: () => rmSync(configDir, { recursive: true, force: true }),
  };
}
