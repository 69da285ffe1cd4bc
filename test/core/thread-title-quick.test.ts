// The status line's quick title read (no YAML parser): it gives exactly the title the Store reads, or null (then the
// Store's full read decides); never another title. Hostile titles, any single-line YAML value, and real thread files.
import fc from "fast-check";
import { parse } from "yaml";
import { afterEach, describe, expect, it } from "vitest";
import { frontmatterYaml } from "../../src/core/store/frontmatter.js";
import { quickThreadTitle, simpleTitleValue } from "../../src/core/store/thread-title-quick.js";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";

const TITLES = [
  "Refunds",
  "Fix: the bug",
  '"double" quotes',
  "'single' quotes",
  `mixed "it's" 'x': y`,
  "# not a comment",
  "title # trailing",
  "  leading and trailing spaces  ",
  "\ttabs\t",
  "null",
  "true",
  "123",
  "2024-01-01",
  "[not, a, list]",
  "- dash",
  ":colon",
  "Refunds:",
  "back\\slash",
  "zero\u200bwidth\u2028line sep",
  "日本語のスレッド",
  "x".repeat(200),
];

/** The `title:` value of the line the store writes for `title`. */
function writtenValue(title: string): string {
  const line = frontmatterYaml({ title }).split("\n")[0]!;
  expect(line.startsWith("title: ")).toBe(true);
  return line.slice("title: ".length);
}

describe("simpleTitleValue", () => {
  it("reads back each title the store writes, or leaves it to the YAML parser", () => {
    const read = TITLES.map((t) => [t, simpleTitleValue(writtenValue(t))] as const);
    for (const [title, value] of read) if (value !== null) expect(value).toBe(title);
    // The common forms are read without the parser: plain, and quoted without escapes.
    expect(read.filter(([, v]) => v !== null).map(([t]) => t)).toEqual(
      expect.arrayContaining([
        "Refunds",
        "Fix: the bug",
        '"double" quotes',
        "# not a comment",
        "null",
        "123",
        "日本語のスレッド",
      ]),
    );
  });

  it("gives the YAML parser's string or nothing, for any title and any single-line value", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (title) => {
        const value = simpleTitleValue(writtenValue(title));
        return value === null || value === title;
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme-ascii", maxLength: 40 }).filter((v) => !v.includes("\n") && !v.includes("\r")),
        (value) => {
          const quick = simpleTitleValue(value);
          if (quick === null) return true;
          let parsed: unknown;
          try {
            parsed = (parse(`title: ${value}\n`) as { title?: unknown } | null)?.title;
          } catch {
            return false; // read quickly, but the parser refuses it
          }
          return parsed === quick;
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("quickThreadTitle on thread files", () => {
  let repo: TempRepo | undefined;
  afterEach(() => {
    repo?.cleanup();
    repo = undefined;
  });

  it("reads the title of a thread folder's head as the Store does; null for a damaged or conflicted head", async () => {
    repo = makeTempRepo();
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    const { thread } = await s.threadCreate({ title: "Fix: refunds" });
    const storeDir = join(repo.dir, ".threadmind");
    expect(quickThreadTitle(storeDir, "shop", thread.id)).toBe("Fix: refunds");
    expect(quickThreadTitle(storeDir, "shop", "main")).toBe("Shop");
    expect(quickThreadTitle(storeDir, "shop", "missing")).toBeNull();
    const head = join(storeDir, "threads", "shop", thread.id, "thread.md");
    writeFileSync(head, "---\nid: fix-refunds\ntitle: [unclosed\n---\n");
    expect(quickThreadTitle(storeDir, "shop", thread.id)).toBeNull();
    writeFileSync(head, "---\nid: fix-refunds\n<<<<<<< HEAD\ntitle: A\n=======\ntitle: B\n>>>>>>> other\n---\n");
    expect(quickThreadTitle(storeDir, "shop", thread.id)).toBeNull();
    writeFileSync(head, "---\nid: another\ntitle: Someone else's\n---\n");
    expect(quickThreadTitle(storeDir, "shop", thread.id)).toBeNull();
    // A format-1 file beside the folder (a migration's frozen copy, or edits from a branch still in format 1): the
    // Store decides what the thread is.
    writeFileSync(head, "---\nid: fix-refunds\ntitle: Fix refunds\n---\n");
    expect(quickThreadTitle(storeDir, "shop", thread.id)).toBe("Fix refunds");
    const legacyText = "---\nid: fix-refunds\ntitle: Old\n---\n";
    writeFileSync(join(storeDir, "threads", "shop", `${thread.id}.md`), legacyText);
    expect(quickThreadTitle(storeDir, "shop", thread.id)).toBeNull();
    // The copy a migration left frozen (its git blob id is the head's migratedFrom): the folder's title holds, read
    // quickly (every status line of a migrated thread used to take the Store's full read of every item file).
    const blob = createHash("sha1")
      .update(`blob ${Buffer.byteLength(legacyText)}\0`)
      .update(legacyText)
      .digest("hex");
    writeFileSync(head, `---\nid: fix-refunds\ntitle: Fix refunds\nmigratedFrom: ${blob}\n---\n`);
    expect(quickThreadTitle(storeDir, "shop", thread.id)).toBe("Fix refunds");
    // Edited since (a branch still in format 1): the Store decides.
    writeFileSync(join(storeDir, "threads", "shop", `${thread.id}.md`), legacyText.replace("Old", "Older"));
    expect(quickThreadTitle(storeDir, "shop", thread.id)).toBeNull();
    // A thread still in one file (format 1).
    writeFileSync(join(storeDir, "threads", "shop", "legacy.md"), "---\nid: legacy\ntitle: 'Legacy: it''s old'\n---\n");
    expect(quickThreadTitle(storeDir, "shop", "legacy")).toBe("Legacy: it's old");
  });
});
