// Guards the doctor's JSON reader: an absent file is no problem, anything else that is not a readable JSON object is
// reported with its path, and a FIFO in place of a settings file is reported instead of hanging the doctor.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readJsonObject } from "../../src/core/doctor/json-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tm-doctor-json-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the doctor's JSON reader", () => {
  test("an object is read; an absent file is no data and no problem", () => {
    const file = join(dir, "installed_plugins.json");
    writeFileSync(file, '{"version": 2}');
    expect(readJsonObject(file)).toEqual({ data: { version: 2 } });
    expect(readJsonObject(join(dir, "missing.json"))).toEqual({ data: null });
  });

  test("not an object, bad JSON and a FIFO are problems naming the file", () => {
    const array = join(dir, "array.json");
    writeFileSync(array, "[1]");
    expect(readJsonObject(array).problem).toBe(`${array} is not a JSON object`);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{");
    expect(readJsonObject(bad).problem).toMatch(new RegExp(`^${bad} cannot be read: `));
    const fifo = join(dir, "fifo.json");
    execFileSync("mkfifo", [fifo]);
    expect(readJsonObject(fifo)).toMatchObject({ data: null, problem: expect.stringContaining(`${fifo} cannot be read: `) });
  });
});
