// Test tiers: every test file belongs to exactly one of vitest.config.ts's tiers (unit, integration, slow).
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { SLOW_EXCEPTIONS, TIERS } from "../vitest.config.js";

const ROOT = join(import.meta.dirname, "..");

function testFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(path));
    else if (entry.name.endsWith(".test.ts")) found.push(relative(ROOT, path));
  }
  return found;
}

/** The tier globs are `dir/**\/*.test.ts` or a file path: matched as a prefix or exactly. */
function matches(pattern: string, file: string): boolean {
  const suffix = "/**/*.test.ts";
  return pattern.endsWith(suffix) ? file.startsWith(pattern.slice(0, -suffix.length + 1)) : file === pattern;
}

function tiersOf(file: string): string[] {
  if ((SLOW_EXCEPTIONS as readonly string[]).includes(file)) return ["slow"];
  return Object.entries(TIERS)
    .filter(([, patterns]) => patterns.some((pattern) => matches(pattern, file)))
    .map(([tier]) => tier);
}

describe("test tiers", () => {
  it("every test file belongs to exactly one tier", () => {
    const files = testFiles(join(ROOT, "test"));
    expect(files.length).toBeGreaterThan(50);
    const misplaced = files.map((file) => ({ file, tiers: tiersOf(file) })).filter(({ tiers }) => tiers.length !== 1);
    expect(misplaced).toEqual([]);
  });

  it("the slow exceptions exist, so a renamed file cannot silently move to the unit tier", () => {
    const files = testFiles(join(ROOT, "test"));
    for (const exception of SLOW_EXCEPTIONS) expect(files).toContain(exception);
  });
});
