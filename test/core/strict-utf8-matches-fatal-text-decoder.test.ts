// Guards strictUtf8 (src/core/store/read-strict.ts), which replaced a fatal TextDecoder on the hooks' path: the same
// text for valid UTF-8 (a leading byte order mark dropped), null wherever the decoder would throw.
import { describe, expect, test } from "vitest";
import { strictUtf8 } from "../../src/core/store/read-strict.js";

function decoder(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const bytes = (...b: number[]) => Uint8Array.from(b);

describe("strictUtf8", () => {
  test("valid text, with and without a byte order mark, decodes as the fatal decoder does", () => {
    for (const text of ["", "{}", '{"a":"é ü 中文 🎉"}\\n', "\uFEFF{}", "\uFEFF\uFEFFx", "x\uFEFF"]) {
      const b = Buffer.from(text, "utf8");
      expect(strictUtf8(b)).toBe(decoder(b));
    }
    expect(strictUtf8(Buffer.from("\uFEFF{}", "utf8"))).toBe("{}");
  });

  test("invalid sequences are refused as the fatal decoder refuses them", () => {
    const cases = [
      bytes(0xff),
      bytes(0xc0, 0x80), // overlong
      bytes(0xed, 0xa0, 0x80), // a surrogate
      bytes(0xf4, 0x90, 0x80, 0x80), // past U+10FFFF
      bytes(0xe2, 0x82), // cut short
      bytes(0xef, 0xbb), // half a byte order mark
      bytes(0x7b, 0x80, 0x7d),
    ];
    for (const b of cases) {
      expect(decoder(b)).toBeNull();
      expect(strictUtf8(b)).toBeNull();
    }
  });

  test("a view into a larger buffer decodes only its own bytes", () => {
    const whole = Buffer.from('xx\uFEFF{"a":1}yy', "utf8");
    const view = whole.subarray(2, whole.length - 2);
    expect(strictUtf8(view)).toBe('{"a":1}');
  });
});
