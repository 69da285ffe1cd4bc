// A command started in the background (recall's index build, the sweep's catch-up) runs at a lower priority than the session's own processes, so that on a busy machine it does not slow the server's next call (#31).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { getPriority } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BACKGROUND_NICENESS, startBackgroundCommand } from "../../src/core/background/background-command.js";
import { markerUnderWay } from "../../src/core/store/background-marker.js";

const root = mkdtempSync(join(tmpdir(), "tm-background-priority-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Waits for `check`, polling. */
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a background command's priority", () => {
  it("runs BACKGROUND_NICENESS nicer than its starter, with the marker naming it while it runs", async (ctx) => {
    ctx.skip(process.platform === "win32", "niceness is a POSIX notion (Windows has priority classes)");
    const storeDir = join(root, ".threadmind");
    mkdirSync(storeDir, { recursive: true });
    const out = join(root, "priority.txt");
    const release = join(root, "release");
    // A stand-in for the CLI: records its own niceness once it has been set, then waits to be released.
    const cli = join(root, "fake-cli.cjs");
    writeFileSync(
      cli,
      [
        "const fs = require('node:fs'); const os = require('node:os');",
        `const out = ${JSON.stringify(out)}; const release = ${JSON.stringify(release)};`,
        "const tick = () => {",
        "  const p = os.getPriority();",
        `  if (p !== ${getPriority()}) fs.writeFileSync(out, String(p));`,
        "  if (fs.existsSync(release)) process.exit(0);",
        "  setTimeout(tick, 10);",
        "};",
        "tick();",
      ].join("\n"),
    );
    const marker = join(storeDir, "cache", "fake.pid");
    expect(startBackgroundCommand(storeDir, marker, root, cli, "recall-index")).toBe(true);
    await until(() => existsSync(out), "the command's niceness");
    expect(Number(readFileSync(out, "utf8"))).toBe(Math.min(19, getPriority() + BACKGROUND_NICENESS));
    expect(markerUnderWay(marker)).toBe(true);
    writeFileSync(release, "");
    await until(() => !markerUnderWay(marker), "the command's end");
  });
});
