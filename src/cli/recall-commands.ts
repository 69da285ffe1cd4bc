// The recall commands of the CLI (search, history), registered into main.ts's table: the same core calls as thread_search and thread_history.
import type { ParsedArgs } from "./cli-args.js";
import { positiveInt, UsageError } from "./cli-args.js";
import { openCliServices } from "./cli-services.js";
import { SEARCH_INTENTS, SEARCH_SCOPES, type SearchQuery } from "../core/search/index.js";
import type { ThreadStatus } from "../core/types.js";

interface RecallCommand {
  summary: string;
  usage: string;
  flags: Record<string, "value" | "boolean">;
  run: (args: ParsedArgs) => Promise<number>;
}

const STATUSES = ["active", "done", "abandoned"] as const satisfies readonly ThreadStatus[];

function oneOf<T extends string>(value: string | true | undefined, name: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new UsageError(`--${name} must be one of ${allowed.join(", ")}`);
  return found;
}

const searchCommand: RecallCommand = {
  summary: "search the threads (ids, titles, paths, headings, then summaries, then by meaning) for words",
  usage:
    "thread-mind-mcp search <words…> [--intent overview|lookup|semantic|deep] [--status active|done|abandoned] [--scope project|all-projects] [--limit N] [--json]\n" +
    "  --intent  deepest tier allowed (default semantic: by meaning when words match weakly; deep adds word beginnings)\n" +
    "  --json    the whole answer as JSON (hits, tiers run, cost)",
  flags: { intent: "value", status: "value", scope: "value", limit: "value", json: "boolean" },
  run: async (args) => {
    const query = args.positionals.join(" ");
    if (query.trim() === "") throw new UsageError("give the words to search for");
    const input: SearchQuery = { query };
    const intent = oneOf(args.flags.get("intent"), "intent", SEARCH_INTENTS);
    const status = oneOf(args.flags.get("status"), "status", STATUSES);
    const scope = oneOf(args.flags.get("scope"), "scope", SEARCH_SCOPES);
    const limit = positiveInt(args.flags.get("limit"), "limit");
    if (intent) input.intent = intent;
    if (status) input.status = status;
    if (scope) input.scope = scope;
    if (limit !== undefined) input.limit = limit;
    const answer = await openCliServices({ exactTokens: false }).threadSearch(input);
    console.log(args.flags.has("json") ? JSON.stringify(answer, null, 2) : answer.text);
    return 0;
  },
};

const historyCommand: RecallCommand = {
  summary: "show how a thread's summary changed over its git history (default: the active thread)",
  usage: "thread-mind-mcp history [thread-id] [--limit N] [--json]",
  flags: { limit: "value", json: "boolean" },
  run: async (args) => {
    if (args.positionals.length > 1) throw new UsageError("give at most one thread id");
    const limit = positiveInt(args.flags.get("limit"), "limit");
    const history = await openCliServices({ exactTokens: false }).threadHistory({
      ...(args.positionals[0] !== undefined ? { threadId: args.positionals[0] } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    console.log(args.flags.has("json") ? JSON.stringify(history, null, 2) : history.text);
    return 0;
  },
};

export const RECALL_COMMANDS: Record<string, RecallCommand> = {
  search: searchCommand,
  history: historyCommand,
};
