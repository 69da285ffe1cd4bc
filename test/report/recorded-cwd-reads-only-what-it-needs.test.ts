// Guards readRecordedCwd, which reads a transcript's head in growing steps and parses only lines holding "cwd": it
// finds what reading the whole head at once and parsing each line finds (cut last line, malformed lines, escapes,
// lines across the steps, a file exactly as long as the bound, bytes that are not UTF-8).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readRecordedCwd } from "../../src/core/savings/transcript-locations.js";

const dir = mkdtempSync(join(tmpdir(), "tm-cwd-head-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The reference: the first maxBytes read at once, split into lines, the cut last one dropped, each holding "cwd" parsed. */
function wholeHeadCwd(bytes: Buffer, maxBytes: number): string | null {
  const head = bytes.subarray(0, maxBytes);
  const lines = head.toString("utf8").split("\n");
  if (head.length === maxBytes) lines.pop();
  for (const line of lines) {
    if (!line.includes('"cwd"')) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof value === "object" && value !== null && "cwd" in value && typeof value.cwd === "string" && value.cwd !== "")
      return value.cwd;
  }
  return null;
}

describe("the recorded cwd of a transcript's head", () => {
  it("is what reading the whole head at once finds, wherever the first usable cwd line lies", async () => {
    const filler = (n: number) => `{"type":"file-history-snapshot","snapshot":{"x":"${"f".repeat(n)}"}}`;
    const cases: { name: string; lines: string[]; bound: number }[] = [];
    for (const bound of [256 * 1024, 40_000, 16 * 1024, 100]) {
      for (const before of [0, 1, 3, 200, 2_000]) {
        cases.push({
          name: `bound ${bound}, ${before} lines before`,
          lines: [...Array.from({ length: before }, (_, i) => filler(i % 97)), '{"type":"user","cwd":"/work/a"}', "{}"],
          bound,
        });
      }
      cases.push({
        name: `bound ${bound}: malformed, empty, non-string and escaped cwd lines first`,
        lines: [
          '{"cwd":"/broken"',
          '{"cwd":""}',
          '{"cwd":42}',
          '["cwd"]',
          '{"c\\u0077d":"/escaped"}',
          '{"note":"\\"cwd\\" in a string","cwd":"/work/b é"}',
        ],
        bound,
      });
      cases.push({ name: `bound ${bound}: no cwd at all`, lines: [filler(10), filler(20)], bound });
      cases.push({ name: `bound ${bound}: not UTF-8`, lines: ['{"x":"\xff\xfe"}', '{"cwd":"/work/\udcff"}'], bound });
    }
    for (const { name, lines, bound } of cases) {
      for (const ending of ["\n", ""]) {
        const bytes = Buffer.from(lines.join("\n") + ending, "utf8");
        const path = join(dir, "t.jsonl");
        writeFileSync(path, bytes);
        expect(await readRecordedCwd(path, bound), `${name}, ending ${JSON.stringify(ending)}`).toBe(wholeHeadCwd(bytes, bound));
        // The bound falling inside, just after and just before the first cwd line.
        const at = bytes.indexOf('"cwd"');
        if (at !== -1)
          for (const cut of [at, at + 3, bytes.indexOf("\n", at), bytes.indexOf("\n", at) + 1, bytes.length]) {
            if (cut <= 0) continue;
            expect(await readRecordedCwd(path, cut), `${name}, bound ${cut}`).toBe(wholeHeadCwd(bytes, cut));
          }
      }
    }
  });

  it("refuses a FIFO instead of blocking on it (the head is read with synchronous calls)", async () => {
    const fifo = join(dir, "fifo.jsonl");
    execFileSync("mkfifo", [fifo]);
    await expect(readRecordedCwd(fifo)).rejects.toThrow(`cannot read transcript ${fifo}: is not a regular file`);
  });
});
