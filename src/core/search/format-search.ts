// The text of a search answer as it goes into the conversation: one line per hit plus its snippet, kept small.
import type { SearchAnswer, TierRun } from "./search-types.js";

export function formatSearchAnswer(answer: SearchAnswer): string {
  const where = answer.scope === "all-projects" ? `all projects (${answer.projects.length})` : `project ${answer.projects[0] ?? "?"}`;
  const lines: string[] = [];
  const n = answer.hits.length;
  lines.push(n === 0 ? `No thread matches "${answer.query}" in ${where}.` : `${n} thread${n === 1 ? " matches" : "s match"} "${answer.query}" in ${where}:`);
  answer.hits.forEach((h, i) => {
    const id = answer.scope === "all-projects" ? `${h.projectId}/${h.threadId}` : h.threadId;
    lines.push(`${i + 1}. ${oneLine(h.title)} (${id}) · ${h.status} · ${h.section} · score ${h.score} · ${h.tier}`);
    if (h.snippet !== "") lines.push(`   ${h.snippet}`);
  });
  lines.push(`Tiers: ${answer.tiers.map(tierText).join(" → ")}.`);
  const last = answer.tiers[answer.tiers.length - 1];
  if (last?.weak && answer.intent !== "deep") {
    lines.push(
      answer.intent === "overview"
        ? "Only ids, titles, branches, paths and headings were searched: intent=lookup searches the summaries."
        : "Closed threads' summaries were not searched: intent=deep (or status=done|abandoned) includes them.",
    );
  }
  lines.push(...answer.notices.map((x) => `⚠ ${x}`));
  return lines.join("\n");
}

function tierText(t: TierRun): string {
  return `${t.tier} (${t.strongHits} strong${t.weak ? ", weak" : ""})`;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ⏎ ");
}
