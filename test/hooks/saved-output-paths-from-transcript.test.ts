// Guards SessionEnd's receipt check against the file a transcript names (issue 15, item 8): Claude Code's
// "<persisted-output> … Full output saved to: X" names a file, and the transcript is untrusted. Only a regular file
// inside Claude Code's folder for this session is opened, without blocking, with a bounded read: a FIFO, /dev/zero, a
// link out of the folder or a 5 GB sparse file at X never hangs the hook nor makes it allocate; the receipt is then
// settled as if the file were gone. A real saved file in the folder still settles it as "preview" (not vacuous).
import { execFileSync } from "node:child_process";
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { writeChain } from "../support/deep-chain.js";
import { logLines } from "../support/store-measurements.js";
import { appendMeasurementEvents } from "../../src/core/measure/measurement-log.js";
import { contentHash } from "../../src/core/content-hash.js";
import { textFingerprint } from "../../src/core/text-fingerprint.js";
import { readSavedOutput } from "../../src/core/savings/saved-output.js";

const SESSION = "5a5a5a5a-1111-4222-8333-444444444444";
/** What the hook printed (over the cap, so Claude Code recorded a preview and saved this to a file). */
const FULL = `${"A context over the cap. ".repeat(500)}`;

let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "tm-saved-output-"));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

interface Case {
  root: string;
  transcript: string;
  /** Claude Code's folder for the session: <projects>/<enc>/<session id>/. */
  folder: string;
}

let n = 0;
function workspace(): Case {
  const root = join(base, `case-${++n}`);
  writeChain({ root, projectId: "p", ancestors: 0 });
  const projects = join(root, "home", ".claude", "projects", "-ws");
  const folder = join(projects, SESSION);
  mkdirSync(join(folder, "tool-results"), { recursive: true });
  return { root, transcript: join(projects, `${SESSION}.jsonl`), folder };
}

/** A transcript whose SessionStart injection was recorded as a preview naming `savedTo`, and the pending injection logged. */
function prepare(c: Case, savedTo: string): void {
  const preview = [
    "<persisted-output>",
    `Output too large (12.0KB). Full output saved to: ${savedTo}`,
    "",
    "Preview (first 2KB):",
    FULL.slice(0, 2000),
    "...",
    "</persisted-output>",
  ].join("\n");
  const records = [
    {
      type: "attachment",
      isSidechain: false,
      sessionId: SESSION,
      timestamp: "2026-03-01T10:00:01.000Z",
      uuid: "u1",
      attachment: {
        type: "hook_additional_context",
        content: [preview],
        hookName: "SessionStart:startup",
        hookEvent: "SessionStart",
      },
    },
    {
      type: "assistant",
      isSidechain: false,
      sessionId: SESSION,
      timestamp: "2026-03-01T10:00:02.000Z",
      uuid: "u2",
      requestId: "r1",
      message: {
        id: "m1",
        model: "claude-x",
        role: "assistant",
        content: [{ type: "text", text: "hi" }],
        usage: { input_tokens: 10, cache_creation_input_tokens: 2_000, cache_read_input_tokens: 0, output_tokens: 5 },
      },
    },
  ];
  writeFileSync(c.transcript, records.map((r) => `${JSON.stringify(r)}\n`).join(""));
  appendMeasurementEvents(join(c.root, ".threadmind"), [
    {
      kind: "injection",
      at: "2026-03-01T10:00:00.500Z",
      sessionId: SESSION,
      source: "startup",
      projectId: "p",
      threadId: "main",
      chars: FULL.length,
      tokens: 1_000,
      omitted: 0,
      contentHash: contentHash(FULL),
      fingerprint: textFingerprint(FULL),
      transcriptPath: c.transcript,
      transcriptOffset: 0,
    },
  ]);
}

/** Runs SessionEnd; returns the receipt it logged. */
async function sessionEnd(c: Case): Promise<unknown> {
  const run = await runHookProcess("session-end", {
    cwd: c.root,
    sessionId: SESSION,
    transcriptPath: c.transcript,
    claudePid: process.pid,
    killAfterMs: 30_000,
  });
  expect(run).toMatchObject({ code: 0, stderr: "", hung: false });
  const out = parseHookStdout(run.stdout);
  expect(out?.systemMessage ?? "").not.toMatch(/gave up|could not/);
  return logLines(c.root).find((e) => e.kind === "receipt")?.receipt;
}

function mkfifo(path: string): void {
  execFileSync("mkfifo", [path]);
}

describe("SessionEnd's receipt check opens only a regular file inside the session's folder, bounded", () => {
  test("control: the saved file in the session's tool-results/ settles the receipt as preview", async () => {
    const c = workspace();
    const saved = join(c.folder, "tool-results", "hook-1-additionalContext.txt");
    writeFileSync(saved, FULL);
    prepare(c, saved);
    expect(await sessionEnd(c)).toBe("preview");
  });

  test("/dev/zero named as the saved file: not read (outside the folder), settled as missing", async () => {
    const c = workspace();
    prepare(c, "/dev/zero");
    expect(await sessionEnd(c)).toBe("missing");
  });

  test("a FIFO in the session's folder: never opened for a blocking read", async () => {
    const c = workspace();
    const fifo = join(c.folder, "tool-results", "hook-fifo.txt");
    mkfifo(fifo);
    prepare(c, fifo);
    expect(await sessionEnd(c)).toBe("missing");
  });

  test("a FIFO outside the folder, reached by name or through ../", async () => {
    const c = workspace();
    const fifo = join(c.root, "outside-fifo");
    mkfifo(fifo);
    prepare(c, join(c.folder, "tool-results", "..", "..", "..", "..", "..", "outside-fifo"));
    expect(await sessionEnd(c)).toBe("missing");
  });

  test("links in the folder that lead out: to /dev/zero, and a linked directory", async () => {
    const c = workspace();
    symlinkSync("/dev/zero", join(c.folder, "tool-results", "zero.txt"));
    prepare(c, join(c.folder, "tool-results", "zero.txt"));
    expect(await sessionEnd(c)).toBe("missing");
    const d = workspace();
    writeFileSync(join(d.root, "elsewhere.txt"), FULL);
    symlinkSync(d.root, join(d.folder, "linked"));
    prepare(d, join(d.folder, "linked", "elsewhere.txt"));
    expect(await sessionEnd(d)).toBe("missing");
  });

  test("a 5 GB sparse file in the folder is not read", async () => {
    const c = workspace();
    const big = join(c.folder, "tool-results", "huge.txt");
    const fd = openSync(big, "w");
    ftruncateSync(fd, 5 * 1024 ** 3);
    closeSync(fd);
    prepare(c, big);
    expect(await sessionEnd(c)).toBe("missing");
    expect(readSavedOutput(big, c.transcript)).toBeNull();
  });
});
