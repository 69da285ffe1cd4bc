// Every skip in the suite says why (#26 item 7): vitest prints a skipped test's note and name, but nothing for a bare
// ctx.skip(), an it.skipIf or a describe.skipIf, so a run's "N skipped" could not be told from tests quietly lost.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const SELF = "test/skips-say-why.test.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith(".ts") ? [relative(ROOT, path).replaceAll("\\", "/")] : [];
  });
}

/** Each way a test file can skip without saying why, with what to use instead. */
const RULES: { what: string; bad: (text: string) => boolean }[] = [
  {
    what: "a bare ctx.skip() (give it a note: ctx.skip(note) or ctx.skip(condition, note))",
    bad: (t) => /\.skip\(\s*\)/.test(t),
  },
  {
    what: "it.skipIf / test.skipIf / runIf (use ctx.skip(condition, note) in the test)",
    bad: (t) => /\b(it|test)\.(skipIf|runIf)\(/.test(t),
  },
  {
    what: "a describe.skipIf without sayWhySkipped(reason) beside it",
    bad: (t) => /\bdescribe\.(skipIf|runIf)\(/.test(t) && !t.includes("sayWhySkipped("),
  },
  {
    what: 'a static it.skip / test.skip / describe.skip whose name does not start with "skipped: <why>"',
    bad: (t) => /\b(it|test|describe)\.skip\(\s*(?!`skipped: |"skipped: )/.test(t),
  },
];

describe("skips in the test suite", () => {
  it("every skip says why", () => {
    const files = sourceFiles(join(ROOT, "test")).filter((f) => f !== SELF);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      return RULES.filter((r) => r.bad(text)).map((r) => `${file}: ${r.what}`);
    });
    expect(offenders).toEqual([]);
  });
});
