// `thread-mind-mcp git-setup`: sets this CLI as the repository's merge driver (.git/config) and writes .threadmind/.gitattributes.
import { join, relative } from "node:path";
import { expectNoArguments } from "../cli-options.js";
import { pluginRoot } from "../plugin-root.js";
import { DRIVER_DESCRIPTION, driverCommand } from "../../core/merge/git-merge-driver.js";
import { DRIVER_NAME } from "../../core/store/store-gitattributes.js";
import { git } from "../../core/git/git.js";
import { bundlePath } from "../../core/bundles.js";
import { gitTopHere } from "../cli-services.js";
import type { CliCommand } from "./command.js";

/** The driver command for this CLI: this Node, plugin/dist/cli.mjs of the plugin this code belongs to. */
function thisDriverCommand(): string {
  return driverCommand(process.execPath, bundlePath(pluginRoot(), "cli.mjs"));
}

export const gitSetupCommand: CliCommand = {
  name: "git-setup",
  summary: "set up git here so thread files merge by meaning (driver in .git/config, .threadmind/.gitattributes)",
  usage: [
    "thread-mind-mcp git-setup",
    "",
    `Sets merge.${DRIVER_NAME}.driver in this repository's own .git/config (never the global config) to this CLI by`,
    "absolute path, and writes .threadmind/.gitattributes (commit it). The plugin's SessionStart keeps the path current.",
  ].join("\n"),
  options: {},
  run: async (args) => {
    expectNoArguments(args);
    const { top, store } = gitTopHere();
    const command = thisDriverCommand();
    await git(top, ["config", "--local", `merge.${DRIVER_NAME}.name`, DRIVER_DESCRIPTION]);
    await git(top, ["config", "--local", `merge.${DRIVER_NAME}.driver`, command]);
    console.log(`Merge driver "${DRIVER_NAME}" set in ${top}'s git config: ${command}`);
    if (store.exists()) {
      const wrote = store.ensureAttributes();
      console.log(
        `${relative(process.cwd(), join(store.dir, ".gitattributes")) || ".gitattributes"}: ${wrote ? "written (commit it with the project)" : "already up to date"}`,
      );
    } else console.log("No .threadmind/ here yet: its .gitattributes is written when the project is created.");
    return 0;
  },
};
