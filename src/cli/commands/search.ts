// `thread-mind-mcp search <words…>`: the thread_search core call (tiers from ids and titles to meaning), text or JSON.
import { oneOf, positiveInt, UsageError } from "../cli-options.js";
import { openCliServices, printNotices } from "../cli-services.js";
import { SEARCH_INTENTS, SEARCH_SCOPES, type SearchQuery } from "../../core/search/index.js";
import { STATUS_INPUTS, STATUS_WORDS, statusOfWord } from "../../core/types.js";
import type { CliCommand } from "./command.js";

export const searchCommand: CliCommand = {
  name: "search",
  summary: "search the threads (ids, titles, paths, headings, then summaries, then by meaning) for words",
  usage:
    "thread-mind-mcp search <words…> [--intent overview|lookup|semantic|deep] [--status open|done|abandoned] [--scope project|all-projects] [--limit N] [--json]\n" +
    "  --intent  deepest tier allowed (default semantic: by meaning when words match weakly; deep adds word beginnings)\n" +
    "  --json    the whole answer as JSON (hits, tiers run, cost)",
  options: { intent: "value", status: "value", scope: "value", limit: "value", json: "boolean" },
  run: async (args) => {
    const query = args.positionals.join(" ");
    if (query.trim() === "") throw new UsageError("give the words to search for");
    const input: SearchQuery = { query };
    const intent = oneOf(args.flags.get("intent"), "intent", SEARCH_INTENTS);
    // Named as the results name it (open, done, abandoned); "active", the file's value, is still taken.
    const word = oneOf(args.flags.get("status"), "status", STATUS_INPUTS, STATUS_WORDS);
    const status = word === undefined ? undefined : statusOfWord(word);
    const scope = oneOf(args.flags.get("scope"), "scope", SEARCH_SCOPES);
    const limit = positiveInt(args.flags.get("limit"), "limit");
    if (intent) input.intent = intent;
    if (status) input.status = status;
    if (scope) input.scope = scope;
    if (limit !== undefined) input.limit = limit;
    const services = openCliServices({ exactTokens: false });
    const answer = await services.threadSearch(input);
    console.log(args.flags.has("json") ? JSON.stringify(answer, null, 2) : answer.text);
    printNotices(services);
    return 0;
  },
};
