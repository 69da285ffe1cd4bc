// `thread-mind-mcp history [thread-id]`: the thread_history core call (how a summary changed over git), text or JSON.
import { positiveInt, UsageError } from "../cli-options.js";
import { openCliServices, printNotices } from "../cli-services.js";
import type { CliCommand } from "./command.js";

export const historyCommand: CliCommand = {
  name: "history",
  summary: "show how a thread's summary changed over its git history (default: the current thread)",
  usage: "thread-mind-mcp history [thread-id] [--limit N] [--json]",
  options: { limit: "value", json: "boolean" },
  run: async (args) => {
    if (args.positionals.length > 1) throw new UsageError("give at most one thread id");
    const limit = positiveInt(args.flags.get("limit"), "limit");
    const services = openCliServices({ exactTokens: false });
    const history = await services.threadHistory({
      ...(args.positionals[0] !== undefined ? { threadId: args.positionals[0] } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    console.log(args.flags.has("json") ? JSON.stringify(history, null, 2) : history.text);
    printNotices(services);
    return 0;
  },
};
