// What SessionStart adds after a stale /clear or compaction: which record it follows, the lines, and the character cap.
import { describe, expect, it } from "vitest";
import { restartNotice, restartRecord, withRestartNotice, zonedTime } from "../../src/hooks/freshness-start.js";
import { contentHash } from "../../src/core/content-hash.js";
import { textFingerprint } from "../../src/core/text-fingerprint.js";
import type { CachedStart } from "../../src/core/context/context-cache-starts.js";
import type { StalenessEvent } from "../../src/core/measure/freshness-events.js";
import type { MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import type { HookInput } from "../../src/hooks/hook-input.js";

const I = "claude-7";
const input = (sessionId: string, source: string): HookInput => ({
  sessionId,
  transcriptPath: null,
  cwd: "/w",
  event: "SessionStart",
  source,
  reason: null,
  trigger: null,
  prompt: null,
});
const stale = (sessionId: string, restart: "clear" | "compact", extra: Partial<StalenessEvent> = {}): StalenessEvent => ({
  kind: "staleness",
  at: "2026-12-01T09:00:00.000Z",
  sessionId,
  instance: I,
  projectId: "p",
  threadId: "refunds",
  restart,
  contextTokens: 38_240,
  sinceWriteTokens: 38_240,
  written: false,
  stale: true,
  threshold: 30_000,
  lastWriteAt: null,
  transcriptPath: "/home/u/.claude/projects/x/old.jsonl",
  ...extra,
});
const conversation = (sessionId: string): MeasurementEvent => ({
  kind: "conversation",
  at: "t",
  sessionId,
  projectId: "p",
  threadId: "refunds",
  instance: I,
});
const start = (text: string): CachedStart => ({
  text,
  contentHash: contentHash(text),
  fingerprint: textFingerprint(text),
  tokens: 10,
  omitted: 0,
  userMessage: null,
});
const header =
  'ThreadMind memory, loaded after /clear: the context of thread "Refunds" (refunds). Keep it current with summary_update.\n\n';

describe("the restart a SessionStart follows", () => {
  it("after /clear takes the previous conversation's record; after a compaction only this conversation's", () => {
    const events = [conversation("old"), stale("old", "clear")];
    expect(restartRecord(events, input("new", "clear"), "clear")?.sessionId).toBe("old");
    expect(restartRecord(events, input("new", "compact"), "compact")).toBeNull();
    expect(restartRecord([conversation("s"), stale("s", "compact")], input("s", "compact"), "compact")?.restart).toBe("compact");
    expect(restartRecord([conversation("s"), stale("s", "compact")], input("s", "clear"), "clear")).toBeNull();
  });

  it("ignores a record some SessionStart already followed", () => {
    expect(restartRecord([stale("old", "clear"), conversation("new")], input("newer", "clear"), "clear")).toBeNull();
  });
});

describe("the notice", () => {
  it("after /clear: one user line and a pointer for the model; nothing when the summary was current", () => {
    const notice = restartNotice(stale("old", "clear"), start(`${header}body`));
    expect(notice?.userLine).toBe(
      "ThreadMind: the cleared conversation grew ~38,200 tokens without updating the summary of 'Refunds' (never written by this window); decisions made since may be missing. Transcript: /home/u/.claude/projects/x/old.jsonl",
    );
    expect(notice?.contextLine).toContain("Its transcript: /home/u/.claude/projects/x/old.jsonl.");
    expect(restartNotice(stale("old", "clear", { stale: false }), start(header))).toBeNull();
    expect(restartNotice(null, start(header))).toBeNull();
  });

  it("after a /clear of a conversation that wrote early and grew past the threshold: says so, with the write's date and zone", () => {
    const record = stale("old", "clear", { written: true, sinceWriteTokens: 40_000, lastWriteAt: "2026-12-01T08:30:00.000Z" });
    const line = restartNotice(record, start(`${header}body`))?.userLine ?? "";
    expect(line).toMatch(
      /^ThreadMind: the cleared conversation grew ~40,000 tokens after it last updated the summary of 'Refunds' \(last written \d{4}-\d\d-\d\d \d\d:\d\d UTC[+-]\d\d:\d\d\); decisions made since may be missing\. Transcript: \/home\/u\/\.claude\/projects\/x\/old\.jsonl$/,
    );
    expect(line).toContain(zonedTime("2026-12-01T08:30:00.000Z") ?? "no time");
  });

  it("writes a time with its date and the machine's offset from UTC, and refuses a timestamp that is not one", () => {
    const t = new Date("2026-12-01T08:30:00.000Z");
    const offset = -t.getTimezoneOffset();
    const local = new Date(t.getTime() + offset * 60_000).toISOString();
    const sign = offset < 0 ? "-" : "+";
    const zone = `UTC${sign}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0")}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
    expect(zonedTime(t.toISOString())).toBe(`${local.slice(0, 10)} ${local.slice(11, 16)} ${zone}`);
    expect(zonedTime("yesterday")).toBeNull();
  });

  it("appends the line with the hashes of the text sent; over the cap leaves it out and tells the user", async () => {
    const notice = restartNotice(stale("s", "compact", { sinceWriteTokens: 45_000 }), start(`${header}body`));
    const fits = await withRestartNotice(start(`${header}body`), notice, input("s", "compact"));
    expect(fits.start.text).toBe(`${header}body\n\n${notice?.contextLine}`);
    expect(fits.start.contentHash).toBe(contentHash(fits.start.text));
    expect(fits.start.fingerprint).toBe(textFingerprint(fits.start.text));
    expect(fits.userLines).toEqual([]);
    const full = start(`${header}${"x".repeat(10_000 - header.length - 20)}`);
    const over = await withRestartNotice(full, notice, input("s", "compact"));
    expect(over.start).toBe(full);
    expect(over.userLines).toEqual([expect.stringContaining("did not fit in the context (10,000 characters)")]);
  });
});
