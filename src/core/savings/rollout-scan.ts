// One Codex rollout into what the savings report needs (the ScannedSession a Claude Code transcript gives): sizes over
// time from its token counts, compactions, ThreadMind's injections (developer messages that open with its header).
import { RolloutClassifier } from "../../transcript/codex/classify-rollout.js";
import { forEachRolloutLine } from "../../transcript/codex/read-rollout.js";
import { SessionAccumulator } from "../../transcript/session-accumulator.js";
import {
  MALFORMED_LINES_KEPT,
  MAX_POINTS_PER_SESSION,
  THREADMIND_HEADER_PREFIX,
  injectionSeen,
  parseHeader,
  type CompactionSeen,
  type InjectionSeen,
  type ScannedSession,
  type SizePoint,
} from "./savings-scan.js";

/** Every other point dropped when full, as the Claude Code scan thins its series. */
function thinned(points: SizePoint[]): SizePoint[] {
  let kept = points;
  let stride = 1;
  while (kept.length > MAX_POINTS_PER_SESSION) {
    stride *= 2;
    kept = points.filter((p) => p.index % stride === 0);
  }
  const last = points.at(-1);
  if (last !== undefined && kept.at(-1)?.index !== last.index) kept = [...kept, last];
  return kept;
}

/**
 * Reads a whole rollout (plain or .jsonl.zst). ThreadMind's injections are the hook contexts holding its header (a
 * preview Codex cut holds it in its head); every other context Codex's metadata marks as a hook's is another hook's
 * injection (`otherInjections`). A developer message without that metadata may be Codex's own text: counted only when
 * it is ThreadMind's. A session whose first ThreadMind context says "after /clear" was started by /clear (Codex records
 * no /clear command).
 */
export async function scanRollout(file: { path: string; folder: string }): Promise<ScannedSession> {
  const classifier = new RolloutClassifier();
  const accumulator = new SessionAccumulator();
  const points: SizePoint[] = [];
  const threadMindInjections: InjectionSeen[] = [];
  const otherInjections: InjectionSeen[] = [];
  const boundaryResponses: number[] = [];
  const malformedLineNumbers: number[] = [];
  let lineNumber = 0;
  let truncatedLastLine = false;
  const bytes = await forEachRolloutLine(file.path, (text, terminated) => {
    lineNumber += 1;
    const line = classifier.classifyLine(text);
    accumulator.add(line);
    switch (line.kind) {
      case "assistant":
        points.push({ index: points.length, at: line.record.meta.timestamp, tokens: line.record.contextTokens });
        return;
      case "compact-boundary":
        boundaryResponses.push(points.length);
        return;
      case "hook-context": {
        const record = line.record;
        const ours = record.text.includes(THREADMIND_HEADER_PREFIX);
        if (!ours && !record.fromHook) return;
        const seen = injectionSeen(record, lineNumber, boundaryResponses.length, null);
        if (ours) threadMindInjections.push({ ...seen, ...parseHeader(record.text) });
        else otherInjections.push(seen);
        return;
      }
      case "malformed":
        if (malformedLineNumbers.length < MALFORMED_LINES_KEPT) malformedLineNumbers.push(lineNumber);
        if (!terminated) truncatedLastLine = true;
        return;
      case "blank":
      case "skipped":
      case "other":
        return;
      default: {
        const unreachable: never = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
  });
  const figures = accumulator.result();
  const compactions: CompactionSeen[] = figures.compactions.map((c, i) => ({ ...c, responsesBefore: boundaryResponses[i]! }));
  const first = threadMindInjections[0];
  return {
    agent: "codex",
    path: file.path,
    folder: file.folder,
    // Its folder is the day it started: a /clear just past midnight ends a session of the day before.
    pairingScope: "codex-rollouts",
    sessionId: figures.sessionIds[0] ?? file.path,
    bytes,
    startedAt: figures.firstTimestamp,
    endedAt: figures.lastTimestamp,
    clearCommandAt: null,
    clearHookSeen: first !== undefined && first.segment === 0 && first.source === "clear",
    planStart: null,
    // Claude Code's own records (a plan's slug and ExitPlanMode calls, copies of another session, its versions) are
    // not in a Codex rollout.
    slug: null,
    planCalls: [],
    copiedResponses: 0,
    copiedFromSessions: [],
    claudeCodeVersions: [],
    partialOutputCounts: false,
    firstContextTokens: figures.firstContextTokens,
    finalContextTokens: figures.finalContextTokens,
    peakContextTokens: figures.peakContextTokens,
    apiResponses: figures.apiResponses,
    outputTokens: figures.totals.outputTokens,
    compactions,
    threadMindInjections,
    otherInjections,
    summaryWrites: [],
    points: thinned(points),
    malformedLines: figures.malformedLines,
    malformedLineNumbers,
    lines: lineNumber,
    unparsedLines: 0,
    truncatedLastLine,
  };
}
