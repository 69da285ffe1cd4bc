// A thread's cross-references are read only as far as a write may record them (LIMITS.relatedCount): a list written by hand past it costs no more file reads, and the context says how many more it lists.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { LIMITS } from "../../src/core/limits.js";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const newRepo = reposPerTest();

test("2,000 related entries written by hand: the first LIMITS.relatedCount are read and listed, the rest counted", async () => {
  const repo = newRepo({ git: false });
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  await s.summaryUpdate({ content: "## Decisions\n- Prices in cents" });
  const main = join(repo.dir, ".threadmind", "threads", "shop", "main.md");
  const ids = Array.from({ length: 2000 }, (_, i) => `other-${i}`);
  writeFileSync(
    main,
    readFileSync(main, "utf8").replace(/^id: main$/m, `id: main\nrelated:\n${ids.map((id) => `  - ${id}`).join("\n")}`),
  );
  const { project, thread } = await s.currentThread();
  const { context, sources } = await s.contextWithSources(project, thread, {});
  expect(context.text).toContain(`other-${LIMITS.relatedCount - 1} (missing: no such thread)`);
  expect(context.text).not.toContain(`other-${LIMITS.relatedCount} (missing`);
  expect(context.text).toContain(`; and ${2000 - LIMITS.relatedCount} more, not read._`);
  // The project, the thread, and the related entries read.
  expect(sources.length).toBe(2 + LIMITS.relatedCount);
});
