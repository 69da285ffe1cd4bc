// `thread-mind-mcp doctor`: checks the installation and the workspace; prints ok / warn / FAIL with fixes, exit 1 on a failure.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { doctorExitCode, renderDoctor, runDoctor } from "../core/doctor/doctor.js";
import { UsageError } from "./cli-args.js";
import type { CliCommand } from "./cli-command.js";

declare const __THREADMIND_VERSION__: string | undefined;
/** Inlined by the build; "dev" when running from source. */
export const BUNDLE_VERSION = typeof __THREADMIND_VERSION__ === "string" ? __THREADMIND_VERSION__ : "dev";

/** The plugin root this code runs from: plugin/dist/cli.mjs and src/cli/*.ts both sit two levels below it. */
export function pluginRootOf(moduleUrl: string): string {
  return resolve(dirname(fileURLToPath(moduleUrl)), "..", "..");
}

export const doctorCommand: CliCommand = {
  summary: "check Node, the workspace's threads, git, the plugin's version and hooks, context delivery and size",
  usage: [
    "thread-mind-mcp doctor [--json]",
    "",
    "Each check prints ok, warn or FAIL with the fix. Exits 1 when a check fails.",
    "  --json   print the checks as JSON",
  ].join("\n"),
  flags: { json: "boolean" },
  run: async (args) => {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
    const checks = await runDoctor({
      env: process.env,
      cwd: process.cwd(),
      nodeVersion: process.version,
      bundleVersion: BUNDLE_VERSION,
      pluginRoot: pluginRootOf(import.meta.url),
    });
    if (args.flags.get("json") === true) console.log(JSON.stringify({ version: BUNDLE_VERSION, checks }, null, 2));
    else console.log(renderDoctor(checks, BUNDLE_VERSION));
    return doctorExitCode(checks);
  },
};
