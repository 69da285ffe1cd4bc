// Guards the frontmatter read and written without the YAML parser (frontmatter-quick.ts, #31): on the shapes the store
// writes and on hostile ones, whatever it reads is what the yaml package reads, whatever it writes is what the yaml
// package writes, and everything else is left to the package (null).
import { describe, expect, test } from "vitest";
import { parseDocument, stringify } from "yaml";
import { quickFrontmatter, quickFrontmatterYaml } from "../../src/core/store/frontmatter-quick.js";
import { frontmatterYaml, parseThread, serializeThread } from "../../src/core/store/frontmatter.js";

const YAML_OPTIONS = { lineWidth: 0, defaultStringType: "PLAIN", defaultKeyType: "PLAIN" } as const;

/** What the yaml package reads, or "error". */
function yamlReads(text: string): unknown {
  try {
    const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
    return doc.errors.length > 0 ? "error" : doc.toJS();
  } catch {
    return "error";
  }
}

/** Strings near every edge of the plain subset. */
const STRINGS = [
  "payments",
  "Refunds within 30 days",
  "Ann <ann@example.com>",
  "2026-01-01T00:00:00.000Z",
  "2026-01-01",
  "src/payments/",
  "(draft) rules",
  "it's done",
  "a, b; c!",
  "x=1 & y=2",
  "what?",
  "50% off",
  "a*b",
  "1.5",
  "10",
  "-3",
  "+7",
  "1e3",
  ".5",
  "0x1F",
  "0o17",
  "1_000",
  "12:30",
  "true",
  "False",
  "yes",
  "no",
  "on",
  "null",
  "Null",
  "~",
  "",
  " leading",
  "trailing ",
  "a: b",
  "Auth: sessions",
  "x: y: z",
  "It's: done",
  "(draft): rules",
  "a:  b",
  "key: 100",
  "a: true",
  "a:b: c",
  "a: b:",
  "a: b ",
  "- a: b",
  "? a: b",
  "a: #b",
  "a: b, c; d!",
  "a : b",
  "a #b",
  "a#b",
  "#tag",
  "- item",
  "-",
  "?",
  "? x",
  "---",
  "...",
  "@mention",
  "`code`",
  "'quoted'",
  '"quoted"',
  "back\\slash",
  "tab\there",
  "line\nbreak",
  "café",
  "東京",
  "🚀 launch",
  "&anchor",
  "*alias",
  "!tag",
  "|block",
  ">folded",
  "%directive",
  "[flow]",
  "{flow}",
  "a [b] {c}",
  "http://example.com/x",
  "a:",
  "a :b",
  "a::b",
  "a :",
  "12:30:45",
  "x:y z",
  "key: value: more",
];

describe("frontmatter without the YAML parser", () => {
  test("writes exactly what the yaml package writes, or leaves it to the package", () => {
    let quick = 0;
    for (const value of STRINGS) {
      for (const fields of [
        { id: "t-1", title: value, parentId: null },
        { id: "t-1", paths: [value, "src/"] },
        { id: "t-1", related: [] as string[], author: value },
      ]) {
        const text = quickFrontmatterYaml(fields);
        if (text === null) continue;
        quick++;
        expect(text).toBe(stringify(fields, YAML_OPTIONS));
        expect(yamlReads(text)).toEqual(fields);
        expect(quickFrontmatter(text)).toEqual(fields);
      }
    }
    expect(quick).toBeGreaterThan(30); // the usual shapes take the quick path
    // A title with ": " (common: "Auth: sessions") is written double-quoted, as the package writes it, without it.
    for (const title of ["Auth: sessions", "x: y: z", "It's: done"]) {
      expect(quickFrontmatterYaml({ title })).toBe(`title: "${title}"\n`);
      expect(quickFrontmatterYaml({ title })).toBe(stringify({ title }, YAML_OPTIONS));
    }
    expect(quickFrontmatterYaml({ count: 3 })).toBeNull();
    expect(quickFrontmatterYaml({ true: "x" })).toBeNull();
    expect(quickFrontmatterYaml({})).toBeNull();
  });

  test("reads exactly what the yaml package reads, or leaves it to the package", () => {
    const texts: string[] = [];
    for (const value of STRINGS) {
      for (const raw of [value, `"${value}"`, `'${value}'`]) {
        texts.push(`id: t-1\ntitle: ${raw}\nparentId: null\n`, `paths:\n  - ${raw}\n  - src/\n`, `key: ${raw}\n`);
      }
    }
    texts.push(
      "id: a\nid: b\n", // a key twice: an error to the parser
      "id: a\n\ntitle: b\n",
      "id: a # comment\n",
      "# comment\nid: a\n",
      "id: a\r\n",
      "id: a",
      "",
      "id:\n",
      "paths:\n- a\n",
      "paths:\n   - a\n",
      "paths:\n  - a\n  -b\n",
      "paths: [a, b]\n",
      "related: []\n",
      "null: x\n",
      "True: x\n",
      "a1: x\nB2: y\n",
      "_x: y\n",
      "id:a\n",
      "id:  a\n",
      "id: &a x\nother: *a\n",
      "---\nid: a\n",
      "id: a\n...\n",
      "? id\n: a\n",
      "id: !!str 3\n",
      '"id": a\n',
      "title: a\n  continued\n",
    );
    let quick = 0;
    for (const text of texts) {
      const read = quickFrontmatter(text);
      if (read === null) continue;
      quick++;
      expect(read, text).toEqual(yamlReads(text));
    }
    expect(quick).toBeGreaterThan(30);
    for (const hostile of ["id: a\nid: b\n", "id: &a x\nother: *a\n", "paths:\n- a\n", "id: !!str 3\n", "key: 12:30 # x\n"])
      expect(quickFrontmatter(hostile), hostile).toBeNull();
  });

  test("a thread written and read by the store is the same either way", () => {
    const thread = {
      id: "refunds",
      title: "Refunds within 30 days",
      parentId: "payments",
      author: "Ann <ann@example.com>",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-02-03T04:05:06.789Z",
      paths: ["src/payments/", "docs/refunds.md"],
      related: [],
      summary: "## Decisions\n- refunds within 30 days",
    };
    const text = serializeThread(thread);
    expect(text).toBe(`---\n${stringify({ ...thread, summary: undefined }, YAML_OPTIONS)}---\n\n${thread.summary}\n`);
    expect(parseThread(text)).toMatchObject(thread);
    // A title the quick path leaves to the package: written and read as before.
    const quoted = { ...thread, title: "Refunds: 30 days #policy" };
    expect(frontmatterYaml({ title: quoted.title })).toBe('title: "Refunds: 30 days #policy"\n');
    expect(parseThread(serializeThread(quoted)).title).toBe(quoted.title);
  });
});
