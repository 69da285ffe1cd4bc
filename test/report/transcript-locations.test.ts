// Guards which transcript folders count as this workspace's: exact and subdirectory folders in, prefix-sharing siblings out.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  claudeConfigDir,
  claudeProjectsDir,
  encodeProjectPath,
  locateTranscripts,
  subdirectoryEncodesTo,
} from "../../src/core/savings/transcript-locations.js";
import { folderNameFor, makeFakeClaudeConfig, type FakeClaudeConfig } from "../support/fake-claude-projects.js";

function record(cwd: string | null, sessionId: string): string {
  return `${JSON.stringify({ type: "user", sessionId, timestamp: "2026-01-01T00:00:00.000Z", ...(cwd === null ? {} : { cwd }), message: { role: "user", content: "hi" } })}\n`;
}

describe("transcript locations", () => {
  let base: string;
  let fake: FakeClaudeConfig;
  let repo: string;

  beforeEach(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "tm-locations-")));
    repo = join(base, "my.app");
    mkdirSync(join(repo, "packages", "web_ui"), { recursive: true });
    fake = makeFakeClaudeConfig();
  });
  afterEach(() => {
    rmSync(base, { recursive: true, force: true });
    fake.cleanup();
  });

  it("encodes every non-alphanumeric character as '-' (the same as an independent encoding)", () => {
    for (const path of ["/home/u/my.app", "/tmp/a b/c_d-e", "/x/ü/y", "C:\\Users\\me"]) {
      expect(encodeProjectPath(path)).toBe(folderNameFor(path));
    }
    expect(encodeProjectPath("/home/u/my.app")).toBe("-home-u-my-app");
  });

  it("honours CLAUDE_CONFIG_DIR, else ~/.claude", () => {
    expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: "/opt/cc" }, "/home/u")).toBe("/opt/cc");
    expect(claudeConfigDir({}, "/home/u")).toBe("/home/u/.claude");
    expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: "" }, "/home/u")).toBe("/home/u/.claude");
    expect(claudeProjectsDir({ CLAUDE_CONFIG_DIR: "/opt/cc" }, "/home/u")).toBe("/opt/cc/projects");
  });

  it("takes the workspace's own folder and its subdirectories' folders whose transcripts ran inside it", async () => {
    fake.write(repo, "a.jsonl", record(repo, "a"));
    fake.write(join(repo, "packages", "web_ui"), "b.jsonl", record(join(repo, "packages", "web_ui"), "b"));
    const found = await locateTranscripts({ projectsDir: fake.projectsDir, workspaceRoot: repo });
    expect(found.transcripts.map((t) => [t.folder, t.evidence])).toEqual([
      [folderNameFor(repo), "recorded-cwd"],
      [folderNameFor(join(repo, "packages", "web_ui")), "recorded-cwd"],
    ]);
    expect(found.rejected).toEqual([]);
  });

  it("rejects a sibling repository whose encoded name merely shares the prefix (my.app-old next to my.app)", async () => {
    const sibling = join(base, "my.app-old");
    mkdirSync(sibling);
    fake.write(sibling, "s.jsonl", record(sibling, "s"));
    const found = await locateTranscripts({ projectsDir: fake.projectsDir, workspaceRoot: repo });
    expect(folderNameFor(sibling).startsWith(`${folderNameFor(repo)}-`)).toBe(true);
    expect(found.transcripts).toEqual([]);
    expect(found.rejected).toHaveLength(1);
    expect(found.rejected[0]!.reason).toContain(sibling);
  });

  it("rejects a file in the exact folder whose recorded cwd is another directory with the same encoding (my-app vs my.app)", async () => {
    const twin = join(base, "my-app");
    fake.write(repo, "twin.jsonl", record(twin, "t"));
    const found = await locateTranscripts({ projectsDir: fake.projectsDir, workspaceRoot: repo });
    expect(found.transcripts).toEqual([]);
    expect(found.rejected.map((r) => r.path)).toEqual([join(fake.projectsDir, folderNameFor(repo), "twin.jsonl")]);
  });

  it("without a recorded cwd: keeps the exact folder, keeps a subdirectory that exists, rejects one it cannot verify", async () => {
    fake.write(repo, "exact.jsonl", record(null, "e"));
    fake.write(join(repo, "packages", "web_ui"), "sub.jsonl", record(null, "s"));
    fake.write(join(repo, "gone"), "gone.jsonl", record(null, "g"));
    const found = await locateTranscripts({ projectsDir: fake.projectsDir, workspaceRoot: repo });
    expect(found.transcripts.map((t) => [t.path.split("/").pop(), t.evidence])).toEqual([
      ["exact.jsonl", "exact-folder-name"],
      ["sub.jsonl", "existing-subdirectory"],
    ]);
    expect(found.rejected.map((r) => r.path.split("/").pop())).toEqual(["gone.jsonl"]);
    expect(found.rejected[0]!.reason).toContain("cannot tell");
  });

  it("leaves out subagent files (agent-*.jsonl beside, <session>/subagents/ below) and non-transcripts", async () => {
    fake.write(repo, "main.jsonl", record(repo, "m"));
    fake.write(repo, "agent-abc.jsonl", record(repo, "m"));
    fake.write(repo, "notes.txt", "x");
    const folder = join(fake.projectsDir, folderNameFor(repo));
    mkdirSync(join(folder, "m", "subagents"), { recursive: true });
    writeFileSync(join(folder, "m", "subagents", "agent-x.jsonl"), record(repo, "m"));
    const found = await locateTranscripts({ projectsDir: fake.projectsDir, workspaceRoot: repo });
    expect(found.transcripts.map((t) => t.path)).toEqual([join(folder, "main.jsonl")]);
  });

  it("reports a missing projects folder instead of failing", async () => {
    const found = await locateTranscripts({ projectsDir: join(base, "nowhere"), workspaceRoot: repo });
    expect(found).toMatchObject({ projectsDirExists: false, transcripts: [], rejected: [], folders: [] });
  });

  it("walks only directories that fit the encoded suffix", () => {
    expect(subdirectoryEncodesTo(repo, "-packages-web-ui")).toBe(true);
    expect(subdirectoryEncodesTo(repo, "-packages-web")).toBe(false);
    expect(subdirectoryEncodesTo(repo, "-packages")).toBe(true);
    expect(subdirectoryEncodesTo(repo, "-nope")).toBe(false);
  });
});
