// Guards the report's folder match for a workspace whose encoded path is over 200 characters: Claude Code cuts the name and appends a hash.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { locateTranscripts } from "../../src/core/savings/transcript-locations.js";
import { earlyScanFolder } from "../../src/cli/early-scan-folder.js";
import { folderNameFor, makeFakeClaudeConfig, type FakeClaudeConfig } from "../support/fake-claude-projects.js";

/**
 * The folder Claude Code (2.1.x, read from the pinned binary) names after a launch directory, written out here on its
 * own: the plain encoding up to 200 characters; past that its first 200 characters, "-", and a base-36 hash of the path.
 */
function claudeFolderFor(launchDir: string): string {
  const plain = folderNameFor(launchDir);
  if (plain.length <= 200) return plain;
  let hash = 0;
  for (let i = 0; i < launchDir.length; i++) hash = ((hash << 5) - hash + launchDir.charCodeAt(i)) | 0;
  return `${plain.slice(0, 200)}-${Math.abs(hash).toString(36)}`;
}

function record(cwd: string | null, sessionId: string): string {
  return `${JSON.stringify({ type: "user", sessionId, timestamp: "2026-01-01T00:00:00.000Z", ...(cwd === null ? {} : { cwd }), message: { role: "user", content: "hi" } })}\n`;
}

describe("a workspace whose encoded path is over 200 characters", () => {
  let base: string;
  let fake: FakeClaudeConfig;
  let repo: string;

  beforeEach(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "tm-long-path-")));
    repo = join(base, "a".repeat(120), "b".repeat(100));
    mkdirSync(join(repo, "packages", "web"), { recursive: true });
    fake = makeFakeClaudeConfig();
  });
  afterEach(() => {
    rmSync(base, { recursive: true, force: true });
    fake.cleanup();
  });

  function writeIn(launchDir: string, fileName: string, text: string): string {
    const folder = join(fake.projectsDir, claudeFolderFor(launchDir));
    mkdirSync(folder, { recursive: true });
    const path = join(folder, fileName);
    writeFileSync(path, text);
    return path;
  }

  it("finds the sessions Claude Code wrote under the cut, hashed folder name (it found none)", async () => {
    expect(folderNameFor(repo).length).toBeGreaterThan(200);
    const own = writeIn(repo, "own.jsonl", record(repo, "own"));
    const noCwd = writeIn(repo, "no-cwd.jsonl", record(null, "no-cwd"));
    const sub = writeIn(join(repo, "packages", "web"), "sub.jsonl", record(join(repo, "packages", "web"), "sub"));
    const found = await locateTranscripts({ projectsDir: fake.projectsDir, workspaceRoot: repo });
    expect(found.transcripts.map((t) => [t.path, t.evidence]).sort()).toEqual(
      [
        [own, "recorded-cwd"],
        [noCwd, "exact-folder-name"],
        [sub, "recorded-cwd"],
      ].sort(),
    );
    expect(found.rejected).toEqual([]);
  });

  it("still rejects another long directory that shares the first 200 characters", async () => {
    const other = join(base, "a".repeat(120), `${"b".repeat(100)}-other`);
    mkdirSync(other);
    const path = writeIn(other, "other.jsonl", record(other, "other"));
    const found = await locateTranscripts({ projectsDir: fake.projectsDir, workspaceRoot: repo });
    expect(found.transcripts).toEqual([]);
    expect(found.rejected.map((r) => r.path)).toEqual([path]);
  });

  it("guesses the report's early scan folder under the same name", () => {
    expect(earlyScanFolder({ CLAUDE_CONFIG_DIR: fake.configDir, THREADMIND_ROOT: repo }, repo)).toBe(
      join(fake.projectsDir, claudeFolderFor(repo)),
    );
  });
});
