// Guards the stale-path warnings of a store in a subfolder of its repository (packages/app/.threadmind): a thread's paths
// are relative to the workspace root, as recall keeps them, so git is asked from there; asked from the repository's top
// it matched none of them, and a changed file was never flagged.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { stalePathWarnings } from "../../src/core/context/stale-path-warnings.js";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const newRepo = reposPerTest();

test("a summary's paths under a subfolder store: the commits that changed them since are counted, in the context and by the check itself", async () => {
  const repo = newRepo();
  repo.commit("app", { "packages/app/src/a.ts": "x\n", "src/a.ts": "top-level namesake\n" });
  const app = join(repo.dir, "packages", "app");
  mkdirSync(join(app, ".threadmind")); // the app's own store, as a monorepo's package may keep one
  const s = servicesFor(app);
  expect(s.workspace).toMatchObject({ root: app, gitTop: repo.dir });
  await s.projectCreate({ title: "App" });
  await s.summaryUpdate({ section: "decisions", content: "- a.ts keeps its one export", paths: ["src/a.ts"] });
  repo.commit("store", {});
  repo.commit("change the app's a.ts", { "packages/app/src/a.ts": "y\n" });
  repo.commit("and again", { "packages/app/src/a.ts": "z\n" });
  const context = await s.contextGet();
  expect(context.text).toContain("_⚠ 2 commits changed src/a.ts since this summary was written: check it is still accurate._");
  // The repository's own src/a.ts changing says nothing of the app's.
  const thread = s.store.readThread("app", "main");
  repo.commit("change the top-level namesake", { "src/a.ts": "other\n" });
  const warnings = await stalePathWarnings(app, [thread]);
  expect(warnings.get("main")).toBe("_⚠ 2 commits changed src/a.ts since this summary was written: check it is still accurate._");
});
