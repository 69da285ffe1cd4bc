// `npm test`: everything the suite needs, then the suite. Same on a developer machine and in CI (CI=true).
// 1. bundles: CI fails if plugin/dist differs from a fresh build; locally they are rebuilt so tests run current code.
//    Then the type-check (tsc) of src, test, bench and scripts, and the lint and format check (Biome).
// 2. the real Claude Code and Codex binaries (pinned, from npm) for the end-to-end tests.
// 3. the pinned Node binaries (oldest claimed by `engines`, newest LTS; from npm) the bundles are also run on.
// 4. vitest, with a git identity in the environment (temp repos also set their own), and TM_BUNDLES_CHECKED=1 so that its
//    global setup (test/global-setup.ts) does not rebuild bundles that step 1 has just checked or rebuilt.
import { spawnSync } from "node:child_process";
import { staleBundles } from "./check-bundles.mjs";
import { ensureClaude } from "./ensure-claude.mjs";
import { ensureCodex } from "./ensure-codex.mjs";
import { ensureNodes } from "./ensure-node.mjs";

const ci = Boolean(process.env.CI);
const step = (label) => console.log(`\n▶ ${label}`);

step("Checking plugin/dist against a fresh build");
const stale = staleBundles();
if (stale.length > 0) {
  if (ci) {
    console.error(`✗ plugin/dist is stale (${stale.join(", ")}): run \`npm run build\` and commit plugin/dist.`);
    process.exit(1);
  }
  console.log(`plugin/dist was stale (${stale.join(", ")}): rebuilding. Commit plugin/dist with your change.`);
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else console.log("plugin/dist matches src.");

// vitest and esbuild strip types without checking them: a type error would pass unseen.
step("Type-checking src, test, bench and scripts (tsc --noEmit)");
const typecheck = spawnSync("npm", ["run", "typecheck", "--silent"], { stdio: "inherit" });
if (typecheck.status !== 0) process.exit(typecheck.status ?? 1);

step("Linting and checking the format (biome ci)");
const lint = spawnSync("npm", ["run", "lint", "--silent"], { stdio: "inherit" });
if (lint.status !== 0) process.exit(lint.status ?? 1);

step("Making sure the pinned Claude Code binary is installed");
const claude = ensureClaude();
console.log(`claude ${claude.version}: ${claude.path}`);

step("Making sure the pinned Codex binary is installed");
const codex = ensureCodex();
console.log(`${codex.version}: ${codex.path}`);

step("Making sure the pinned Node binaries are installed");
for (const node of ensureNodes()) console.log(`node ${node.version} (${node.role}): ${node.path}`);

step("Running the test suite");
const env = {
  ...process.env,
  THREADMIND_CLAUDE_BIN: claude.path,
  THREADMIND_CODEX_BIN: codex.path,
  TM_BUNDLES_CHECKED: "1",
  GIT_AUTHOR_NAME: process.env.GIT_AUTHOR_NAME ?? "ThreadMind Test",
  GIT_AUTHOR_EMAIL: process.env.GIT_AUTHOR_EMAIL ?? "test@threadmind.invalid",
  GIT_COMMITTER_NAME: process.env.GIT_COMMITTER_NAME ?? "ThreadMind Test",
  GIT_COMMITTER_EMAIL: process.env.GIT_COMMITTER_EMAIL ?? "test@threadmind.invalid",
};
const args = ["vitest", "run", ...process.argv.slice(2)];
const result = spawnSync("npx", args, { stdio: "inherit", env });
process.exit(result.status ?? 1);
