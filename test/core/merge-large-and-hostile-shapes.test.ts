// Guards issue #30 items 2 and 9: the merge driver's work stays linear and never recurses (or spreads arguments) in
// proportion to its input: a 140,000-line section, many changes on both sides, a 30,000-key frontmatter; and a
// `__proto__` frontmatter key is kept like any other key.
import { expect, test } from "vitest";
import { mergeStoreFile } from "../../src/core/merge/merge-file.js";
import { FRONTMATTER_LIMITS, frontmatterPastLimits, parseThread } from "../../src/core/store/frontmatter.js";

const head = (extra = "") =>
  `---\nid: main\ntitle: Main\nparentId: null\ncreatedAt: 2026-01-01T00:00:00.000Z\nupdatedAt: 2026-01-02T00:00:00.000Z\n${extra}---\n`;
const file = (lines: readonly string[], extra = "") => `${head(extra)}\n## Decisions\n${lines.join("\n")}\n`;
const numbered = (n: number, prefix = "") => Array.from({ length: n }, (_, i) => `${prefix}line ${i}`);

test("a 140,000-line section changed at both ends merges without overflowing the stack, both changes kept", () => {
  const lines = numbered(140_000);
  const merged = mergeStoreFile("t/main.md", file(lines), file([...lines, "ours at the end"]), file(["theirs first", ...lines]));
  expect(merged.conflicts).toEqual([]);
  expect(merged.text).toContain("theirs first\nline 0\n");
  expect(merged.text).toContain("line 139999\nours at the end\n");
});

test("a 140,000-item list with items added on both sides merges without overflowing the stack", () => {
  const items = numbered(140_000, "- ");
  const merged = mergeStoreFile("t/main.md", file(items), file([...items, "- ours"]), file([...items, "- theirs"]));
  expect(merged.conflicts).toEqual([]);
  expect(merged.text).toContain("- line 139999\n- ours\n- theirs\n");
});

test("a 140,000-line section whose every line differs on both sides is one conflict, not a crash", () => {
  const lines = numbered(140_000);
  const merged = mergeStoreFile(
    "t/main.md",
    file(lines),
    file(lines.map((l) => `${l} ours`)),
    file(lines.map((l) => `${l} theirs`)),
  );
  expect(merged.conflicts).toEqual(['section "Decisions"']);
  expect(merged.text).toContain("line 139999 theirs\n>>>>>>> theirs");
});

test("1,000 changes of ours and 1,000 of theirs on alternate lines all land, none a conflict (one sweep over the hunks)", () => {
  const lines = numbered(2_000);
  const ours = lines.map((l, i) => (i % 2 === 0 ? `${l} ours` : l));
  const theirs = lines.map((l, i) => (i % 2 === 1 ? `${l} theirs` : l));
  const merged = mergeStoreFile("t/main.md", file(lines), file(ours), file(theirs));
  expect(merged.conflicts).toEqual([]);
  expect(merged.text).toContain(lines.map((l, i) => `${l} ${i % 2 === 0 ? "ours" : "theirs"}`).join("\n"));
});

test("a 30,000-key frontmatter is not given to the YAML parser: it merges line by line, within a wide margin of time", () => {
  const keys = (v: string) => Array.from({ length: 30_000 }, (_, i) => `k${i}: ${v}${i}\n`).join("");
  expect(frontmatterPastLimits(keys("b"))).toMatch(/^frontmatter too large to parse: 427,780 characters \(limit 262,144\)$/);
  expect(frontmatterPastLimits(keys("b").slice(0, 200_000))).toBe(
    `frontmatter too large to parse: more than ${FRONTMATTER_LIMITS.entries.toLocaleString("en-US")} lines and list items (keys)`,
  );
  const started = performance.now();
  const merged = mergeStoreFile("t/main.md", head(keys("b")), head(`${keys("b")}ours: 1\n`), head(`theirs: 2\n${keys("b")}`));
  // Before the fix this took 25–100 s (the parser's duplicate-key check and a quadratic key list); now milliseconds.
  expect(performance.now() - started).toBeLessThan(15_000);
  expect(merged.conflicts).toEqual([]);
  expect(merged.text).toContain("theirs: 2\n");
  expect(merged.text).toContain("k29999: b29999\nours: 1\n");
});

test("a `__proto__` frontmatter key changed on one side is kept in the merge, not dropped", () => {
  const merged = mergeStoreFile(
    "t/main.md",
    file(["- a"], "__proto__: base\n"),
    file(["- a", "- ours"], "__proto__: base\n"),
    file(["- a", "- theirs"], "__proto__: changed by theirs\n"),
  );
  expect(merged.conflicts).toEqual([]);
  expect(merged.text).toContain("__proto__: changed by theirs\n");
  expect(merged.text).toContain("- a\n- ours\n- theirs");
  expect(parseThread(merged.text).summary).toContain("- theirs");
});
