// The savings report as plain tables and notes (one model, rendered to Markdown and to HTML).
import type { MalformedFile, RestartGroup, RestartKindKey, SavingsReport, SessionGroup } from "../core/savings/savings-report.js";
import { MAX_CONFIDENT_GAP_MS, type NotAveragedReason, type Restart } from "../core/savings/savings-pairing.js";
import { freshnessTable } from "./report-freshness.js";
import { PARTIAL_OUTPUT_NOTE } from "../core/savings/partial-output-versions.js";
import { fmt, type ReportTable } from "./report-model.js";
import { PROFILES, type AgentId } from "../agents/profiles.js";
import { COMPACT_PAIR_MAX_GAP_MS } from "../core/savings/stats-restarts.js";

export interface ReportDocument {
  title: string;
  /** Lines under the title: what was scanned and how sizes are measured. */
  intro: string[];
  tables: ReportTable[];
  /** Closing sections: receipts, how restarts are paired, rejected files. */
  sections: { title: string; lines: string[] }[];
}

const MINUS = "−";

function signed(n: number): string {
  return n < 0 ? `${MINUS}${fmt(-n)}` : fmt(n);
}

/** A change in percent, with a real minus sign: −97.9%. */
export function percentChange(before: number, after: number): string {
  const change = ((after - before) / before) * 100;
  return `${change < 0 ? MINUS : "+"}${Math.abs(change).toFixed(1)}%`;
}

function maybe(n: number | null, render: (n: number) => string = fmt): string {
  return n === null ? "—" : render(n);
}

/** 2026-11-30T05:41:44.853Z → 2026-11-30 05:41 (UTC). */
export function when(at: string | null): string {
  if (at === null || Number.isNaN(Date.parse(at))) return "—";
  return new Date(at).toISOString().slice(0, 16).replace("T", " ");
}

const shortId = (id: string) => id.slice(0, 8);

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function groupRow(label: string, g: RestartGroup): string[] {
  const change =
    g.averageBefore !== null && g.averageAfter !== null && g.averageBefore > 0
      ? ` (${percentChange(g.averageBefore, g.averageAfter)})`
      : "";
  return [
    label,
    String(g.restarts),
    String(g.measured),
    maybe(g.averageBefore),
    maybe(g.averageAfter),
    g.averageSaving === null ? "—" : `${signed(g.averageSaving)}${change}`,
    g.averageLoaded === null ? "—" : `~${fmt(g.averageLoaded)}`,
  ];
}

function sessionGroupRow(label: string, g: SessionGroup): string[] {
  return [label, String(g.sessions), maybe(g.averageFirst), maybe(g.averagePeak), maybe(g.averageFinal)];
}

/** Each kind of restart's name, wherever the report names it (tables, the chart). */
export const KIND_LABELS: Record<RestartKindKey, string> = {
  clear: "/clear",
  "plan-clear": 'plan accepted with "clear context"',
  "manual-compaction": "manual compaction (/compact)",
  "auto-compaction": "auto compaction",
  "other-compaction": "compaction (trigger not recorded)",
};

function restartKind(r: Restart): string {
  switch (r.kind) {
    case "clear":
    case "plan-clear":
      return KIND_LABELS[r.kind];
    case "compaction":
      return `compaction${r.trigger ? ` (${r.trigger})` : ""}`;
    default: {
      const unreachable: never = r.kind;
      throw new Error(`unknown restart kind ${String(unreachable)}`);
    }
  }
}

/**
 * A kind of restart (or a group of sessions) as a row names it: with its agent ("Codex: /clear") when the report holds
 * restarts (sessions) of more than one agent, whose figures are kept apart; bare otherwise.
 */
function ofAgent(agent: AgentId, label: string, mixed: boolean): string {
  return mixed ? `${PROFILES[agent].name}: ${label}` : label;
}

function loaded(r: Restart): string {
  if (r.threadMind === null) return "—";
  const t = r.threadMind;
  return `~${fmt(t.tokens)} (${fmt(t.chars)} chars, ${t.receipt})`;
}

