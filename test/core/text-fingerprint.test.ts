// Guards the receipts' text fingerprint (cyrb53 over UTF-8 words): equal texts agree, any one-character change, an
// appended zero byte or a length that is not a multiple of 4 gives another value.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { textFingerprint } from "../../src/core/text-fingerprint.js";

describe("textFingerprint", () => {
  test("is 14 hex digits and the same for the same text", () => {
    const text =
      'ThreadMind memory, loaded at session start: the context of thread "Auth" (auth).\n\n## Thread: Auth (current)\n';
    expect(textFingerprint(text)).toMatch(/^[0-9a-f]{14}$/);
    expect(textFingerprint(text)).toBe(textFingerprint(`${text}`));
  });

  test("tells apart texts that differ in one character, in padding, in length, or in non-ASCII", () => {
    const base = "é — Décisions\n- Use JWT 🎟️ everywhere.";
    const variants = [
      base,
      `${base}\u0000`,
      base.slice(0, -1),
      base.replace("JWT", "JWS"),
      base.replace("é", "e"),
      `${base} `,
      `x${base}`,
      "",
      "\u0000",
    ];
    expect(new Set(variants.map(textFingerprint)).size).toBe(variants.length);
  });

  test("distinct texts get distinct fingerprints (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 300 }), (a, b) => {
        fc.pre(a !== b);
        return textFingerprint(a) !== textFingerprint(b);
      }),
      { numRuns: 2_000, seed: 42 },
    );
  });

  test("is the value logged by earlier versions (TextEncoder's UTF-8, lone surrogates as U+FFFD) for any text", () => {
    const encoder = new TextEncoder();
    const earlier = (text: string): string => {
      const bytes = new Uint8Array(Math.ceil((text.length * 3) / 4) * 4 + 4);
      const { written } = encoder.encodeInto(text, bytes);
      const words = new Uint32Array(bytes.buffer, 0, Math.ceil(written / 4));
      let h1 = 0xdeadbeef ^ written;
      let h2 = 0x41c6ce57 ^ written;
      for (let i = 0; i < words.length; i++) {
        h1 = Math.imul(h1 ^ words[i]!, 2654435761);
        h2 = Math.imul(h2 ^ words[i]!, 1597334677);
      }
      h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
      h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
      h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
      h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
      return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
    };
    for (const text of ["", "a", "\uD800", "x\uDC00y", "🎟️\uD83C", "é".repeat(3_001)])
      expect(textFingerprint(text)).toBe(earlier(text));
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => textFingerprint(text) === earlier(text)),
      { numRuns: 2_000, seed: 7 },
    );
  });
});
