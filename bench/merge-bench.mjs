// The merge driver as git runs it (`node plugin/dist/cli.mjs merge-file %O %A %B %P`) on a 30 KB thread file that both
// sides added decisions to: the whole process, interleaved with `node -e ''` (the floor) in the same rounds.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { figure } from "./figure.mjs";
import { runTimed } from "./spawn-measure.mjs";
import { summarize } from "./stats.mjs";

const TARGET_BYTES = 30_000;

/** A thread file of about `bytes`, with `extra` decisions appended and its stamps set to `updatedAt`. */
function threadFile(bytes, updatedAt, extra) {
  const decisions = [];
  const state = [];
  for (let i = 0; decisions.join("\n").length + state.join("\n").length < bytes - 600; i++) {
    decisions.push(
      `- Decision ${i}: the service keeps ${i} retries with a backoff of ${i * 3} ms, because the upstream rate limit resets every minute.`,
    );
    if (i % 4 === 0)
      state.push(`Step ${i} of the rollout is done; the dashboards for region ${i % 7} show no errors since then.`);
  }
  decisions.push(...extra.map((d) => `- ${d}`));
  return [
    "---",
    "id: payments",
    "title: Payments",
    "parentId: main",
    "author: alice-1a2b3c",
    "createdAt: 2026-01-01T00:00:00.000Z",
    `updatedAt: ${updatedAt}`,
    "paths:",
    "  - src/payments",
    "---",
    "",
    "## Decisions",
    ...decisions,
    "",
    "## State",
    ...state,
    "",
  ].join("\n");
}

export async function mergeBenchmarks(ctx) {
  const { distDir, workDir, quick, rounds, warmup, log } = ctx;
  const dir = join(workDir, "merge");
  mkdirSync(dir, { recursive: true });
  const files = {
    base: threadFile(TARGET_BYTES, "2026-01-01T00:00:00.000Z", []),
    ours: threadFile(TARGET_BYTES, "2026-01-02T00:00:00.000Z", ["Ours: refunds go through the ledger"]),
    theirs: threadFile(TARGET_BYTES, "2026-01-03T00:00:00.000Z", ["Theirs: webhooks are retried for 3 days"]),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, `${name}.md`), text);
  log(`merge: the driver on a ${(Buffer.byteLength(files.ours) / 1000).toFixed(0)} KB thread file`);
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir };
  const floorSpec = { command: process.execPath, args: ["-e", ""], cwd: dir, env };
  const driverSpec = {
    command: process.execPath,
    args: [
      join(distDir, "cli.mjs"),
      "merge-file",
      join(dir, "base.md"),
      join(dir, "result.md"),
      join(dir, "theirs.md"),
      ".threadmind/threads/shop/payments.md",
    ],
    cwd: dir,
    env,
  };
  const n = quick ? 2 : rounds;
  /** @type {{ floor: number[], driver: number[] }} */
  const samples = { floor: [], driver: [] };
  for (let i = 0; i < (quick ? 0 : warmup) + n; i++) {
    const floor = await runTimed(floorSpec);
    copyFileSync(join(dir, "ours.md"), join(dir, "result.md"));
    const run = await runTimed(driverSpec);
    if (run.code !== 0) throw new Error(`the driver exited with ${run.code}: ${run.stderr.slice(0, 500)}`);
    const merged = readFileSync(join(dir, "result.md"), "utf8");
    for (const want of [
      "Ours: refunds go through the ledger",
      "Theirs: webhooks are retried for 3 days",
      "updatedAt: 2026-01-03T00:00:00.000Z",
    ]) {
      if (!merged.includes(want)) throw new Error(`the merged file lacks "${want}"`);
    }
    if (i >= (quick ? 0 : warmup)) {
      samples.floor.push(floor.ms);
      samples.driver.push(run.ms);
    }
  }
  const f = figure({
    key: "merge-driver-30k",
    title: "Merge driver (merge-file), whole process",
    workload: `${(Buffer.byteLength(files.ours) / 1000).toFixed(0)} KB thread file, a decision added on each side`,
    unit: "ms",
    stats: summarize(samples.driver),
    floorName: "node -e ''",
    floor: summarize(samples.floor),
    valueTarget: { stat: "median", max: 100 },
  });
  f.notes.push(
    "git runs the driver once per conflicting thread file; the figure is the whole `node cli.mjs merge-file` process.",
  );
  return [f];
}