/** A duration: 38 s, 12 min, 33 h, 4 d. */
export function duration(msValue: number): string {
  const s = msValue / 1000;
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} d`;
}

/** How the restart was paired, with the gap for a /clear: "hooks", "/clear record, 38 s gap", "inferred, 33 h gap". */
function pairing(r: Restart): string {
  const gap =
    r.kind !== "compaction" && r.previousSessionId === null
      ? ", no ended session found"
      : r.gapMs === null
        ? ""
        : `, ${duration(r.gapMs)} gap`;
  switch (r.confidence) {
    case "hooks":
      return `ThreadMind hooks${gap}`;
    case "clear-record":
      return `${r.pairedBy === "plan-record" ? "plan record" : r.pairedBy === "clear-hook" ? "SessionStart:clear record" : "/clear record"}${gap}`;
    case "boundary":
      return "compact boundary";
    case "inferred":
      return `inferred by time order${gap}`;
    default: {
      const unreachable: never = r.confidence;
      throw new Error(`unknown confidence ${String(unreachable)}`);
    }
  }
}

/** Why a restart is not in the averages, in words (null: it is). */
export function notAveragedText(r: Restart): string | null {
  const reason: NotAveragedReason | null = r.notAveraged;
  if (reason === null) return null;
  switch (reason) {
    case "no-ended-session":
      return "no session of this project folder ended before it (nothing to measure before)";
    case "plan-session-not-found":
      return "no scanned session holds the ExitPlanMode call with the accepted plan's text (deleted, in another folder, or resumed elsewhere): never paired by time order";
    case "ended-session-without-requests":
      return "the session it ended recorded no request (no size before)";
    case "no-size-before":
      return r.kind === "compaction"
        ? "no preTokens in the boundary and no request before it (no size before)"
        : "the session it ended went on later (resumed) and ThreadMind's SessionEnd hook recorded no size at the /clear (no size before)";
    case "no-request-after":
      return "no request after it in the transcript (no size after)";
    case "gap-over-limit":
      return `the ended session was found by time order only, ${r.gapMs === null ? "an unknown time" : duration(r.gapMs)} before the /clear (over ${duration(MAX_CONFIDENT_GAP_MS)}): it may have been closed, not cleared`;
    default: {
      const unreachable: never = reason;
      throw new Error(`unknown reason ${String(unreachable)}`);
    }
  }
}

function restartRow(r: Restart, mixed: boolean): string[] {
  const session =
    r.kind !== "compaction"
      ? `${shortId(r.sessionId)} ← ${r.previousSessionId === null ? "?" : shortId(r.previousSessionId)}`
      : shortId(r.sessionId);
  const before =
    r.before === null
      ? "—"
      : `${fmt(r.before)}${r.beforeFrom === "preTokens" ? " (preTokens)" : r.beforeFrom === "session-end-record" ? " (at the /clear, SessionEnd hook)" : ""}`;
  const after = r.after === null ? "—" : `${fmt(r.after)}${r.afterFrom === "postTokens" ? " (postTokens)" : ""}`;
  const saving =
    r.saving === null || r.before === null || r.after === null || r.before === 0
      ? "—"
      : `${signed(r.saving)} (${percentChange(r.before, r.after)})`;
  return [
    when(r.at),
    ofAgent(r.agent, restartKind(r), mixed),
    session,
    before,
    after,
    saving,
    loaded(r),
    pairing(r),
    notAveragedText(r) ?? "yes",
  ];
}

/** "path: line 12 is not a JSON record", or for the file's last line "… is incomplete: the session was probably still being written". */
export function malformedLines(file: MalformedFile): string[] {
  const out = file.lineNumbers.map((n) =>
    n === file.lines
      ? `${file.path}: line ${n}, the last, is incomplete and was skipped (the session was probably still being written)`
      : `${file.path}: line ${n} is not a JSON record and was skipped`,
  );
  if (file.count > file.lineNumbers.length)
    out.push(
      `${file.path}: ${file.count - file.lineNumbers.length} more malformed line${file.count - file.lineNumbers.length === 1 ? "" : "s"} skipped`,
    );
  return out;
}

const PAIRING_LINES = [
  "/clear (the ended session's final size → the new session's first request): the new session is paired with the one it ended by ThreadMind's hook records when present (SessionEnd with reason clear, then SessionStart with source clear: the latest unused SessionEnd at or before the SessionStart) — \"ThreadMind hooks\".",
  `Otherwise by the new transcript itself: it opens with the \`/clear\` command record or a SessionStart hook of any plugin reporting source clear; the ended session is the one in the same project folder (for Codex, among the workspace's rollouts, whatever their day) whose last record (progress and sidechain records not read) is the latest at or before the /clear (5 s tolerance), each session ending at most one pair. Within ${duration(MAX_CONFIDENT_GAP_MS)} of the /clear the pair is confident ("/clear record"); further apart it is "inferred by time order" (the ended session may have been closed rather than cleared): listed with its gap, never averaged (nor in the freshness table). Sessions started without such evidence (startup, a new terminal) are not restarts.`,
  'A plan accepted with "clear context" (the new transcript opens with the accepted plan) is paired with the session holding the ExitPlanMode call of the same plan text and, when both record one, the same slug ("plan record"; size before: that call\'s request), never by time order; without such a session it is listed, not averaged.',
  "A session file that opens with copies of another session's records (a continued conversation: that session's id on each) counts its own records only; the copies are the other session's.",
  'A /clear whose new session opens with an accepted plan, and not with a typed /clear, is a plan accepted with "clear context": its own kind.',
  `Compaction: \`preTokens\` of the compact_boundary record (else the last size before it) → the first request after it (else \`postTokens\`) — "compact boundary"; manual (/compact) and auto compactions are separate kinds. Codex records a compaction (its \`compacted\` line) without sizes or trigger: the last size before it → the first request after it, manual or auto as ThreadMind's PreCompact hook recorded it for that session (the latest record before it, after the previous compaction, at most ${duration(COMPACT_PAIR_MAX_GAP_MS)} earlier); without one, "trigger not recorded".`,
  "Sizes (Claude Code) are input + cache creation + cache read tokens of a main-chain request, streamed copies counted once (message.id + requestId, final copy), sidechains and progress records left out; (Codex) a request's input tokens (`last_token_usage.input_tokens`, cached ones included), a token count written twice counted once. The first request after a restart carries the agent's system prompt and tools too, so it is never near zero.",
];

