// Guards the bug where a section heading ending in "#" (## Port to C#) lost that character: the summary parser read the
// "#" as Markdown's optional closing sequence, so a merge (and any section update) rewrote the heading as "## Port to C".
import { describe, expect, test } from "vitest";
import { parseThread, serializeThread } from "../../src/core/store/frontmatter.js";
import { mergeStoreFile } from "../../src/core/merge/merge-file.js";
import { parseSummary, updateSection } from "../../src/core/store/summary-sections.js";
import type { Thread } from "../../src/core/types.js";

const base: Thread = {
  id: "port",
  title: "Port",
  parentId: "main",
  author: "alice",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  summary: "## Decisions\n- Keep the API\n\n## Port to C#\nThe client moves to .NET.\n\n## Notes ##\nclosing hashes",
};
const file = (summary: string) => serializeThread({ ...base, summary });

describe("a heading ending in # keeps it", () => {
  test("when both branches add decisions and the driver merges the file", () => {
    const ours = base.summary.replace("- Keep the API", "- Keep the API\n- From ours");
    const theirs = base.summary.replace("- Keep the API", "- Keep the API\n- From theirs");
    const merged = mergeStoreFile(".threadmind/threads/p/port.md", file(base.summary), file(ours), file(theirs));
    expect(merged.conflicts).toEqual([]);
    const summary = parseThread(merged.text).summary;
    expect(summary).toContain("## Port to C#\nThe client moves to .NET.");
    expect(summary).toContain("- Keep the API\n- From ours\n- From theirs");
  });

  test("when a section update re-renders the summary; a closing sequence after a space is still not part of the heading", () => {
    const updated = updateSection(base.summary, "decisions", "- More", false);
    expect(updated).toContain("## Port to C#\n");
    expect(parseSummary(base.summary).sections.map((s) => s.heading)).toEqual(["Decisions", "Port to C#", "Notes"]);
  });
});
