// The frontmatter fast path (no YAML parser) must read exactly what YAML reads, or decline and leave it to YAML.
import fc from "fast-check";
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { parseCanonicalFrontmatter } from "../../src/core/frontmatter-fast.js";
import { parseThread, serializeThread } from "../../src/core/frontmatter.js";
import type { Thread } from "../../src/core/types.js";

const KEYS = ["id", "title", "parentId", "author", "createdAt", "updatedAt", "status", "branch", "commit", "mergedInto", "title", "id", "paths", "other"];
/** Characters that matter to YAML plain scalars, and ordinary ones. */
const CHARS = ["a", "Z", "0", "9", " ", "  ", ":", ": ", "#", " #", "-", "- ", ".", "_", "/", "@", ",", "(", ")", "+", "'", '"', "[", "{", "!", "&", "*", "%", "|", ">", "?", "~", "é", "\t", "x", "e", "E", "0x", "0o", "inf", "nan", "null", "true", "False"];

/** The characters the fast path lets through, numbers and null spellings included. */
const SAFE = ["a", "Z", "x", "e", "E", "0", "1", "9", " ", ":", ".", "_", "/", "@", ",", "(", ")", "+", "-", "0x", "0o", "null", "true", "inf"];

function yamlReads(text: string): { ok: true; value: unknown } | { ok: false } {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  return doc.errors.length > 0 ? { ok: false } : { ok: true, value: doc.toJS() };
}

describe("frontmatter fast path", () => {
  for (const [label, chars, minAccepted] of [
    ["tricky characters", CHARS, 200],
    ["characters allowed in plain values", SAFE, 3_000],
  ] as const) {
    it(`whatever it accepts, YAML reads the same way (random lines of ${label})`, () => {
      const value = fc.array(fc.constantFrom(...chars), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));
      const line = fc.tuple(fc.constantFrom(...KEYS), value).map(([k, v]) => `${k}: ${v}`);
      let accepted = 0;
      fc.assert(
        fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
          const text = `${lines.join("\n")}\n`;
          const fast = parseCanonicalFrontmatter(text);
          if (fast === null) return;
          accepted++;
          const yaml = yamlReads(text);
          expect(yaml.ok, text).toBe(true);
          if (yaml.ok) expect(fast, text).toEqual(yaml.value);
        }),
        { numRuns: 20_000 },
      );
      expect(accepted).toBeGreaterThan(minAccepted); // the comparison really ran on accepted inputs
    });
  }

  it("values YAML reads as numbers, booleans or other nulls are left to YAML", () => {
    for (const v of ["12", "012", "1.5", ".5", "1e5", "0x1F", "0o17", ".inf", ".NaN", "~", "Null", "true", "FALSE"]) {
      expect(parseCanonicalFrontmatter(`id: ${v}\n`), v).toBeNull();
    }
  });

  it("the files ThreadMind writes take the fast path and read back as written", () => {
    const thread: Thread = {
      id: "fix-login-2", title: "Fix login (part 2)", parentId: "main", author: "alice-3f2a", createdAt: "2026-01-02T03:04:05.678Z",
      updatedAt: "2026-01-02T03:04:05.679Z", status: "done", branch: "feature/login", commit: "0123456789abcdef0123456789abcdef01234567", summary: "## State\n- ok",
    };
    const text = serializeThread(thread);
    const yamlText = text.slice(4, text.indexOf("\n---\n") + 1);
    expect(parseCanonicalFrontmatter(yamlText)).not.toBeNull();
    expect(parseThread(text)).toEqual(thread);
  });
});
