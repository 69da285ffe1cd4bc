// The hooks format counts without Intl (ICU start-up costs ~20 ms): the text must stay what toLocaleString("en-US") gave.
import { describe, expect, it } from "vitest";
import { formatCount } from "../../src/core/format-count.js";

describe("formatCount", () => {
  it("whole numbers read exactly as en-US writes them", () => {
    for (const n of [0, 7, 999, 1_000, 10_000, 123_456, 1_000_000, 9_876_543_210, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});
