// The savings report: locate a workspace's transcripts, stream each one, pair restarts, compare with and without ThreadMind.
import { locateTranscripts, type RejectedTranscript } from "./transcript-locations.js";
import { AGENT_IDS, type AgentId } from "../../agents/profiles.js";
import { locateRollouts } from "../../agents/codex/rollout-locations.js";
import { codexSessionsDir } from "../../agents/codex/rollout-paths.js";
import { firstZstdRolloutLine } from "../../transcript/codex/read-rollout.js";
import { messageOf } from "../error-details.js";
import { scanRollout } from "./rollout-scan.js";
import type { ScannedSession, SizePoint } from "./savings-scan.js";
import { cpuSample, scanFiles, scanLanes } from "./scan-pool.js";
import { ScanCache } from "./scan-cache.js";
import type { StartedScanWorker } from "./scan-worker-start.js";
import { findRestarts, injectionIndex, sessionLoads, type RestartInjection, type Restart } from "./savings-pairing.js";
import { summarizeReceipts, type ReceiptSummary } from "./savings-receipts.js";
import type { Measurements } from "../measure/measurements.js";
import { freshnessFromTranscripts, type FreshnessFigure } from "./freshness-figure.js";

export interface ReportSession {
  /** The agent the session ran in. */
  agent: AgentId;
  sessionId: string;
  folder: string;
  path: string;
  bytes: number;
  startedAt: string | null;
  endedAt: string | null;
  /** Started by /clear (the report found the session it ended, or at least the /clear evidence). */
  startedByClear: boolean;
  /** Started by a plan accepted with "clear context" (startedByClear is true too). */
  startedByPlan: boolean;
  apiResponses: number;
  firstContextTokens: number | null;
  peakContextTokens: number | null;
  finalContextTokens: number | null;
  outputTokens: number;
  /** Claude Code versions that wrote the session's counted responses, in order of first appearance. */
  claudeCodeVersions: string[];
  /**
   * Some of its responses were written by a Claude Code version that recorded partial output_tokens (before
   * FIRST_FULL_OUTPUT_VERSION, partial-output-versions.ts): outputTokens is below what the model produced.
   */
  partialOutputCounts: boolean;
  /** Responses its file holds copied from other sessions (their ids in copiedFromSessions): theirs, not counted here. */
  copiedResponses: number;
  copiedFromSessions: string[];
  /** ThreadMind context reached the model in this session (a ThreadMind injection record that is not a preview). */
  withThreadMind: boolean;
  threadMindInjections: number;
  /** Injections of other plugins' or the user's hooks. */
  otherInjections: number;
  /** The chart's series: sizes by response ordinal (thinned for long sessions). */
  points: SizePoint[];
  /** Response ordinals where compactions happened, with the ThreadMind context loaded after each (~tokens, 0 when none). */
  compactionMarks: { responsesBefore: number; threadMindTokens: number }[];
  /** ThreadMind context loaded at the session's start (~tokens, 0 when none). */
  threadMindTokensAtStart: number;
  malformedLines: number;
}

export interface RestartGroup {
  restarts: number;
  /** Restarts in the averages: both sizes measured, and (for /clear) paired with confidence (Restart.notAveraged null). */
  measured: number;
  averageBefore: number | null;
  averageAfter: number | null;
  averageSaving: number | null;
  /** (averageBefore − averageAfter) / averageBefore × 100. */
  savingPercent: number | null;
  /** ThreadMind context loaded on average (~tokens); null for the group without it. */
  averageLoaded: number | null;
}

/** The kinds of restart, each averaged on its own: /clear, plan accepted with "clear context", manual and auto compaction. */
export type RestartKindKey = "clear" | "plan-clear" | "manual-compaction" | "auto-compaction" | "other-compaction";

export const RESTART_KIND_ORDER: readonly RestartKindKey[] = [
  "clear",
  "plan-clear",
  "manual-compaction",
  "auto-compaction",
  "other-compaction",
];

export function restartKindKey(r: Restart): RestartKindKey {
  switch (r.kind) {
    case "clear":
    case "plan-clear":
      return r.kind;
    case "compaction":
      return r.trigger === "manual" ? "manual-compaction" : r.trigger === "auto" ? "auto-compaction" : "other-compaction";
    default: {
      const unreachable: never = r.kind;
      throw new Error(`unknown restart kind ${String(unreachable)}`);
    }
  }
}

/**
 * One kind of restart in one agent: with ThreadMind's context delivered, and without (the baseline). Agents are never
 * averaged together: their system prompts, tools and context caps differ, and so do the sizes after a restart.
 */
