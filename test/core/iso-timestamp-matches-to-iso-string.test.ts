// Guards isoTimestamp (src/core/clock.ts), which writes timestamps out by hand instead of calling toISOString (the
// first toISOString of a process costs a hook ~0.17 ms): it must give exactly what toISOString gives.
import { describe, expect, test } from "vitest";
import { isoTimestamp } from "../../src/core/clock.js";

describe("isoTimestamp", () => {
  test("equals toISOString across the years a clock can show, to the millisecond", () => {
    const samples = [
      0,
      1,
      999,
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 12, 0, 0, 5),
      Date.UTC(2026, 11, 1, 13, 47, 28, 40),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.now(),
    ];
    let x = 0x2545f491;
    for (let i = 0; i < 2_000; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      samples.push(Math.floor((x / 2 ** 32) * Date.UTC(9999, 11, 31)));
    }
    for (const ms of samples) expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
  });

  test("years outside 0-9999 take toISOString's six-digit form", () => {
    for (const ms of [Date.UTC(10_000, 0, 1), -1, Date.UTC(-1, 5, 1)]) expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
  });

  test("an invalid time throws as toISOString does", () => {
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError);
  });
});
