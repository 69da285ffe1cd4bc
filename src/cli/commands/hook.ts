// `thread-mind-mcp hook <name>`: runs a Claude Code hook from the hook bundle, its JSON input on stdin.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { siblingBundle } from "../plugin-root.js";
import type { CliCommand } from "./command.js";

export const hookCommand: CliCommand = {
  name: "hook",
  summary:
    "run a Claude Code hook (session-start | session-end | pre-compact | user-prompt-submit | pre-tool-use | subagent-start), JSON on stdin",
  usage: "thread-mind-mcp hook <session-start|session-end|pre-compact|user-prompt-submit|pre-tool-use|subagent-start>",
  options: {},
  run: async (args) => {
    // The hooks are CommonJS (hook.cjs): required, not imported.
    const hook = createRequire(import.meta.url)(fileURLToPath(siblingBundle("hook.cjs"))) as {
      runHook: (name: string | undefined) => Promise<void>;
    };
    await hook.runHook(args.positionals[0]);
    return 0;
  },
};
