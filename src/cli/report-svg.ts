// Hand-written SVG chart of the report: conversation size per session over its requests, restarts and ThreadMind context marked.
import type { ReportSession, SavingsReport } from "../core/savings/savings-report.js";
import { fmt } from "./report-model.js";
import { KIND_LABELS, when } from "./report-tables.js";

const MARGIN = { left: 78, right: 24, top: 64, bottom: 124 };
/** A session narrower than this gets its date label written upwards (it fits no horizontal label). */
const WIDE_LABEL_PX = 90;
const PLOT_HEIGHT = 300;
const TARGET_PLOT_WIDTH = 960;
const MIN_SESSION_WIDTH = 14;
const SESSION_GAP = 10;
const COLORS = {
  withTm: "#2563eb",
  withoutTm: "#6b7280",
  context: "#16a34a",
  restart: "#dc2626",
  grid: "#e5e7eb",
  text: "#111827",
};

/** A code unit XML 1.0 forbids even escaped: C0 controls but tab and newlines, U+FFFE, U+FFFF (surrogates apart). */
function forbiddenInXml(c: number): boolean {
  return (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff;
}

/** The text with every character XML cannot hold (those above, lone surrogates) as U+FFFD; one pass. */
function xmlCharacters(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      i++;
      continue;
    }
    if (forbiddenInXml(c) || (c & 0xf800) === 0xd800) {
      out += `${text.slice(from, i)}\uFFFD`;
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Escapes text and attribute values for XML; characters XML cannot hold at all become U+FFFD (a session id may hold any). */
export function xmlEscape(text: string): string {
  return xmlCharacters(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const n2 = (v: number) => (Math.round(v * 100) / 100).toString();

/** A round upper bound for the y axis (1, 2, 2.5 or 5 × 10^k). */
function niceCeil(value: number): number {
  if (value <= 0) return 1000;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

function shortTokens(v: number): string {
  if (v >= 1_000_000) return `${n2(v / 1_000_000)}M`;
  if (v >= 1000) return `${n2(v / 1000)}k`;
  return String(v);
}

interface Placed {
  session: ReportSession;
  x0: number;
  width: number;
  /** x of response ordinal i. */
  x: (index: number) => number;
}

function place(sessions: readonly ReportSession[]): { placed: Placed[]; plotWidth: number } {
  const units = sessions.map((s) => Math.max(1, s.apiResponses));
  const totalUnits = units.reduce((a, b) => a + b, 0);
  const gaps = Math.max(0, sessions.length - 1) * SESSION_GAP;
  const unitPx = totalUnits === 0 ? 0 : Math.max(0.5, (TARGET_PLOT_WIDTH - gaps) / totalUnits);
  const placed: Placed[] = [];
  let x0 = 0;
  sessions.forEach((session, i) => {
    const width = Math.max(MIN_SESSION_WIDTH, units[i]! * unitPx);
    const span = Math.max(1, session.apiResponses - 1);
    const start = x0;
    placed.push({
      session,
      x0: start,
      width,
      x: (index) => start + (session.apiResponses <= 1 ? width / 2 : (index / span) * width),
    });
    x0 += width + SESSION_GAP;
  });
  return { placed, plotWidth: Math.max(TARGET_PLOT_WIDTH, x0 - SESSION_GAP) };
}

/** The chart as a standalone SVG document (valid XML, no external resources). */
export function renderSvg(report: SavingsReport): string {
  const { placed, plotWidth } = place(report.sessions);
  const width = MARGIN.left + plotWidth + MARGIN.right;
  const height = MARGIN.top + PLOT_HEIGHT + MARGIN.bottom;
  const peak = Math.max(0, ...report.sessions.map((s) => s.peakContextTokens ?? 0), ...report.restarts.map((r) => r.before ?? 0));
  const yMax = niceCeil(peak);
  const X = (x: number) => MARGIN.left + x;
  const Y = (tokens: number) => MARGIN.top + PLOT_HEIGHT - (tokens / yMax) * PLOT_HEIGHT;
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n2(width)}" height="${height}" viewBox="0 0 ${n2(width)} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img" aria-labelledby="tm-title">`,
  );
  out.push(`<title id="tm-title">ThreadMind: conversation size per session (measured), restarts and ThreadMind context</title>`);
  out.push(`<rect class="background" x="0" y="0" width="${n2(width)}" height="${height}" fill="#ffffff"/>`);
  out.push(
    `<text x="${MARGIN.left}" y="22" font-size="15" font-weight="600" fill="${COLORS.text}">Conversation size per session (tokens, measured)</text>`,
  );
  // Legend.
  const legend: [string, string][] = [
    [COLORS.withTm, "session with ThreadMind context"],
    [COLORS.withoutTm, "session without"],
    [COLORS.context, "ThreadMind context loaded (~)"],
    [COLORS.restart, "restart (dotted: unpaired or inferred)"],
  ];
  let lx = MARGIN.left;
  out.push('<g class="legend">');
  for (const [color, label] of legend) {
    out.push(
      `<rect x="${n2(lx)}" y="34" width="14" height="10" fill="${color}"/><text x="${n2(lx + 18)}" y="43" fill="${COLORS.text}">${xmlEscape(label)}</text>`,
    );
    lx += 30 + label.length * 6.4;
  }
  out.push("</g>");

  // Axes and grid.
  out.push('<g class="axes">');
  for (let i = 0; i <= 5; i++) {
    const v = (yMax / 5) * i;
    out.push(`<line x1="${X(0)}" y1="${n2(Y(v))}" x2="${n2(X(plotWidth))}" y2="${n2(Y(v))}" stroke="${COLORS.grid}"/>`);
    out.push(`<text x="${X(-8)}" y="${n2(Y(v) + 4)}" text-anchor="end" fill="${COLORS.text}">${shortTokens(v)}</text>`);
  }
  out.push(`<line x1="${X(0)}" y1="${Y(0)}" x2="${n2(X(plotWidth))}" y2="${Y(0)}" stroke="${COLORS.text}"/>`);
  out.push(
    `<text x="${n2(X(plotWidth / 2))}" y="${height - 12}" text-anchor="middle" fill="${COLORS.text}">requests, sessions in time order (time between sessions not to scale)</text>`,
  );
  out.push("</g>");

  if (report.sessions.length === 0) {
    out.push(
      `<text class="empty" x="${n2(X(plotWidth / 2))}" y="${n2(Y(yMax / 2))}" text-anchor="middle" fill="${COLORS.text}">No Claude Code or Codex sessions found for this workspace</text>`,
    );
  }

  const byId = new Map(placed.map((p) => [p.session.sessionId, p]));
  for (const p of placed) {
    const s = p.session;
    const color = s.withThreadMind ? COLORS.withTm : COLORS.withoutTm;
    out.push(`<g class="session" data-session-id="${xmlEscape(s.sessionId)}" data-with-threadmind="${s.withThreadMind}">`);
    out.push(
      `<title>${xmlEscape(`${s.sessionId} (${s.folder}), started ${when(s.startedAt)}: ${s.apiResponses} requests, first ${fmt(s.firstContextTokens ?? 0)}, peak ${fmt(s.peakContextTokens ?? 0)}, final ${fmt(s.finalContextTokens ?? 0)} tokens`)}</title>`,
    );
    if (s.points.length > 0) {
      const coords = s.points.map((pt) => `${n2(X(p.x(pt.index)))},${n2(Y(pt.tokens))}`).join(" ");
      out.push(
        `<polyline class="size" fill="none" stroke="${color}" stroke-width="1.8" points="${coords}" data-indexes="${s.points.map((pt) => pt.index).join(" ")}" data-tokens="${s.points.map((pt) => pt.tokens).join(" ")}"/>`,
      );
      const last = s.points[s.points.length - 1]!;
      out.push(`<circle cx="${n2(X(p.x(last.index)))}" cy="${n2(Y(last.tokens))}" r="2.5" fill="${color}"/>`);
    }
    if (s.threadMindTokensAtStart > 0) {
      out.push(contextBar(X(p.x(0)) - 3, s.threadMindTokensAtStart, "start", Y));
    }
    s.compactionMarks.forEach((mark, k) => {
      const x = X(
        mark.responsesBefore === 0
          ? p.x(0)
          : (p.x(mark.responsesBefore - 1) + p.x(Math.min(mark.responsesBefore, Math.max(0, s.apiResponses - 1)))) / 2,
      );
      out.push(`<g class="restart compaction" data-session-id="${xmlEscape(s.sessionId)}" data-index="${k}">`);
      out.push(
        `<line x1="${n2(x)}" y1="${MARGIN.top}" x2="${n2(x)}" y2="${Y(0)}" stroke="${COLORS.restart}" stroke-dasharray="4 3"/>`,
      );
      out.push(`<text x="${n2(x + 3)}" y="${MARGIN.top + 10}" fill="${COLORS.restart}" font-size="10">compaction</text>`);
      if (mark.threadMindTokens > 0) out.push(contextBar(x + 1, mark.threadMindTokens, "compaction", Y));
      out.push("</g>");
    });
    // Every session gets its start date: horizontal when it fits, else written upwards from below the axis.
    if (p.width >= WIDE_LABEL_PX) {
      out.push(
        `<text class="session-label" x="${n2(X(p.x0))}" y="${Y(0) + 16}" fill="${COLORS.text}" font-size="10">${xmlEscape(when(s.startedAt))}</text>`,
      );
    } else {
      const lx = X(p.x0 + p.width / 2) + 3;
      const ly = Y(0) + 8;
      out.push(
        `<text class="session-label" x="${n2(lx)}" y="${n2(ly)}" transform="rotate(-90 ${n2(lx)} ${n2(ly)})" text-anchor="end" fill="${COLORS.text}" font-size="9">${xmlEscape(when(s.startedAt))}</text>`,
      );
    }
    out.push("</g>");
  }

  for (const r of report.restarts) {
    if (r.kind === "compaction") continue;
    const label = KIND_LABELS[r.kind];
    const to = byId.get(r.sessionId);
    const from = r.previousSessionId === null ? undefined : byId.get(r.previousSessionId);
    const a = from?.session.points[from.session.points.length - 1];
    const b = to?.session.points[0];
    const attrs = `data-kind="${r.kind}" data-from="${xmlEscape(r.previousSessionId ?? "")}" data-to="${xmlEscape(r.sessionId)}" data-before="${r.before ?? ""}" data-after="${r.after ?? ""}" data-confidence="${r.confidence}"`;
    if (from !== undefined && to !== undefined && a !== undefined && b !== undefined) {
      const x1 = X(from.x(a.index));
      const x2 = X(to.x(b.index));
      // A pair inferred by time order only is drawn fainter (dotted): it is not in the averages.
      const dash = r.confidence === "inferred" ? "1 3" : "4 3";
      out.push(`<g class="restart clear" ${attrs}>`);
      out.push(
        `<line x1="${n2(x1)}" y1="${n2(Y(a.tokens))}" x2="${n2(x2)}" y2="${n2(Y(b.tokens))}" stroke="${COLORS.restart}" stroke-dasharray="${dash}"/>`,
      );
      out.push(
        `<text x="${n2((x1 + x2) / 2)}" y="${n2(Math.min(Y(a.tokens), Y(b.tokens)) - 6)}" text-anchor="middle" fill="${COLORS.restart}" font-size="10">${xmlEscape(label)}${r.confidence === "inferred" ? " (inferred)" : ""}</text>`,
      );
      out.push("</g>");
      continue;
    }
    // Unpaired (no ended session found, or one side without a request): a mark at the start of the new session.
    if (to === undefined) continue;
    const x = X(to.x0) - SESSION_GAP / 2;
    out.push(`<g class="restart clear unpaired" ${attrs}>`);
    out.push(
      `<line x1="${n2(x)}" y1="${MARGIN.top}" x2="${n2(x)}" y2="${Y(0)}" stroke="${COLORS.restart}" stroke-dasharray="1 3"/>`,
    );
    out.push(
      `<text x="${n2(x + 3)}" y="${MARGIN.top + 22}" fill="${COLORS.restart}" font-size="10">${xmlEscape(label)} (unpaired)</text>`,
    );
    out.push(
      `<title>${xmlEscape(`${label} at ${when(r.at)}: not measured (${r.previousSessionId === null ? "no ended session found" : "a side without a request"})`)}</title>`,
    );
    out.push("</g>");
  }
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}

function contextBar(x: number, tokens: number, at: "start" | "compaction", Y: (tokens: number) => number): string {
  const top = Y(tokens);
  const height = Math.max(2, Y(0) - top);
  return `<rect class="threadmind-context" data-at="${at}" data-tokens="${tokens}" x="${n2(x)}" y="${n2(Y(0) - height)}" width="5" height="${n2(height)}" fill="${COLORS.context}"><title>ThreadMind context loaded: ~${fmt(tokens)} tokens</title></rect>`;
}
