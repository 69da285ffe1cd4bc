// Guards the 0.4 migration against a hostile repository whose .threadmind/trees is a symbolic link out of it: the
// migration refuses it, naming it, and never reads or removes a file through it (it used to delete the linked tree file).
import { expect, test } from "vitest";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { UnreadableFileError } from "../../src/core/errors.js";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const newRepo = reposPerTest();

test("a .threadmind/trees that is a symbolic link out of the repository is refused and nothing through it is removed", async () => {
  const repo = newRepo({ git: false });
  const outside = newRepo({ git: false, prefix: "tm-outside-" });
  // A file of the user's elsewhere that reads as a 0.4 tree.
  const elsewhere = join(outside.dir, "shop.json");
  const text = `${JSON.stringify({ nodes: {}, note: "the user's own file" })}\n`;
  writeFileSync(elsewhere, text);
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  const trees = join(repo.dir, ".threadmind", "trees");
  symlinkSync(outside.dir, trees);
  mkdirSync(join(repo.dir, ".threadmind", "threads", "shop"), { recursive: true });

  const fresh = servicesFor(repo.dir, "fresh");
  const error = await fresh.migrateIfNeeded().then(
    () => null,
    (e: unknown) => e,
  );
  expect(existsSync(elsewhere)).toBe(true);
  expect(readFileSync(elsewhere, "utf8")).toBe(text);
  expect(error).toBeInstanceOf(UnreadableFileError);
  expect((error as UnreadableFileError).path).toBe(trees);
  expect((error as Error).message).toContain("is a symbolic link; ThreadMind does not follow links in .threadmind/");
});
