// Guards readHead's `from`: a receipt reads from the transcript offset its injection noted, never a line cut by it,
// and up to the next response; an offset at or past the end reads nothing.
import { describe, expect, it } from "vitest";
import { statSync } from "node:fs";
import { readHead } from "../../src/transcript/index.js";
import { assistant, compactBoundary, compactSummary, hookInjection, jsonl, tempDirPerTest, user } from "./transcript-builders.js";

const dir = tempDirPerTest();

describe("readHead from an offset", () => {
  it("reads the records written after the offset, up to the next response, and nothing before it", async () => {
    const before = jsonl([
      ...hookInjection("startup context", "startup"),
      user("a"),
      assistant({ id: "msg_1", output: 1 }),
      compactBoundary({ trigger: "auto", preTokens: 160_000 }),
    ]);
    const after = jsonl([
      compactSummary(),
      ...hookInjection("compact context", "compact"),
      user("b"),
      assistant({ id: "msg_2", output: 1 }),
      ...hookInjection("much later", "compact"),
    ]);
    const path = await dir.file("s.jsonl", before + after);
    const offset = Buffer.byteLength(before);
    const head = await readHead(path, { from: offset });
    expect(head.hookContexts.map((h) => h.text)).toEqual(["compact context"]);
    expect(head.stoppedAtFirstResponse).toBe(true);
    // An offset inside a line skips that line: the injection is only ever recorded after the offset noted.
    const inside = await readHead(path, { from: offset - 5 });
    expect(inside.hookContexts.map((h) => h.text)).toEqual(["compact context"]);
    const cutsInjection = await readHead(path, { from: offset + 3 });
    expect(cutsInjection.hookContexts.map((h) => h.text)).not.toContain("startup context");
  });

  it("an offset at or past the end reads nothing; a negative or fractional one is refused", async () => {
    const path = await dir.file("s.jsonl", jsonl([...hookInjection("startup context", "startup"), user("a")]));
    const size = statSync(path).size;
    for (const from of [size, size + 100]) {
      const head = await readHead(path, { from });
      expect(head.hookContexts).toEqual([]);
      expect(head.bytesRead).toBeLessThanOrEqual(1); // at most the newline before the offset, to find where a line starts
    }
    await expect(readHead(path, { from: -1 })).rejects.toThrow(/from must be a non-negative integer/);
    await expect(readHead(path, { from: 1.5 })).rejects.toThrow(/from must be a non-negative integer/);
  });
});
