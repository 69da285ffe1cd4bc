// Skips that say why: vitest prints a skipped test's note ([…]) and its name, but nothing about why a describe.skipIf or
// an it.skipIf skipped. Each conditional skip of the suite goes through ctx.skip(condition, note) or sayWhySkipped.
import { test } from "vitest";

/**
 * For a `describe.skipIf(reason !== null)`: one skipped test in its place named "skipped: <reason>", so a run's
 * summary says what was left out and why (nothing when `reason` is null).
 */
export function sayWhySkipped(reason: string | null): void {
  if (reason !== null) test.skip(`skipped: ${reason}`, () => {});
}