export interface RestartKindComparison {
  agent: AgentId;
  kind: RestartKindKey;
  withThreadMind: RestartGroup;
  withoutThreadMind: RestartGroup;
}

export interface SessionGroup {
  sessions: number;
  averageFirst: number | null;
  averagePeak: number | null;
  averageFinal: number | null;
}

/**
 * One agent's sessions: with ThreadMind's context delivered, and without. Agents are never averaged together: each
 * request also carries the agent's own system prompt and tools, so their sizes differ from the first request on.
 */
export interface SessionComparison {
  agent: AgentId;
  withThreadMind: SessionGroup;
  withoutThreadMind: SessionGroup;
}

export interface SavingsReport {
  workspaceRoot: string;
  projectsDir: string;
  projectsDirExists: boolean;
  folders: string[];
  /** $CODEX_HOME/sessions, where the workspace's Codex rollouts were looked for, and whether it exists. */
  codexSessionsDir: string;
  codexSessionsDirExists: boolean;
  scannedFiles: number;
  scannedBytes: number;
  rejected: RejectedTranscript[];
  /**
   * Transcripts that could not be scanned to their end (deleted while the report ran, a line too long to hold, a damaged
   * or over-bound .jsonl.zst rollout, one whose workspace could not be read): left out, named.
   */
  unscanned: RejectedTranscript[];
  sessions: ReportSession[];
  restarts: Restart[];
  /**
   * Per agent and kind of restart (only those that happened; agents in AGENT_IDS order, kinds in RESTART_KIND_ORDER):
   * restarts where ThreadMind context reached the model, and the others (the baseline), side by side. Neither kinds nor
   * agents are ever averaged together.
   */
  byKind: RestartKindComparison[];
  /** Per agent that has sessions (in AGENT_IDS order; none: empty): its sessions with and without ThreadMind context. */
  sessionComparison: SessionComparison[];
  receipts: ReceiptSummary;
  malformedLines: number;
  /** Each file with malformed lines (skipped): how many, the first ones' numbers, and the file's line count. */
  malformedFiles: MalformedFile[];
  /** How current the thread's summary was at each restart, backfilled from the transcripts' summary_update calls. */
  freshness: FreshnessFigure;
  /**
   * Output tokens of every session, summed; partialSessions of them have partial output counts (partialOutputCounts):
   * the total is then below what the model produced.
   */
  outputTotals: { outputTokens: number; sessions: number; partialSessions: number };
}

export interface MalformedFile {
  path: string;
  count: number;
  /** Line numbers (1-based) of the first malformed lines (MALFORMED_LINES_KEPT at most). */
  lineNumbers: number[];
  /** Lines in the file: a malformed line numbered `lines` is the last one (a session still being written ends so). */
  lines: number;
}

export interface ScanProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  currentPath: string | null;
}

export interface SavingsReportOptions {
  workspaceRoot: string;
  projectsDir: string;
  measurements: Measurements;
  onProgress?: (progress: ScanProgress) => void;
  /** Tokens since the last summary write past which a restart counts as stale (default: the nudge default). */
  freshnessThreshold?: number;
  /** THREADMIND_SCAN_WORKERS (how many worker threads scan; default: one per core for a large scan, see scan-pool.ts). */
  env?: Record<string, string | undefined>;
  /** A scan worker the CLI's entry started before the report's code loaded: the scan's (see scanFiles). */
  earlyWorker?: StartedScanWorker | null;
  /**
   * The scans kept by an earlier report (scan-cache.ts): a transcript whose stamp is unchanged is taken from it, not read
   * again, and every scan made is handed to it. The caller saves it.
   */
  scanCache?: ScanCache | null;
}

