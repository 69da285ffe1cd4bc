// Guards issue #30 item 9: two branches that create the same project (both add projects/<id>.json, no base) differ in
// createdAt only; the merge takes the earlier one instead of leaving a conflict that breaks every tool.
import { expect, test } from "vitest";
import { mergeStoreFile } from "../../src/core/merge/merge-file.js";

const project = (createdAt: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ id: "shop", title: "Shop", createdAt, ...extra }, null, 2)}\n`;

test("the same project created on two branches merges cleanly with the earlier createdAt, whichever side has it", () => {
  const early = "2026-03-01T09:00:00.000Z";
  const late = "2026-03-02T18:30:00.000Z";
  for (const [ours, theirs] of [
    [early, late],
    [late, early],
  ] as const) {
    const merged = mergeStoreFile(".threadmind/projects/shop.json", "", project(ours), project(theirs));
    expect(merged.conflicts).toEqual([]);
    expect(JSON.parse(merged.text)).toEqual({ id: "shop", title: "Shop", createdAt: early });
  }
});

test("other fields changed differently on both sides still conflict (only createdAt takes the earlier)", () => {
  const merged = mergeStoreFile(
    ".threadmind/projects/shop.json",
    "",
    project("2026-03-01T09:00:00.000Z", { systemContext: "ours" }),
    project("2026-03-02T09:00:00.000Z", { systemContext: "theirs" }),
  );
  expect(merged.conflicts).toEqual(['field "systemContext"']);
  expect(merged.text).toContain('"createdAt": "2026-03-01T09:00:00.000Z",');
});
