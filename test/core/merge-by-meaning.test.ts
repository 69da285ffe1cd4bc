// Guards the merge driver's rules on thread and project files: frontmatter field by field (stamps take the later side,
// paths and related as sets), sections as lists of items, prose line by line, conflicts confined to their field or section.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { hasConflictMarkers, parseThread, serializeThread } from "../../src/core/store/frontmatter.js";
import { mergeStoreFile } from "../../src/core/merge/merge-file.js";
import type { Thread } from "../../src/core/types.js";

const base: Thread = {
  id: "auth",
  title: "Auth",
  parentId: "main",
  author: "alice",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  summary: "## Decisions\n- Use Postgres\n- JWT in cookies\n\n## State\nThe login form works.\nSSO is not started.",
};

const file = (t: Partial<Thread>) => serializeThread({ ...base, ...t });
const merge = (o: Partial<Thread>, t: Partial<Thread>, b: Partial<Thread> = {}) =>
  mergeStoreFile(".threadmind/threads/p/auth.md", file(b), file(o), file(t));

describe("a thread file merges by meaning", () => {
  test("decisions added on both sides are all kept, once each, base first then ours then theirs; stamps take the later side", () => {
    const ours = {
      updatedAt: "2026-01-02T00:00:00.000Z",
      commit: "aaaa",
      summary: base.summary.replace("- JWT in cookies", "- JWT in cookies\n- Rate limit at the edge"),
    };
    const theirs = {
      updatedAt: "2026-01-03T00:00:00.000Z",
      commit: "bbbb",
      summary: base.summary.replace("- JWT in cookies", "- JWT in cookies\n- Sessions last 8 h\n- Rate limit at the edge"),
    };
    const m = merge(ours, theirs);
    expect(m.conflicts).toEqual([]);
    expect(m.text).toBe(
      file({
        updatedAt: "2026-01-03T00:00:00.000Z",
        commit: "bbbb",
        summary:
          "## Decisions\n- Use Postgres\n- JWT in cookies\n- Rate limit at the edge\n- Sessions last 8 h\n\n## State\nThe login form works.\nSSO is not started.",
      }),
    );
    expect(parseThread(m.text).summary.match(/Rate limit at the edge/g)).toHaveLength(1);
  });

  test("the later stamp wins whichever side has it, and the commit comes with it", () => {
    const m = merge(
      { updatedAt: "2026-03-01T00:00:00.000Z", commit: "ours" },
      { updatedAt: "2026-02-01T00:00:00.000Z", commit: "theirs", title: "Auth v2" },
    );
    expect(m.conflicts).toEqual([]);
    expect(parseThread(m.text)).toMatchObject({ updatedAt: "2026-03-01T00:00:00.000Z", commit: "ours", title: "Auth v2" });
  });

  test("an item removed on one side and untouched on the other is removed; an item edited on one side takes the edit", () => {
    const m = merge(
      { summary: base.summary.replace("- Use Postgres\n", "") },
      { summary: base.summary.replace("- JWT in cookies", "- JWT in httpOnly cookies") },
    );
    expect(m.conflicts).toEqual([]);
    expect(parseThread(m.text).summary).toBe(
      "## Decisions\n- JWT in httpOnly cookies\n\n## State\nThe login form works.\nSSO is not started.",
    );
  });

  test("prose changed on different lines merges line by line", () => {
    const m = merge(
      { summary: base.summary.replace("The login form works.", "The login form works on mobile too.") },
      { summary: base.summary.replace("SSO is not started.", "SSO is half done.") },
    );
    expect(m.conflicts).toEqual([]);
    expect(parseThread(m.text).summary).toContain("## State\nThe login form works on mobile too.\nSSO is half done.");
  });

  test("one item edited differently on both sides is a conflict confined to its section", () => {
    const m = merge(
      { summary: base.summary.replace("- Use Postgres", "- Use Postgres 16") },
      { summary: base.summary.replace("- Use Postgres", "- Use MySQL") },
    );
    expect(m.conflicts).toEqual(['section "Decisions"']);
    expect(hasConflictMarkers(m.text)).toBe(true);
    expect(m.text).toContain(
      "## Decisions\n<<<<<<< ours\n- Use Postgres 16\n=======\n- Use MySQL\n>>>>>>> theirs\n- JWT in cookies\n\n## State\nThe login form works.",
    );
    expect(m.text.startsWith(file({}).slice(0, file({}).indexOf("\n## Decisions")))).toBe(true); // frontmatter untouched
  });

  test("prose edited differently on the same line is a conflict confined to that section", () => {
    const m = merge(
      { summary: base.summary.replace("SSO is not started.", "SSO is done.") },
      { summary: base.summary.replace("SSO is not started.", "SSO is dropped.") },
    );
    expect(m.conflicts).toEqual(['section "State"']);
    expect(m.text).toContain(
      "## Decisions\n- Use Postgres\n- JWT in cookies\n\n## State\nThe login form works.\n<<<<<<< ours\nSSO is done.\n=======\nSSO is dropped.\n>>>>>>> theirs\n",
    );
  });

  test("a title changed differently on both sides is a conflict on that field only", () => {
    const m = merge({ title: "Auth (ours)", summary: `${base.summary}\n\n## Next steps\n- ship` }, { title: "Auth (theirs)" });
    expect(m.conflicts).toEqual(['field "title"']);
    expect(m.text).toContain(
      "id: auth\n<<<<<<< ours\ntitle: Auth (ours)\n=======\ntitle: Auth (theirs)\n>>>>>>> theirs\nparentId: main\n",
    );
    expect(m.text).toContain("## Next steps\n- ship");
  });

  test("parentId, status and branch changed differently on both sides conflict; the same change on both sides does not", () => {
    expect(merge({ parentId: "x" }, { parentId: "y" }).conflicts).toEqual(['field "parentId"']);
    expect(merge({ status: "done" }, { status: "abandoned" }).conflicts).toEqual(['field "status"']);
    expect(merge({ branch: "a" }, { branch: "b" }).conflicts).toEqual(['field "branch"']);
    expect(merge({ status: "done" }, { status: "done" }).conflicts).toEqual([]);
  });

  test("related and paths merge as sets (additions of both kept, a removal applied)", () => {
    const m = merge(
      { related: ["billing", "search"], paths: ["src/auth"] },
      { related: ["billing", "ui"], paths: ["src/auth", "src/login"] },
      { related: ["billing"], paths: ["src/auth", "src/old"] },
    );
    expect(m.conflicts).toEqual([]);
    expect(parseThread(m.text)).toMatchObject({ related: ["billing", "search", "ui"], paths: ["src/auth", "src/login"] });
  });

  test("sections added on each side land in their canonical places", () => {
    const m = merge(
      { summary: `${base.summary}\n\n## Next steps\n- ship it` },
      { summary: base.summary.replace("## State", "## Constraints\n- EU only\n\n## State") },
    );
    expect(m.conflicts).toEqual([]);
    expect(parseThread(m.text).summary).toBe(
      "## Decisions\n- Use Postgres\n- JWT in cookies\n\n## Constraints\n- EU only\n\n## State\nThe login form works.\nSSO is not started.\n\n## Next steps\n- ship it",
    );
  });

  test("a section removed on one side and changed on the other is a conflict on that section", () => {
    const m = merge(
      { summary: "## Decisions\n- Use Postgres\n- JWT in cookies" },
      { summary: base.summary.replace("SSO is not started.", "SSO is done.") },
    );
    expect(m.conflicts).toEqual(['section "State" (removed on one side, changed on the other)']);
    expect(m.text).toContain("<<<<<<< ours\n=======\n## State\nThe login form works.\nSSO is done.\n>>>>>>> theirs");
  });

  test("both sides adding the same file (empty base) with the same content or additions merges; two threads with one id conflict", () => {
    const created = file({ summary: "" });
    expect(mergeStoreFile("a.md", "", created, created)).toEqual({ text: created, conflicts: [] });
    const other = file({ summary: "", createdAt: "2026-01-05T00:00:00.000Z", author: "bob" });
    const m = mergeStoreFile("a.md", "", created, other);
    expect(m.conflicts).toEqual(['field "author"', 'field "createdAt"']);
  });

  test("hostile sides (a YAML alias for a title, a duplicate key, bytes that are not text, no frontmatter end) never throw", () => {
    const good = file({});
    const hostile = [
      good.replace("title: Auth", "title: *urgent*"),
      good.replace("title: Auth", "title: Auth\ntitle: Again"),
      "\u0000\uFFFD\u0001---\n",
      "---\nid: auth\ntitle: never closed\n",
      "---\n- a\n- list\n---\n",
    ];
    for (const h of hostile) {
      for (const [b, o, t] of [
        [good, h, good],
        [good, good, h],
        [h, good, file({ title: "T" })],
        ["", h, good],
      ] as const) {
        const m = mergeStoreFile("x.md", b, o, t);
        expect(typeof m.text).toBe("string");
        if (m.conflicts.length === 0) expect(hasConflictMarkers(m.text)).toBe(false);
      }
    }
  });

  test("a side that is not a readable thread file is merged line by line, conflicts marked", () => {
    const m = mergeStoreFile("a.md", "x\ny\n", "x\nours\n", "x\ntheirs\n");
    expect(m.conflicts).toHaveLength(1);
    expect(m.text).toBe("x\n<<<<<<< ours\nours\n=======\ntheirs\n>>>>>>> theirs\n");
  });
});

