// `thread-mind-mcp context`: prints the context the plugin would load for the active thread, within optional bounds.
import { positiveInt } from "../cli-options.js";
import { openCliServices, printNotices } from "../cli-services.js";
import type { CliCommand } from "./command.js";

export const contextCommand: CliCommand = {
  name: "context",
  summary: "print the context the plugin would load for the active thread",
  usage: "thread-mind-mcp context [--max-tokens N] [--max-chars N]",
  options: { "max-tokens": "value", "max-chars": "value" },
  run: async (args) => {
    const s = openCliServices({ exactTokens: true });
    const maxTokens = positiveInt(args.flags.get("max-tokens"), "max-tokens");
    const maxChars = positiveInt(args.flags.get("max-chars"), "max-chars");
    const ctx = await s.contextGet({ ...(maxTokens ? { maxTokens } : {}), ...(maxChars ? { maxChars } : {}) });
    console.log(ctx.text);
    printNotices(s);
    return 0;
  },
};
