// Guards thread files against lossy frontmatter: hostile titles and summaries round-trip exactly, keys in a fixed order.
import { afterEach, describe, expect, test } from "vitest";
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseThread, serializeThread } from "../../src/core/store/frontmatter.js";
import { parseHead, parseItem, serializeHead, serializeItem } from "../../src/core/store/thread-folder-format.js";
import type { Thread } from "../../src/core/types.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { snapshotDir } from "../support/dir-snapshot.js";
import { ThreadMindError } from "../../src/core/errors.js";

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

const HOSTILE_TITLES = [
  "---",
  "a\n---\nb",
  "---\nid: evil\n---",
  "Fix: the bug",
  "key: value: more",
  '"double" quotes',
  "'single' quotes",
  `mixed "it's" 'x'`,
  "# not a comment",
  "title # trailing",
  "line one\nline two",
  "trailing newline\n",
  "\nleading newline",
  "crlf\r\nline",
  "🚀 launch 🎉",
  "Thème été ünïcödé",
  "日本語のスレッド",
  "עברית and العربية",
  "  leading and trailing spaces  ",
  "\ttabs\t",
  "null",
  "~",
  "true",
  "123",
  "1e3",
  "0x1F",
  "2024-01-01",
  "[not, a, list]",
  "{not: a map}",
  "&anchor x",
  "*alias",
  "!tag value",
  "| block",
  "> folded",
  "- dash",
  "? question",
  "@at `tick`",
  "%percent",
  "back\\slash",
  "<<<<<<< HEAD",
  "=======",
  "zero\u200bwidth\u2028line sep",
  "bell\u0007 control",
  "\uFEFFbom",
  "x".repeat(200),
];

function thread(title: string, summary = "Some summary."): Thread {
  return {
    id: "t",
    title,
    parentId: "main",
    author: "alice-0a1b2c",
    createdAt: "2025-01-02T03:04:05.006Z",
    updatedAt: "2025-01-02T03:04:05.007Z",
    summary,
  };
}

