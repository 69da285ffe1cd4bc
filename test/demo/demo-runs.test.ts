// Guards the README's first command: `npm run demo` runs the main job end to end on its own throwaway repository.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

describe("npm run demo", () => {
  test("creates threads through the server, puts the context back after /clear, and measures the restart", () => {
    const run = spawnSync(process.execPath, [join(ROOT, "scripts", "demo.mjs")], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const out = run.stdout;
    expect(out).toContain("│   └── Refunds (refunds) ◀ active");
    expect(out).toContain('ThreadMind memory, loaded after /clear: the context of thread "Refunds" (refunds).');
    // Ancestors contribute their Decisions and Constraints; the active thread comes whole, with the footer.
    expect(out).toContain("- Stripe is the only PSP for now");
    expect(out).toContain("### Next steps\n- Admin UI: refund button with confirmation");
    expect(out).toMatch(/_ThreadMind context: ~\d+ tokens \| depth: 3 threads_/);
    expect(out).not.toContain("Postgres full-text search"); // a sibling branch is never included
    expect(out).toContain("Conversation size when sessions ended: ~48,210 tokens on average");
    expect(out).toMatch(/Restarts: 1 \(\/clear 1, compaction 0\): ~48,210 tokens before → ~\d+ after on average \(−99\.\d%, 1 with ThreadMind context\)/);
  });
});
