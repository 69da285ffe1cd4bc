// Guards the byte test that lets the report skip parsing a line: a line it passes is never a record with something to
// count, and the time of the timestamp the readers would keep is always among the times it returns (real fixtures,
// hostile lines, and fuzzed records of any key order, spacing and nesting).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyLine } from "../../src/transcript/classify-record.js";
import { timeOfBytes, timeOfText } from "../../src/transcript/iso-time.js";
import { UncountedLineReader, uncountedLineTimes } from "../../src/transcript/uncounted-line.js";
import { fixtureTranscripts } from "./fixture-transcripts.js";

/** One reader over consecutive lines, as a file is read: what it reads past from the previous line's bytes must not matter. */
const reader = new UncountedLineReader();
/** Another, given each line as a range of a larger buffer whose bytes around it must not be read. */
const rangeReader = new UncountedLineReader();
const BEFORE = Buffer.from('{"type":"user","timestamp":"1999-01-01T00:00:00.000Z"}');
const AFTER = Buffer.from('}"timestamp":"2099-01-01T00:00:00.000Z"}{"isSidechain":true,');
/** Bytes after a line that would make a reader reading past its end take it for well-formed. */
const AFTER_LOOKING_VALID = Buffer.from(':"x","type":"user","timestamp":"2099-01-01T00:00:00.000Z"}');

/** What the byte test must agree with: classifyLine's verdict and the timestamp the readers keep from it. */
function checkAgainstParse(text: string): { passed: boolean } {
  const bytes = Buffer.from(text, "utf8");
  const timestamps = reader.times(bytes);
  expect(timestamps, text.slice(0, 300)).toEqual(uncountedLineTimes(bytes));
  const around = Buffer.concat([BEFORE, bytes, AFTER]);
  expect(rangeReader.times(around, BEFORE.length, BEFORE.length + bytes.length), text.slice(0, 300)).toEqual(timestamps);
  const cut = Buffer.concat([bytes, AFTER_LOOKING_VALID]);
  expect(new UncountedLineReader().times(cut, 0, bytes.length), text.slice(0, 300)).toEqual(uncountedLineTimes(bytes));
  if (timestamps === null) return { passed: false };
  const classified = classifyLine(text);
  expect(["other", "skipped", "malformed"], text.slice(0, 300)).toContain(classified.kind);
  if (classified.kind === "other" && classified.meta.timestamp !== null && !Number.isNaN(Date.parse(classified.meta.timestamp)))
    expect(timestamps, text.slice(0, 300)).toContain(Date.parse(classified.meta.timestamp));
  return { passed: true };
}

const TS = "2026-03-01T10:00:00.000Z";
const T = Date.parse(TS);

