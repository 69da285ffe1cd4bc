// A pull request's merge as a Git host runs it (issue #25): `git merge-tree --write-tree a b`, no merge driver, of two
// branches that each made 50 writes to one thread through the built MCP server; interleaved with `git rev-parse HEAD`
// (the floor: what starting git costs) in the same rounds. A merge that conflicts fails the figure.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { failedFigure, figure } from "./figure.mjs";
import { callText, connectServer } from "./mcp-bench.mjs";
import { prose, seededRandom } from "./rng.mjs";
import { runTimed } from "./spawn-measure.mjs";
import { summarize } from "./stats.mjs";
import { gitEnv, initGitRepo } from "./store-fixture.mjs";

/** Branch a's writes: appends to three sections, every tenth a State rewritten (only a rewrites it: b never does). */
function writeOfA(rng, i) {
  if (i % 10 === 9) return { section: "state", content: `A's state ${i}: ${prose(rng, 120)}`, replaceSection: true };
  const section = ["decisions", "next-steps", "constraints"][i % 3];
  return { section, content: `- A-${i} ${prose(rng, 90)}` };
}

/** Branch b's writes: appends to two sections, one of them shared with a. */
function writeOfB(rng, i) {
  return { section: i % 2 === 0 ? "decisions" : "open-questions", content: `- B-${i} ${prose(rng, 90)}` };
}

const KEY = "merge-plain-git-50";
const TITLE = "Plain-git merge of a pull request (git merge-tree --write-tree, no driver)";

/** The figure, or a failed one (so that the merge group's other figure is still reported). */
export async function plainGitMergeBenchmarks(ctx) {
  try {
    return await measure(ctx);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    ctx.log(`merge: ${message}`);
    return [failedFigure(KEY, TITLE, message)];
  }
}

async function measure(ctx) {
  const { repoRoot, distDir, workDir, quick, rounds, warmup, log } = ctx;
  const writes = quick ? 5 : 50;
  const dir = join(workDir, "plain-git");
  initGitRepo(dir);
  // No system or global config: no merge driver anywhere, the Git host's situation.
  const env = { ...gitEnv(), GIT_CONFIG_GLOBAL: "/dev/null" };
  const git = (...args) => execFileSync("git", args, { cwd: dir, env, encoding: "utf8" }).trim();
  const commit = (message) => {
    git("add", "-A", "--", ".threadmind");
    git("commit", "-q", "--allow-empty", "-m", message);
  };
  log(`merge: two branches of ${writes} writes each to one thread, through the MCP server`);
  const server = await connectServer(repoRoot, distDir, dir, join(workDir, "home-plain-git"));
  try {
    await callText(server.client, "project_create", { title: "Shop" });
    await callText(server.client, "summary_update", {
      content: "## Decisions\n- Orders live in Postgres\n\n## State\nThe shop sells socks.\n\n## Next steps\n- Ship the cart",
    });
    commit("ThreadMind project");
    for (const { branch, write, seed } of [
      { branch: "a", write: writeOfA, seed: 31 },
      { branch: "b", write: writeOfB, seed: 32 },
    ]) {
      git("checkout", "-q", "-b", branch, "main");
      const rng = seededRandom(seed);
      for (let i = 0; i < writes; i++) {
        await callText(server.client, "summary_update", { threadId: "main", ...write(rng, i) });
        if (i % 10 === 9 || i === writes - 1) commit(`${branch}: writes to ${i + 1}`);
      }
    }
  } finally {
    await server.close();
  }
  if (git("config", "--list", "--show-origin").includes("merge.threadmind"))
    throw new Error("a merge driver is configured: this is not the Git host's merge");
  const mergeSpec = { command: "git", args: ["merge-tree", "--write-tree", "--messages", "a", "b"], cwd: dir, env };
  const floorSpec = { command: "git", args: ["rev-parse", "HEAD"], cwd: dir, env };
  const n = quick ? 2 : rounds;
  /** @type {{ floor: number[], merge: number[] }} */
  const samples = { floor: [], merge: [] };
  for (let i = 0; i < (quick ? 0 : warmup) + n; i++) {
    const floor = await runTimed(floorSpec);
    const run = await runTimed(mergeSpec);
    if (run.code !== 0 || run.stdout.includes("CONFLICT"))
      throw new Error(`git merge-tree reported a conflict (exit ${run.code}): ${run.stdout.slice(0, 500)}`);
    if (i >= (quick ? 0 : warmup)) {
      samples.floor.push(floor.ms);
      samples.merge.push(run.ms);
    }
  }
  const f = figure({
    key: KEY,
    title: TITLE,
    workload: `two branches, ${writes} summary_update writes each to one thread (both add Decisions), clean`,
    unit: "ms",
    stats: summarize(samples.merge),
    floorName: "git rev-parse HEAD",
    floor: summarize(samples.floor),
    ratioTarget: null,
  });
  f.notes.push("What GitHub, GitLab and Bitbucket run to merge a pull request: git's own merge, without our driver.");
  return [f];
}
