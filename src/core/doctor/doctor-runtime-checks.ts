// Doctor checks of the runtime: Node version, git (available, branch, author id), bundle and manifest versions.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readBranch, gitUser } from "../git/git.js";
import { authorIdFrom, resolveAuthorId } from "../author.js";
import type { Workspace } from "../store/store-dir.js";
import { fail, ok, warn, type DoctorCheck } from "./doctor-types.js";
import { readJsonObject } from "./json-file.js";
import type { BundleFile } from "../bundles.js";
import { messageOf } from "../error-details.js";
import { MIN_NODE } from "../version.js";

/** "v18.3.0" → [18, 3, 0]; null when it is not a version. */
function versionParts(version: string): [number, number, number] | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function atLeast(version: string, minimum: string): boolean {
  const have = versionParts(version);
  const need = versionParts(minimum);
  if (have === null || need === null) return false;
  for (let i = 0; i < 3; i++) if (have[i] !== need[i]) return have[i]! > need[i]!;
  return true;
}

export function checkNode(version: string): DoctorCheck {
  if (atLeast(version, MIN_NODE)) return ok("node", "Node.js", `${version} (ThreadMind needs ${MIN_NODE} or later)`);
  return fail(
    "node",
    "Node.js",
    `Install Node.js ${MIN_NODE} or later (https://nodejs.org) and make it the \`node\` on PATH: the hooks and the MCP server run with it.`,
    `${version} is too old (ThreadMind needs ${MIN_NODE} or later)`,
  );
}

function gitVersion(env: Record<string, string | undefined>): Promise<string | null> {
  return new Promise((resolve) => {
    execFile("git", ["--version"], { env: { ...process.env, ...env } }, (error, stdout) => resolve(error ? null : stdout.trim()));
  });
}

export async function checkGit(workspace: Workspace, env: Record<string, string | undefined>): Promise<DoctorCheck[]> {
  const version = await gitVersion(env);
  if (version === null) {
    return [
      warn(
        "git",
        "Git",
        "Install git and put it on PATH: without it threads are not linked to branches and summaries are not checked against later commits.",
        "git is not available on PATH",
      ),
    ];
  }
  const checks: DoctorCheck[] = [ok("git", "Git", version)];
  if (workspace.gitTop === null) {
    checks.push(
      warn(
        "branch",
        "Git branch",
        "Run `git init` in the workspace (or open a git repository): threads follow branches only inside one.",
        `${workspace.root} is not inside a git repository`,
      ),
    );
  } else {
    const branch = readBranch(workspace.gitTop);
    checks.push(
      branch === null
        ? warn(
            "branch",
            "Git branch",
            "Check out a branch (`git switch <branch>`): on a detached HEAD new sessions start on the main thread.",
            `HEAD is detached in ${workspace.gitTop}`,
          )
        : ok("branch", "Git branch", `${branch} (${workspace.gitTop})`),
    );
  }
  try {
    if (env.THREADMIND_AUTHOR) {
      // The id as given (checked: an invalid one throws); git is not asked.
      checks.push(ok("author", "Author id", `${await resolveAuthorId(env, workspace.gitTop)} (from THREADMIND_AUTHOR)`));
    } else {
      // git is asked once: the id is made from the identity it shows (as resolveAuthorId makes it).
      const user = await gitUser(workspace.gitTop);
      const author = authorIdFrom(user.name, user.email);
      if (user.name === null) {
        checks.push(
          warn(
            "author",
            "Author id",
            'Set your git identity: `git config --global user.name "Your Name"` and user.email (or THREADMIND_AUTHOR): team projects use it to decide who may change a thread.',
            `${author} (git user.name is not set: taken from the system user)`,
          ),
        );
      } else checks.push(ok("author", "Author id", `${author} (git user ${user.name}${user.email ? ` <${user.email}>` : ""})`));
    }
  } catch (e) {
    checks.push(
      fail(
        "author",
        "Author id",
        "Set THREADMIND_AUTHOR to lowercase letters, digits and dashes, or unset it to use your git identity.",
        messageOf(e),
      ),
    );
  }
  return checks;
}

function versionIn(path: string): { version: string } | { problem: string } {
  const read = readJsonObject(path);
  if (read.problem !== undefined) return { problem: read.problem };
  if (read.data === null) return { problem: `${path} is missing` };
  const version = read.data.version;
  return typeof version === "string" ? { version } : { problem: `${path} has no "version"` };
}

