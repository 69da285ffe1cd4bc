// SessionStart in a fresh clone (#31): the first start of a clone of a 10,000-thread store (no config.json, no caches:
// what git carries), the start after it, and the first start in a new worktree of the clone on a branch of its own,
// each against `node -e ''` in the same rounds. Each round clones anew
// (untimed) and waits for the background work a start leaves (the conflict-marker sweep's catch-up, recall's index build).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { figure } from "./figure.mjs";
import { hookCommand, hookEnv, shellSpec } from "./hook-command.mjs";
import { runTimed } from "./spawn-measure.mjs";
import { summarize } from "./stats.mjs";
import { gitEnv, writeWorkspace } from "./store-fixture.mjs";

/** Waits until no background command of the store (its pid markers) is under way, at most 60 s. */
async function quiet(storeDir) {
  const markers = [join(storeDir, "cache", "conflict-sweep.pid"), join(storeDir, "cache", "recall", "build.pid")];
  const end = Date.now() + 60_000;
  while (Date.now() < end && markers.some((m) => existsSync(m))) await sleep(50);
}

export async function freshCloneBenchmarks(ctx) {
  const { repoRoot, distDir, workDir, quick, log } = ctx;
  const threads = quick ? 200 : 10_000;
  const rounds = quick ? 1 : 6;
  log(`fresh clone: a committed store of ${threads} threads`);
  const origin = writeWorkspace(join(workDir, "clone-origin"), { seed: 12, threads, depth: quick ? 5 : 20 });
  const env = gitEnv();
  execFileSync("git", ["add", "-A", ".threadmind"], { cwd: origin.root, env });
  execFileSync("git", ["commit", "-q", "-m", "store"], { cwd: origin.root, env });
  const home = join(workDir, "home-clone");
  mkdirSync(home, { recursive: true });
  const clone = join(workDir, "clone");
  const tree = join(workDir, "clone-worktree");
  const samples = { first: [], second: [], worktree: [], floorFirst: [], floorSecond: [], floorWorktree: [] };
  for (let i = 0; i < rounds; i++) {
    rmSync(clone, { recursive: true, force: true });
    rmSync(tree, { recursive: true, force: true });
    execFileSync("git", ["clone", "-q", origin.root, clone], { env });
    const hookEnvOf = (dir, sessionId) => hookEnv({ repoRoot, home, projectDir: dir, claudePid: process.pid, sessionId });
    const floorIn = (dir) => ({
      command: "/bin/sh",
      args: ["-c", "node -e ''"],
      cwd: dir,
      env: hookEnvOf(dir, "floor"),
      input: "",
    });
    const start = (dir, sessionId) =>
      shellSpec(hookCommand(repoRoot, "SessionStart", distDir), {
        cwd: dir,
        env: hookEnvOf(dir, sessionId),
        input: {
          session_id: sessionId,
          transcript_path: join(home, `${sessionId}.jsonl`),
          cwd: dir,
          hook_event_name: "SessionStart",
          source: "startup",
        },
      });
    // The first two in the clone, on its default branch; the third in a new worktree of it on a branch of its own,
    // where the start looks for a thread linked to that branch (made after the clone's starts, untimed).
    for (const [key, floorKey, sessionId, dir] of [
      ["first", "floorFirst", `fresh-${i}-a`, clone],
      ["second", "floorSecond", `fresh-${i}-b`, clone],
      ["worktree", "floorWorktree", `fresh-${i}-c`, tree],
    ]) {
      if (key === "worktree") execFileSync("git", ["worktree", "add", "-q", "-b", `topic-${i}`, tree], { cwd: clone, env });
      samples[floorKey].push((await runTimed(floorIn(dir))).ms);
      const run = await runTimed(start(dir, sessionId));
      if (run.code !== 0 || !run.stdout.includes("ThreadMind memory, loaded at session start"))
        throw new Error(
          `SessionStart in the fresh clone injected no context: ${run.stdout.slice(0, 300)} ${run.stderr.slice(0, 300)}`,
        );
      samples[key].push(run.ms);
      await quiet(join(dir, ".threadmind"));
    }
  }
  rmSync(tree, { recursive: true, force: true });
  rmSync(clone, { recursive: true, force: true });
  const workload = `${threads.toLocaleString("en-US")} threads, depth ${quick ? 5 : 20}, format 1, cloned: no config.json nor caches`;
  return [
    figure({
      key: "hook-start-fresh-clone-first",
      title: "SessionStart hook in a fresh clone, its first start",
      workload,
      unit: "ms",
      stats: summarize(samples.first),
      floorName: "node -e ''",
      floor: summarize(samples.floorFirst),
      ratioTarget: 1.25,
    }),
    figure({
      key: "hook-start-fresh-clone-second",
      title: "SessionStart hook in a fresh clone, the start after the first",
      workload: `${workload}; the first start (and its background work) done`,
      unit: "ms",
      stats: summarize(samples.second),
      floorName: "node -e ''",
      floor: summarize(samples.floorSecond),
      ratioTarget: 1.25,
    }),
    figure({
      key: "hook-start-new-worktree-first",
      title: "SessionStart hook in a new worktree on a new branch, its first start",
      workload: `${workload}; \`git worktree add -b\` of the clone: every head read for a thread linked to the branch`,
      unit: "ms",
      stats: summarize(samples.worktree),
      floorName: "node -e ''",
      floor: summarize(samples.floorWorktree),
      ratioTarget: 1.25,
    }),
  ];
}
