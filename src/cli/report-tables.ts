// The savings report as plain tables and notes (one model, rendered to Markdown and to HTML).
import type { RestartGroup, SavingsReport, SessionGroup } from "../core/savings-report.js";
import type { Restart } from "../core/savings-pairing.js";

export interface ReportTable {
  title: string;
  /** Sentences shown before the table. */
  notes: string[];
  headers: string[];
  /** "r" for numbers (right-aligned). */
  align: ("l" | "r")[];
  rows: string[][];
}

export interface ReportDocument {
  title: string;
  /** Lines under the title: what was scanned and how sizes are measured. */
  intro: string[];
  tables: ReportTable[];
  /** Closing sections: receipts, how restarts are paired, rejected files. */
  sections: { title: string; lines: string[] }[];
}

export const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");
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
  const change = g.averageBefore !== null && g.averageAfter !== null && g.averageBefore > 0 ? ` (${percentChange(g.averageBefore, g.averageAfter)})` : "";
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

function restartKind(r: Restart): string {
  switch (r.kind) {
    case "clear":
      return "/clear";
    case "compaction":
      return `compaction${r.trigger ? ` (${r.trigger})` : ""}`;
    default: {
      const unreachable: never = r.kind;
      throw new Error(`unknown restart kind ${String(unreachable)}`);
    }
  }
}

function loaded(r: Restart): string {
  if (r.threadMind === null) return "—";
  const t = r.threadMind;
  return `~${fmt(t.tokens)} (${fmt(t.chars)} chars, ${t.receipt})`;
}

function restartRow(r: Restart): string[] {
  const session = r.kind === "clear" ? `${shortId(r.sessionId)} ← ${r.previousSessionId === null ? "?" : shortId(r.previousSessionId)}` : shortId(r.sessionId);
  const before = r.before === null ? "—" : `${fmt(r.before)}${r.beforeFrom === "preTokens" ? " (preTokens)" : ""}`;
  const after = r.after === null ? "—" : `${fmt(r.after)}${r.afterFrom === "postTokens" ? " (postTokens)" : ""}`;
  const saving = r.saving === null || r.before === null || r.after === null || r.before === 0 ? "—" : `${signed(r.saving)} (${percentChange(r.before, r.after)})`;
  return [when(r.at), restartKind(r), session, before, after, saving, loaded(r), r.pairedBy];
}

const PAIRING_LINES = [
  "/clear (the ended session's final size → the new session's first request): the new session is paired with the one it ended by ThreadMind's hook records when present (SessionEnd with reason clear, then SessionStart with source clear: the latest unused SessionEnd at or before the SessionStart) — \"hooks\".",
  "Otherwise by the new transcript itself: it opens with the `/clear` command record (\"clear-command\") or a SessionStart hook of any plugin reporting source clear (\"clear-hook\"); the ended session is the one in the same project folder whose last record is the latest at or before the /clear (5 s tolerance), each session ending at most one pair. Sessions started without such evidence (startup, a new terminal) are not restarts.",
  "Compaction: `preTokens` of the compact_boundary record (else the last size before it) → the first request after it (else `postTokens`) — \"boundary\".",
  "Sizes are input + cache creation + cache read tokens of a main-chain request, streamed copies counted once (message.id + requestId, final copy), sidechains and progress records left out.",
];

/** Builds the document shown as Markdown (stdout) and in the HTML file. */
export function reportDocument(report: SavingsReport): ReportDocument {
  const intro = [
    `Workspace: ${report.workspaceRoot}`,
    report.projectsDirExists
      ? `Scanned ${report.scannedFiles} transcript${report.scannedFiles === 1 ? "" : "s"} (${megabytes(report.scannedBytes)}) in ${report.folders.length} Claude Code project folder${report.folders.length === 1 ? "" : "s"} under ${report.projectsDir}.`
      : `No Claude Code transcripts: ${report.projectsDir} does not exist (set CLAUDE_CONFIG_DIR if Claude Code keeps its configuration elsewhere).`,
    "Conversation sizes are measured from the usage Claude Code records in its transcripts; ThreadMind context sizes (~) are estimates. Times are UTC.",
  ];
  if (report.malformedLines > 0) intro.push(`${report.malformedLines} malformed line${report.malformedLines === 1 ? "" : "s"} skipped (a session still being written ends with one).`);

  const tables: ReportTable[] = [
    {
      title: "Restarts with and without ThreadMind context",
      notes: ["Average conversation size before a restart and at the first request after it (tokens, measured)."],
      headers: ["", "Restarts", "Measured", "Avg before", "Avg after", "Avg saving", "ThreadMind loaded"],
      align: ["l", "r", "r", "r", "r", "r", "r"],
      rows: [groupRow("With ThreadMind context", report.comparison.withThreadMind), groupRow("Without (baseline)", report.comparison.withoutThreadMind)],
    },
    {
      title: "Every restart",
      notes: report.restarts.length === 0 ? ["No /clear or compaction found in these transcripts."] : [],
      headers: ["When", "Kind", "Session", "Before", "After", "Saving", "ThreadMind loaded", "Paired by"],
      align: ["l", "l", "l", "r", "r", "r", "r", "l"],
      rows: report.restarts.map(restartRow),
    },
    {
      title: "Sessions with and without ThreadMind context",
      notes: [],
      headers: ["", "Sessions", "Avg first request", "Avg peak", "Avg final"],
      align: ["l", "r", "r", "r", "r"],
      rows: [sessionGroupRow("With ThreadMind context", report.sessionComparison.withThreadMind), sessionGroupRow("Without", report.sessionComparison.withoutThreadMind)],
    },
    {
      title: "Sessions",
      notes: [],
      headers: ["Started", "Session", "Folder", "Requests", "First", "Peak", "Final", "Compactions", "ThreadMind"],
      align: ["l", "l", "l", "r", "r", "r", "r", "r", "l"],
      rows: report.sessions.map((s) => [
        when(s.startedAt),
        `${shortId(s.sessionId)}${s.startedByClear ? " (after /clear)" : ""}`,
        s.folder,
        String(s.apiResponses),
        maybe(s.firstContextTokens),
        maybe(s.peakContextTokens),
        maybe(s.finalContextTokens),
        String(s.compactionMarks.length),
        s.withThreadMind ? `yes (${s.threadMindInjections})` : s.threadMindInjections > 0 ? "preview only" : "no",
      ]),
    },
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
