// `thread-mind-mcp context`: prints the active thread's context as context_get gives it, within optional bounds.
import { positiveInt } from "../cli-options.js";
import { openCliServices, printNotices } from "../cli-services.js";
import type { CliCommand } from "./command.js";

export const contextCommand: CliCommand = {
  name: "context",
  summary: "print the current thread's context (as context_get gives it: whole, unless bounded)",
  usage: [
    "thread-mind-mcp context [--max-tokens N] [--max-chars N]",
    "",
    "The plugin's SessionStart loads this context within 10,000 characters, its own first line included: a longer one",
    "is cut there (doctor's Context size check says by how much).",
  ].join("\n"),
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
