// Guards the readers' pre-filter: no line of a real transcript that classifies as a needed record may be passed over unparsed.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyLine, mayBeNeededRecord } from "../../src/transcript/index.js";
import type { NeededKind } from "../../src/transcript/index.js";
import { fixtureTranscripts, OWN_FIXTURES } from "./fixture-transcripts.js";
import { agentProgress, assistant, compactBoundary, hookInjection, user } from "./transcript-builders.js";

const NEEDED_KINDS: readonly NeededKind[] = ["assistant", "compact-boundary", "hook-context"];

function isNeededKind(kind: string): kind is NeededKind {
  return (NEEDED_KINDS as readonly string[]).includes(kind);
}

/** The lines of a file as raw bytes, without their newlines (what the readers test). */
function rawLines(path: string): Buffer[] {
  const bytes = readFileSync(path);
  const lines: Buffer[] = [];
  let start = 0;
  for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, newline));
    start = newline + 1;
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines;
}

/** JSON with a space after every colon and comma, as Python's json.dumps writes it: `"type": "assistant"`. */
function spaced(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spaced).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${spaced(v)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value);
}

interface Census {
  found: Record<NeededKind, number>;
  /** Needed records the pre-filter would have passed over: must stay empty. */
  dropped: string[];
  /** Lines the pre-filter rejects for every kind (never parsed by the tail walk). */
  rejected: number;
  lines: number;
}

function census(): Census {
  const result: Census = {
    found: { assistant: 0, "compact-boundary": 0, "hook-context": 0 },
    dropped: [],
    rejected: 0,
    lines: 0,
  };
  for (const fixture of fixtureTranscripts()) {
    rawLines(fixture.path).forEach((bytes, index) => {
      result.lines += 1;
      const classified = classifyLine(bytes.toString("utf8"));
      if (!mayBeNeededRecord(bytes, NEEDED_KINDS)) result.rejected += 1;
      if (!isNeededKind(classified.kind)) return;
      const kind = classified.kind;
      result.found[kind] += 1;
      const where = `${fixture.name}:${index + 1} (${kind})`;
      if (!mayBeNeededRecord(bytes, [kind])) result.dropped.push(where);
      const reserialized = Buffer.from(spaced(JSON.parse(bytes.toString("utf8"))));
      if (!mayBeNeededRecord(reserialized, [kind])) result.dropped.push(`${where}, rewritten with spaces`);
    });
  }
  return result;
}

describe("line pre-filter", () => {
  it("keeps every assistant, compact_boundary and hook-injection record of every fixture transcript", () => {
    const { found, dropped, rejected, lines } = census();
    expect(dropped).toEqual([]);
    // Not vacuous: the fixtures hold every kind, and the filter does reject most other lines. (The repository's own
    // fixtures alone hold 7 assistant records: ../shared is not beside every clone.)
    expect(found.assistant).toBeGreaterThanOrEqual(5);
    expect(found["compact-boundary"]).toBeGreaterThanOrEqual(1);
    expect(found["hook-context"]).toBeGreaterThanOrEqual(6);
    expect(rejected).toBeGreaterThan(lines / 3);
  });

  it("the repository's own fixtures are among those checked (the shared ones are added when present)", () => {
    expect(fixtureTranscripts().filter((f) => f.path.startsWith(OWN_FIXTURES)).length).toBeGreaterThanOrEqual(6);
  });

  it("matches members at any depth but never inside a string", () => {
    const line = (record: unknown) => Buffer.from(JSON.stringify(record));
    // A prompt quoting a record is a string: its quotes are escaped, it is not a candidate.
    expect(
      mayBeNeededRecord(
        line(user('{"type":"assistant","subtype":"compact_boundary","x":{"type":"hook_additional_context"}}')),
        NEEDED_KINDS,
      ),
    ).toBe(false);
    // The subagent message nested in agent_progress is a candidate; classification then skips it as progress.
    expect(mayBeNeededRecord(line(agentProgress(5)), ["assistant"])).toBe(true);
    expect(classifyLine(JSON.stringify(agentProgress(5)))).toMatchObject({ kind: "skipped", reason: "progress" });
    // Each kind is tested only for what was asked.
    const boundary = line(compactBoundary({ trigger: "auto", preTokens: 1 }));
    expect(mayBeNeededRecord(boundary, ["compact-boundary"])).toBe(true);
    expect(mayBeNeededRecord(boundary, ["assistant", "hook-context"])).toBe(false);
    const [hookSuccess, injection] = hookInjection("context");
    expect(mayBeNeededRecord(line(hookSuccess), NEEDED_KINDS)).toBe(false);
    expect(mayBeNeededRecord(line(injection), ["hook-context"])).toBe(true);
    expect(mayBeNeededRecord(Buffer.from(' {"type" :\t "assistant" } '), ["assistant"])).toBe(true);
    expect(mayBeNeededRecord(line({ subtype: "assistant", kind: "assistant" }), ["assistant"])).toBe(false);
    expect(mayBeNeededRecord(line(assistant({ id: "m", output: 1 })), ["assistant"])).toBe(true);
  });
});