describe("the byte test of a line with nothing to count", () => {
  it("agrees with the parse on every line of every real fixture, and passes most of their user and progress records", () => {
    for (const fixture of fixtureTranscripts()) {
      const lines = readFileSync(fixture.path, "utf8").split("\n");
      let passed = 0;
      let userOrProgress = 0;
      for (const line of lines) {
        if (checkAgainstParse(line).passed) passed += 1;
        if (/^\{"parentUuid":[^{]*"type":"(user|progress)"/.test(line)) userOrProgress += 1;
      }
      expect(passed, fixture.name).toBeGreaterThanOrEqual(userOrProgress);
    }
  });

  it("takes type and isSidechain from the record's own members, not from nested ones or string contents", () => {
    const nested = (type: string) =>
      `{"parentUuid":null,"isSidechain":false,"type":"${type}","message":{"role":"user","content":[{"type":"text","text":"x"}]},"data":{"type":"assistant","isSidechain":true},"uuid":"u","timestamp":"${TS}"}`;
    expect(uncountedLineTimes(Buffer.from(nested("user")))).toEqual([T]);
    expect(uncountedLineTimes(Buffer.from(nested("progress")))).toEqual([]);
    expect(uncountedLineTimes(Buffer.from(nested("assistant")))).toBeNull();
    expect(uncountedLineTimes(Buffer.from(nested("system")))).toBeNull();
    expect(uncountedLineTimes(Buffer.from(nested("attachment")))).toBeNull();
    expect(uncountedLineTimes(Buffer.from(nested("custom-title")))).toEqual([]);
    // The type after the first object value (as assistant records write it) is not known from the leading members.
    expect(uncountedLineTimes(Buffer.from(`{"message":{"role":"user"},"type":"user","timestamp":"${TS}"}`))).toBeNull();
    // A sidechain record keeps no timestamp.
    expect(uncountedLineTimes(Buffer.from(`{"isSidechain":true,"type":"user","timestamp":"${TS}"}`))).toEqual([]);
    // Markers inside strings: escaped quotes never end the string early.
    const inString = `{"type":"user","text":"a \\"type\\":\\"assistant\\", \\"timestamp\\":\\"1999-01-01T00:00:00Z\\" \\\\","timestamp":"${TS}"}`;
    expect(classifyLine(inString).kind).toBe("other");
    expect(uncountedLineTimes(Buffer.from(inString))).toEqual([T]);
  });

  it("sends to the parse every line whose bytes it cannot read exactly", () => {
    const parse = [
      "",
      "   ",
      `\uFEFF{"type":"user","timestamp":"${TS}"}`,
      `{"type":"user","timestamp":"${TS}"`,
      `[{"type":"user"}]`,
      `"text"`,
      "42",
      "null",
      `{"typ\\u0065":"user","timestamp":"${TS}"}`,
      `{"type":"us\\u0065r","timestamp":"${TS}"}`,
      `{"type":"user","timestamp":"2026-03-01T10:00:00.000\\u005a"}`,
      `{"type":5,"timestamp":"${TS}"}`,
      `{"isSidechain":"no","type":"user","timestamp":"${TS}"}`,
      `{"type":"user" "timestamp":"${TS}"}`,
      `{}`,
      `{"timestamp":"${TS}"}`,
    ];
    for (const line of parse) expect(uncountedLineTimes(Buffer.from(line, "utf8")), line).toBeNull();
  });

  it("reads JSON's whitespace and a carriage return before the newline", () => {
    const spaced = ` { "isSidechain" : false ,\t"type" :\t"user" , "timestamp" : "${TS}" } \r`;
    expect(classifyLine(spaced).kind).toBe("other");
    expect(uncountedLineTimes(Buffer.from(spaced))).toEqual([T]);
  });

  it("reads a timestamp's time from its bytes or its text as Date.parse does, odd dates included", () => {
    const samples = [
      TS,
      "2026-02-30T00:00:00.000Z",
      "2026-04-31T23:59:59.999Z",
      "2026-13-01T00:00:00.000Z",
      "2026-00-10T00:00:00.000Z",
      "2026-01-00T00:00:00.000Z",
      "2026-01-01T24:00:00.000Z",
      "2026-01-01T23:60:00.000Z",
      "2026-01-01T23:59:60.000Z",
      "0000-01-01T00:00:00.000Z",
      "0099-06-01T00:00:00.000Z",
      "2026-01-01T00:00:00Z",
      "2026-01-01T00:00:00.000+02:00",
      "2026-01-01 00:00:00.000Z",
      "2026-1a-01T00:00:00.000Z",
      "Tue, 01 Dec 2026 10:00:00 GMT",
      "not a date",
      "",
      // 24 characters, not all ASCII: timeOfText must not read them as the bytes of another text (İ is U+0130).
      "2İ26-01-01T00:00:00.000Z",
      "\uFF12026-01-01T00:00:00.000Z",
      "2026-01-01T00:00:00.000\uFF3A",
      "\uD800026-01-01T00:00:00.000Z",
    ];
    let seed = 7;
    const r = (k: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.floor((seed / 0x80000000) * k);
    };
    const pad = (n: number, w: number) => String(n).padStart(w, "0");
    for (let i = 0; i < 3000; i++)
      samples.push(
        `${pad(900 + r(9200), 4)}-${pad(r(14), 2)}-${pad(r(33), 2)}T${pad(r(26), 2)}:${pad(r(62), 2)}:${pad(r(62), 2)}.${pad(r(1000), 3)}Z`,
      );
    for (const text of samples) {
      const bytes = Buffer.from(`"${text}"`);
      expect(timeOfBytes(bytes, 1, bytes.length - 1), text).toBe(Date.parse(text));
      expect(timeOfText(text), text).toBe(Date.parse(text));
    }
  });

  it('takes only keys spelled exactly `"timestamp"`: look-alikes around the part it searches for are not keys', () => {
    const other = "1990-01-01T00:00:00.000Z";
    const lookAlikes = ["xtimestamp", "timestamps", "Timestamp", "mestamp", "imestamp", "tmestamp", "timestamp\\u0020"];
    const members = lookAlikes.map((key, i) => `"${key}":"${other}","n${i}":"mestamp\\"mestamp"`).join(",");
    const line = `{"type":"user","message":{"content":"timestamp\\"x\\"mestamp"},${members},"timestamp":"${TS}"}`;
    expect(uncountedLineTimes(Buffer.from(line))).toEqual([T]);
    // The bytes around the line's range (the lines before and after it) are not searched.
    const record = `{"type":"user","a":{},"timestamp":"${TS}","b":"x"}`;
    const around = Buffer.from(`{"timestamp":"1999-01-01T00:00:00.000Z"}\n${record}"timestamp":"2099-01-01T00:00:00.000Z"`);
    const start = around.indexOf("\n") + 1;
    expect(new UncountedLineReader().times(around, start, start + record.length)).toEqual([T]);
  });

  it("returns every timestamp-like member, nested ones included, and skips non-string ones", () => {
    const line = `{"type":"user","toolUseResult":{"items":[{"timestamp":"1990-01-01T00:00:00.000Z"},{"timestamp":7}]},"timestamp":"${TS}","x":{"timestamp" : "2099-01-01T00:00:00.000Z"}}`;
    expect(uncountedLineTimes(Buffer.from(line))).toEqual([
      Date.parse("1990-01-01T00:00:00.000Z"),
      T,
      Date.parse("2099-01-01T00:00:00.000Z"),
    ]);
  });

  it("agrees with the parse on fuzzed records that repeat Claude Code's leading members with small changes", () => {
    let seed = 99;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    for (let n = 0; n < 3000; n++) {
      const sidechain = pick(["false", "false", "false", "true", '"no"', "false "]);
      const cwd = pick(["/p", "/p", "/q", '/p\\"x']);
      const order = pick(["type-first", "type-first", "message-first", "sidechain-late"]);
      const type = pick(["user", "user", "progress", "assistant", "system", "attachment", "queue-operation", "x"]);
      const t = new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 1e9)).toISOString();
      const head =
        order === "sidechain-late"
          ? `"parentUuid":"p${n}","userType":"external","cwd":"${cwd}"`
          : `"parentUuid":${rand() < 0.2 ? "null" : `"p${n}"`},"isSidechain":${sidechain},"userType":"external","cwd":"${cwd}","sessionId":"s"`;
      const body = `"message":{"role":"user","content":[{"type":"text","text":"x"}],"timestamp":"2001-01-01T00:00:00.000Z"}`;
      const line =
        order === "message-first"
          ? `{${head},${body},"type":"${type}","uuid":"u","timestamp":"${t}"}`
          : order === "sidechain-late"
            ? `{${head},"type":"${type}",${body},"isSidechain":${sidechain},"timestamp":"${t}"}`
            : `{${head},"type":"${type}",${body},"uuid":"u","timestamp":"${t}"}`;
      checkAgainstParse(line);
    }
  });

  it("agrees with the parse on fuzzed records: any key order, spacing, nesting, string contents", () => {
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const nastyStrings = [
      "plain",
      '"type":"assistant"',
      '\\"timestamp\\":\\"2000-01-01T00:00:00Z\\"',
      "back\\slash\\",
      '{"timestamp":"1999-01-01T00:00:00Z"}',
      "tab\tand\u0001control",
      "ünïcödé ✓ 🎉",
      '"}',
      "compact_boundary hook_additional_context",
    ];
    const value = (depth: number): unknown => {
      const r = rand();
      if (depth > 2 || r < 0.35) return pick([true, false, null, 0, -1.5e3, pick(nastyStrings), TS]);
      if (r < 0.65) return Array.from({ length: Math.floor(rand() * 3) }, () => value(depth + 1));
      const o: Record<string, unknown> = {};
      for (let i = 0; i < Math.floor(rand() * 4); i++)
        o[pick(["type", "timestamp", "isSidechain", "text", "message", "usage", "subtype", "x"])] = value(depth + 1);
      return o;
    };
    const types = [
      "user",
      "progress",
      "assistant",
      "system",
      "attachment",
      "summary",
      "queue-operation",
      "file-history-snapshot",
      "pr-link",
    ];
    const date = () => new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 1e10)).toISOString();
    /** A record's own members: what makes it counted when its type is one that can count, plus nested look-alikes. */
    const ownMembers = (type: string): [string, unknown][] => {
      const nested = () => ({
        type: pick(types),
        timestamp: rand() < 0.5 ? date() : value(1),
        isSidechain: rand() < 0.5,
        inner: value(0),
      });
      switch (type) {
        case "assistant":
          return [
            [
              "message",
              {
                model: "claude-opus-4-6",
                id: `msg_${n}`,
                content: [value(0), nested()],
                usage: { input_tokens: 5, output_tokens: 1 },
              },
            ],
            ["requestId", `req_${n}`],
          ];
        case "system":
          return [
            ["subtype", pick(["compact_boundary", "turn_duration"])],
            ["compactMetadata", { trigger: "auto", preTokens: 9 }],
          ];
        case "attachment":
          return [
            ["attachment", { type: pick(["hook_additional_context", "hook_success"]), content: ["ctx"], nested: nested() }],
          ];
        default:
          return [[pick(["message", "data", "toolUseResult"]), { content: [value(0), nested()], more: nested() }]];
      }
    };
    let n = 0;
    let passed = 0;
    let keptTimestamps = 0;
    for (n = 0; n < 4000; n++) {
      const type = pick(types);
      const members: [string, unknown][] = ownMembers(type);
      if (rand() < 0.95) members.push(["type", type]);
      if (rand() < 0.7) members.push(["isSidechain", rand() < 0.8 ? false : pick([true, "yes", null])]);
      if (rand() < 0.9) members.push(["timestamp", rand() < 0.9 ? date() : pick([5, "not a date", null])]);
      if (rand() < 0.5) members.push(["sessionId", rand() < 0.95 ? "s-1" : 3]);
      if (rand() < 0.5) members.push(["uuid", "u-1"]);
      for (let i = 0; i < Math.floor(rand() * 3); i++) members.push([pick(["cwd", "slug", "extra", "toolUseID"]), value(0)]);
      // Shuffle, then write with JSON.stringify (no duplicate keys), optionally re-spaced as other writers do.
      members.sort(() => rand() - 0.5);
      let text = JSON.stringify(Object.fromEntries(members));
      if (rand() < 0.3) text = JSON.stringify(Object.fromEntries(members), null, 1).replace(/\n/g, " ");
      if (rand() < 0.1) text = `${text}\r`;
      if (checkAgainstParse(text).passed) {
        passed += 1;
        const classified = classifyLine(text);
        if (classified.kind === "other" && classified.meta.timestamp !== null) keptTimestamps += 1;
      }
    }
    expect(keptTimestamps).toBeGreaterThan(300);
    expect(passed).toBeGreaterThan(500);
  });
});