describe("frontmatter round-trip", () => {
  test.each(HOSTILE_TITLES.map((t) => [JSON.stringify(t), t]))(
    "title %s round-trips through serialize/parse",
    (_shown, title) => {
      const original = thread(title);
      const text = serializeThread(original);
      expect(parseThread(text)).toEqual(original);
      // The frontmatter is one block: the summary still follows it.
      expect(text.startsWith("---\nid: t\n")).toBe(true);
      expect(text.endsWith("\nSome summary.\n")).toBe(true);
    },
  );

  test("hostile titles and summaries round-trip through the services and the files on disk", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "P" });
    const created: { id: string; title: string; summary: string }[] = [];
    for (const [i, title] of HOSTILE_TITLES.entries()) {
      if (title.trim() === "") continue;
      const { thread: t } = await s.threadCreate({ title, parentId: "main" });
      const summary = `## Decisions\n- decision ${i}: ${title.replace(/\s+/g, " ").trim()}\n\n---\n\nnot a fence: ---\n\n## State\n- ${i}`;
      await s.summaryUpdate({ threadId: t.id, content: summary });
      created.push({ id: t.id, title, summary });
    }
    const fresh = servicesFor(repo.dir, "another-session");
    const { threads, problems } = fresh.store.readAllThreads("p");
    expect(problems).toEqual([]);
    for (const c of created) {
      const t = threads.get(c.id)!;
      expect(t.title).toBe(c.title);
      expect(t.summary).toBe(c.summary);
    }
  });

  test("property: arbitrary titles and summaries round-trip exactly", () => {
    const unicodeText = fc.string({ unit: "grapheme", maxLength: 120 });
    const nasty = fc.string({
      unit: fc.constantFrom(
        "-",
        "-",
        "-",
        ":",
        "#",
        '"',
        "'",
        "\n",
        "\r",
        " ",
        "\t",
        "a",
        "é",
        "🚀",
        "<",
        "=",
        ">",
        "|",
        ">",
        "&",
        "*",
        "!",
        "%",
        "@",
        "`",
        "\\",
        "\u2028",
        "\uFEFF",
        "\u0000",
      ),
      maxLength: 60,
    });
    const title = fc.oneof(unicodeText, nasty, fc.string({ unit: "binary", maxLength: 80 }));
    // Summaries as the services store them: trimmed (the services trim what they are given).
    const summary = fc.oneof(unicodeText, nasty, fc.string({ unit: "binary", maxLength: 200 })).map((s) => s.trim());
    fc.assert(
      fc.property(title, summary, (t, s) => {
        const original = thread(t, s);
        expect(parseThread(serializeThread(original))).toEqual(original);
      }),
      { numRuns: 3000 },
    );
  });

  test("a file checked out with CRLF line endings (git autocrlf) or a BOM reads as the same thread", () => {
    const original: Thread = {
      ...thread("Title: with colon", "## Decisions\n- one\n\n## State\n- two"),
      paths: ["src/"],
      status: "done",
    };
    const text = serializeThread(original);
    const crlf = text.replace(/\n/g, "\r\n");
    expect(parseThread(crlf)).toEqual({ ...original, summary: original.summary.replace(/\n/g, "\r\n") });
    expect(parseThread(`\uFEFF${text}`)).toEqual(original);
  });

  test("optional keys are written only when set, in the canonical order", () => {
    const bare = serializeThread(thread("T"));
    expect(bare).toBe(
      "---\nid: t\ntitle: T\nparentId: main\nauthor: alice-0a1b2c\ncreatedAt: 2025-01-02T03:04:05.006Z\nupdatedAt: 2025-01-02T03:04:05.007Z\n---\n\nSome summary.\n",
    );
    for (const key of ["status", "branch", "commit", "paths", "mergedInto", "related"]) expect(bare).not.toContain(`${key}:`);
    const full: Thread = {
      ...thread("T"),
      related: ["b"],
      mergedInto: "main",
      paths: ["src/a.ts", "docs/"],
      commit: "0123456789abcdef0123456789abcdef01234567",
      branch: "feature/x",
      status: "done",
    };
    const text = serializeThread(full);
    const keys = text
      .split("\n")
      .filter((l) => /^[a-zA-Z]+:/.test(l))
      .map((l) => l.slice(0, l.indexOf(":")));
    expect(keys).toEqual([
      "id",
      "title",
      "parentId",
      "author",
      "createdAt",
      "updatedAt",
      "status",
      "branch",
      "commit",
      "paths",
      "mergedInto",
      "related",
    ]);
    expect(parseThread(text)).toEqual(full);
    const root = serializeThread({ ...thread("Root", ""), id: "main", parentId: null });
    expect(root).toBe(
      "---\nid: main\ntitle: Root\nparentId: null\nauthor: alice-0a1b2c\ncreatedAt: 2025-01-02T03:04:05.006Z\nupdatedAt: 2025-01-02T03:04:05.007Z\n---\n",
    );
    expect(parseThread(root).summary).toBe("");
  });

  test("the file the services write is exactly the canonical serialization", async () => {
    repo = makeTempRepo();
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "P" });
    const { thread: t } = await s.threadCreate({ title: 'Fix: "quoted" # and ---' });
    const updated = await s.summaryUpdate({ content: "## State\n- x", paths: ["src/"] });
    // Format 2: the thread is a folder; each of its files is exactly the canonical serialization of what it holds.
    const folder = join(repo.dir, ".threadmind", "threads", "p", t.id);
    const head = readFileSync(join(folder, "thread.md"), "utf8");
    expect(head).toBe(serializeHead(parseHead(head)));
    expect(parseHead(head)).toMatchObject({ id: t.id, title: 'Fix: "quoted" # and ---' });
    const items = readdirSync(join(folder, "state")).map((name) => readFileSync(join(folder, "state", name), "utf8"));
    expect(items.length).toBe(1);
    for (const item of items) {
      expect(item).toBe(serializeItem(parseItem(item)));
      expect(parseItem(item).blocks).toEqual(["- x"]);
    }
    expect(servicesFor(repo.dir, "other").store.readThread("p", t.id)).toEqual(updated.thread);
  });

  test("a Markdown heading underlined with ======= is kept, not mistaken for a git conflict", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "P" });
    const summary = "Overview\n=======\n\nBody text.\n\nDetails\n-------\n- item";
    await s.summaryUpdate({ content: summary });
    const fresh = servicesFor(repo.dir, "other");
    expect(fresh.store.readThread("p", "main").summary).toBe(summary);
    expect((await fresh.threadList()).problems).toEqual([]);
  });

  test("text that cannot be stored exactly is refused with a clear error and nothing is written", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "P" });
    await s.summaryUpdate({ content: "kept" });
    const store = join(repo.dir, ".threadmind");
    const before = snapshotDir(store, { dirTimes: false });
    const refusals: [string, () => Promise<unknown>, RegExp][] = [
      [
        "lone surrogate title",
        () => s.threadCreate({ title: "broken \uD800 text" }),
        /The thread title contains a lone UTF-16 surrogate/,
      ],
      [
        "lone surrogate project title",
        () => s.projectCreate({ title: "\uDC00" }),
        /The project title contains a lone UTF-16 surrogate/,
      ],
      [
        "lone surrogate summary",
        () => s.summaryUpdate({ content: "a \uDBFF b" }),
        /The content contains a lone UTF-16 surrogate/,
      ],
      [
        "conflict markers in a summary",
        () => s.summaryUpdate({ content: "quoting a merge:\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> branch" }),
        /Thread "main" cannot be written: the summary would contain lines that read as git conflict markers/,
      ],
    ];
    for (const [name, call, message] of refusals) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, name).toBeInstanceOf(ThreadMindError);
      expect((error as ThreadMindError).code, name).toBe("invalid-input");
      expect((error as Error).message, name).toMatch(message);
    }
    expect(snapshotDir(store, { dirTimes: false })).toEqual(before);
    expect(servicesFor(repo.dir, "other").store.readThread("p", "main").summary).toBe("kept");
  });
});
