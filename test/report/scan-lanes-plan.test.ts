// Guards how many lanes the report's scan uses: the override, one lane for small scans, lanes for cores the load average
// says are idle at once, and room to add lanes for cores the scan finds idle once it runs (the load average also counts
// work that has ended).
import { describe, expect, it } from "vitest";
import { lanesAfterProbe, scanLanes, type ScanFile } from "../../src/core/savings/scan-pool.js";

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

  it("adds a lane per core other processes left free during the probe, this process's own use not counted", () => {
    const plan = { start: 0, upTo: 2 };
    const before = { busy: 10_000, own: 500, at: 1_000 };
    // 80 ms on 2 cores: this process used 110 ms (its lane and a worker starting), nothing else ran.
    expect(lanesAfterProbe(plan, 2, before, { busy: 10_110, own: 610, at: 1_080 })).toBe(2);
    // Another process kept a core busy.
    expect(lanesAfterProbe(plan, 2, before, { busy: 10_190, own: 610, at: 1_080 })).toBe(1);
    // Others used half a core: not free enough.
    expect(lanesAfterProbe(plan, 2, before, { busy: 10_150, own: 610, at: 1_080 })).toBe(1);
    // A quarter: free enough.
    expect(lanesAfterProbe(plan, 2, before, { busy: 10_130, own: 610, at: 1_080 })).toBe(2);
    // The kernel's ticks can make the others' share come out below zero: no more lanes than cores allowed.
    expect(lanesAfterProbe(plan, 2, before, { busy: 10_090, own: 610, at: 1_080 })).toBe(2);
    // Never fewer lanes than started with, never more than planned.
    expect(lanesAfterProbe({ start: 2, upTo: 4 }, 8, before, { busy: 10_700, own: 510, at: 1_080 })).toBe(2);
    expect(lanesAfterProbe({ start: 2, upTo: 4 }, 8, before, { busy: 10_100, own: 600, at: 1_080 })).toBe(4);
    expect(lanesAfterProbe(plan, 2, before, before)).toBe(1);
  });
});
