// `thread-mind-mcp statusline`: the Claude Code status line command (the entry runs it from its own small bundle).
import { expectNoArguments } from "../cli-options.js";
import { runStatusline } from "../statusline.js";
import { storeTitle } from "../statusline-store.js";
import type { CliCommand } from "./command.js";

export const statuslineCommand: CliCommand = {
  name: "statusline",
  summary: "Claude Code status line: this window's thread and how far its summary is behind",
  usage: [
    "thread-mind-mcp statusline",
    "",
    'Reads Claude Code\'s status line JSON on stdin and prints one line, e.g. "◆ Refunds · summary current" or',
    '"◆ Refunds · 42k tokens since summary"; nothing outside a ThreadMind repository. Always exits 0.',
    'Set it in ~/.claude/settings.json: "statusLine": { "type": "command", "command": "node <install>/plugin/dist/cli.cjs statusline" }',
    "(/thread-mind:statusline does it for you).",
  ].join("\n"),
  options: {},
  run: async (args) => {
    expectNoArguments(args);
    return runStatusline(process.env, process.cwd(), storeTitle);
  },
};
