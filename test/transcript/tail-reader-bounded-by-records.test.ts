// Guards issue #30 item 5: the tail walk is bounded by records as well as bytes: a transcript whose last 4 MB are
// ~200,000 tiny records the walk must parse (sidechain responses) stops after maxRecords parsed lines, not at 4 MB.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { readTail } from "../../src/transcript/read-tail.js";
import { TAIL_MAX_BYTES, TAIL_MAX_RECORDS } from "../../src/hooks/measure-size.js";

const dir = mkdtempSync(join(tmpdir(), "tm-tail-records-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a tail of 200,000 tiny sidechain responses is walked back over at most TAIL_MAX_RECORDS parsed lines", async () => {
  const tiny = '{"type":"assistant","isSidechain":true}\n';
  const count = Math.floor(TAIL_MAX_BYTES / tiny.length) + 100;
  expect(count).toBeGreaterThan(100_000);
  const path = join(dir, "tiny-tail.jsonl");
  writeFileSync(path, tiny.repeat(count));
  const tail = await readTail(path, { maxBytes: TAIL_MAX_BYTES, maxRecords: TAIL_MAX_RECORDS });
  expect(tail.stoppedAtRecordLimit).toBe(true);
  expect(tail.reachedStartOfFile).toBe(false);
  expect(tail.lines - tail.unparsedLines).toBe(TAIL_MAX_RECORDS);
  expect(tail.skipped.sidechain).toBe(TAIL_MAX_RECORDS);
  expect(tail.contextTokens).toBeNull();
  // Without the record bound the same walk parses every line of its 4 MB (what took SessionEnd past 1 s).
  const unbounded = await readTail(path, { maxBytes: TAIL_MAX_BYTES });
  expect(unbounded.stoppedAtRecordLimit).toBe(false);
  expect(unbounded.lines - unbounded.unparsedLines).toBeGreaterThan(10 * TAIL_MAX_RECORDS);
});

test("a small transcript is read to its start as before: the record bound is never reached", async () => {
  const path = join(dir, "small.jsonl");
  writeFileSync(path, '{"type":"assistant","isSidechain":true}\n'.repeat(10));
  const tail = await readTail(path, { maxBytes: TAIL_MAX_BYTES, maxRecords: TAIL_MAX_RECORDS });
  expect(tail).toMatchObject({ stoppedAtRecordLimit: false, reachedStartOfFile: true, lines: 10 });
});
