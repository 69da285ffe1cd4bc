// Guards the receipts' text fingerprint (cyrb53 over UTF-8 words): equal texts agree, any one-character change, an
// appended zero byte or a length that is not a multiple of 4 gives another value.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { textFingerprint } from "../../src/core/text-fingerprint.js";

describe("textFingerprint", () => {
  test("is 14 hex digits and the same for the same text", () => {
    const text = 'ThreadMind memory, loaded at session start: the context of thread "Auth" (auth).\n\n## Thread: Auth (active)\n';
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
});
