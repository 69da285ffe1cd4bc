// The text of a search answer as it goes into the conversation: one line per hit plus its snippet, kept small, in plain
// words (how each hit was found, its status as a person reads it); scores and tiers are in the JSON form only.
import type { SearchAnswer, SearchTier, TierRun } from "./search-types.js";
import { statusWord } from "../types.js";

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
    const found = h.similarity !== undefined && h.tier !== "semantic" ? `${foundBy(h.tier)} and meaning` : foundBy(h.tier);
    lines.push(`${i + 1}. ${oneLine(h.title)} (${id}) · ${statusWord(h.status)} · ${h.section} · found ${found}`);
    if (h.snippet !== "") lines.push(`   ${h.snippet}`);
  });
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

/** How a hit was found, in words: by name (ids, titles, branches, paths, headings), by its words, by meaning, by word beginnings. */
function foundBy(tier: SearchTier): string {
  switch (tier) {
    case "overview":
      return "by name";
    case "lookup":
      return "by its words";
    case "semantic":
      return "by meaning";
    case "deep":
      return "by word beginnings";
    default: {
      const unknown: never = tier;
      throw new Error(`unknown search tier ${String(unknown)}`);
    }
  }
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ⏎ ");
}
