// `thread-mind-mcp doctor`: checks the installation and the workspace; prints ok / warn / FAIL with fixes, exit 1 on a failure.
import { doctorExitCode, renderDoctor, runDoctor } from "../../core/doctor/doctor.js";
import { expectNoArguments } from "../cli-options.js";
import { BUNDLE_VERSION } from "../../core/version.js";
import { pluginRoot } from "../plugin-root.js";
import type { CliCommand } from "./command.js";

export const doctorCommand: CliCommand = {
  name: "doctor",
  summary: "check Node, the workspace's threads, git, the plugin's version and hooks, context delivery and size",
  usage: [
    "thread-mind-mcp doctor [--json]",
    "",
    "Each check prints ok, warn or FAIL with the fix. Exits 1 when a check fails.",
    "  --json   print the checks as JSON",
  ].join("\n"),
  options: { json: "boolean" },
  run: async (args) => {
    expectNoArguments(args);
    const checks = await runDoctor({
      env: process.env,
      cwd: process.cwd(),
      nodeVersion: process.version,
      bundleVersion: BUNDLE_VERSION,
      pluginRoot: pluginRoot(),
    });
    if (args.flags.get("json") === true) console.log(JSON.stringify({ version: BUNDLE_VERSION, checks }, null, 2));
    else console.log(renderDoctor(checks, BUNDLE_VERSION));
    return doctorExitCode(checks);
  },
};
