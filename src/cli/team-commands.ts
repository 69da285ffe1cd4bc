// The team commands of the CLI: merge-file (git's merge driver), git-setup (configures it here) and resolve (re-merges
// conflicted thread files from git's index), registered into main.ts's table.
import { readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve as resolvePath } from "node:path";
import { UsageError } from "./cli-args.js";
import type { CliCommand } from "./cli-command.js";
import { pluginRootOf } from "./doctor-command.js";
import { mergeStoreFile } from "../core/merge/merge-file.js";
import { describeOutcome, resolveFile, unmergedFiles, type ResolveOutcome } from "../core/merge/resolve-conflicts.js";
import { DRIVER_DESCRIPTION, DRIVER_NAME, driverCommand } from "../core/merge/git-merge-driver.js";
import { git } from "../core/git/git.js";
import { resolveWorkspace } from "../core/workspace.js";
import { Store } from "../core/store/store.js";
import { LIMITS } from "../core/limits.js";

/** The driver command for this CLI: this Node, plugin/dist/cli.mjs of the plugin this code belongs to. */
export function thisDriverCommand(): string {
  return driverCommand(process.execPath, join(pluginRootOf(import.meta.url), "plugin", "dist", "cli.mjs"));
}

function readSide(path: string): string {
  const bytes = readFileSync(path);
  // Beyond what the store reads, a file is merged line by line only (bounded work either way).
  if (bytes.length > 4 * LIMITS.threadFileBytes) throw new UsageError(`${path} is larger than ${4 * LIMITS.threadFileBytes} bytes`);
  return bytes.toString("utf8");
}

const mergeFileCommand: CliCommand = {
  summary: "git's merge driver for thread and project files (set up by git-setup): merges by meaning",
  usage: [
    "thread-mind-mcp merge-file <base> <ours> <theirs> [<path>]",
    "",
    "git runs it as `merge-file %O %A %B %P`: the result is written to <ours>; exit 0 when clean, 1 with a conflict",
    "(marked with <<<<<<< / ======= / >>>>>>> around the conflicting field or section only).",
  ].join("\n"),
  flags: {},
  run: async (args) => {
    const [base, ours, theirs, path] = args.positionals;
    if (base === undefined || ours === undefined || theirs === undefined || args.positionals.length > 4) {
      throw new UsageError("give the base, ours and theirs files (and the file's path)");
    }
    const merged = mergeStoreFile(path ?? ours, readSide(base), readSide(ours), readSide(theirs));
    writeFileSync(ours, merged.text);
    if (merged.conflicts.length === 0) return 0;
    console.error(`ThreadMind: conflict in ${path ?? ours}: ${merged.conflicts.join(", ")} (fix: edit between the markers, or run \`thread-mind-mcp resolve\`)`);
    return 1;
  },
};

async function gitTopHere(): Promise<{ top: string; store: Store }> {
  const workspace = resolveWorkspace({ env: process.env, cwd: process.cwd() });
  if (workspace.gitTop === null) throw new UsageError(`${workspace.root} is not in a git repository`);
  return { top: workspace.gitTop, store: new Store(workspace) };
}

const gitSetupCommand: CliCommand = {
  summary: "set up git here so thread files merge by meaning (driver in .git/config, .threadmind/.gitattributes)",
  usage: [
    "thread-mind-mcp git-setup",
    "",
    `Sets merge.${DRIVER_NAME}.driver in this repository's own .git/config (never the global config) to this CLI by`,
    "absolute path, and writes .threadmind/.gitattributes (commit it). The plugin's SessionStart keeps the path current.",
  ].join("\n"),
  flags: {},
  run: async (args) => {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
    const { top, store } = await gitTopHere();
    const command = thisDriverCommand();
    await git(top, ["config", "--local", `merge.${DRIVER_NAME}.name`, DRIVER_DESCRIPTION]);
    await git(top, ["config", "--local", `merge.${DRIVER_NAME}.driver`, command]);
    console.log(`Merge driver "${DRIVER_NAME}" set in ${top}'s git config: ${command}`);
    if (store.exists()) {
      const wrote = store.ensureAttributes();
      console.log(`${relative(process.cwd(), join(store.dir, ".gitattributes")) || ".gitattributes"}: ${wrote ? "written (commit it with the project)" : "already up to date"}`);
    } else console.log("No .threadmind/ here yet: its .gitattributes is written when the project is created.");
    return 0;
  },
};

const resolveCommand: CliCommand = {
  summary: "re-merge conflicted thread and project files from git's index (after a merge without the driver)",
  usage: [
    "thread-mind-mcp resolve [file…]",
    "",
    "Re-merges each conflicted file under .threadmind/ (or the files named) from git's stages :1 :2 :3 with the merge",
    "driver's rules, writes it, and stages it when clean. Exit 1 when a conflict is left to edit by hand.",
  ].join("\n"),
  flags: {},
  run: async (args) => {
    const { top, store } = await gitTopHere();
    const all = await unmergedFiles(top, store.dir);
    let chosen = all;
    const outcomes: ResolveOutcome[] = [];
    if (args.positionals.length > 0) {
      const wanted = args.positionals.map((p) => relative(top, isAbsolute(p) ? p : resolvePath(process.cwd(), p)).split("\\").join("/"));
      chosen = all.filter((f) => wanted.includes(f.path));
      for (const w of wanted) if (!all.some((f) => f.path === w)) outcomes.push({ path: w, kind: "not-unmerged" });
    }
    for (const file of chosen) outcomes.push(await resolveFile(top, file));
    if (outcomes.length === 0) {
      console.log("No conflicted ThreadMind file in git's index.");
      return 0;
    }
    for (const o of outcomes) console.log(describeOutcome(o));
    return outcomes.some((o) => o.kind !== "merged" && o.kind !== "split") ? 1 : 0;
  },
};

export const TEAM_COMMANDS: Record<string, CliCommand> = {
  "merge-file": mergeFileCommand,
  "git-setup": gitSetupCommand,
  resolve: resolveCommand,
};
