// Stale-path warnings over a long chain: checked a few threads at a time (two git processes each), every thread's warning still found.
import { expect, test } from "vitest";
import { stalePathWarnings } from "../../src/core/context/stale-path-warnings.js";
import type { Thread } from "../../src/core/types.js";
import { reposPerTest } from "../support/temp-repo.js";

const newRepo = reposPerTest();

test("30 threads with paths: each one's warning names the commits that changed its path since its summary", async () => {
  const repo = newRepo();
  const since = repo.commit("init", Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`src/f${i}.ts`, "x\n"])));
  for (let i = 0; i < 30; i += 3) repo.commit(`change f${i}`, { [`src/f${i}.ts`]: "y\n" });
  const threads = Array.from(
    { length: 30 },
    (_, i): Thread => ({
      id: `t${i}`,
      title: `T${i}`,
      parentId: i === 0 ? null : `t${i - 1}`,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      author: "alice",
      summary: "",
      commit: since,
      paths: [`src/f${i}.ts`],
    }),
  );
  const warnings = await stalePathWarnings(repo.dir, threads);
  expect([...warnings.keys()].sort()).toEqual(Array.from({ length: 10 }, (_, k) => `t${3 * k}`).sort());
  expect(warnings.get("t3")).toBe("_⚠ 1 commit changed src/f3.ts since this summary was written: check it is still accurate._");
});
