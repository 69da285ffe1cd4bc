// The savings report document as Markdown (what `thread-mind-mcp report` prints on stdout).
import type { ReportTable } from "./report-model.js";
import type { ReportDocument } from "./report-tables.js";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function table(t: ReportTable): string[] {
  const lines = [`## ${t.title}`, ""];
  for (const note of t.notes) lines.push(note, "");
  if (t.rows.length === 0) return lines;
  lines.push(`| ${t.headers.map(cell).join(" | ")} |`);
  lines.push(`| ${t.align.map((a) => (a === "r" ? "---:" : "---")).join(" | ")} |`);
  for (const row of t.rows) lines.push(`| ${row.map(cell).join(" | ")} |`);
  lines.push("");
  return lines;
}

export function renderMarkdown(doc: ReportDocument): string {
  const lines = [`# ${doc.title}`, "", ...doc.intro.flatMap((l) => [l, ""])];
  for (const t of doc.tables) lines.push(...table(t));
  for (const s of doc.sections) {
    lines.push(`## ${s.title}`, "");
    for (const l of s.lines) lines.push(`- ${l}`);
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
