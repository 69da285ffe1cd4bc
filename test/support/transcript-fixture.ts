// Turns a real transcript from a temp HOME into a machine-independent fixture (stable paths, no user names) and writes it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { encodeProjectPath } from "./claude-transcripts.js";

/** Stand-ins written into fixtures in place of the temp dirs of the run. */
export const FIXTURE_HOME = "/home/tester";
export const FIXTURE_PROJECT = "/home/tester/project";
export const FIXTURE_REPO = "/repo";

export type FixturePaths = { home: string; project: string; repoRoot: string; extra?: Array<[string, string]> };

/**
 * Replaces the run's absolute paths (raw and in Claude Code's encoded form) with fixed stand-ins.
 * Throws when a temp-dir path is still left, so a fixture never carries machine-specific paths.
 */
export function sanitizeTranscriptText(text: string, paths: FixturePaths): string {
  const pairs: Array<[string, string]> = [
    ...(paths.extra ?? []),
    [encodeProjectPath(paths.project), encodeProjectPath(FIXTURE_PROJECT)],
    [paths.project, FIXTURE_PROJECT],
    [paths.home, FIXTURE_HOME],
    [paths.repoRoot, FIXTURE_REPO],
  ];
  let out = text;
  for (const [from, to] of pairs) out = out.split(from).join(to);
  const leftover = /\/tmp\/tm-claude-[A-Za-z0-9-]+|-tmp-tm-claude-[A-Za-z0-9-]+/.exec(out);
  if (leftover !== null) throw new Error(`fixture still holds a temp path: ${leftover[0]}`);
  return out;
}

/** Copies a transcript to `destination`, sanitized. */
export function writeTranscriptFixture(source: string, destination: string, paths: FixturePaths): void {
  mkdirSync(dirname(destination), { recursive: true });
  writeFileSync(destination, sanitizeTranscriptText(readFileSync(source, "utf8"), paths));
}
