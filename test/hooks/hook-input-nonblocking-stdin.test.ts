// Guards the hook input read on a non-blocking stdin (EAGAIN from readSync): the rest arrives through process.stdin,
// and an input that never completes ends at the read's bound with one line for the user, exit 0.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { join } from "node:path";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { storeMeasurements } from "../support/store-measurements.js";
import { HOOK_BUNDLE } from "../reliability/hook-process.js";

const execFileAsync = promisify(execFile);

let repo: TempRepo;
beforeAll(async () => {
  repo = makeTempRepo();
  await servicesFor(repo.dir).projectCreate({ title: "Nonblocking" });
});
afterAll(() => repo?.cleanup());

const SPAWNER = join(import.meta.dirname, "..", "fixtures", "spawn-nonblocking-stdin.py");

/**
 * Runs a hook whose stdin is a non-blocking socket, writing `parts` with a pause between them and never closing it.
 * `parts` is a list of texts, or `{ text, cutBytes }`: the text's UTF-8 bytes cut at those byte offsets.
 * (Node's spawn would make the child's stdin blocking again: Python spawns it.)
 */
async function runWithNonblockingStdin(
  name: string,
  parts: string[] | { text: string; cutBytes: number[] },
  pauseMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const partArgs = Array.isArray(parts) ? [JSON.stringify(parts)] : [JSON.stringify([parts.text, ...parts.cutBytes]), "bytes"];
  const { stdout } = await execFileAsync("python3", [SPAWNER, HOOK_BUNDLE, repo.dir, name, String(pauseMs / 1000), ...partArgs], {
    env: { ...process.env, NODE: process.execPath },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as { code: number | null; stdout: string; stderr: string; ms: number };
}

describe("hook input on a non-blocking stdin", () => {
  test("an input arriving in two parts is read whole: the hook measures and records", async () => {
    const input = JSON.stringify({
      session_id: "nonblocking-1",
      cwd: repo.dir,
      hook_event_name: "SessionEnd",
      reason: "other",
      transcript_path: join(repo.dir, "none.jsonl"),
    });
    const cut = Math.floor(input.length / 2);
    // The pause is long enough that the hook's second read finds the socket empty (EAGAIN).
    const run = await runWithNonblockingStdin("session-end", [input.slice(0, cut), input.slice(cut)], 400);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(storeMeasurements(join(repo.dir, ".threadmind")).measurements.sessionEnds.map((r) => r.sessionId)).toContain(
      "nonblocking-1",
    );
  });

  test("a multi-byte character cut between the parts arrives whole: the recorded transcript path is the one sent", async () => {
    const transcriptPath = join(repo.dir, "café.jsonl");
    const input = JSON.stringify({
      session_id: "nonblocking-3",
      cwd: repo.dir,
      hook_event_name: "SessionEnd",
      reason: "other",
      transcript_path: transcriptPath,
    });
    const bytes = Buffer.from(input, "utf8");
    const eAt = bytes.indexOf(Buffer.from("é", "utf8"));
    expect(Buffer.from("é", "utf8")).toHaveLength(2);
    // The cut falls between the two bytes of "é".
    const run = await runWithNonblockingStdin("session-end", { text: input, cutBytes: [eAt + 1] }, 400);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const ends = storeMeasurements(join(repo.dir, ".threadmind")).measurements.sessionEnds.filter(
      (r) => r.sessionId === "nonblocking-3",
    );
    expect(ends.map((r) => r.transcriptPath)).toEqual([transcriptPath]);
  });

  test("an input that never completes ends at the read's bound, with one line and exit 0", async () => {
    const run = await runWithNonblockingStdin("pre-compact", ['{"session_id":"nonblocking-2","hook_event_name":"PreCompact"'], 0);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toEqual({
      systemMessage: expect.stringMatching(/^ThreadMind: PreCompact hook failed: no complete hook input on stdin within \d+ ms$/),
    });
  }, 20_000);
});
