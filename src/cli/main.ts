// CLI entry (thread-mind-mcp): no arguments or `serve` runs the MCP stdio server; `hook <name>` a hook; the rest are for humans.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { parseArgs, positiveInt, UsageError } from "./cli-args.js";
import { openCliServices } from "./cli-services.js";
import { ThreadMindError } from "../core/errors.js";
import { MEASURE_COMMANDS } from "./measure-commands.js";
import { RECALL_COMMANDS } from "./recall-commands.js";
import { TEAM_COMMANDS } from "./team-commands.js";

/** A sibling bundle in plugin/dist, loaded only when needed (a computed URL, so the bundler leaves it alone). */
function siblingBundle(name: string): string {
  return new URL(`./${name}`, import.meta.url).href;
}

interface Command {
  summary: string;
  usage: string;
  flags: Record<string, "value" | "boolean">;
  run: (args: ReturnType<typeof parseArgs>) => Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  serve: {
    summary: "run the MCP server on stdio (the default with no arguments)",
    usage: "thread-mind-mcp [serve]",
    flags: {},
    run: async () => {
      await import(siblingBundle("server.mjs"));
      return -1; // the server keeps the process alive
    },
  },
  hook: {
    summary: "run a Claude Code hook (session-start | session-end | pre-compact), JSON on stdin",
    usage: "thread-mind-mcp hook <session-start|session-end|pre-compact>",
    flags: {},
    run: async (args) => {
      // The hooks are CommonJS (hook.cjs): required, not imported.
      const hook = createRequire(import.meta.url)(fileURLToPath(siblingBundle("hook.cjs"))) as { runHook: (name: string | undefined) => Promise<void> };
      await hook.runHook(args.positionals[0]);
      return 0;
    },
  },
  tree: {
    summary: "print the thread tree of the active project",
    usage: "thread-mind-mcp tree",
    flags: {},
    run: async () => {
      const s = openCliServices({ exactTokens: false });
      const { text, problems } = await s.threadList({ full: true });
      console.log(text);
      return problems.length > 0 ? 1 : 0;
    },
  },
  context: {
    summary: "print the context the plugin would load for the active thread",
    usage: "thread-mind-mcp context [--max-tokens N] [--max-chars N]",
    flags: { "max-tokens": "value", "max-chars": "value" },
    run: async (args) => {
      const s = openCliServices({ exactTokens: true });
      const maxTokens = positiveInt(args.flags.get("max-tokens"), "max-tokens");
      const maxChars = positiveInt(args.flags.get("max-chars"), "max-chars");
      const ctx = await s.contextGet({ ...(maxTokens ? { maxTokens } : {}), ...(maxChars ? { maxChars } : {}) });
      console.log(ctx.text);
      return 0;
    },
  },
};

export function registerCommand(name: string, command: Command): void {
  COMMANDS[name] = command;
}

for (const [name, command] of Object.entries(MEASURE_COMMANDS)) registerCommand(name, command);
for (const [name, command] of Object.entries(RECALL_COMMANDS)) registerCommand(name, command);
for (const [name, command] of Object.entries(TEAM_COMMANDS)) registerCommand(name, command);

function help(): string {
  const lines = ["ThreadMind — memory for AI coding sessions", "", "Usage: thread-mind-mcp <command> [options]", "", "Commands:"];
  for (const [name, c] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(10)} ${c.summary}`);
  lines.push("", "Run `thread-mind-mcp <command> --help` for a command's options.");
  return lines.join("\n");
}

export async function main(argv: string[]): Promise<number> {
  const [name = "serve", ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    console.log(help());
    return 0;
  }
  if (name === "--version" || name === "-v") {
    // The bundle's own version, never npm_package_version: under `npm run`/`npx` in a user's project that is the project's.
    console.log(VERSION);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`thread-mind-mcp: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(`${command.summary}\n\nUsage: ${command.usage}`);
    return 0;
  }
  try {
    return await command.run(parseArgs(rest, command.flags));
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`thread-mind-mcp ${name}: ${e.message}\nUsage: ${command.usage}`);
      return 2;
    }
    if (e instanceof ThreadMindError) {
      console.error(`thread-mind-mcp ${name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

declare const __THREADMIND_VERSION__: string | undefined;
const VERSION = typeof __THREADMIND_VERSION__ === "string" ? __THREADMIND_VERSION__ : "dev";

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exitCode = 1;
  },
);
