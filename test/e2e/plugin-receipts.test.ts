// Injection receipts (src/hooks/receipts.ts) on transcripts the real Claude Code 2.1.332 wrote at and over the 10,000 cap.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, removeDir } from "../support/run-claude.js";
import { readTranscript } from "../support/claude-transcripts.js";
import { recordedContexts, sessionStartPrinted } from "../support/plugin-e2e.js";
import { receiptFor } from "../../src/core/savings/savings-receipts.js";
import { savedOutputPathOf } from "../../src/core/savings/saved-output.js";
import { readReceiptRecords, receiptEvents } from "../../src/hooks/receipts.js";
import { readHead } from "../../src/transcript/read-head.js";
import { contentHash } from "../../src/core/context/token-estimate.js";
import type { InjectionRecord } from "../../src/core/measure/measurements.js";
import type { MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import { pendingInjections } from "../../src/core/measure/measurement-log-read.js";

const FIXTURES = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "fixtures", "transcripts", "cc-2.1.332");
/** The fixtures' HOME after path scrubbing (see their README). */
const FIXTURE_HOME = "/home/tester";

/** A copy of a fixture with its HOME moved to `home`, as Claude Code would have written it there. */
function materialize(name: string, home: string): { path: string; sessionId: string; printed: string } {
  const text = readFileSync(join(FIXTURES, name), "utf8").split(FIXTURE_HOME).join(home);
  // Where Claude Code wrote it: the saved outputs its records name are in the session's folder beside it.
  const id = /"sessionId":"([^"]+)"/.exec(text)?.[1] ?? "no-session";
  const folder = join(home, ".claude", "projects", "-home-tester-project");
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${id}.jsonl`);
  writeFileSync(path, text);
  const records = readTranscript(path);
  const sessionId = records.find((r) => typeof r.sessionId === "string")?.sessionId;
  if (typeof sessionId !== "string") throw new Error(`no session id in ${name}`);
  // The hook's full stdout is kept in the hook_success record: what the hook printed, independent of what was delivered.
  const [printed, ...others] = sessionStartPrinted(records);
  if (printed?.additionalContext === undefined || others.length > 0)
    throw new Error(`expected one SessionStart output in ${name}`);
  return { path, sessionId, printed: printed.additionalContext };
}

function injection(sessionId: string, text: string, threadId: string): InjectionRecord {
  return {
    at: "2026-11-30T05:41:24.000Z",
    sessionId,
    source: "startup",
    projectId: "fixture",
    threadId,
    chars: text.length,
    tokens: Math.ceil(text.length / 3.5),
    omitted: 0,
    receipt: "pending",
    contentHash: contentHash(text),
  };
}

/** An injection as the SessionStart hook logs it. */
function logged(record: InjectionRecord): MeasurementEvent {
  const { receipt: _pending, ...rest } = record;
  return { kind: "injection", ...rest };
}

/** The receipt events the hooks log for the pending injections among these events, read from the transcript's head. */
async function settleReceipts(events: readonly MeasurementEvent[], path: string): Promise<MeasurementEvent[]> {
  const pending = pendingInjections(events);
  return receiptEvents(pending, await readReceiptRecords(pending, path), path);
}

/** The receipt statuses settleReceipts logs for the pending injections among these events. */
async function settled(events: MeasurementEvent[], path: string): Promise<string[]> {
  const receipts = await settleReceipts(events, path);
  return receipts.map((r) => (r.kind === "receipt" ? `${r.injectionAt} ${r.receipt}` : `not a receipt: ${r.kind}`));
}

describe("injection receipts on real Claude Code 2.1.332 transcripts", () => {
  let home: string | null = null;
  afterEach(() => {
    if (home !== null) removeDir(home);
    home = null;
  });

  it("settles a 10,000-character injection as delivered (the whole text was recorded)", async () => {
    home = makeTempDir("tm-receipts-");
    const fixture = materialize("cap-exact-10000.jsonl", home);
    expect(fixture.printed).toHaveLength(10_000);
    const first = injection(fixture.sessionId, fixture.printed, "probe");
    expect(await settled([logged(first)], fixture.path)).toEqual([`${first.at} delivered`]);
    // Already settled: nothing more to log.
    const receipt = (await settleReceipts([logged(first)], fixture.path))[0]!;
    expect(pendingInjections([logged(first), receipt])).toEqual([]);
  });

  it("settles a 10,001-character injection as preview through the file Claude Code saved the full text to", async () => {
    home = makeTempDir("tm-receipts-");
    const fixture = materialize("cap-over-10001-preview.jsonl", home);
    expect(fixture.printed).toHaveLength(10_001);
    const [preview] = recordedContexts(readTranscript(fixture.path));
    expect(preview?.startsWith("<persisted-output>")).toBe(true);
    expect(preview).toContain(fixture.printed.slice(0, 2_000));
    // The fixture keeps the block, not the saved file: put the text back where the block says Claude Code saved it.
    const head = await readHead(fixture.path);
    const [record] = head.hookContexts;
    const saved = record === undefined ? null : savedOutputPathOf(record, fixture.path);
    expect(saved).toMatch(
      new RegExp(`^${home}/\\.claude/projects/.+/${fixture.sessionId}/tool-results/hook-.+-additionalContext\\.txt$`),
    );
    mkdirSync(dirname(saved ?? ""), { recursive: true });
    writeFileSync(saved ?? "", fixture.printed);
    const one = injection(fixture.sessionId, fixture.printed, "probe");
    expect(await settled([logged(one)], fixture.path)).toEqual([`${one.at} preview`]);
  });

  it("does not take another hook's over-cap preview for a ThreadMind injection (saved file gone, no ThreadMind header)", async () => {
    home = makeTempDir("tm-receipts-");
    const fixture = materialize("cap-over-10001-preview.jsonl", home);
    const { hookContexts } = await readHead(fixture.path);
    const ours = `ThreadMind memory, loaded at session start: the context of thread "Parser" (parser). Keep it current.\n\n${"x".repeat(9_000)}`;
    expect(receiptFor(injection(fixture.sessionId, ours, "parser"), hookContexts)).toBe("missing");
    // Same session, the probe's own text: the saved file is gone, and the preview does not name a ThreadMind thread.
    expect(receiptFor(injection(fixture.sessionId, fixture.printed, "probe"), hookContexts)).toBe("missing");
  });

  it("falls back to ThreadMind's header in the preview when the saved file is gone", async () => {
    home = makeTempDir("tm-receipts-");
    const fixture = materialize("cap-over-10001-preview.jsonl", home);
    const { hookContexts } = await readHead(fixture.path);
    const [record] = hookContexts;
    if (record === undefined) throw new Error("no hook context record");
    // The same real record, its preview opening as every ThreadMind context does (header naming the thread).
    const header =
      'ThreadMind memory, loaded at session start: the context of thread "Parser" (parser). Keep it current with summary_update.\n\n';
    const text = record.text.replace("Preview (first 2KB):\n", `Preview (first 2KB):\n${header}`);
    const ours = injection(fixture.sessionId, `${header}${fixture.printed}`, "parser");
    expect(receiptFor(ours, [{ ...record, text, content: [text] }])).toBe("preview");
    expect(receiptFor({ ...ours, threadId: "docs" }, [{ ...record, text, content: [text] }])).toBe("missing");
  });
});
