// Guards the token count of text holding a long run without a space (#31): tiktoken's merge is quadratic in one piece's
// length (a 40,000-character rule line took ~1 s), so such runs are counted in pieces; other text is counted whole.
import { describe, expect, test } from "vitest";
import { countInPieces } from "../../src/core/context/tiktoken-encoder.js";

/** The pieces countInPieces hands to the encoder, each counted as 1. */
function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  const total = countInPieces(text, (piece) => {
    pieces.push(piece);
    return 1;
  });
  expect(total).toBe(pieces.length);
  expect(pieces.join("")).toBe(text);
  return pieces;
}

describe("counting text with long runs", () => {
  test("ordinary text, even long, is counted whole in one piece", () => {
    const prose = "## Decisions\n- JWT in cookies, rotated daily\n".repeat(2_000);
    expect(piecesOf(prose)).toEqual([prose]);
    expect(piecesOf(`${"y".repeat(999)} tail`)).toHaveLength(1);
    expect(piecesOf("")).toEqual([""]);
  });

  test("a run of 1,000 or more non-space characters is cut in pieces of at most 500, the rest counted around it", () => {
    const rule = "=".repeat(40_000);
    const text = `## State\n- before ${rule}\nafter the rule`;
    const pieces = piecesOf(text);
    expect(pieces[0]).toBe("## State\n- before ");
    expect(pieces.at(-1)).toBe("\nafter the rule");
    expect(pieces.slice(1, -1)).toHaveLength(80);
    for (const piece of pieces.slice(1, -1)) expect(piece).toBe("=".repeat(500));
  });

  test("runs at the very start and end, and under any Unicode space, are cut alike", () => {
    const pieces = piecesOf(`${"a".repeat(1_200)}\u3000mid\u00a0${"b".repeat(1_001)}`);
    expect(pieces.map((p) => p.length)).toEqual([500, 500, 200, 5, 500, 500, 1]);
  });
});
