// A thread's cross-references are read only as far as a write may record them (LIMITS.relatedCount): a list written by hand past it costs no more file reads, and the context says how many more it lists.
import { rmSync, writeFileSync } from "node:fs";
import { expect, test } from "vitest";
import { LIMITS } from "../../src/core/limits.js";
import { FRONTMATTER_LIMITS, serializeThread } from "../../src/core/store/frontmatter.js";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const newRepo = reposPerTest();

// As many entries as a frontmatter may hold (#30 bounds it at FRONTMATTER_LIMITS.entries lines and list items before
// YAML parses it; the other keys take a few), far past LIMITS.relatedCount.
const COUNT = FRONTMATTER_LIMITS.entries - 20;

test("related entries written by hand, far past the limit: the first LIMITS.relatedCount are read and listed, the rest counted", async () => {
  const repo = newRepo({ git: false });
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  await s.summaryUpdate({ content: "## Decisions\n- Prices in cents" });
  // Written by hand as a format-1 file (threads/<project>/<id>.md, still read): a frontmatter list can be any length,
  // whereas a format-2 folder bounds its related/ entries when it is listed.
  const written = s.store.readThread("shop", "main");
  rmSync(s.store.threadFolder("shop", "main"), { recursive: true });
  const ids = Array.from({ length: COUNT }, (_, i) => `other-${i}`);
  writeFileSync(
    s.store.legacyThreadPath("shop", "main"),
    serializeThread(written).replace(/^id: main$/m, `id: main\nrelated:\n${ids.map((id) => `  - ${id}`).join("\n")}`),
  );
  const { project, thread } = await s.currentThread();
  const { context, sources } = await s.contextWithSources(project, thread, {});
  expect(context.text).toContain(`other-${LIMITS.relatedCount - 1} (missing: no such thread)`);
  expect(context.text).not.toContain(`other-${LIMITS.relatedCount} (missing`);
  expect(context.text).toContain(`; and ${(COUNT - LIMITS.relatedCount).toLocaleString("en-US")} more, not read._`);
  // The project, the thread, and the related entries read (a thread read names its folder, head and format-1 file:
  // counted once per thread).
  const threads = new Set(sources.flatMap((p) => /^threads\/shop\/([^/]+?)(?:\.md$|\/|$)/.exec(p)?.[1] ?? []));
  expect(sources.filter((p) => !p.startsWith("threads/"))).toHaveLength(1);
  expect(threads.size).toBe(1 + LIMITS.relatedCount);
  expect(threads.has(`other-${LIMITS.relatedCount}`)).toBe(false);
});
