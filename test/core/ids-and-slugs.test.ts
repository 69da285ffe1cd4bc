// Guards id validation (hostile ids refused before any file access), slugs from titles, stable fallbacks and collision suffixes.
import { afterEach, describe, expect, test } from "vitest";
import fc from "fast-check";
import { join } from "node:path";
import { assertId, isValidId, slugify, uniqueId, ID_PATTERN } from "../../src/core/ids.js";
import { ThreadMindError } from "../../src/core/errors.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { snapshotDir } from "../support/dir-snapshot.js";

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

const HOSTILE_IDS = [
  "../x",
  "..",
  "../../etc/passwd",
  "/etc/passwd",
  "/tmp/x",
  "a\\b",
  "..\\..\\x",
  "C:\\Windows",
  "a\0b",
  "main\0",
  "Main",
  "ABC",
  "",
  " ",
  "a b",
  "a/b",
  "a.md",
  "x".repeat(65),
  "main\n",
  "é",
];

describe("id validation", () => {
  test.each(HOSTILE_IDS.map((id) => [JSON.stringify(id), id]))("refuses %s", (_shown, id) => {
    expect(isValidId(id)).toBe(false);
    expect(() => assertId(id, "thread id")).toThrow(ThreadMindError);
    expect(() => assertId(id, "thread id")).toThrow(
      /^Invalid thread id .*: use lowercase letters a-z, digits and "-", at most 64 characters\.$/s,
    );
  });

  test("accepts lowercase letters, digits and dashes up to 64 characters", () => {
    for (const id of ["main", "a", "0", "auth-ui", "x".repeat(64), "t-0a1b2c3d"]) expect(assertId(id)).toBe(id);
    expect(isValidId(42)).toBe(false);
    expect(isValidId(null)).toBe(false);
  });

  test("every service refuses a hostile id before touching the store", async () => {
    repo = makeTempRepo();
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    await s.threadCreate({ title: "Auth" });
    const store = join(repo.dir, ".threadmind");
    const before = snapshotDir(store);
    for (const id of HOSTILE_IDS) {
      const calls: [string, () => Promise<unknown>][] = [
        ["threadSwitch", () => s.threadSwitch(id)],
        ["threadCreate parent", () => s.threadCreate({ title: "X", parentId: id })],
        ["threadCreate related", () => s.threadCreate({ title: "X", related: [id] })],
        ["threadDelete", () => s.threadDelete(id)],
        ["threadRebase thread", () => s.threadRebase(id, "main")],
        ["threadRebase parent", () => s.threadRebase("auth", id)],
        ["threadStatus", () => s.threadStatus({ status: "done", threadId: id })],
        ["threadMerge", () => s.threadMerge({ parentSummary: "x", threadId: id })],
        ["summaryUpdate", () => s.summaryUpdate({ content: "x", threadId: id })],
        ["projectSwitch", () => s.projectSwitch(id)],
      ];
      for (const [name, call] of calls) {
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, `${name}(${JSON.stringify(id)})`).toBeInstanceOf(ThreadMindError);
        expect((error as ThreadMindError).code, `${name}(${JSON.stringify(id)})`).toBe("invalid-input");
      }
    }
    expect(snapshotDir(store)).toEqual(before);
  });
});

describe("slugs", () => {
  test("accents are transliterated", () => {
    expect(slugify("Thème été")).toBe("theme-ete");
    expect(slugify("Straße – Œuvre / Ærø")).toBe("strasse-oeuvre-aero");
    expect(slugify("  Fix: the `login` bug!  ")).toBe("fix-the-login-bug");
    expect(slugify("Ünïcödé ÇÀ")).toBe("unicode-ca");
  });

  test("titles without Latin letters or digits get a stable t-<hash> id", () => {
    const a = slugify("日本語のスレッド");
    expect(a).toMatch(/^t-[0-9a-f]{8}$/);
    expect(slugify("日本語のスレッド")).toBe(a);
    expect(slugify("Русский")).toMatch(/^t-[0-9a-f]{8}$/);
    expect(slugify("Русский")).not.toBe(a);
    expect(slugify("🚀🚀")).toMatch(/^t-[0-9a-f]{8}$/);
    expect(slugify("!!!")).toMatch(/^t-[0-9a-f]{8}$/);
    // NFC and NFD spellings of the same title are the same thread name.
    expect(slugify("한국어".normalize("NFD"))).toBe(slugify("한국어".normalize("NFC")));
  });

  test("long titles are cut to 64 characters without a trailing dash", () => {
    const slug = slugify(`${"word ".repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(64);
    expect(slug.endsWith("-")).toBe(false);
    expect(isValidId(slug)).toBe(true);
  });

  test("collisions get -2, -3 and stay within 64 characters", () => {
    const taken = new Set(["auth", "auth-2"]);
    expect(uniqueId("Auth", (id) => taken.has(id))).toBe("auth-3");
    expect(uniqueId("Auth", () => false)).toBe("auth");
    const long = "x".repeat(64);
    const id = uniqueId(long, (c) => c === long);
    expect(id).toBe(`${"x".repeat(62)}-2`);
    expect(uniqueId("Main", () => false, ["main"])).toBe("main-2");
  });

  test("the root thread is main and a child titled Main gets main-2, then main-3", async () => {
    repo = makeTempRepo();
    const s = servicesFor(repo.dir);
    const { thread } = await s.projectCreate({ title: "Anything at all" });
    expect(thread.id).toBe("main");
    expect((await s.threadCreate({ title: "Main", parentId: "main" })).thread.id).toBe("main-2");
    expect((await s.threadCreate({ title: "MAIN", parentId: "main" })).thread.id).toBe("main-3");
    expect((await s.threadCreate({ title: "Thème été", parentId: "main" })).thread.id).toBe("theme-ete");
    expect((await s.threadCreate({ title: "Theme ete", parentId: "main" })).thread.id).toBe("theme-ete-2");
    const cjk = await s.threadCreate({ title: "日本語", parentId: "main" });
    expect(cjk.thread.id).toBe(slugify("日本語"));
  });

  test("property: a slug is always a valid id", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(ID_PATTERN);
        expect(slug.startsWith("-") || slug.endsWith("-")).toBe(false);
        expect(slugify(title)).toBe(slug);
      }),
      { numRuns: 2000 },
    );
  });

  test("property: uniqueId never returns a taken or reserved id and always a valid one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 80 }), { maxLength: 40 }),
        fc.constantFrom<string[]>([], ["main"]),
        (titles, reserved) => {
          const taken = new Set<string>();
          for (const title of titles) {
            const id = uniqueId(title, (c) => taken.has(c), reserved);
            expect(id).toMatch(ID_PATTERN);
            expect(taken.has(id)).toBe(false);
            expect(reserved.includes(id)).toBe(false);
            taken.add(id);
          }
          expect(taken.size).toBe(titles.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
