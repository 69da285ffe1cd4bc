// Times SessionStart (the hook bundle, as Claude Code runs it) and `doctor` (the CLI) on deep chains and a long parentId
// cycle (issue 15, item 10): with the budgeted walk both stay about flat in the depth. Standalone, not part of
// `npm run bench`: `env -u NODE_EXTRA_CA_CERTS node bench/deep-trees.mjs [--dist=<dir>]` (run it against an older build's
// plugin/dist to compare). Prints one line per tree; nothing is asserted (the tests guard behaviour, not time).
// Measured 2026-12-01 on the shared 2-core machine (noisy): before the budgeted walk (971801e), 1,000-deep chain
// SessionStart 3,245 ms printing 14,309 characters (over the cap), and the 5,000-deep run did not finish in 500 s;
// after, SessionStart 200–460 ms on every tree (9,992 characters) and doctor 0.6–2.1 s.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hookCommand, hookEnv } from "./hook-command.mjs";

const REPO_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const distArg = process.argv.find((a) => a.startsWith("--dist="));
const distDir = distArg ? distArg.slice(7) : join(REPO_ROOT, "plugin", "dist");
const AT = "2026-01-01T00:00:00.000Z";

/** main → t-1 → … → t-n (t-n is the root, or main's child again for a cycle), one decision each. */
function writeTree(root, n, cycle) {
  const store = join(root, ".threadmind");
  const threads = join(store, "threads", "deep");
  mkdirSync(join(store, "projects"), { recursive: true });
  mkdirSync(threads, { recursive: true });
  writeFileSync(join(store, "projects", "deep.json"), JSON.stringify({ id: "deep", title: "Deep", mode: "solo", createdAt: AT }));
  const file = (id, title, parentId, summary) =>
    writeFileSync(
      join(threads, `${id}.md`),
      `---\nid: ${id}\ntitle: ${title}\nparentId: ${parentId ?? "null"}\nauthor: bench\ncreatedAt: "${AT}"\nupdatedAt: "${AT}"\n---\n\n${summary}\n`,
    );
  file("main", "Main", n > 0 ? "t-1" : null, "## State\n- the active thread");
  for (let i = 1; i <= n; i++)
    file(`t-${i}`, `Ancestor ${i}`, i < n ? `t-${i + 1}` : cycle ? "main" : null, `## Decisions\n- decision of ancestor ${i}`);
}

function timed(command, args, options) {
  const started = performance.now();
  const run = spawnSync(command, args, { ...options, encoding: "utf8", timeout: 300_000 });
  return { ms: Math.round(performance.now() - started), run };
}

const base = mkdtempSync(join(tmpdir(), "tm-deep-bench-"));
try {
  for (const [n, cycle] of [
    [10, false],
    [1_000, false],
    [5_000, false],
    [999, true],
  ]) {
    const root = join(base, `tree-${n}-${cycle ? "cycle" : "chain"}`);
    writeTree(root, n, cycle);
    const env = hookEnv({
      repoRoot: REPO_ROOT,
      home: join(base, "home"),
      projectDir: root,
      claudePid: process.pid,
      sessionId: "bench",
    });
    const input = JSON.stringify({
      session_id: "bench",
      transcript_path: join(root, "none.jsonl"),
      cwd: root,
      hook_event_name: "SessionStart",
      source: "startup",
    });
    const start = timed("/bin/sh", ["-c", hookCommand(REPO_ROOT, "SessionStart", distDir)], { cwd: root, env, input });
    const chars = (() => {
      try {
        return JSON.parse(start.run.stdout).hookSpecificOutput?.additionalContext?.length ?? 0;
      } catch {
        return 0;
      }
    })();
    const doctor = timed(process.execPath, [join(distDir, "cli.mjs"), "doctor"], {
      cwd: root,
      env: { ...env, THREADMIND_ROOT: root },
    });
    console.log(
      `${String(n).padStart(5)} ${cycle ? "cycle" : "chain"}: SessionStart ${start.ms} ms (${chars} characters), doctor ${doctor.ms} ms (exit ${doctor.run.status})`,
    );
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
