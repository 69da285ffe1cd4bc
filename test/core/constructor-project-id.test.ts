// Guards what is looked up by project id against names that are also properties of every JavaScript object: a project called
// "Constructor" (id constructor) on a branch where another project's thread was chosen must start on its own main,
// not fail every call with "Invalid thread id function Object() { [native code] }"; the conflict-marker sweep of its
// store must not stop at it (it found nothing in any project).
import { afterEach, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { branchChoice } from "../../src/core/thread-choice.js";
import { threadFilesWithMarkers } from "../../src/core/conflicts/conflict-marker-sweep.js";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let repo: TempRepo | undefined;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  repo?.cleanup();
  repo = undefined;
});

test("a project whose id is an Object property name (constructor) starts on its main thread on a branch where another project's thread was chosen", async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "x\n" });
  const builder = servicesFor(repo.dir, "builder-session");
  const created = await builder.projectCreate({ title: "Constructor" });
  expect(created.project.id).toBe("constructor");
  repo.git("checkout", "-q", "-b", "feature");
  const shop = servicesFor(repo.dir, "shop-session");
  await shop.projectCreate({ title: "Shop" });
  await shop.threadCreate({ title: "Checkout", parentId: "main" });

  const fresh = servicesFor(repo.dir, "fresh-session");
  expect(branchChoice(fresh.readState(), "feature", "shop")).toBe("checkout");
  expect(branchChoice(fresh.readState(), "feature", "constructor")).toBeNull();
  const switched = await fresh.projectSwitch("constructor");
  expect(switched.thread.id).toBe("main");
});

test("the conflict-marker sweep of a store with a project whose id is constructor still names a conflicted thread file", () => {
  const storeDir = join(mkdtempSync(join(tmpdir(), "tm-sweep-constructor-")), ".threadmind");
  cleanups.push(() => rmSync(join(storeDir, ".."), { recursive: true, force: true }));
  const addProject = (project: string) => {
    mkdirSync(join(storeDir, "threads", project), { recursive: true });
    mkdirSync(join(storeDir, "projects"), { recursive: true });
    writeFileSync(join(storeDir, "projects", `${project}.json`), "{}\n");
  };
  addProject("shop");
  writeFileSync(
    join(storeDir, "threads", "shop", "bad.md"),
    "---\nid: bad\n---\n\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> x\n",
  );
  expect(threadFilesWithMarkers(storeDir, Date.now() + 10_000)).toEqual(["threads/shop/bad.md"]);
  // A project created since the last sweep, named "Constructor".
  addProject("constructor");
  expect(threadFilesWithMarkers(storeDir, Date.now() + 10_000)).toEqual(["threads/shop/bad.md"]);
});
