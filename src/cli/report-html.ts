// The savings report as one self-contained HTML page: the SVG chart inline, then the report's tables and notes.
import type { ReportTable } from "./report-model.js";
import type { ReportDocument } from "./report-tables.js";
import { xmlEscape } from "./report-svg.js";

function table(t: ReportTable): string {
  const parts = [`<h2>${xmlEscape(t.title)}</h2>`, ...t.notes.map((n) => `<p>${xmlEscape(n)}</p>`)];
  if (t.rows.length === 0) return parts.join("\n");
  const th = t.headers.map((h, i) => `<th class="${t.align[i] === "r" ? "num" : ""}">${xmlEscape(h)}</th>`).join("");
  const rows = t.rows.map(
    (row) => `<tr>${row.map((c, i) => `<td class="${t.align[i] === "r" ? "num" : ""}">${xmlEscape(c)}</td>`).join("")}</tr>`,
  );
  parts.push(`<table>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${rows.join("\n")}\n</tbody>\n</table>`);
  return parts.join("\n");
}

export function renderHtml(doc: ReportDocument, svg: string): string {
  const inlineSvg = svg.replace(/^<\?xml[^>]*\?>\s*/, "");
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<title>${xmlEscape(doc.title)}</title>`,
    "<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111827}table{border-collapse:collapse;margin:0.5rem 0 1.5rem}th,td{border:1px solid #d1d5db;padding:0.25rem 0.5rem}th{background:#f3f4f6}.num{text-align:right}svg{max-width:100%;height:auto}</style>",
    "</head>",
    "<body>",
    `<h1>${xmlEscape(doc.title)}</h1>`,
    ...doc.intro.map((l) => `<p>${xmlEscape(l)}</p>`),
    `<figure>${inlineSvg}</figure>`,
    ...doc.tables.map(table),
    ...doc.sections.map(
      (s) => `<h2>${xmlEscape(s.title)}</h2>\n<ul>\n${s.lines.map((l) => `<li>${xmlEscape(l)}</li>`).join("\n")}\n</ul>`,
    ),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
