// Guards how many lanes the report's scan uses: the override, one lane for small scans, lanes for cores the load average
// says are idle at once, and room to add lanes for cores the scan finds idle once it runs (the load average also counts
// work that has ended).
import { describe, expect, it } from "vitest";
import { idleCoresBetween, scanLanes, type ScanFile } from "../../src/core/savings/scan-pool.js";

const MB = 1024 * 1024;
const files = (n: number, each: number): ScanFile[] =>
  Array.from({ length: n }, (_, i) => ({ path: `/t/${i}.jsonl`, folder: "f", sizeBytes: each }));

describe("the scan's lanes", () => {
  it("follows THREADMIND_SCAN_WORKERS when set, within the files and at most 4", () => {
    const many = files(10, 10 * MB);
    const quiet = { cores: 8, loadAverage: 0 };
    expect(scanLanes(many, { THREADMIND_SCAN_WORKERS: "0" }, quiet)).toEqual({ start: 0, upTo: 0 });
    expect(scanLanes(many, { THREADMIND_SCAN_WORKERS: "1" }, quiet)).toEqual({ start: 0, upTo: 0 });
    expect(scanLanes(many, { THREADMIND_SCAN_WORKERS: "2" }, { cores: 1, loadAverage: 9 })).toEqual({ start: 2, upTo: 2 });
    expect(scanLanes(many, { THREADMIND_SCAN_WORKERS: "9" }, quiet)).toEqual({ start: 4, upTo: 4 });
    expect(scanLanes(files(3, MB), { THREADMIND_SCAN_WORKERS: "9" }, quiet)).toEqual({ start: 3, upTo: 3 });
    expect(scanLanes(many, { THREADMIND_SCAN_WORKERS: "lots" }, quiet)).toEqual({ start: 0, upTo: 0 });
  });

  it("scans alone a small scan, a single file, or on one core", () => {
    const quiet = { cores: 8, loadAverage: 0 };
    expect(scanLanes(files(10, MB), {}, quiet)).toEqual({ start: 0, upTo: 0 });
    expect(scanLanes(files(1, 500 * MB), {}, quiet)).toEqual({ start: 0, upTo: 0 });
    expect(scanLanes(files(10, 10 * MB), {}, { cores: 1, loadAverage: 0 })).toEqual({ start: 0, upTo: 0 });
  });

  it("starts a lane per core the load average leaves idle, and may add lanes up to a lane per core once it runs", () => {
    const many = files(100, 3 * MB);
    expect(scanLanes(many, {}, { cores: 2, loadAverage: 0.1 })).toEqual({ start: 0, upTo: 2 });
    expect(scanLanes(many, {}, { cores: 2, loadAverage: 0 })).toEqual({ start: 2, upTo: 2 });
    expect(scanLanes(many, {}, { cores: 2, loadAverage: 6 })).toEqual({ start: 0, upTo: 2 });
    expect(scanLanes(many, {}, { cores: 8, loadAverage: 5.5 })).toEqual({ start: 2, upTo: 4 });
    expect(scanLanes(many, {}, { cores: 8, loadAverage: 1 })).toEqual({ start: 4, upTo: 4 });
  });

  it("counts the idle cores between two samples of the CPU times, this thread's work as busy", () => {
    const before = { busy: 10_000, idle: 50_000 };
    // 2 cores for 100 ms: this thread busy (100), the other idle (100).
    expect(idleCoresBetween(before, { busy: 10_100, idle: 50_100 }, 2)).toBeCloseTo(1);
    // Both busy.
    expect(idleCoresBetween(before, { busy: 10_200, idle: 50_000 }, 2)).toBe(0);
    // The other core half busy.
    expect(idleCoresBetween(before, { busy: 10_150, idle: 50_050 }, 2)).toBeCloseTo(0.5);
    // No time passed (the clock ticks every 10 ms).
    expect(idleCoresBetween(before, before, 2)).toBe(0);
  });
});
