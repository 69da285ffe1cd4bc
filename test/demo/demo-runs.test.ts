// Guards the README's first command: `npm run demo` runs the main job end to end on its own throwaway repository.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

describe("npm run demo", () => {
  test("creates threads through the server, puts the context back after /clear, and measures the restart on made-up transcripts it names as such", () => {
    const run = spawnSync(process.execPath, [join(ROOT, "scripts", "demo.mjs")], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const out = run.stdout;
    expect(out).toContain("│   └── Refunds (refunds) ◀ current");
    expect(out).toContain('ThreadMind memory, loaded after /clear: the context of thread "Refunds" (refunds).');
    // Ancestors contribute their Decisions and Constraints; the active thread comes whole, with the footer.
    expect(out).toContain("- Stripe is the only PSP for now");
    expect(out).toContain("### Next steps\n- Admin UI: refund button with confirmation");
    expect(out).toMatch(/_ThreadMind context: ~\d+ tokens \| depth: 3 threads_/);
    expect(out).not.toContain("Postgres full-text search"); // a sibling branch is never included
    // The restart is measured on made-up transcripts, and the demo says so; the first request after /clear carries
    // Claude Code's system prompt and tools (18,400 tokens) besides ThreadMind's context.
    expect(out).toContain("made-up transcripts");
    expect(out).toContain("no model is called in this demo");
    expect(out).toContain("Conversation before /clear:      48,210 tokens (measured");
    const after = Number(/First request after \/clear: +([\d,]+) tokens \(measured/.exec(out)![1]!.replace(/,/g, ""));
    const threadMind = Number(/ThreadMind's context, part of it: ~(\d+) tokens \(estimated\)/.exec(out)![1]);
    expect(after).toBe(18_400 + threadMind + 40 + 9);
    expect(out).toContain(`Saving: ${(100 - (after / 48_210) * 100).toFixed(1)}%`);
    // stats_show: measured sizes without ~, the estimate with ~, the measured pair with ThreadMind's share beside it.
    expect(out).toContain("48,210 at most (2 sessions, measured)");
    expect(out).toContain(
      `    /clear: 48,210 → ${after.toLocaleString("en-US")} tokens measured (−${(((48_210 - after) / 48_210) * 100).toFixed(1)}%; ThreadMind ~${threadMind} of it), average of 1 restart`,
    );
  });
});
