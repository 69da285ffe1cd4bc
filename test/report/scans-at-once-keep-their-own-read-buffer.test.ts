// Guards the read buffer the scans share one after another: two scans running at the same time (each yields to the event
// loop every 8 MiB) must not read into the same buffer, whose held lines (views of it) the other would overwrite.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scanSession } from "../../src/core/savings/savings-scan.js";

const dir = mkdtempSync(join(tmpdir(), "tm-scan-buffer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A session of ~10 MiB: one response, then user records with ever later timestamps up to 7.5 MiB (the last of them are
 * held, as views of the read buffer, when the scan yields after its 8th MiB, and parsed only at the end), then records
 * stamped as the response (they never move the span). `filler` sets the line length: the two files' lines do not line up.
 */
function writeSession(name: string, filler: number, startMs: number): string {
  const path = join(dir, `${name}.jsonl`);
  const fd = openSync(path, "w");
  const sessionId = `${name.slice(0, 8)}-0000-4000-8000-000000000001`;
  try {
    let at = startMs;
    const ts = () => {
      at += 1000;
      return new Date(at).toISOString();
    };
    const first = new Date(startMs + 1000).toISOString();
    writeSync(
      fd,
      `${JSON.stringify({
        type: "assistant",
        sessionId,
        timestamp: ts(),
        requestId: "req_1",
        message: {
          id: "msg_1",
          model: "claude-opus-4-6",
          role: "assistant",
          content: [{ type: "text", text: "hi" }],
          usage: { input_tokens: 10, cache_creation_input_tokens: 5, cache_read_input_tokens: 100, output_tokens: 4 },
        },
      })}\n`,
    );
    for (let written = 0, i = 0; written < 10 * 1024 * 1024; i++) {
      const line = `${JSON.stringify({
        type: "user",
        sessionId,
        timestamp: written < 7.5 * 1024 * 1024 ? ts() : first,
        message: { role: "user", content: [{ type: "tool_result", content: `${i} ${"x".repeat(filler)}` }] },
      })}\n`;
      written += writeSync(fd, line);
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

describe("scans running at the same time", () => {
  it("give each file the result it gets alone", async () => {
    const a = { path: writeSession("aaaaaaaa", 1000, Date.parse("2026-05-01T08:00:00.000Z")), folder: "f" };
    const b = { path: writeSession("bbbbbbbb", 1337, Date.parse("2026-06-01T08:00:00.000Z")), folder: "f" };
    const alone = [await scanSession(a), await scanSession(b)];
    expect(alone[0]!.endedAt).not.toBe(alone[0]!.startedAt);
    expect(alone.map((s) => s.malformedLines)).toEqual([0, 0]);
    expect(await Promise.all([scanSession(a), scanSession(b)])).toEqual(alone);
    // And again one after another (the second scan reads into the buffer the first one used).
    expect([await scanSession(b), await scanSession(a)]).toEqual([alone[1], alone[0]]);
  });
});