/** The files scanned of one agent (one session each) and their bytes. */
function filesOf(report: SavingsReport, agent: AgentId): { files: number; bytes: number } {
  const of = report.sessions.filter((s) => s.agent === agent);
  return { files: of.length, bytes: of.reduce((sum, s) => sum + s.bytes, 0) };
}

/** Builds the document shown as Markdown (stdout) and in the HTML file. */
export function reportDocument(report: SavingsReport): ReportDocument {
  const claude = filesOf(report, "claude-code");
  const codex = filesOf(report, "codex");
  const intro = [
    `Workspace: ${report.workspaceRoot}`,
    report.projectsDirExists
      ? `Scanned ${claude.files} Claude Code transcript${claude.files === 1 ? "" : "s"} (${megabytes(claude.bytes)}) in ${report.folders.length} project folder${report.folders.length === 1 ? "" : "s"} under ${report.projectsDir}.`
      : `No Claude Code transcripts: ${report.projectsDir} does not exist (set CLAUDE_CONFIG_DIR if Claude Code keeps its configuration elsewhere).`,
    ...(!report.codexSessionsDirExists
      ? []
      : codex.files > 0
        ? [
            `Scanned ${codex.files} Codex rollout${codex.files === 1 ? "" : "s"} (${megabytes(codex.bytes)}) of this workspace under ${report.codexSessionsDir}.`,
          ]
        : [`No Codex rollout of this workspace under ${report.codexSessionsDir}.`]),
    "Conversation sizes (before, after, first, peak, final) are measured from the usage the agent (Claude Code, Codex) records in its transcripts; only ThreadMind context sizes, marked ~, are estimates. Times are UTC.",
  ];
  const out = report.outputTotals;
  if (out.sessions > 0)
    intro.push(
      out.partialSessions === 0
        ? `Output tokens: ${fmt(out.outputTokens)} in ${out.sessions} session${out.sessions === 1 ? "" : "s"}.`
        : `Output tokens: ${fmt(out.outputTokens)} in ${out.sessions} session${out.sessions === 1 ? "" : "s"}, ${out.partialSessions === out.sessions ? "all" : out.partialSessions} of them with partial output counts (marked "partial" under Sessions): below what the model produced. ${PARTIAL_OUTPUT_NOTE}`,
    );
  if (report.malformedLines > 0)
    intro.push(
      `${report.malformedLines} malformed line${report.malformedLines === 1 ? "" : "s"} skipped: see "Malformed lines" below.`,
    );

  // Restarts of more than one agent: each row and restart names its agent, and each agent's are averaged on their own.
  const mixed = new Set(report.restarts.map((r) => r.agent)).size > 1;
  // The same for sessions: with sessions of more than one agent, each agent's averages are rows of their own.
  const mixedSessions = report.sessionComparison.length > 1;
  const tables: ReportTable[] = [
    {
      title: "Restarts by kind, with and without ThreadMind context",
      notes: [
        `Average conversation size before a restart and at the first request after it (tokens, measured), each kind of restart${mixed ? " of each agent" : ""} on its own. Only restarts paired with confidence and measured on both sides are averaged ("In averages"); every other one is in "Every restart" with the reason.`,
        ...(mixed
          ? [
              "Restarts of different agents are never averaged together: their system prompts, tools and context caps differ, and so do the sizes after a restart.",
            ]
          : []),
      ],
      headers: ["", "Restarts", "In averages", "Avg before", "Avg after", "Avg saving", "ThreadMind loaded (~)"],
      align: ["l", "r", "r", "r", "r", "r", "r"],
      rows: report.byKind.flatMap((k) => [
        groupRow(ofAgent(k.agent, `${KIND_LABELS[k.kind]}, with ThreadMind context`, mixed), k.withThreadMind),
        groupRow(ofAgent(k.agent, `${KIND_LABELS[k.kind]}, without (baseline)`, mixed), k.withoutThreadMind),
      ]),
    },
    {
      title: "Every restart",
      notes: report.restarts.length === 0 ? ["No /clear or compaction found in these transcripts."] : [],
      headers: ["When", "Kind", "Session", "Before", "After", "Saving", "ThreadMind loaded (~)", "Paired by", "In averages"],
      align: ["l", "l", "l", "r", "r", "r", "r", "l", "l"],
      rows: report.restarts.map((r) => restartRow(r, mixed)),
    },
    {
      title: "Sessions with and without ThreadMind context",
      notes:
        report.sessionComparison.length === 0
          ? ["No session found in these transcripts."]
          : mixedSessions
            ? [
                "Sessions of different agents are never averaged together: each request also carries the agent's own system prompt and tools, so their sizes differ from the first request on.",
              ]
            : [],
      headers: ["", "Sessions", "Avg first request", "Avg peak", "Avg final"],
      align: ["l", "r", "r", "r", "r"],
      rows: report.sessionComparison.flatMap((c) => [
        sessionGroupRow(ofAgent(c.agent, "With ThreadMind context", mixedSessions), c.withThreadMind),
        sessionGroupRow(ofAgent(c.agent, "Without", mixedSessions), c.withoutThreadMind),
      ]),
    },
    {
      title: "Sessions",
      notes: report.sessions.some((s) => s.partialOutputCounts) ? [`Output "partial": ${PARTIAL_OUTPUT_NOTE}`] : [],
      headers: ["Started", "Session", "Folder", "Requests", "First", "Peak", "Final", "Output", "Compactions", "ThreadMind"],
      align: ["l", "l", "l", "r", "r", "r", "r", "r", "r", "l"],
      rows: report.sessions.map((s) => [
        when(s.startedAt),
        `${shortId(s.sessionId)}${s.startedByPlan ? ` (${KIND_LABELS["plan-clear"]})` : s.startedByClear ? " (after /clear)" : ""}`,
        // A Codex session's folder is its rollout's date folder under $CODEX_HOME/sessions: the agent is named with it.
        s.agent === "codex" ? `Codex ${s.folder}` : s.folder,
        String(s.apiResponses),
        maybe(s.firstContextTokens),
        maybe(s.peakContextTokens),
        maybe(s.finalContextTokens),
        `${fmt(s.outputTokens)}${s.partialOutputCounts ? " (partial)" : ""}`,
        String(s.compactionMarks.length),
        s.withThreadMind ? `yes (${s.threadMindInjections})` : s.threadMindInjections > 0 ? "preview only" : "no",
      ]),
    },
    freshnessTable(report.freshness),
  ];

  const r = report.receipts;
  const receiptLines = [
    `Recorded by the hooks: ${r.recorded.delivered} delivered, ${r.recorded.preview} replaced by a preview, ${r.recorded.missing} missing, ${r.recorded.pending} not checked yet.`,
    `Checked now in the transcripts: ${r.checked.delivered} delivered, ${r.checked.preview} replaced by a preview, ${r.checked.missing} missing, ${r.checked["not-scanned"]} whose transcript was not found.`,
    `ThreadMind injections seen in the transcripts: ${r.seenInTranscripts} (${r.previewsInTranscripts} as a preview: over 10,000 characters, the model saw only 2 KB).`,
  ];
  const sections = [
    { title: "Injection receipts", lines: receiptLines },
    { title: "How restarts are paired", lines: PAIRING_LINES },
  ];
  if (report.malformedFiles.length > 0)
    sections.push({ title: "Malformed lines", lines: report.malformedFiles.flatMap(malformedLines) });
  if (report.unscanned.length > 0) {
    sections.push({
      title: "Transcripts that could not be scanned",
      lines: [
        "These files are left out of everything above (the rest is reported as usual):",
        ...report.unscanned.map((x) => `${x.path}: ${x.reason}`),
      ],
    });
  }
  if (report.rejected.length > 0) {
    sections.push({
      title: "Transcripts left out",
      lines: [
        "Claude Code's folder names replace every non-alphanumeric character with \"-\", so other directories can share this workspace's prefix. These files were left out:",
        ...report.rejected.map((x) => `${x.path}: ${x.reason}`),
      ],
    });
  }
  return { title: "ThreadMind savings report", intro, tables, sections };
}
