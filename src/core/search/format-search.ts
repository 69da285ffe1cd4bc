// The text of a search answer as it goes into the conversation: one line per hit plus its snippet, kept small.
import type { SearchAnswer, TierRun } from "./search-types.js";

export function formatSearchAnswer(answer: SearchAnswer): string {
  const where =
    answer.scope === "all-projects" ? `all projects (${answer.projects.length})` : `project ${answer.projects[0] ?? "?"}`;
  const lines: string[] = [];
  const n = answer.hits.length;
  lines.push(
    n === 0
      ? `No thread matches "${answer.query}" in ${where}.`
      : `${n} thread${n === 1 ? " matches" : "s match"} "${answer.query}" in ${where}:`,
  );
  answer.hits.forEach((h, i) => {
    const id = answer.scope === "all-projects" ? `${h.projectId}/${h.threadId}` : h.threadId;
    const meaning =
      h.similarity === undefined
        ? ""
        : h.tier === "semantic"
          ? ` (similarity ${h.similarity})`
          : ` + semantic (similarity ${h.similarity})`;
    lines.push(`${i + 1}. ${oneLine(h.title)} (${id}) · ${h.status} · ${h.section} · score ${h.score} · ${h.tier}${meaning}`);
    if (h.snippet !== "") lines.push(`   ${h.snippet}`);
  });
  lines.push(`Tiers: ${answer.tiers.map(tierText).join(" → ")}.`);
  const last = answer.tiers[answer.tiers.length - 1];
  if (last?.weak && answer.intent !== "deep") lines.push(hintAfter(last));
  lines.push(...answer.notices.map((x) => `⚠ ${x}`));
  return lines.join("\n");
}

/** What a deeper intent would add, after a weak last tier. */
function hintAfter(last: TierRun): string {
  switch (last.tier) {
    case "overview":
      return "Only ids, titles, branches, paths and headings were searched: intent=lookup searches the summaries.";
    case "lookup":
      return "Only words were matched: intent=semantic (the default) also finds threads that say it in other words.";
    case "semantic":
      return "intent=deep also matches words by their beginning (auth → authentication) and threads with any one query word.";
    case "deep":
      return "";
    default: {
      const unknown: never = last.tier;
      throw new Error(`unknown search tier ${String(unknown)}`);
    }
  }
}

function tierText(t: TierRun): string {
  return `${t.tier} (${t.strongHits} strong${t.weak ? ", weak" : ""})`;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ⏎ ");
}
