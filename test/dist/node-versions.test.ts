// Keeps the Node promise honest: `engines` claims what is tested. The demo (server, hooks, stats on the committed bundles)
// runs on the oldest Node the claim allows and on the newest LTS, both pinned in scripts/ensure-node.mjs.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { MIN_NODE } from "../../src/core/version.js";
import { pinnedNodes } from "../support/pinned-nodes.js";
import { REPO_ROOT } from "../support/run-cli.js";

const pinned = await pinnedNodes();
const engines = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;

describe("the Node versions the package claims", () => {
  test("the oldest pinned Node is the minimum of engines.node, and engines.node has no upper bound to test", () => {
    const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines);
    expect(match, `engines.node is "${engines}": a single >= bound is what the pins test`).not.toBeNull();
    const minimum = [match![1], match![2] ?? "0", match![3] ?? "0"].join(".");
    expect(pinned.pins.find((p) => p.role === "oldest")?.version).toBe(minimum);
    expect(MIN_NODE, "the CLI's and doctor's Node check").toBe(minimum);
  });

  if (!pinned.available) {
    test.skip(`skipped: ${pinned.reason}`, () => {});
    return;
  }

  test("the newest-LTS pin is an LTS release (it carries a codename)", () => {
    const lts = pinned.nodes.find((n) => n.role === "newestLts");
    const run = spawnSync(lts!.path, ["-p", "process.release.lts ?? ''"], { encoding: "utf8" });
    expect(run.stdout.trim()).toMatch(/^[A-Z][a-z]+$/);
  });

  test.each(pinned.nodes.map((n) => [`${n.role} ${n.version}`, n.path] as const))(
    "npm run demo works on Node %s",
    (_label, node) => {
      const run = spawnSync(node, [join(REPO_ROOT, "scripts", "demo.mjs")], {
        cwd: REPO_ROOT,
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('ThreadMind memory, loaded after /clear: the context of thread "Refunds" (refunds).');
      expect(run.stdout).toMatch(/\/clear: 48,210 → [\d,]+ tokens measured \(−[\d.]+%; ThreadMind ~\d+ of it\)/);
    },
  );
});