/** The plugin's configs: they name the bundles Claude Code runs (hook commands, MCP server args). */
export const PLUGIN_CONFIGS = ["plugin/hooks.json", "plugin/mcp.json"] as const;

/**
 * Bundles loaded at run time by another bundle (not named in the configs): hook.cjs loads hook-start.cjs (SessionStart),
 * hook-recall.cjs (PreToolUse, SubagentStart) or hook-main.cjs, which load hook-core.cjs; the CLI's entry cli.cjs (run by cli.mjs, the name configs hold) loads
 * cli-main.mjs, or cli-report.cjs for `report`, or cli-merge.cjs for `merge-file` (git's merge driver), or cli-statusline.cjs
 * for `statusline` (the user's status line), which loads cli-statusline-store.cjs when it reads a title through the Store;
 * any bundle that reads or writes frontmatter outside the shapes the store writes loads yaml.cjs (the yaml package).
 */
const LOADED_AT_RUN_TIME = (
  [
    "cli.cjs",
    "cli.mjs",
    "cli-main.mjs",
    "cli-report.cjs",
    "cli-merge.cjs",
    "cli-statusline.cjs",
    "cli-statusline-store.cjs",
    "hook-start.cjs",
    "hook-main.cjs",
    "hook-recall.cjs",
    "hook-core.cjs",
    "scan-worker.cjs",
    "tokenizer-worker.cjs",
    "yaml.cjs",
  ] as const satisfies readonly BundleFile[]
).map((file) => `plugin/dist/${file}`);

/** Bundles the plugin runs: every `${CLAUDE_PLUGIN_ROOT}/….mjs|.cjs` its configs name, the CLI, and what they load at run time. */
export function pluginBundles(pluginRoot: string): { bundles: string[] } | { problem: string } {
  const found = new Set<string>(LOADED_AT_RUN_TIME);
  for (const config of PLUGIN_CONFIGS) {
    const path = join(pluginRoot, config);
    if (!existsSync(path)) return { problem: `${path} is missing` };
    for (const match of readFileSync(path, "utf8").matchAll(/\$\{CLAUDE_PLUGIN_ROOT\}\/([^"\s\\]+\.[cm]js)/g))
      found.add(match[1]!);
  }
  return { bundles: [...found].sort() };
}

/**
 * The running bundle's version (inlined by the build as __THREADMIND_VERSION__; "dev" when run from source) against
 * package.json and .claude-plugin/plugin.json of the plugin root it sits in, and the bundles the plugin's configs run.
 */
export function checkVersions(bundleVersion: string, pluginRoot: string): DoctorCheck {
  const title = "Plugin version";
  const pkg = versionIn(join(pluginRoot, "package.json"));
  const manifest = versionIn(join(pluginRoot, ".claude-plugin", "plugin.json"));
  const bundles = pluginBundles(pluginRoot);
  const rebuild = `Rebuild and reinstall: \`npm run build\` in ${pluginRoot} (or reinstall the plugin: /plugin install thread-mind@thread-mind).`;
  if ("problem" in pkg) return fail("versions", title, rebuild, pkg.problem);
  if ("problem" in manifest) return fail("versions", title, rebuild, manifest.problem);
  if ("problem" in bundles) return fail("versions", title, rebuild, bundles.problem);
  const missing = bundles.bundles.filter((b) => !existsSync(join(pluginRoot, b)));
  if (missing.length > 0)
    return fail(
      "versions",
      title,
      rebuild,
      `missing bundle${missing.length === 1 ? "" : "s"} in ${pluginRoot}: ${missing.join(", ")}`,
    );
  if (pkg.version !== manifest.version) {
    return fail(
      "versions",
      title,
      "Give .claude-plugin/plugin.json the version of package.json (Claude Code installs the plugin under plugin.json's version).",
      `package.json says ${pkg.version}, .claude-plugin/plugin.json says ${manifest.version}`,
    );
  }
  if (bundleVersion === "dev") {
    return warn(
      "versions",
      title,
      "Run the built CLI (`node plugin/dist/cli.mjs doctor`) to check the bundles' version.",
      `running from source; package.json and plugin.json say ${pkg.version}`,
    );
  }
  if (bundleVersion !== pkg.version) {
    return fail("versions", title, rebuild, `the bundle is ${bundleVersion} but package.json and plugin.json say ${pkg.version}`);
  }
  return ok(
    "versions",
    title,
    `${bundleVersion} (bundle, package.json and .claude-plugin/plugin.json agree; ${bundles.bundles.join(", ")} present)`,
  );
}
