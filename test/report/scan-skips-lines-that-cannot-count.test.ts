// Guards the report's scan that leaves unparsed the lines whose bytes prove they have nothing to count: it gives the
// session the full parse of every line gives (everything the report prints), on every real fixture, on generated
// transcripts and on hostile lines; only malformed lines it did not parse go uncounted.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scanSession, type ScannedSession } from "../../src/core/savings/savings-scan.js";
import { fixtureTranscripts } from "../transcript/fixture-transcripts.js";

const dir = mkdtempSync(join(tmpdir(), "tm-scan-skip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, unknown>;

/** Both scans of one file: the default one and the full parse of every line. */
async function bothScans(path: string): Promise<{ fast: ScannedSession; full: ScannedSession }> {
  const file = { path, folder: "f" };
  const [fast, full] = await Promise.all([scanSession(file), scanSession(file, undefined, { parseEveryLine: true })]);
  expect(full.unparsedLines).toBe(0);
  return { fast, full };
}

/** Everything the report reads from a scanned session, but the count of lines left unparsed. */
function figures(s: ScannedSession): Omit<ScannedSession, "unparsedLines"> {
  const { unparsedLines: _, ...rest } = s;
  return rest;
}

function withoutMalformed(s: ScannedSession): Omit<ScannedSession, "unparsedLines" | "malformedLines" | "malformedLineNumbers"> {
  const { unparsedLines: _u, malformedLines: _m, malformedLineNumbers: _n, ...rest } = s;
  return rest;
}

/** A small seeded generator of sessions in Claude Code 2.1.x's layout (key order as it writes them). */
function generateSession(seed: number, sessionId: string): string {
  let state = seed;
  const rand = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  let clock = Date.parse("2026-02-01T09:00:00.000Z") + int(0, 1e9);
  const at = (skew = 0) => {
    clock += int(5, 3000);
    return new Date(clock + skew).toISOString();
  };
  let uuid = 0;
  const head = (sidechain = false): Json => ({
    parentUuid: `p-${uuid}`,
    isSidechain: sidechain,
    userType: "external",
    cwd: "/home/USER/proj",
    sessionId,
    version: "2.1.39",
    gitBranch: "main",
    slug: "quiet-river",
  });
  const lines: string[] = [];
  const push = (record: Json) => lines.push(JSON.stringify(record));
  const text = (n: number) =>
    Array.from(
      { length: n },
      () =>
        ["code", '"type":"assistant"', '{"timestamp":"1999-01-01T00:00:00Z"}', "\\path\\", "é✓", "\u001b[31m", "line\n"][
          int(0, 6)
        ],
    ).join(" ");
  const userRecord = (content: unknown, extra: Json = {}, sidechain = false) => ({
    ...head(sidechain),
    type: "user",
    message: { role: "user", content },
    uuid: `u-${++uuid}`,
    timestamp: at(),
    ...extra,
  });
  const assistantRecord = (id: string, output: number, context: number, content: unknown[], sidechain = false) => ({
    ...head(sidechain),
    message: {
      model: "claude-opus-4-6",
      id,
      type: "message",
      role: "assistant",
      content,
      usage: { input_tokens: 3, cache_creation_input_tokens: context - 3, cache_read_input_tokens: 0, output_tokens: output },
    },
    requestId: `req_${id}`,
    type: "assistant",
    uuid: `u-${++uuid}`,
    timestamp: at(),
  });
  const progress = (data: Json) => ({
    ...head(),
    type: "progress",
    data,
    toolUseID: "toolu_1",
    parentToolUseID: "toolu_1",
    uuid: `u-${++uuid}`,
    timestamp: at(),
  });
  push({ type: "file-history-snapshot", messageId: "m0", snapshot: { trackedFileBackups: {} }, isSnapshotUpdate: false });
  push(progress({ type: "hook_progress", hookEvent: "SessionStart", hookName: "SessionStart:startup", command: "x" }));
  push(userRecord("start the work"));
  let context = int(15_000, 20_000);
  for (let turn = 0; turn < int(20, 60); turn++) {
    const id = `msg_${seed}_${turn}`;
    const calls = rand() < 0.1 ? "mcp__thread-mind__summary_update" : "Bash";
    const copies = int(1, 3);
    for (let c = 0; c < copies; c++)
      push(
        assistantRecord(id, 10 * (c + 1), context, [
          c === copies - 1
            ? { type: "tool_use", id: `toolu_${turn}`, name: calls, input: { command: text(3) } }
            : { type: "text", text: text(4) },
        ]),
      );
    for (let p = 0; p < int(0, 6); p++)
      push(
        rand() < 0.3
          ? progress({
              type: "agent_progress",
              message: assistantRecord(`sub_${turn}_${p}`, 5, 9_000, [{ type: "text", text: "sub" }]),
            })
          : progress({ type: rand() < 0.5 ? "bash_progress" : "hook_progress", output: text(int(1, 20)) }),
      );
    const toolUseResult: Json = { stdout: text(int(5, 400)), stderr: "", interrupted: false };
    // Sometimes a structured tool result with timestamps of its own, earlier and later than the session.
    if (rand() < 0.2)
      toolUseResult.items = [{ timestamp: "2020-01-01T00:00:00.000Z" }, { timestamp: "2099-12-31T00:00:00.000Z" }];
    push(
      userRecord([{ tool_use_id: `toolu_${turn}`, type: "tool_result", content: text(int(5, 400)), is_error: false }], {
        toolUseResult,
        sourceToolAssistantUUID: `u-${uuid}`,
      }),
    );
    if (rand() < 0.1) push(userRecord("inline subagent prompt", {}, true));
    if (rand() < 0.05) {
      push({
        ...head(),
        type: "system",
        subtype: "compact_boundary",
        content: "Conversation compacted",
        isMeta: false,
        timestamp: at(),
        uuid: `u-${++uuid}`,
        level: "info",
        compactMetadata: { trigger: "auto", preTokens: context },
      });
      push(userRecord("This session is being continued...", { isCompactSummary: true, isVisibleInTranscriptOnly: true }));
      context = int(15_000, 20_000);
    }
    if (rand() < 0.1) push({ type: "queue-operation", operation: "enqueue", timestamp: at(), sessionId, content: text(2) });
    context += int(100, 3000);
  }
  push(userRecord("thanks, that is all"));
  return `${lines.join("\n")}\n`;
}

describe("the report's scan with unparsed lines", () => {
  it("gives the full parse's session for every real fixture transcript, and leaves most lines of the large ones unparsed", async () => {
    const fixtures = fixtureTranscripts();
    expect(fixtures.length).toBeGreaterThan(0);
    for (const fixture of fixtures) {
      const { fast, full } = await bothScans(fixture.path);
      expect(figures(fast), fixture.name).toEqual(figures(full));
      if (fixture.name.endsWith("4d5611e5-241a-462a-8d15-5122611a9569.jsonl"))
        expect(fast.unparsedLines).toBeGreaterThan(fast.lines / 2);
    }
  });

  it("gives the full parse's session for generated transcripts (streamed copies, progress, compactions, tool results with timestamps)", async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const sessionId = `00000000-0000-4000-8000-${String(seed).padStart(12, "0")}`;
      const path = join(dir, `${sessionId}.jsonl`);
      writeFileSync(path, generateSession(seed, sessionId));
      const { fast, full } = await bothScans(path);
      expect(figures(fast), `seed ${seed}`).toEqual(figures(full));
      expect(fast.unparsedLines, `seed ${seed}`).toBeGreaterThan(0);
      // The same session under a name that is no session id: its id comes from the records.
      const renamed = join(dir, `renamed-${seed}.jsonl`);
      writeFileSync(renamed, readFileSync(path));
      const again = await bothScans(renamed);
      expect(figures(again.fast)).toEqual(figures(again.full));
      expect(again.fast.sessionId).toBe(sessionId);
    }
  });

  it("gives the full parse's session for hostile lines, and counts the malformed lines it parses", async () => {
    const sid = "11111111-2222-4333-8444-555555555555";
    const ts = (minute: number, second = 0) =>
      `2026-03-01T10:${String(minute).padStart(2, "0")}:${String(second).padStart(2, "0")}.000Z`;
    const head = `"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"/p","sessionId":"${sid}"`;
    const user = (t: string, rest = "") =>
      `{${head},"type":"user","message":{"role":"user","content":"hi"},"uuid":"u","timestamp":"${t}"${rest}}`;
    const assistant = (id: string, t: string, output: number) =>
      `{${head},"message":{"model":"claude-opus-4-6","id":"${id}","role":"assistant","content":[{"type":"text","text":"ok"}],"usage":{"input_tokens":10,"cache_creation_input_tokens":0,"cache_read_input_tokens":100,"output_tokens":${output}}},"requestId":"r-${id}","type":"assistant","uuid":"a","timestamp":"${t}"}`;
    const huge = 'x\\"y '.repeat(700_000);
    const lines = [
      user(ts(0)),
      assistant("m1", ts(1), 5),
      // Markers and timestamps inside strings, escaped quotes, backslashes at a string's end.
      `{${head},"type":"user","message":{"role":"user","content":"a \\"type\\":\\"assistant\\" \\"timestamp\\":\\"1999-01-01T00:00:00Z\\" \\\\"},"uuid":"u","timestamp":"${ts(2)}"}`,
      // Nested timestamps earlier and later than every record: held, parsed, not kept.
      user(
        ts(3),
        `,"toolUseResult":{"items":[{"timestamp":"2000-01-01T00:00:00.000Z"},{"timestamp":"2099-01-01T00:00:00.000Z"}]}`,
      ),
      // A progress record embedding a subagent's usage.
      `{${head},"type":"progress","data":{"type":"agent_progress","message":{"type":"assistant","message":{"model":"m","id":"sub","usage":{"input_tokens":1,"output_tokens":1}},"timestamp":"2098-01-01T00:00:00.000Z"}},"uuid":"p","timestamp":"2097-01-01T00:00:00.000Z"}`,
      // A sidechain record whose isSidechain comes after its message: its far timestamp must not count.
      `{"parentUuid":null,"type":"user","message":{"role":"user","content":"side"},"isSidechain":true,"sessionId":"${sid}","timestamp":"2096-01-01T00:00:00.000Z"}`,
      // CRLF, a BOM, non-object JSON, blank lines, pretty spacing.
      `${user(ts(4))}\r`,
      `\uFEFF${user(ts(5))}`,
      "[1,2]",
      '"text"',
      "42",
      "",
      `{ ${head.replace(/,/g, " , ")} , "type" : "user" , "message" : { "content" : "x" } , "timestamp" : "${ts(6)}" }`,
      // The earliest and the latest timestamps in the middle of the file, and ties written differently.
      user("2026-03-01T09:00:00.000Z"),
      user("2026-03-01T09:00:00Z"),
      user("2026-03-01T11:00:00Z"),
      user("2026-03-01T11:00:00.000Z"),
      // A timestamp with an escape, an invalid date, a non-string timestamp (malformed), damaged JSON shaped as a record.
      user("2026-03-01T10:07:00.000\\u005a"),
      user("not a date"),
      `{${head},"type":"user","message":{"content":"x"},"timestamp":12}`,
      `{${head},"type":"user","message":{"content":"x" "oops"},"timestamp":"2026-03-01T10:08:00.000Z"}`,
      `{${head},"type":"user","message":{"content":"x" "oops"},"timestamp":"2095-01-01T00:00:00.000Z"}`,
      // A huge line (4.2 MB, over several read chunks) full of escaped quotes.
      `{${head},"type":"user","message":{"role":"user","content":"${huge}"},"uuid":"u","timestamp":"${ts(9)}"}`,
      assistant("m2", ts(10), 7),
      `{${head},"type":"system","subtype":"compact_boundary","timestamp":"${ts(11)}","compactMetadata":{"trigger":"manual","preTokens":110}}`,
      assistant("m3", ts(12), 9),
      user(ts(13)),
      // A truncated last line.
      `{${head},"type":"user","message":{"role":"user","content":"cut`,
    ];
    const path = join(dir, `${sid}.jsonl`);
    writeFileSync(path, lines.join("\n"));
    const { fast, full } = await bothScans(path);
    expect(withoutMalformed(fast)).toEqual(withoutMalformed(full));
    expect(fast.startedAt).toBe("2026-03-01T09:00:00.000Z");
    expect(fast.endedAt).toBe("2026-03-01T11:00:00Z");
    expect(fast.apiResponses).toBe(3);
    expect(fast.compactions).toHaveLength(1);
    expect(fast.truncatedLastLine).toBe(true);
    // The full parse counts every malformed line; the scan those it parsed: the BOM, the non-object lines, the damaged
    // line whose far timestamp had to be checked, the truncated last line. Not the non-string timestamp nor the damaged
    // line whose timestamp could not move the session's span.
    const lineOf = (fragment: string) => lines.findIndex((l) => l.includes(fragment)) + 1;
    expect(full.malformedLineNumbers).toEqual([
      8,
      9,
      10,
      11,
      lineOf('"timestamp":12'),
      lineOf("2026-03-01T10:08:00.000Z"),
      lineOf("2095-01-01"),
      lines.length,
    ]);
    expect(fast.malformedLineNumbers).toEqual([8, 9, 10, 11, lineOf("2095-01-01"), lines.length]);
    expect(fast.malformedLines).toBe(6);
    expect(fast.unparsedLines).toBeGreaterThan(5);
  });

  it("takes a renamed file's session id from its first record that has one, also when it comes after the first response", async () => {
    const assistant = `{"parentUuid":null,"isSidechain":false,"message":{"model":"m","id":"a1","usage":{"input_tokens":10,"output_tokens":1}},"type":"assistant","timestamp":"2026-04-01T00:00:00.000Z"}`;
    const user = (sid: string, t: string) =>
      `{"isSidechain":false,"sessionId":"${sid}","type":"user","message":{"content":"x"},"timestamp":"${t}"}`;
    const path = join(dir, "not-a-session-id.jsonl");
    writeFileSync(
      path,
      [assistant, user("first-id", "2026-04-01T00:00:01.000Z"), user("second-id", "2026-04-01T00:00:02.000Z"), ""].join("\n"),
    );
    const { fast, full } = await bothScans(path);
    expect(figures(fast)).toEqual(figures(full));
    expect(fast.sessionId).toBe("first-id");
    expect(fast.unparsedLines).toBe(1);
  });

  it("gives the full parse's session when many lines wait to be settled (a long stretch without a response: held lines are bounded)", async () => {
    const sid = "22222222-2222-4333-8444-555555555555";
    const head = `"parentUuid":null,"isSidechain":false,"sessionId":"${sid}"`;
    const assistant = (id: string, t: string) =>
      `{${head},"message":{"model":"m","id":"${id}","usage":{"input_tokens":10,"output_tokens":1}},"type":"assistant","timestamp":"${t}"}`;
    const base = Date.parse("2026-04-01T00:00:00.000Z");
    const lines = [assistant("a1", new Date(base).toISOString())];
    // 2,000 user records with rising timestamps (each could be the session's end), some 40 KB long, one earlier than all.
    for (let i = 1; i <= 2000; i++) {
      const t = i === 1500 ? "2026-03-31T00:00:00.000Z" : new Date(base + i * 1000).toISOString();
      const body = i % 50 === 0 ? "z".repeat(40_000) : "b";
      lines.push(`{${head},"type":"user","message":{"content":"${body}"},"timestamp":"${t}"}`);
      if (i % 7 === 0) lines.push(`{${head},"type":"progress","data":{"n":${i}},"timestamp":"2099-01-01T00:00:00.000Z"}`);
    }
    const path = join(dir, `${sid}.jsonl`);
    writeFileSync(path, `${lines.join("\n")}\n`);
    const { fast, full } = await bothScans(path);
    expect(figures(fast)).toEqual(figures(full));
    expect(fast.startedAt).toBe("2026-03-31T00:00:00.000Z");
    expect(fast.endedAt).toBe(new Date(base + 2000 * 1000).toISOString());
  });
});
