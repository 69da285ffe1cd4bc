// Test helper: every real Claude Code transcript fixture (test/fixtures/transcripts, and ../shared/fixtures/transcripts when present).
import { existsSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../../..");
export const OWN_FIXTURES = resolve(repoRoot, "test/fixtures/transcripts");
/** Beside the repository in CI (../shared, or THREADMIND_SHARED_FIXTURES); absent on some machines, then only the repository's own fixtures are used. */
export const SHARED_FIXTURES = process.env.THREADMIND_SHARED_FIXTURES ?? resolve(repoRoot, "../shared/fixtures/transcripts");

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return jsonlFiles(path);
      return entry.isFile() && entry.name.endsWith(".jsonl") ? [path] : [];
    })
    .sort();
}

export interface FixtureTranscript {
  /** Path relative to its fixture root, prefixed with "own/" or "shared/". */
  name: string;
  path: string;
}

export function fixtureTranscripts(): FixtureTranscript[] {
  const roots = [
    { label: "own", dir: OWN_FIXTURES },
    ...(existsSync(SHARED_FIXTURES) ? [{ label: "shared", dir: SHARED_FIXTURES }] : []),
  ];
  return roots.flatMap(({ label, dir }) => jsonlFiles(dir).map((path) => ({ name: `${label}/${relative(dir, path)}`, path })));
}