function average(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

export function restartGroup(restarts: readonly Restart[], withThreadMind: boolean): RestartGroup {
  const measured = restarts.filter(
    (r): r is Restart & { before: number; after: number } => r.notAveraged === null && r.before !== null && r.after !== null,
  );
  const averageBefore = average(measured.map((r) => r.before));
  const averageAfter = average(measured.map((r) => r.after));
  return {
    restarts: restarts.length,
    measured: measured.length,
    averageBefore,
    averageAfter,
    averageSaving: average(measured.map((r) => r.before - r.after)),
    savingPercent:
      averageBefore !== null && averageAfter !== null && averageBefore > 0
        ? ((averageBefore - averageAfter) / averageBefore) * 100
        : null,
    averageLoaded: withThreadMind ? average(measured.flatMap((r) => (r.threadMind === null ? [] : [r.threadMind.tokens]))) : null,
  };
}

function sessionGroup(sessions: readonly ReportSession[]): SessionGroup {
  const known = (pick: (s: ReportSession) => number | null) => sessions.flatMap((s) => (pick(s) === null ? [] : [pick(s)!]));
  return {
    sessions: sessions.length,
    averageFirst: average(known((s) => s.firstContextTokens)),
    averagePeak: average(known((s) => s.peakContextTokens)),
    averageFinal: average(known((s) => s.finalContextTokens)),
  };
}

/** Sessions a /clear started (a plan accepted with "clear context" among them), and those a plan started. */
interface StartedBy {
  clear: ReadonlySet<string>;
  plan: ReadonlySet<string>;
}

function reportSession(s: ScannedSession, loads: readonly (RestartInjection | null)[], startedBy: StartedBy): ReportSession {
  const loadedTokens = (k: number) => {
    const load = loads[k];
    return load === null || load === undefined || load.receipt === "missing" ? 0 : load.tokens;
  };
  return {
    agent: s.agent ?? "claude-code",
    sessionId: s.sessionId,
    folder: s.folder,
    path: s.path,
    bytes: s.bytes,
    startedAt: s.startedAt,
    endedAt: s.endedAt,
    startedByClear: startedBy.clear.has(s.sessionId),
    startedByPlan: startedBy.plan.has(s.sessionId),
    apiResponses: s.apiResponses,
    firstContextTokens: s.firstContextTokens,
    peakContextTokens: s.peakContextTokens,
    finalContextTokens: s.finalContextTokens,
    outputTokens: s.outputTokens,
    claudeCodeVersions: s.claudeCodeVersions,
    partialOutputCounts: s.partialOutputCounts,
    copiedResponses: s.copiedResponses,
    copiedFromSessions: s.copiedFromSessions,
    withThreadMind: s.threadMindInjections.some((i) => !i.preview),
    threadMindInjections: s.threadMindInjections.length,
    otherInjections: s.otherInjections.length,
    points: s.points,
    compactionMarks: s.compactions.map((c, k) => ({ responsesBefore: c.responsesBefore, threadMindTokens: loadedTokens(k + 1) })),
    threadMindTokensAtStart: loadedTokens(0),
    malformedLines: s.malformedLines,
  };
}

/**
 * Scans every transcript of the workspace (each streamed: memory does not grow with file sizes; several files at once
 * on worker threads when there are many bytes and more than one core), and builds the report. Throws on an unreadable projects folder or file (never skips silently).
 */
export async function buildSavingsReport(options: SavingsReportOptions): Promise<SavingsReport> {
  // The scan's probe of what other processes use of the cores starts here: locating the files is part of its window.
  const probeStart = cpuSample();
  const located = await locateTranscripts({ projectsDir: options.projectsDir, workspaceRoot: options.workspaceRoot });
  const files = located.transcripts;
  const bytesTotal = files.reduce((sum, t) => sum + t.sizeBytes, 0);
  // Bytes read so far of each file being scanned (several at once on worker threads), and of the finished ones.
  const inFile = new Map<number, number>();
  let bytesDone = 0;
  let filesDone = 0;
  const progress = (index: number | null) => {
    let bytes = bytesDone;
    for (const b of inFile.values()) bytes += b;
    options.onProgress?.({
      filesDone,
      filesTotal: files.length,
      bytesDone: bytes,
      bytesTotal,
      currentPath: index === null ? null : files[index]!.path,
    });
  };
  // Transcripts unchanged since an earlier report's scan (its cache) are not read again; the others are scanned.
  const cache = options.scanCache ?? null;
  const scanStartedMs = Date.now();
  const stamps = files.map((f) => (cache === null ? null : ScanCache.stampOf(f.path, scanStartedMs)));
  const results: (ScannedSession | undefined)[] = files.map((f, i) => cache?.get(f.path, stamps[i] ?? null) ?? undefined);
  const toScan: number[] = [];
  for (let i = 0; i < files.length; i++) {
    const kept = results[i];
    if (kept === undefined) toScan.push(i);
    else {
      bytesDone += kept.bytes;
      filesDone += 1;
    }
  }
  const scanning = toScan.map((i) => files[i]!);
  const scannedNow = await scanFiles(
    scanning,
    { ...scanLanes(scanning, options.env ?? {}), probeStart },
    (at, bytes) => {
      inFile.set(toScan[at]!, bytes);
      progress(toScan[at]!);
    },
    (at, session) => {
      const index = toScan[at]!;
      inFile.delete(index);
      bytesDone += session.bytes;
      filesDone += 1;
      results[index] = session;
      cache?.set(files[index]!.path, stamps[index] ?? null, session);
    },
    options.earlyWorker ?? null,
  );
  const scanned = results.filter((s): s is ScannedSession => s !== undefined);
  const unscanned = scannedNow.unscanned.map((u) => ({ ...u, index: toScan[u.index]! }));
  progress(null);
  // Codex's rollouts of the workspace (one tree for every workspace, by date), scanned here: few and small next to
  // Claude Code's transcripts.
  const rollouts = await locateRollouts({
    sessionsDir: codexSessionsDir(options.env ?? {}),
    workspaceRoot: options.workspaceRoot,
    firstLineOf: firstZstdRolloutLine,
  });
  // A rollout that cannot be read (damaged, over the zstd bounds) is named, as a transcript is, not fatal.
  const unscannedRollouts = [...rollouts.unreadable];
  for (const rollout of rollouts.rollouts) {
    let session: ScannedSession;
    try {
      session = await scanRollout(rollout);
    } catch (error) {
      unscannedRollouts.push({ path: rollout.path, folder: rollout.folder, reason: messageOf(error) });
      continue;
    }
    scanned.push(session);
    bytesDone += session.bytes;
  }

  const injections = injectionIndex(options.measurements);
  const loads = sessionLoads(scanned, injections);
  const restarts = findRestarts(scanned, options.measurements, injections, loads);
  const [byClear, byPlan] = [new Set<string>(), new Set<string>()];
  for (const r of restarts) {
    if (r.kind !== "compaction") byClear.add(r.sessionId);
    if (r.kind === "plan-clear") byPlan.add(r.sessionId);
  }
  const sessions = scanned
    .map((s) => reportSession(s, loads.get(s)!, { clear: byClear, plan: byPlan }))
    .sort((a, b) => (Date.parse(a.startedAt ?? "") || 0) - (Date.parse(b.startedAt ?? "") || 0));
  const delivered = (r: Restart) => r.threadMind !== null && r.threadMind.receipt === "delivered";
  return {
    workspaceRoot: options.workspaceRoot,
    projectsDir: located.projectsDir,
    projectsDirExists: located.projectsDirExists,
    folders: located.folders,
    codexSessionsDir: rollouts.sessionsDir,
    codexSessionsDirExists: rollouts.sessionsDirExists,
    scannedFiles: scanned.length,
    scannedBytes: bytesDone,
    rejected: located.rejected,
    unscanned: [...unscanned.map(({ path, folder, reason }) => ({ path, folder, reason })), ...unscannedRollouts],
    sessions,
    restarts,
    byKind: AGENT_IDS.flatMap((agent) =>
      RESTART_KIND_ORDER.flatMap((kind) => {
        const ofKind = restarts.filter((r) => r.agent === agent && restartKindKey(r) === kind);
        if (ofKind.length === 0) return [];
        return [
          {
            agent,
            kind,
            withThreadMind: restartGroup(ofKind.filter(delivered), true),
            withoutThreadMind: restartGroup(
              ofKind.filter((r) => !delivered(r)),
              false,
            ),
          },
        ];
      }),
    ),
    sessionComparison: AGENT_IDS.flatMap((agent) => {
      const ofAgent = sessions.filter((s) => s.agent === agent);
      if (ofAgent.length === 0) return [];
      return [
        {
          agent,
          withThreadMind: sessionGroup(ofAgent.filter((s) => s.withThreadMind)),
          withoutThreadMind: sessionGroup(ofAgent.filter((s) => !s.withThreadMind)),
        },
      ];
    }),
    receipts: summarizeReceipts(options.measurements.injections, scanned),
    malformedLines: scanned.reduce((sum, s) => sum + s.malformedLines, 0),
    malformedFiles: scanned
      .filter((s) => s.malformedLines > 0)
      .map((s) => ({ path: s.path, count: s.malformedLines, lineNumbers: s.malformedLineNumbers, lines: s.lines })),
    freshness: freshnessFromTranscripts(restarts, scanned, options.freshnessThreshold),
    outputTotals: {
      outputTokens: sessions.reduce((sum, s) => sum + s.outputTokens, 0),
      sessions: sessions.length,
      partialSessions: sessions.filter((s) => s.partialOutputCounts).length,
    },
  };
}
