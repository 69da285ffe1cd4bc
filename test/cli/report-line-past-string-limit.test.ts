// Guards issue #30 item 7: a transcript holding one line longer than a string can be (512 MiB on 64-bit Node) is one notice naming the file, and the report of every other transcript (it exited 1 with a stack trace).
import { constants } from "node:buffer";
import { closeSync, fstatSync, ftruncateSync, mkdtempSync, openSync, realpathSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeFakeClaudeConfig, type FakeClaudeConfig } from "../support/fake-claude-projects.js";
import { homesPerTest, runCli } from "../support/run-cli.js";
import { assistant, jsonl, user } from "../transcript/transcript-builders.js";

const KEPT = "aaaaaaaa-0000-4000-8000-000000000031";
const LONG = "bbbbbbbb-0000-4000-8000-000000000031";
let fake: FakeClaudeConfig;
let workspace: string;
let longPath: string;
const newHome = homesPerTest();

/** One session's records: a prompt and a response of 10,000 tokens of context. */
function session(id: string, where: string): string {
  return jsonl(
    [user("hi"), assistant({ id: `${id}-r`, input: 5, cacheRead: 9_995, output: 10 })].map((r) => ({
      ...r,
      sessionId: id,
      cwd: where,
    })),
  );
}

beforeAll(() => {
  fake = makeFakeClaudeConfig();
  workspace = realpathSync(mkdtempSync(join(tmpdir(), "tm-report-long-line-")));
  fake.write(workspace, `${KEPT}.jsonl`, session(KEPT, workspace));
  // Records, then a line of MAX_STRING_LENGTH + 1 bytes (a hole: zero bytes on disk, NUL bytes when read, no newline
  // among them), then records again. Nothing of it is held in this process's memory.
  longPath = fake.write(workspace, `${LONG}.jsonl`, session(LONG, workspace));
  const fd = openSync(longPath, "r+");
  try {
    const before = fstatSync(fd).size;
    const after = before + constants.MAX_STRING_LENGTH + 1;
    ftruncateSync(fd, after);
    writeSync(fd, `\n${session(LONG, workspace)}`, after);
  } finally {
    closeSync(fd);
  }
});
afterAll(() => {
  fake.cleanup();
  rmSync(workspace, { recursive: true, force: true });
});

describe("a transcript with a line longer than a string can hold", () => {
  it("is one notice naming the file; every other transcript is reported, and the report exits 0", () => {
    const run = runCli(["report"], { cwd: workspace, home: newHome(), env: { CLAUDE_CONFIG_DIR: fake.configDir } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    const sections = run.stdout.split(/^## /m);
    const notice = sections.find((s) => s.startsWith("Transcripts that could not be scanned"));
    const named = (notice ?? "").split("\n").filter((l) => l.includes(longPath));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain(`${longPath}: `);
    // The other session is in the report, the long one only in the notice.
    const sessions = sections.find((s) => s.startsWith("Sessions\n")) ?? "";
    expect(sessions).toContain(KEPT.slice(0, 8));
    expect(sessions).not.toContain(LONG.slice(0, 8));
  });
});
