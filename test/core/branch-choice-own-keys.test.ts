// Guards the branch's last choice against names that are also properties of every JavaScript object: a project called
// "Constructor" (id constructor) on a branch where another project's thread was chosen must start on its own main,
// not fail every call with "Invalid thread id function Object() { [native code] }".
import { afterEach, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { branchChoice } from "../../src/core/thread-choice.js";

let repo: TempRepo | undefined;
afterEach(() => {
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
