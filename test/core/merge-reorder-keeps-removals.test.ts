// Guards the bug where reordering a list on one branch undid the other branch's removal or edit of an item: diff3 saw the
// moved item as removed at its old place and added at its new one, kept that "addition", and brought back a decision
// the other branch had deleted (or its old wording beside the new one), with no conflict.
import { describe, expect, test } from "vitest";
import { parseThread, serializeThread } from "../../src/core/store/frontmatter.js";
import { mergeStoreFile } from "../../src/core/merge/merge-file.js";
import type { Thread } from "../../src/core/types.js";

const base: Thread = {
  id: "auth",
  title: "Auth",
  parentId: "main",
  author: "alice",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  summary: "## Decisions\n- Use Postgres\n- JWT in cookies\n- Sessions last 30 days\n\n## State\nThe login form works.",
};
const decisions = (...items: string[]) =>
  base.summary.replace(/## Decisions\n[\s\S]*?\n\n/, `## Decisions\n${items.map((i) => `- ${i}`).join("\n")}\n\n`);
const merged = (ours: string, theirs: string) => {
  const m = mergeStoreFile(
    ".threadmind/threads/p/auth.md",
    serializeThread(base),
    serializeThread({ ...base, summary: ours }),
    serializeThread({ ...base, summary: theirs }),
  );
  return { conflicts: m.conflicts, summary: parseThread(m.text).summary };
};

describe("a list reordered on one branch", () => {
  test("does not bring back a decision the other branch removed", () => {
    const reordered = decisions("Sessions last 30 days", "Use Postgres", "JWT in cookies");
    const removed = decisions("Use Postgres", "JWT in cookies");
    for (const [ours, theirs] of [
      [reordered, removed],
      [removed, reordered],
    ] as const) {
      const m = merged(ours, theirs);
      expect(m.conflicts).toEqual([]);
      expect(m.summary).not.toContain("Sessions last 30 days");
      expect(m.summary).toContain("- Use Postgres");
      expect(m.summary).toContain("- JWT in cookies");
    }
  });

  test("does not keep the old wording of a decision the other branch edited beside the new one", () => {
    const m = merged(
      decisions("Sessions last 30 days", "Use Postgres", "JWT in cookies"),
      decisions("Use Postgres", "JWT in cookies", "Sessions last 7 days"),
    );
    expect(m.conflicts).toEqual([]);
    expect(m.summary).toContain("- Sessions last 7 days");
    expect(m.summary).not.toContain("Sessions last 30 days");
  });

  test("still keeps what the other branch added", () => {
    const m = merged(
      decisions("Sessions last 30 days", "Use Postgres", "JWT in cookies"),
      decisions("Use Postgres", "JWT in cookies", "Sessions last 30 days", "Rate limit at the edge"),
    );
    expect(m.conflicts).toEqual([]);
    for (const d of ["Use Postgres", "JWT in cookies", "Sessions last 30 days", "Rate limit at the edge"])
      expect(m.summary.split("\n").filter((l) => l === `- ${d}`)).toHaveLength(1);
  });
});
