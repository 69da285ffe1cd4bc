// Issue #25 §4 under plain git (no merge driver, as a Git host merges a pull request): one item edited two ways, or one
// section replaced two ways, is a conflict git reports in that item's one file, with both versions between the markers;
// what else the branches wrote merges; the context still loads and names the file with the fix; `resolve` keeps the two
// versions as two items.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { conflictMarkerFiles, gitOk, occurrences } from "../support/plain-git.js";
import { allTextOf, call, type RunningServer } from "./support/spawn-server.js";
import { BASE, THREADS, conflictLines, contradict, shop } from "./support/contradictions.js";

describe("an item or a section written two ways: a conflict in that item's one file", () => {
  test.each([
    {
      name: "one item edited two ways (a whole-summary rewrite on each branch)",
      folder: `${THREADS}/main/`,
      versions: ["- BASE-D1 orders live in Postgres 16", "- BASE-D1 orders live in MySQL"] as const,
      write: (server: RunningServer, version: string) =>
        call(server, "summary_update", { threadId: "main", content: BASE.replace("- BASE-D1 orders live in Postgres", version) }),
    },
    {
      name: "one section replaced two ways",
      folder: `${THREADS}/main/`,
      versions: ["A-STATE socks ship from Lyon.", "B-STATE socks ship from Berlin."] as const,
      write: (server: RunningServer, version: string) =>
        call(server, "summary_update", { threadId: "main", section: "state", content: version, replaceSection: true }),
    },
    {
      name: "one section replaced two ways, one side with a second item",
      folder: `${THREADS}/main/`,
      versions: ["A-STATE socks ship from Lyon.", "B-STATE socks ship from Berlin."] as const,
      // Only the items both sides rewrote at one place conflict: a's second item is a new file of its own.
      survivor: "A-STATE2 returns go back to Lyon.",
      write: (server: RunningServer, version: string) =>
        call(server, "summary_update", {
          threadId: "main",
          section: "state",
          content: version.startsWith("A-") ? `${version}\n\nA-STATE2 returns go back to Lyon.` : version,
          replaceSection: true,
        }),
    },
  ] as {
    name: string;
    folder: string;
    versions: readonly [string, string];
    survivor?: string;
    write: (server: RunningServer, version: string) => Promise<string>;
  }[])(
    "$name: git reports it in one file holding both versions; the context names it; resolve keeps both as two items",
    async (c) => {
      const s = await shop();
      const conflicted = await contradict(s, async (b) => {
        await c.write(s.server, c.versions[b === "a" ? 0 : 1]);
      });
      expect(conflicted).toHaveLength(1);
      const path = conflicted[0] ?? "";
      expect(path.startsWith(c.folder), path).toBe(true);
      for (const v of c.versions) expect(readFileSync(join(s.repo.dir, path), "utf8")).toContain(v);

      // Nothing read silently: the context still loads, and names the file with the fix.
      const context = await s.server.client.callTool({ name: "context_get", arguments: {} });
      const text = allTextOf(context);
      expect(context.isError, text).toBeFalsy();
      expect(text).toContain(path);
      expect(text).toContain("resolve");

      // resolve (the driver's rules, from git's index) keeps both versions as two items, stamped, staged: nothing lost.
      const resolved = s.cli("resolve");
      expect(resolved.code, resolved.stdout).toBe(0);
      const after = readFileSync(join(s.repo.dir, path), "utf8");
      for (const v of c.versions) expect(after.split(v)).toHaveLength(2);
      expect(conflictLines(after)).toEqual([]);
      expect(conflictMarkerFiles(s.repo.dir)).toEqual([]);
      gitOk(s.repo.dir, "commit", "-q", "--no-edit");
      const settled = await call(s.server, "thread_switch", { threadId: "main" });
      if (c.survivor !== undefined) expect(after).not.toContain(c.survivor);
      for (const line of [
        ...c.versions,
        ...(c.survivor === undefined ? [] : [c.survivor]),
        "- OWN-a decision",
        "- OWN-b decision",
      ])
        expect(occurrences(settled, line), `${line} in:\n${settled}`).toBe(1);
    },
  );
});
