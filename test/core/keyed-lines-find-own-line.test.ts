// The path index's shard format, keyed lines: every key finds its own line and no other (quotes, backslashes, unicode,
// __proto__, a lone surrogate, a key that begins another), the same entries give the same bytes, and a damaged line,
// a file cut short or added to, lines out of order or repeated are answered null (never another key's value, never a throw).
import { describe, expect, it } from "vitest";
import { allKeyedLines, encodeKeyedLines, keyedLinesHeader, keyedLineValue } from "../../src/core/recall/keyed-lines.js";

const KEYS = [
  "",
  "src",
  "src/a",
  "src/a.ts",
  "src/ab",
  'q"uote',
  'q"',
  "back\\slash",
  "back\\",
  "ünïcödé/文件.ts",
  "thread 🧵",
  "__proto__",
  "constructor",
  "\ud800 lone surrogate",
  'a",',
  "a",
  "line\nbreak",
  "[",
  "a,b",
];
const ABSENT = ["sr", "src/", "src/a.t", "q", "back", "__proto", "b", "\n", "line"];
const HEADER = { version: 1, full: "f" };

/** A value per key that tells which key it belongs to. */
const valueFor = (key: string) => ({ key, length: key.length, list: [key, "x"] });
const bytesOf = (text: string) => Buffer.from(text, "utf8");
/** The file of every key of KEYS with its value. */
const encoded = () =>
  encodeKeyedLines(
    HEADER,
    KEYS.map((k) => [k, valueFor(k)] as const),
  );

describe("keyed lines", () => {
  it("each key finds its own value, and a key the file does not hold finds nothing, whatever characters the keys have", () => {
    const bytes = bytesOf(encoded());
    expect(keyedLinesHeader(bytes)).toEqual({ ...HEADER, size: expect.any(Number) });
    for (const key of KEYS) expect(keyedLineValue(bytes, key), JSON.stringify(key)).toEqual({ value: valueFor(key) });
    for (const key of ABSENT) expect(keyedLineValue(bytes, key), JSON.stringify(key)).toBeUndefined();
    // The header's fields are not keys.
    expect(keyedLineValue(bytes, "version")).toBeUndefined();
    expect(keyedLineValue(bytes, "full")).toBeUndefined();
  });

  it("the same entries in any order give the same bytes: the header, then one line per key in key order", () => {
    const entries = KEYS.map((k) => [k, valueFor(k)] as const);
    const text = encodeKeyedLines(HEADER, entries);
    expect(encodeKeyedLines(HEADER, [...entries].reverse())).toBe(text);
    expect(text.split("\n")).toHaveLength(KEYS.length + 2); // the header, the lines, "" after the last newline
    const lines = allKeyedLines(bytesOf(text));
    expect(lines?.map(([k]) => k)).toEqual([...KEYS].sort());
    expect(lines?.every(([k, v]) => JSON.stringify(v) === JSON.stringify(valueFor(k)))).toBe(true);
    expect(allKeyedLines(bytesOf(encodeKeyedLines(HEADER, [])))).toEqual([]);
  });

  it("a damaged line is answered null, the other lines still answer, and the whole file is refused line by line", () => {
    const text = encoded();
    const line = `${JSON.stringify(["src/a", valueFor("src/a")])}\n`;
    expect(text).toContain(`\n${line}`);
    for (const bad of ['["src/a",{"key":\n', '["src/a",1,2]\n', '["src/a",]\n', '["src/a",1]]\n', '["src/a",1]x\n']) {
      const damaged = bytesOf(text.replace(line, bad));
      expect(() => keyedLineValue(damaged, "src/a")).not.toThrow();
      expect(keyedLineValue(damaged, "src/a"), bad).toBeNull();
      expect(keyedLineValue(damaged, "src"), bad).toEqual({ value: valueFor("src") });
      expect(keyedLineValue(damaged, "src/a.ts"), bad).toEqual({ value: valueFor("src/a.ts") });
      expect(allKeyedLines(damaged), bad).toBeNull();
    }
    // Damage to the key's own bytes: not that key's line (not found); the builder's check, which reads every line, refuses it.
    const renamed = bytesOf(text.replace(line, line.replace('["src/a",', '["src/a" ,')));
    expect(keyedLineValue(renamed, "src/a")).toBeUndefined();
    expect(allKeyedLines(renamed)).toBeNull();
    // The last line without its newline: found, but the file is not whole.
    const cut = bytesOf(text.slice(0, -1));
    expect(keyedLinesHeader(cut)).toBeNull();
    expect(allKeyedLines(cut)).toBeNull();
  });

  it("a file cut at a line's end, added to, or without a header is refused by its header", () => {
    const text = encoded();
    const lastLine = text.slice(text.lastIndexOf("\n", text.length - 2) + 1);
    expect(keyedLinesHeader(bytesOf(text))).not.toBeNull();
    expect(keyedLinesHeader(bytesOf(text.slice(0, -lastLine.length)))).toBeNull();
    expect(keyedLinesHeader(bytesOf(`${text}${JSON.stringify(["zz", 1])}\n`))).toBeNull();
    expect(keyedLinesHeader(bytesOf(text.slice(text.indexOf("\n") + 1)))).toBeNull();
    expect(keyedLinesHeader(bytesOf(""))).toBeNull();
    expect(keyedLinesHeader(bytesOf('["a",1]\n'))).toBeNull();
  });

  it("lines out of key order or a key twice: refused when every line is read (a lookup would take the first)", () => {
    const withBody = (body: string) => bytesOf(`${JSON.stringify({ size: Buffer.byteLength(body) })}\n${body}`);
    expect(allKeyedLines(withBody('["a",1]\n["b",2]\n'))).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect(allKeyedLines(withBody('["b",2]\n["a",1]\n'))).toBeNull();
    expect(allKeyedLines(withBody('["a",1]\n["a",2]\n'))).toBeNull();
    expect(allKeyedLines(withBody('["a",1]\n\n'))).toBeNull(); // an empty line
    expect(allKeyedLines(withBody('[1,"a"]\n'))).toBeNull(); // a key that is not a string
  });
});