describe("decisions added on both sides, whatever they are", () => {
  const item = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.()-]{0,40}$/).map((t) => `- ${t.trim() || "x"}`);
  test("are all kept exactly once, base items first, with no conflict (property, fixed seed)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(item, { maxLength: 8 }),
        fc.uniqueArray(item, { maxLength: 6 }),
        fc.uniqueArray(item, { maxLength: 6 }),
        (baseItems, oursAdded, theirsAdded) => {
          const summary = (items: string[]) => (items.length === 0 ? "## Decisions" : `## Decisions\n${items.join("\n")}`);
          const m = merge(
            { summary: summary([...baseItems, ...oursAdded]), updatedAt: "2026-01-02T00:00:00.000Z" },
            { summary: summary([...baseItems, ...theirsAdded]), updatedAt: "2026-01-03T00:00:00.000Z" },
            { summary: summary(baseItems) },
          );
          expect(m.conflicts).toEqual([]);
          const lines = parseThread(m.text)
            .summary.split("\n")
            .filter((l) => l.startsWith("- "));
          const expected = [...new Set([...baseItems, ...oursAdded, ...theirsAdded])];
          expect(new Set(lines)).toEqual(new Set(expected));
          expect(lines).toHaveLength(expected.length);
          expect(lines.slice(0, baseItems.length)).toEqual(baseItems);
        },
      ),
      { numRuns: 300, seed: 20261201 },
    );
  });
});

describe("a project file merges field by field", () => {
  const project = (p: Record<string, unknown>) =>
    `${JSON.stringify({ id: "shop", title: "Shop", mode: "solo", createdAt: "2026-01-01T00:00:00.000Z", ...p }, null, 2)}\n`;

  test("changes to different fields are both kept", () => {
    const m = mergeStoreFile(
      ".threadmind/projects/shop.json",
      project({}),
      project({ title: "Shop 2" }),
      project({ systemContext: "TypeScript" }),
    );
    expect(m).toEqual({ text: project({ title: "Shop 2", systemContext: "TypeScript" }), conflicts: [] });
  });

  test("one field changed differently on both sides is a conflict on that field's line", () => {
    const m = mergeStoreFile(
      ".threadmind/projects/shop.json",
      project({}),
      project({ mode: "team" }),
      project({ mode: "solo", title: "Shop 3" }).replace('"solo"', '"other"'),
    );
    expect(m.conflicts).toEqual(['field "mode"']);
    expect(m.text).toContain(
      '  "title": "Shop 3",\n<<<<<<< ours\n  "mode": "team",\n=======\n  "mode": "other",\n>>>>>>> theirs\n',
    );
  });
});
